import { canonicalJSON } from '../api/meta';
import { mutant } from '../sim/mutants';

/**
 * strategicpatch.CreateThreeWayMergePatch, reduced to what client-side apply needs: changes
 * from current to modified (only fields the user's config sets), plus deletions of fields that
 * were in the last-applied configuration but are gone from the new one. Lists of objects with
 * a patch merge key are patched element by element ($patch: delete for removed elements,
 * $setElementOrder to keep the user's order); other lists are replaced whole.
 */
const MERGE_KEYS: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  ephemeralContainers: 'name',
  volumes: 'name',
  env: 'name',
  volumeMounts: 'mountPath',
  imagePullSecrets: 'name',
  hostAliases: 'ip',
  tolerations: '',
  conditions: 'type',
};

type Obj = Record<string, any>;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);


function mergeKeyFor(field: string, items: any[]): string | undefined {
  if (field === 'ports') {
    if (items.every((i) => isObj(i) && 'containerPort' in i)) return 'containerPort';
    return undefined;
  }
  const k = MERGE_KEYS[field];
  return k ? k : undefined;
}

export function threeWayPatch(original: Obj | null, modified: Obj, current: Obj): Obj {
  return diffMap(original ?? {}, modified, current);
}

function diffMap(original: Obj, modified: Obj, current: Obj): Obj {
  const patch: Obj = {};
  for (const k of Object.keys(original)) {
    if (original[k] === undefined) continue;
    if ((!(k in modified) || modified[k] === undefined) && !mutant('kubectl-apply-keeps-removed-fields')) {
      if (current && k in current) patch[k] = null;
    }
  }
  for (const k of Object.keys(modified)) {
    const m = modified[k];
    if (m === undefined) continue;
    const c = current?.[k];
    const o = original?.[k];
    if (isObj(m) && isObj(c)) {
      const sub = diffMap(isObj(o) ? o : {}, m, c);
      if (Object.keys(sub).length) patch[k] = sub;
    } else if (Array.isArray(m) && Array.isArray(c)) {
      const key = mergeKeyFor(k, m);
      if (key && m.every((i) => isObj(i) && key in i)) {
        const sub = diffList(key, Array.isArray(o) ? o : [], m, c);
        if (sub.length) {
          patch[`$setElementOrder/${k}`] = m.map((i) => ({ [key]: i[key] }));
          patch[k] = sub;
        }
      } else if (canonicalJSON(m) !== canonicalJSON(c)) patch[k] = m;
    } else if (canonicalJSON(m) !== canonicalJSON(c)) patch[k] = m;
  }
  return patch;
}

function diffList(key: string, original: any[], modified: any[], current: any[]): any[] {
  const out: any[] = [];
  for (const m of modified) {
    const c = current.find((x) => isObj(x) && x[key] === m[key]);
    const o = original.find((x) => isObj(x) && x[key] === m[key]);
    if (!c) out.push(m);
    else {
      const sub = diffMap(o ?? {}, m, c);
      if (Object.keys(sub).length) out.push({ ...sub, [key]: m[key] });
    }
  }
  for (const o of original) {
    if (!isObj(o)) continue;
    if (!modified.some((m) => m[key] === o[key]) && current.some((c) => isObj(c) && c[key] === o[key])) out.push({ $patch: 'delete', [key]: o[key] });
  }
  return out;
}
