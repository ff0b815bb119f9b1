/**
 * The ClusterRole aggregation controller's test (kubernetes v1.32,
 * pkg/controller/clusterroleaggregation; steps/fixtures/upstream/clusterroleaggregation.json)
 * run against the model's controller: its syncClusterRole on a filled lister, as upstream calls
 * it, and the whole controller on a FakeControlPlane.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { ClusterRoleAggregationController, clusterRoleAggregationDescriptor } from '../../model/controllers/clusterroleaggregation/controller';
import { runCases, same, upstreamFixture } from './apps-fakes';
import { FakeControlPlane, recordQueue } from './harness';
import { storeAdd } from './informer-store';

const FILE = 'clusterroleaggregation.json';
const FIELD_MANAGER = 'clusterrole-aggregation-controller';

interface RoleRow {
  name: string;
  labels: Record<string, string>;
  rules: string[];
}

/** The rules of the named rule sets, in order. */
const rulesOf = (sets: string[]): unknown[] => sets.flatMap((s) => upstreamFixture(FILE, 'ruleSets')[s]);

/** No rule sets: no rules field at all (a role written without rules). */
const rulesField = (sets: string[]) => (sets.length ? { rules: rulesOf(sets) } : {});

/** The row's ClusterRoles: the labelled ones, then "combined" with its aggregationRule (and its labels, if the row gives any). */
function roles(c: any): KObject[] {
  const role = (r: RoleRow): KObject => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: r.name, labels: r.labels }, ...rulesField(r.rules) }) as KObject;
  const combined = {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'ClusterRole',
    metadata: { name: 'combined', ...(c.combined.labels ? { labels: c.combined.labels } : {}) },
    aggregationRule: { clusterRoleSelectors: c.combined.selectors.map((matchLabels: Record<string, string>) => ({ matchLabels })) },
    ...rulesField(c.combined.rules),
  } as KObject;
  return [...c.roles.map(role), combined];
}

/**
 * The lister's copy of a role, as the row has it: combined with one more selector the API server
 * would refuse (invalidExpression, a matchExpressions entry), put in the store directly.
 */
function listed(c: any, obj: KObject): KObject {
  if (!c.invalidExpression || obj.metadata.name !== 'combined') return obj;
  const selectors = [...(obj as any).aggregationRule.clusterRoleSelectors, { matchExpressions: [c.invalidExpression] }];
  return { ...obj, aggregationRule: { clusterRoleSelectors: selectors } } as KObject;
}

/** The apply configuration upstream expects: the name and the rules, none when there are none. */
function wantApply(sets: string[]): unknown {
  const rules = rulesOf(sets);
  return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'combined' }, ...(rules.length ? { rules } : {}) };
}

/** The role's rules on the API server, and whether the controller's apply owns a part of it. */
function stored(cp: FakeControlPlane, name: string): { rules: unknown[]; applied: boolean } {
  const cr: any = cp.admin.get('clusterroles', undefined, name);
  const applied = (cr.metadata.managedFields ?? []).some((m: any) => m.manager === FIELD_MANAGER && m.operation === 'Apply');
  return { rules: cr.rules ?? [], applied };
}

/**
 * syncClusterRole(row.sync) on a lister holding the row's roles: the one request it sends, or
 * none; or the error it returns (wantError), after which the worker brings the role back with
 * back-off.
 */
function runSync(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const all = roles(c).map((r) => listed(c, cp.admin.create('clusterroles', undefined, r)));
  const ctx = cp.component();
  const crc = new ClusterRoleAggregationController(ctx);
  storeAdd(crc.informer, ...all);
  let error: string | undefined;
  try {
    (crc as any).syncClusterRole(c.sync);
  } catch (e: any) {
    error = e.message;
  }
  const e = same(error, c.wantError);
  if (e) return `syncClusterRole's error: ${e}`;
  if (c.wantError) {
    crc.queue.add(c.sync);
    cp.settle();
    if (crc.queue.numRequeues(c.sync) === 0) return 'the worker did not bring the role back with back-off';
    if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  }
  const got = cp.actions.map((a) => ({ verb: a.verb, resource: a.resource, name: a.name, body: a.body, query: a.query }));
  const want = c.wantApply ? [{ verb: 'patch', resource: 'clusterroles', name: c.sync, body: wantApply(c.wantApply), query: { fieldManager: FIELD_MANAGER, force: true } }] : [];
  const p = same(got, want);
  if (p) return `requests: ${p}`;
  if (c.wantApply?.length) {
    const s = stored(cp, c.sync);
    if (!s.applied) return 'the request was no server-side apply by clusterrole-aggregation-controller';
    const q = same(s.rules, rulesOf(c.wantApply));
    if (q) return `rules afterwards: ${q}`;
  }
  return undefined;
}

/** The whole controller, informers started: combined patched once at most, then holding its rules. */
function runLive(c: any): string | undefined {
  if (c.live === false) return undefined;
  const cp = new FakeControlPlane();
  const aggregated = new Set<string>();
  for (const r of roles(c)) cp.admin.create('clusterroles', undefined, r);
  for (const r of cp.admin.list('clusterroles', undefined).items as KObject[]) if ((r as any).aggregationRule) aggregated.add(r.metadata.name!);
  const ctx = cp.component();
  const crc = new ClusterRoleAggregationController(ctx);
  const queued: string[] = [];
  recordQueue(crc.queue, queued, []);
  ctx.informers.start();
  for (let i = 0; i < 20; i++) cp.settle();
  const patches = cp.actions.filter((a) => a.resource === 'clusterroles' && a.name === 'combined').length;
  const want = c.wantApply ? rulesOf(c.wantApply) : rulesOf(c.combined.rules);
  const p = same({ patches, rules: stored(cp, 'combined').rules }, { patches: c.wantApply ? 1 : 0, rules: want });
  if (p) return `whole controller: ${p}`;
  const strays = [...new Set(queued)].filter((k) => !aggregated.has(k));
  if (strays.length) return `queued roles without an aggregationRule: ${strays.join(', ')}`;
  if (!queued.includes('combined')) return 'combined was never queued';
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

/** A lister that fails with an exception of no API or selector kind (a bug in the model): the worker lets it through, to the simulation's failures. */
function runBug(c: any): string | undefined {
  const cp = new FakeControlPlane();
  const crc = new ClusterRoleAggregationController(cp.component());
  storeAdd(crc.informer, ...roles(c).map((r) => cp.admin.create('clusterroles', undefined, r)));
  crc.informer.list = () => {
    throw new Error(c.bug);
  };
  crc.queue.add(c.sync);
  cp.settle();
  return same({ failures: cp.sim.failures.map((f) => (f.error as Error).message), requeues: crc.queue.numRequeues(c.sync) }, { failures: [c.bug], requeues: 0 });
}

Then("every case of upstream's clusterrole aggregation test syncClusterRole holds on the model", function () {
  runCases(FILE, 'syncClusterRole', (c) => (c.bug ? runBug(c) : (runSync(c) ?? runLive(c))));
});

/** A klog line without its header (severity, time, pid): "file.go:N] text". */
const body = (line: string) => line.replace(/^[IWEF]\d{4} [\d:.]+ +\d+ /, '');

Then('kube-controller-manager starts the clusterrole aggregation controller as its Run does', function () {
  const cp = new FakeControlPlane();
  const ctx = cp.component();
  const started = clusterRoleAggregationDescriptor.init(ctx, { clusterCIDR: '10.244.0.0/16', nodeCIDRMaskSize: 24 });
  started.run?.();
  const waiting = ctx.log.lines.map(body);
  started.onSynced?.();
  const p = same(
    { waiting, synced: ctx.log.lines.slice(waiting.length).map(body), caches: started.informers.map((i) => i.resource) },
    {
      waiting: [
        'clusterroleaggregation_controller.go:194] "Starting ClusterRoleAggregator controller" logger="clusterrole-aggregation-controller"',
        'shared_informer.go:313] Waiting for caches to sync for ClusterRoleAggregator',
      ],
      synced: ['shared_informer.go:320] Caches are synced for ClusterRoleAggregator'],
      caches: ['clusterroles'],
    },
  );
  if (p) throw new Error(p);
});
