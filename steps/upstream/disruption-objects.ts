/**
 * The objects upstream's disruption_test.go (kubernetes v1.32) adds to the informers' stores,
 * built the same way and created through the model's API: newMinAvailablePodDisruptionBudget and
 * newMaxUnavailablePodDisruptionBudget (default/foobar selecting foo=bar), newPod (Ready,
 * labelled foo=bar), newReplicaSet, newStatefulSet, newDeployment (foobar, that selector).
 * Times are offsets in whole seconds from the case's start (metav1.Time has whole seconds).
 */
import type { KObject } from '../../model/api/meta';
import type { FakeControlPlane } from './harness';

export const NS = 'default';
export const NAME = 'foobar';
export const FOO_BAR = { foo: 'bar' };
/** The finalizer that keeps a deleted Pod around with its deletionTimestamp. */
const KEEP = 'example.com/keep';

const RESOURCE: Record<string, string> = { ReplicaSet: 'replicasets', StatefulSet: 'statefulsets', Deployment: 'deployments', DaemonSet: 'daemonsets' };
const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });

/** RFC 3339 at `seconds` from `startMs` (the case's first instant, a whole second). */
export function isoAt(startMs: number, seconds: number): string {
  return new Date(Math.floor(startMs / 1000) * 1000 + seconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A workload controller named foobar selecting foo=bar (a DaemonSet has no replicas). */
export function createController(cp: FakeControlPlane, kind: string, replicas: number): void {
  const spec: any = { replicas, selector: { matchLabels: FOO_BAR }, template: template(FOO_BAR) };
  if (kind === 'StatefulSet') spec.serviceName = NAME;
  if (kind === 'DaemonSet') delete spec.replicas;
  cp.create(RESOURCE[kind], { apiVersion: 'apps/v1', kind, metadata: { name: NAME, namespace: NS, labels: FOO_BAR }, spec });
}

/**
 * newPod: Ready unless `conditions` (offsets for lastTransitionTime) or `ready: false` say
 * otherwise, owned by the case's controller (`owner`) or by any reference (`ownerRef`); a
 * deleting one is held by a finalizer, so it keeps its deletionTimestamp.
 */
export function createPod(cp: FakeControlPlane, startMs: number, p: any): void {
  const ns = p.namespace ?? NS;
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: p.name, namespace: ns, labels: p.labels ?? FOO_BAR }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
  if (p.owner) {
    const owner = cp.admin.get(RESOURCE[p.owner], ns, NAME);
    pod.metadata.ownerReferences = [{ apiVersion: 'apps/v1', kind: p.owner, name: NAME, uid: owner.metadata.uid!, controller: true }];
  }
  if (p.ownerRef) pod.metadata.ownerReferences = [{ ...p.ownerRef, controller: true }];
  if (p.deleting) pod.metadata.finalizers = [KEEP];
  cp.create('pods', pod);
  const conditions = p.conditions
    ? p.conditions.map((c: any) => ({ ...c, lastTransitionTime: isoAt(startMs, c.lastTransitionTime ?? 0) }))
    : p.ready === false
      ? []
      : [{ type: 'Ready', status: 'True' }];
  setPodStatus(cp, p.name, ns, { conditions, ...(p.phase ? { phase: p.phase } : {}) });
  if (p.deleting) cp.admin.delete('pods', ns, p.name);
}

/** Writes part of a Pod's status, as the kubelet (or a test's store update) would. */
export function setPodStatus(cp: FakeControlPlane, name: string, ns: string, status: any): void {
  const pod = cp.admin.get('pods', ns, name);
  cp.admin.updateStatus('pods', ns, { ...pod, status: { ...pod.status, ...status } });
}

/**
 * newMinAvailablePodDisruptionBudget / newMaxUnavailablePodDisruptionBudget (or neither), named
 * and placed as the case says, its status (disrupted Pods, conditions) as the case sets it. A
 * `selector` the API server would refuse goes straight to etcd, as upstream adds it to the store.
 */
export function createPdb(cp: FakeControlPlane, startMs: number, p: any): void {
  const ns = p.namespace ?? NS;
  const spec: any = { selector: { matchLabels: p.matchLabels ?? FOO_BAR, ...(p.matchExpressions ? { matchExpressions: p.matchExpressions } : {}) } };
  if (p.minAvailable !== undefined) spec.minAvailable = p.minAvailable;
  if (p.maxUnavailable !== undefined) spec.maxUnavailable = p.maxUnavailable;
  const pdb = cp.create('poddisruptionbudgets', { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name: p.name ?? NAME, namespace: ns }, spec });
  const status: any = {};
  if (p.disruptedPods) status.disruptedPods = disruptedAt(startMs, p.disruptedPods);
  if (p.conditions) status.conditions = p.conditions.map((c: any) => ({ ...c, lastTransitionTime: isoAt(startMs, 0) }));
  if (Object.keys(status).length) cp.admin.updateStatus('poddisruptionbudgets', ns, { ...pdb, status: { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0, ...status } });
  if (p.selector) cp.forceUpdate('poddisruptionbudgets', { ...pdb, spec: { ...spec, selector: p.selector } });
}

/** A disrupted-Pods map from offsets in seconds. */
export function disruptedAt(startMs: number, offsets: Record<string, number>): Record<string, string> {
  return Object.fromEntries(Object.entries(offsets).map(([k, s]) => [k, isoAt(startMs, s)]));
}

/**
 * Another writer of the budget's status (the eviction handler, or anyone with the right): the
 * fields given replace the stored ones; `condition` replaces fields of DisruptionAllowed
 * (lastTransitionTime an offset), `conditions: []` drops them all.
 */
export function writePdbStatus(cp: FakeControlPlane, startMs: number, name: string, change: any): void {
  const pdb = cp.admin.get('poddisruptionbudgets', NS, name);
  const { condition, disruptedPods, ...fields } = change;
  const status: any = { ...pdb.status, ...fields };
  if (disruptedPods) status.disruptedPods = disruptedAt(startMs, disruptedPods);
  if (condition) {
    const { lastTransitionTime, ...rest } = condition;
    status.conditions = (status.conditions ?? []).map((c: any) =>
      c.type === 'DisruptionAllowed' ? { ...c, ...rest, ...(lastTransitionTime !== undefined ? { lastTransitionTime: isoAt(startMs, lastTransitionTime) } : {}) } : c,
    );
  }
  cp.admin.updateStatus('poddisruptionbudgets', NS, { ...pdb, status });
}
