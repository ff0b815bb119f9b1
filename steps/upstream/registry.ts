/**
 * Upstream's generic registry Store tests (fixtures/upstream/registry.json) through the model's
 * ApiServer: each op is one request; an expected error is compared by reason and code.
 */
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { FakeControlPlane } from './harness';
import { failuresOf, same, upstreamTable } from './fixtures';

const KINDS: Record<string, { apiVersion: string; kind: string }> = { pods: { apiVersion: 'v1', kind: 'Pod' }, configmaps: { apiVersion: 'v1', kind: 'ConfigMap' } };

/** The request body: the fixture's object with its kind, a container for a Pod, and saved resourceVersions filled in. */
function bodyOf(resource: string, o: any, saved: Map<string, KObject>): KObject {
  const obj = JSON.parse(JSON.stringify(o));
  const rv = obj.metadata.resourceVersion;
  if (rv && typeof rv === 'object') obj.metadata.resourceVersion = saved.get(rv.rvOf)!.metadata.resourceVersion;
  if (resource === 'pods') obj.spec.containers = [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }];
  return { ...KINDS[resource], ...obj };
}

function runCase(c: any): string | undefined {
  const cp = new FakeControlPlane(['test']);
  const saved = new Map<string, KObject>();
  for (const [i, op] of c.ops.entries()) {
    const at = `op ${i + 1} (${op.op})`;
    let result: any;
    let error: StatusError | undefined;
    try {
      if (op.op === 'create') result = cp.admin.create(op.resource, 'test', bodyOf(op.resource, op.object, saved));
      else if (op.op === 'update') result = cp.admin.update(op.resource, 'test', bodyOf(op.resource, op.object, saved));
      else if (op.op === 'get') result = cp.admin.get(op.resource, 'test', op.name);
      else if (op.op === 'delete') result = cp.admin.delete(op.resource, 'test', op.name, { gracePeriodSeconds: op.gracePeriodSeconds });
      else throw new Error(`unknown op ${op.op}`);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      error = e;
    }
    if (op.error) {
      if (!error) return `${at}: succeeded, want ${op.error.reason}`;
      const s = error.status;
      const p = same({ reason: s.reason, code: s.code }, { reason: op.error.reason, code: op.error.code });
      if (p) return `${at}: ${p} (${s.message})`;
      if (op.error.messageContains && !String(s.message).includes(op.error.messageContains)) return `${at}: message ${JSON.stringify(s.message)} lacks ${JSON.stringify(op.error.messageContains)}`;
      continue;
    }
    if (error) return `${at}: ${error.status.reason}: ${error.status.message}`;
    if (op.save) saved.set(op.save, result);
    if (op.equals) {
      const p = same(result, saved.get(op.equals));
      if (p) return `${at}: ${p}`;
    }
    if (op.sameResourceVersionAs && result.metadata.resourceVersion !== saved.get(op.sameResourceVersionAs)!.metadata.resourceVersion)
      return `${at}: resourceVersion ${result.metadata.resourceVersion}, want ${saved.get(op.sameResourceVersionAs)!.metadata.resourceVersion} (a no-op update was written)`;
  }
  return undefined;
}

export const REGISTRY_TABLES: Record<string, () => string[]> = {
  cases: () => failuresOf(upstreamTable('registry', 'cases'), runCase),
};
