/**
 * Patches, as the API server applies them: JSON merge patch (RFC 7386), strategic merge
 * patch (strategicpatch/: lists of objects merge by their patch merge key, e.g. containers by
 * name), and JSON patch (RFC 6902).
 */
import { deepCopy } from './meta';

export { PatchError } from './strategicpatch/errors';
import { PatchError } from './strategicpatch/errors';
import { applyStrategicPatch } from './strategicpatch/merge';
import { KUBE_SCHEMA } from './strategicpatch/schema';

/** RFC 7386. */
export function mergePatch(target: any, patch: any): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return deepCopy(patch);
  const out = target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/**
 * Strategic merge patch of an object of `kind` (Deployment, Pod …): lists merge by the patch
 * merge keys of k8s.io/api's types (strategicpatch/schema.ts), directives are consumed.
 */
export function strategicMergePatch(target: any, patch: any, kind?: string): any {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) throw new PatchError('json: cannot unmarshal array into Go value of type map[string]interface {}');
  return applyStrategicPatch(target, patch, KUBE_SCHEMA, kind ?? target?.kind);
}

export interface JsonPatchOp {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: any;
  from?: string;
}

function parsePointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`invalid JSON Pointer: "${path}"`);
  return path
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(doc: any, tokens: string[], path: string, op = 'add'): { parent: any; key: string } {
  let cur = doc;
  for (const t of tokens.slice(0, -1)) {
    if (cur === null || typeof cur !== 'object' || !(t in cur))
      throw new PatchError(op === 'replace' ? `replace operation does not apply: doc is missing path: ${path}: missing value` : `${op} operation does not apply: doc is missing path: "${path}": missing value`);
    cur = cur[t];
  }
  return { parent: cur, key: tokens[tokens.length - 1] };
}

function getAt(doc: any, path: string): any {
  let cur = doc;
  for (const t of parsePointer(path)) {
    if (cur === null || typeof cur !== 'object' || !(t in cur)) throw new PatchError(`doc is missing path: "${path}": missing value`);
    cur = cur[t];
  }
  return cur;
}

/** RFC 6902, with the error texts of evanphx/json-patch that the API server returns. */
export function jsonPatch(target: any, ops: JsonPatchOp[]): any {
  if (!Array.isArray(ops)) throw new PatchError('json: cannot unmarshal object into Go value of type jsonpatch.Patch');
  let doc = deepCopy(target);
  for (const op of ops) {
    const tokens = parsePointer(op.path ?? '');
    switch (op.op) {
      case 'test': {
        if (JSON.stringify(getAt(doc, op.path)) !== JSON.stringify(op.value)) throw new PatchError(`testing value ${op.path} failed: test failed`);
        break;
      }
      case 'remove': {
        const { parent, key } = parentOf(doc, tokens, op.path, 'remove');
        if (Array.isArray(parent)) {
          const i = Number(key);
          if (!(i >= 0 && i < parent.length)) throw new PatchError(`error in remove for path: '${op.path}': Unable to access invalid index: ${key}: invalid index referenced`);
          parent.splice(i, 1);
        } else {
          if (parent === null || typeof parent !== 'object' || !(key in parent))
            throw new PatchError(`error in remove for path: '${op.path}': Unable to remove nonexistent key: ${key}: missing value`);
          delete parent[key];
        }
        break;
      }
      case 'add':
      case 'replace': {
        if (tokens.length === 0) {
          doc = deepCopy(op.value);
          break;
        }
        const { parent, key } = parentOf(doc, tokens, op.path, op.op);
        if (parent === null || typeof parent !== 'object') throw new PatchError(`${op.op} operation does not apply: doc is missing path: "${op.path}": missing value`);
        if (Array.isArray(parent)) {
          const i = key === '-' ? parent.length : Number(key);
          if (!(i >= 0 && i <= parent.length)) throw new PatchError(`unable to access invalid index: ${key}: invalid index referenced`);
          if (op.op === 'add') parent.splice(i, 0, deepCopy(op.value));
          else parent[i] = deepCopy(op.value);
        } else {
          if (op.op === 'replace' && !(key in parent)) throw new PatchError(`replace operation does not apply: doc is missing key: ${op.path}: missing value`);
          parent[key] = deepCopy(op.value);
        }
        break;
      }
      case 'move':
      case 'copy': {
        const v = deepCopy(getAt(doc, op.from ?? ''));
        if (op.op === 'move') doc = jsonPatch(doc, [{ op: 'remove', path: op.from ?? '' }]);
        doc = jsonPatch(doc, [{ op: 'add', path: op.path, value: v }]);
        break;
      }
      default:
        throw new PatchError(`Unexpected kind: ${(op as any).op}`);
    }
  }
  return doc;
}
