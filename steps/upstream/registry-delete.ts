/**
 * Upstream's generic registry Store delete tests (fixtures/upstream/registry-delete.json)
 * through the model's ApiServer: finalizers and graceful deletion, the orphan and
 * foregroundDeletion finalizers a delete's options put on, and deletecollection.
 */
import type { KObject } from '../../model/api/meta';
import { FakeControlPlane } from './harness';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'registry-delete';
const NS = 'test';
const pause = { containers: [{ name: 'c', image: 'registry.k8s.io/pause:3.10' }] };

/** The graceful kind (a scheduled Pod) or the non-graceful one (a Deployment, generation 1). */
function objectOf(resource: string, name: string, finalizers: string[]): KObject {
  const metadata = { name, namespace: NS, ...(finalizers.length ? { finalizers } : {}) };
  if (resource === 'pods') return { apiVersion: 'v1', kind: 'Pod', metadata, spec: { nodeName: 'machine', ...pause } };
  return { apiVersion: 'apps/v1', kind: 'Deployment', metadata, spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: pause } } };
}

/** DeleteOptions as the API server reads them: orphanDependents is the deprecated spelling of a propagation policy. */
function deleteQuery(options: any): { propagationPolicy?: 'Background' | 'Foreground' | 'Orphan'; gracePeriodSeconds?: number } {
  if (!options) return {};
  if (options.orphanDependents !== undefined) return { propagationPolicy: options.orphanDependents ? 'Orphan' : 'Background' };
  return { propagationPolicy: options.propagationPolicy, gracePeriodSeconds: options.gracePeriodSeconds };
}

/** TestStoreDeleteWithOrphanDependents and TestStoreDeletionPropagation: one Deployment deleted with the case's options. */
function finalizersOnDeleteCase(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const created = cp.admin.create('deployments', NS, objectOf('deployments', 'pod', c.finalizers));
  cp.admin.delete('deployments', NS, 'pod', deleteQuery(c.options));
  const got = cp.admin.tryGet('deployments', NS, 'pod');
  if (c.expectNotFound) return got ? `still there with finalizers ${JSON.stringify(got.metadata.finalizers)}, want NotFound` : undefined;
  if (!got) return 'NotFound, want the object marked as deleting';
  const m = got.metadata;
  if (!m.deletionTimestamp) return 'no deletionTimestamp';
  if (m.deletionGracePeriodSeconds !== 0) return `deletionGracePeriodSeconds ${m.deletionGracePeriodSeconds}, want 0`;
  if (!((m.generation ?? 0) > (created.metadata.generation ?? 0))) return `generation ${m.generation} not above ${created.metadata.generation}: deletion did not increase it`;
  return same(m.finalizers ?? [], c.wantFinalizers);
}

function handleFinalizersCase(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  let created: KObject | undefined;
  for (const [i, op] of c.ops.entries()) {
    const at = `op ${i + 1} (${op.op})`;
    if (op.op === 'create') created = cp.admin.create(c.resource, NS, objectOf(c.resource, 'foo', op.finalizers));
    else if (op.op === 'delete') cp.admin.delete(c.resource, NS, 'foo', { gracePeriodSeconds: op.gracePeriodSeconds });
    else if (op.op === 'setFinalizers') {
      const cur = cp.admin.get(c.resource, NS, 'foo');
      cp.admin.update(c.resource, NS, { ...cur, metadata: { ...cur.metadata, finalizers: op.finalizers } });
    } else if (op.op === 'exists') {
      const got = cp.admin.tryGet(c.resource, NS, 'foo');
      if (!!got !== op.want) return `${at}: exists ${!!got}, want ${op.want}`;
      if (op.deleting) {
        const m = got!.metadata;
        if (!m.deletionTimestamp || m.deletionGracePeriodSeconds !== 0) return `${at}: deletionTimestamp ${m.deletionTimestamp}, deletionGracePeriodSeconds ${m.deletionGracePeriodSeconds}, want set and 0`;
        if (!((m.generation ?? 0) > (created!.metadata.generation ?? 0))) return `${at}: deletion did not increase the generation (${m.generation})`;
      }
    } else throw new Error(`unknown op ${op.op}`);
  }
  return undefined;
}

function deleteCollectionCase(c: any): string | undefined {
  const cp = new FakeControlPlane([NS]);
  const names = Array.from({ length: c.pods }, (_, i) => `foo-${i}`);
  // Unscheduled Pods: deleted at once, as upstream's test Pods without a node.
  for (const name of names) cp.admin.create('pods', NS, { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: NS }, spec: pause });
  const deleted = cp.admin.request({ verb: 'deletecollection', resource: 'pods', namespace: NS, query: {} });
  if (deleted.items?.length !== c.pods) return `${deleted.items?.length} Pods deleted, want ${c.pods}`;
  const left = names.filter((n) => cp.admin.tryGet('pods', NS, n));
  return left.length ? `still there: ${left.join(', ')}` : undefined;
}

export const REGISTRY_DELETE_TABLES: Record<string, () => string[]> = {
  finalizers: () => failuresOf(upstreamTable(FILE, 'finalizers'), handleFinalizersCase),
  orphanDependents: () => failuresOf(upstreamTable(FILE, 'orphanDependents'), finalizersOnDeleteCase),
  propagation: () => failuresOf(upstreamTable(FILE, 'propagation'), finalizersOnDeleteCase),
  deleteCollection: () => failuresOf(upstreamTable(FILE, 'deleteCollection'), deleteCollectionCase),
};
