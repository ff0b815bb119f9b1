/**
 * `kubectl patch --local -f FILE -p PATCH`: each object read from the files (a List's items one by
 * one) patched on the client as getPatchedJSON does (JSON patch, JSON merge patch, or strategic
 * merge patch along the kind's schema) and printed alone, "patched" or "patched (no change)";
 * nothing is sent (pkg/cmd/patch/patch.go, the Local branch).
 */
import type { KObject } from '../api/meta';
import { jsonPatch, mergePatch, PatchError, strategicMergePatch, type JsonPatchOp } from '../api/patch';
import type { PatchType } from '../apiserver/request';
import { bool, strs, type Parsed } from './args';
import { collectError, formatErrors, KubectlError } from './errors';
import type { Ctx } from './kubectl';
import { readManifests } from './manifests';
import { mappingFor } from './mapping';
import { parseOutput, printTo } from './output';
import { objectRef } from './resources';

/** A patch that looked like JSON but is not, with encoding/json's complaint. */
export class InvalidJSON {
  constructor(readonly message: string) {}
}

/** json.Unmarshal's words for what the stream decoder reports (no offset; the end is "unexpected end of JSON input"). */
function unmarshalWords(msg: string): string {
  const m = msg.replace(/^json: offset \d+: /, '');
  return m === 'unexpected EOF' ? 'unexpected end of JSON input' : m;
}

/** The patched object, or kubectl's error for a patch that does not apply. */
function patched(obj: KObject, patchType: PatchType, body: unknown): KObject {
  // mergepatch.ErrBadJSONDoc for strategic merge; the JSON decoders' own words otherwise.
  if (body instanceof InvalidJSON) throw new KubectlError(patchType === 'strategic' ? 'invalid JSON document' : patchType === 'merge' ? 'Invalid JSON Patch' : unmarshalWords(body.message));
  try {
    if (patchType === 'json') return jsonPatch(obj, body as JsonPatchOp[]);
    if (patchType === 'merge') return mergePatch(obj, body);
    return strategicMergePatch(obj, body, obj.kind);
  } catch (e) {
    if (e instanceof PatchError) throw new KubectlError(e.message);
    throw e;
  }
}

export function patchLocal(ctx: Ctx, p: Parsed, args: string[], patchType: PatchType, body: unknown): number {
  if (args.length !== 0) throw new KubectlError('cannot specify --local and server resources');
  const fmt = parseOutput(p.flags.get('output') as string | undefined, false, bool(p, 'allow-missing-template-keys', true));
  const { items, errors } = readManifests(strs(p, 'filename'), ctx.io, bool(p, 'recursive'));
  if (items.length === 0 && errors.length === 0) throw new KubectlError('You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   \'-f rsrc.yaml\'\n   \'--filename=rsrc.json\'\n   \'<resource> <name>\'\n   \'<resource>\'');
  for (const m of items) {
    try {
      const r = mappingFor(m);
      const after = patched(JSON.parse(JSON.stringify(m.obj)), patchType, body);
      const changed = JSON.stringify(after) !== JSON.stringify(m.obj);
      if (fmt) printTo(ctx, [{ obj: after, r }], fmt, true);
      else ctx.out += `${objectRef(r, after.metadata?.name ?? '')} ${changed ? 'patched' : 'patched (no change)'}\n`;
    } catch (e) {
      collectError(errors, e);
    }
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}
