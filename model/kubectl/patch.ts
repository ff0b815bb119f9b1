/**
 * `kubectl patch (-f FILENAME | TYPE NAME) (-p PATCH | --patch-file FILE) [--type strategic|merge|json]`:
 * the patch (JSON or YAML) is parsed on the client and sent as is; the API server applies it.
 * Prints `daemonset.apps/kube-proxy patched`, or `patched (no change)` when the stored object
 * did not change (the server keeps its resourceVersion).
 */
import * as yaml from 'js-yaml';
import type { PatchType } from '../apiserver/request';
import { bool, F, str } from './args';
import { formatErrors, goQuote, KubectlError, collectError } from './errors';
import type { Command } from './kubectl';
import { goYamlError } from './manifests';
import { GO_YAML_V2_SCHEMA } from './yaml11';
import { objectRef, parseResourceArgs } from './resources';
import { InvalidJSON, patchLocal } from './patch-local';
import { decodeGoJSONStream } from '../api/gojson';
import { PRINT_FLAGS } from './output';

const PATCH_TYPES: Record<string, PatchType> = { json: 'json', merge: 'merge', strategic: 'strategic' };

/** yaml.ToJSON: JSON is YAML, so either is accepted; errors read as go-yaml's. */
function parsePatch(text: string): unknown {
  try {
    return yaml.load(text, { schema: GO_YAML_V2_SCHEMA, json: true });
  } catch (e) {
    throw new KubectlError(`unable to parse ${goQuote(text)}: yaml: ${goYamlError(e, text)}`);
  }
}

/**
 * apimachinery's yaml.ToJSON passes text that starts like JSON through untouched, so JSON that does
 * not parse is only found when the patch is applied.
 */
function localPatchBody(text: string): unknown {
  if (!/^\s*\{/.test(text)) return parsePatch(text);
  const { values, error } = decodeGoJSONStream(text);
  return error ? new InvalidJSON(error.message) : values[0];
}

export const patchCommand: Command = {
  flags: [
    { name: 'patch', short: 'p', type: 'string' },
    { name: 'patch-file', type: 'string' },
    { name: 'type', type: 'string' },
    { name: 'subresource', type: 'string' },
    { name: 'local', type: 'bool' },
    F.output,
    F.dryRun,
    F.fieldManager,
    F.filename,
    F.recursive,
    ...PRINT_FLAGS,
  ],
  run(ctx, args, p) {
    const typeName = (str(p, 'type') ?? 'strategic').toLowerCase();
    const patchType = PATCH_TYPES[typeName];
    if (!patchType) throw new KubectlError(`--type must be one of [json merge strategic], not ${goQuote(str(p, 'type') ?? '')}`);
    let text = str(p, 'patch') ?? '';
    const file = str(p, 'patch-file');
    if (file) {
      const path = file.startsWith('/') ? file : `${ctx.io.cwd}/${file}`;
      try {
        text = (ctx.io.readFile ?? ((f: string) => require('node:fs').readFileSync(f, 'utf8')))(path);
      } catch {
        throw new KubectlError(`open ${file}: no such file or directory`);
      }
    }
    if (!text) throw new KubectlError('must specify --patch or --patch-file containing the contents of the patch');
    if (bool(p, 'local')) return patchLocal(ctx, p, args, patchType, localPatchBody(text));
    if (args.length === 0) throw new KubectlError('You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   \'-f rsrc.yaml\'\n   \'--filename=rsrc.json\'\n   \'<resource> <name>\'\n   \'<resource>\'');
    const body = parsePatch(text);
    const errors: unknown[] = [];
    for (const q of parseResourceArgs(args).requests) {
      const ns = q.r.namespaced ? ctx.namespace : undefined;
      for (const name of q.names) {
        try {
          const before = ctx.client.get(q.r.resource, ns, name);
          const after = ctx.client.patch(q.r.resource, ns, name, patchType, body, { dryRun: str(p, 'dry-run') === 'server', subresource: str(p, 'subresource'), fieldManager: str(p, 'field-manager') ?? 'kubectl-patch' });
          const changed = after.metadata?.resourceVersion !== before.metadata.resourceVersion;
          ctx.out += `${objectRef(q.r, name)} ${changed ? 'patched' : 'patched (no change)'}\n`;
        } catch (e) {
          collectError(errors, e);
        }
      }
    }
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};
