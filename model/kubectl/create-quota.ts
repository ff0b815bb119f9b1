/** `kubectl create quota|resourcequota NAME [--hard=key=qty,…] [--scopes=Scope,…]` (pkg/cmd/create/create_quota.go). */
import { parseQuantity, QuantityError } from '../api/quantity';
import { str } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import { sortedMap } from './printers/typed-json';

/** populateResourceListV1: "pods=10,cpu=2", each quantity parsed (and printed canonical). */
function resourceList(spec: string): Record<string, string> | undefined {
  if (spec === '') return undefined;
  const out: Record<string, string> = {};
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new KubectlError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      out[parts[0]] = parseQuantity(parts[1]).toString();
    } catch (e) {
      if (e instanceof QuantityError) throw new KubectlError(e.message);
      throw e;
    }
  }
  return sortedMap(out);
}

/** parseScopes: a comma-separated list in which no scope is empty. */
function scopes(spec: string): string[] | undefined {
  if (spec === '') return undefined;
  const out = spec.split(',');
  if (out.includes('')) throw new KubectlError('invalid resource quota scope ""');
  return out;
}

export const quotaGenerator: Generator = {
  names: ['quota', 'resourcequota'],
  type: { group: '', version: 'v1', kind: 'ResourceQuota', resource: 'resourcequotas', namespaced: true },
  flags: [
    { name: 'hard', type: 'string' },
    { name: 'scopes', type: 'string' },
  ],
  failedTo: 'quota',
  build(name, p) {
    const spec: Record<string, unknown> = { hard: resourceList(str(p, 'hard') ?? ''), scopes: scopes(str(p, 'scopes') ?? '') };
    return { kind: 'ResourceQuota', apiVersion: 'v1', metadata: typedMeta(name), spec, status: {} };
  },
};
