/**
 * The API server's request decoding with field validation (fieldValidation=Strict|Warn|Ignore;
 * an empty value is Warn, as kube-apiserver 1.32 defaults it): what the create, update and
 * patch handlers do with a body before admission sees it. Unknown fields never reach storage;
 * under Strict they fail the request, under Warn they come back as warnings.
 */
import { canonicalJSON } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import type { ApiRequest } from '../request';
import { decodeTree, GoDecodeError } from './decode';
import { cannotBeHandled, goSprintValue, invalidPatch, strictDecodingMessage } from './errors';
import { type JNode, parseTree, treeOf } from './jsontree';
import { schemaOfResource } from './schema';

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

/** The request's directive: an empty or absent fieldValidation is Warn. */
export function fieldValidationOf(req: ApiRequest): FieldValidation {
  return req.query?.fieldValidation || 'Warn';
}

/** The body as Go's decoder reads it: from the raw JSON text when the HTTP layer kept it. */
function bodyTree(req: ApiRequest): JNode {
  return (req.rawBody !== undefined ? parseTree(req.rawBody) : undefined) ?? treeOf(req.body);
}

/**
 * A create or update body (POST, PUT; the Scale of the scale subresource) decoded into its
 * kind: a wrong type is a 400 "… cannot be handled as a …"; strict errors fail the request
 * under Strict and are pushed to `warnings` under Warn. Returns the decoded copy.
 */
export function decodeRequestBody(r: ResourceInfo, req: ApiRequest, warnings: string[]): any {
  const schema = schemaOfResource(r, req.subresource);
  if (!schema) return req.body;
  const kind = req.subresource === 'scale' ? 'Scale' : r.kind;
  const directive = fieldValidationOf(req);
  const strict = directive !== 'Ignore';
  try {
    const { value, strict: errs } = decodeTree(schema, bodyTree(req), { mode: 'json', strict });
    if (errs.length && directive === 'Strict') throw cannotBeHandled(kind, r.version, strictDecodingMessage(errs));
    warnings.push(...errs);
    return value;
  } catch (e) {
    if (e instanceof GoDecodeError) throw cannotBeHandled(kind, r.version, e.message);
    throw e;
  }
}

/**
 * The result of a JSON, merge or strategic merge patch decoded into its kind (patch.go): a
 * wrong type, or under Strict any strict error (the patch's own duplicate fields first, then
 * the result's unknown fields), is a 422 on "patch" holding the patched JSON (JSON and merge
 * patches, keys sorted as jsonpatch writes them) or the patch as Go prints a map (strategic,
 * whose converter reports unknown fields sorted).
 */
export function decodePatchResult(r: ResourceInfo, req: ApiRequest, patched: unknown, warnings: string[]): any {
  const schema = schemaOfResource(r, req.subresource);
  if (!schema) return patched;
  const directive = fieldValidationOf(req);
  const strict = directive !== 'Ignore';
  const smp = req.patchType === 'strategic';
  const patchTree = req.rawBody !== undefined ? parseTree(req.rawBody) : treeOf(req.body);
  const patchErrs = !strict ? [] : req.patchType === 'json' ? jsonPatchStrictErrors(patchTree) : duplicateFields(patchTree);
  const patchedJSON = canonicalJSON(patched);
  const shown = () => (smp ? goSprintValue(req.body) : patchedJSON);
  try {
    const tree = smp ? treeOf(patched) : parseTree(patchedJSON) ?? treeOf(patched);
    const { value, strict: found } = decodeTree(schema, tree, { mode: smp ? 'unstructured' : 'json', strict });
    const all = [...patchErrs, ...(smp ? [...found].sort() : found)];
    if (all.length && directive === 'Strict') throw invalidPatch(shown(), strictDecodingMessage(all));
    warnings.push(...all);
    return value;
  } catch (e) {
    if (!(e instanceof GoDecodeError)) throw e;
    throw invalidPatch(shown(), e.message);
  }
}

/** kjson.UnmarshalStrict of a JSON patch into []jsonPatchOp{op, path, from, value}: each error prefixed "json patch". */
function jsonPatchStrictErrors(j: JNode | undefined): string[] {
  if (j?.t !== 'array') return [];
  const out: string[] = [];
  j.items.forEach((op, i) => {
    if (op.t !== 'object') return;
    const seen = new Set<string>();
    for (const [k] of op.entries) {
      const kind = !['op', 'path', 'from', 'value'].includes(k) ? 'unknown' : seen.has(k) ? 'duplicate' : undefined;
      seen.add(k);
      const msg = kind && `json patch ${kind} field ${JSON.stringify(`[${i}].${k}`)}`;
      if (msg && !out.includes(msg)) out.push(msg);
    }
  });
  return out;
}

/** kjson.UnmarshalStrict of a patch into a map: only duplicate keys can be strict errors there. */
function duplicateFields(j: JNode | undefined, path = '', out: string[] = []): string[] {
  if (j?.t === 'array') j.items.forEach((x, i) => duplicateFields(x, `${path}[${i}]`, out));
  if (j?.t !== 'object') return out;
  const seen = new Set<string>();
  for (const [k, v] of j.entries) {
    const at = path ? `${path}.${k}` : k;
    const msg = `duplicate field ${JSON.stringify(at)}`;
    if (seen.has(k) && !out.includes(msg)) out.push(msg);
    seen.add(k);
    duplicateFields(v, at, out);
  }
  return out;
}
