/**
 * The namespace deleter's tests (kubernetes v1.32, pkg/controller/namespace/deletion;
 * steps/fixtures/upstream/namespace.json) run against the model's condition helpers and its
 * NamespaceController on a FakeControlPlane.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { contentConditions, deleteContentCondition, type NamespaceCondition, updateConditions } from '../../model/controllers/namespace/conditions';
import { finalized, finalizeNamespace, FINALIZER_KUBERNETES, NamespaceController } from '../../model/controllers/namespace/controller';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { FakeControlPlane } from './harness';
import { runDeleter } from './namespace-deleter';

const FILE = 'namespace.json';
const START = '2024-01-01T00:00:00Z';
const NOW = '2024-01-01T00:05:00Z';

type Row = [string, string, string, string] | string;

/** [type, status, reason, message], or "ok:<type>" for the type's successful condition. */
function condition(row: Row): Omit<NamespaceCondition, 'lastTransitionTime'> {
  if (typeof row === 'string') {
    const type = row.slice('ok:'.length);
    const [status, reason, message] = upstreamFixture(FILE, 'okConditions')[type];
    return { type, status, reason, message };
  }
  const [type, status, reason, message] = row;
  return { type, status, reason, message };
}

const specOf = (c: any) => (c.finalizers === null ? {} : { spec: { finalizers: c.finalizers } });

/**
 * estimateGracefulTermination on the row's Pods in "test" (grace, phase, noStatus), the Namespace deleted
 * sinceDeletionMs before the controller's clock: the estimate in seconds.
 */
function runEstimate(c: any): string | undefined {
  const cp = new FakeControlPlane(['test']);
  for (const p of c.pods) {
    const pod = cp.admin.create('pods', 'test', { apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name, namespace: 'test' }, spec: { nodeName: 'node-1', terminationGracePeriodSeconds: p.grace, containers: [{ name: 'c', image: 'nginx' }] } });
    if (p.phase) cp.admin.updateStatus('pods', 'test', { ...pod, status: { ...pod.status, phase: p.phase } });
    if (p.noStatus) cp.admin.updateStatus('pods', 'test', { ...pod, status: undefined });
  }
  const nc = new NamespaceController(cp.component());
  return same((nc as any).estimateGracefulTermination('test', cp.sim.clock.nowMs() - c.sinceDeletionMs), c.want);
}

/** The conditions without their transition times (upstream copies the actual time into the expected one; rows with wantTimes check them apart). */
const withoutTime = (list: NamespaceCondition[]) => list.map(({ type, status, reason, message }) => ({ type, status, reason, message }));

const CHECKS: Record<string, (c: any) => string | undefined> = {
  updateConditions: (c) => {
    const status = { conditions: c.starting.map((r: Row) => ({ ...condition(r), lastTransitionTime: START })) };
    const changed = updateConditions(status, c.new.map((r: Row) => ({ ...condition(r), lastTransitionTime: NOW })), NOW);
    const p = same({ conditions: withoutTime(status.conditions), changed }, { conditions: c.want.map(condition), changed: c.changed });
    if (p || !c.wantTimes) return p;
    return same(
      status.conditions.map((x: NamespaceCondition) => x.lastTransitionTime),
      c.wantTimes.map((t: string) => (t === 'now' ? NOW : START)),
    );
  },
  processContentTotals: (c) => {
    // Go's maps have no order: the resources go in reversed (the fixture lists them sorted) and the
    // finalizers as listed (unsorted), so only the sort can order the messages.
    const remaining = new Map<{ resource: string; group: string }, number>(c.remaining.map(([group, resource, n]: [string, string, number]) => [{ resource, group }, n]).reverse());
    const finalizers = new Map<string, number>(Object.entries(c.finalizers as Record<string, number>));
    return same(withoutTime(contentConditions({ remaining, finalizers }, NOW)), c.want.map(condition));
  },
  // finalizers null: a Namespace with no spec at all (Go's zero NamespaceSpec).
  finalized: (c) => same(finalized({ metadata: { name: 'test' }, ...specOf(c) }), c.want),
  finalizeNamespace: (c) => {
    const ns: KObject = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'test', resourceVersion: '1' }, ...specOf(c) };
    return same(finalizeNamespace(ns, FINALIZER_KUBERNETES).spec.finalizers, c.want);
  },
  estimateGracefulTermination: runEstimate,
  deleteContentCondition: (c) => {
    const got = deleteContentCondition(c.errors, NOW);
    return same(got ? [got.type, got.status, got.reason, got.message] : null, c.want);
  },
  deleter: runDeleter,
};

Then("every case of upstream's namespace test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream namespace table "${table}"`);
  runCases(FILE, table, check);
});
