/**
 * The disruption controller (pkg/controller/disruption, "disruption-controller"): keeps each
 * PodDisruptionBudget's status in line with the Pods it selects. currentHealthy counts the
 * Ready ones not being deleted and not promised to an eviction (status.disruptedPods, which the
 * eviction handler fills and this controller clears once the Pod is going, or after two minutes
 * when it never went); desiredHealthy and expectedPods come from minAvailable or maxUnavailable;
 * disruptionsAllowed is their difference, never below 0, and 0 while no Pod is expected. The
 * DisruptionAllowed condition says SufficientPods or InsufficientPods; a budget whose count
 * cannot be computed fails safe (0 allowed, SyncFailed). It also clears a Pod's stale
 * DisruptionTarget condition (stale-disruption.ts).
 */
import { keyOf, splitKey, type KObject } from '../../api/meta';
import { labelSelectorAsSelector } from '../../api/labels/labelselector';
import { matchesLabels, SelectorParseError } from '../../api/labels/selector';
import { labelSelectorGoString } from '../../api/labels/labelselector-string';
import { StatusError } from '../../api/status';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';
import { resourceByName } from '../../api/registry';
import { isPodReady } from '../util/podutil';
import { withKind } from '../util/objects';
import { canonicalJSON } from '../../api/meta';
import { DISRUPTION_ALLOWED, INSUFFICIENT_PODS, setCondition, setDisruptionAllowedCondition, SUFFICIENT_PODS, SYNC_FAILED } from './conditions';
import { ExpectedCountError, expectedPodCount, type ScaleListers } from './expected';
import { StalePodDisruptionCleaner } from './stale-disruption';

/** DeletionTimeout: how long an eviction's promise to delete a Pod is believed. */
export const DELETION_TIMEOUT_MS = 2 * 60_000;

export class DisruptionController {
  readonly pdbInformer: Informer;
  readonly podInformer: Informer;
  readonly listers: ScaleListers;
  readonly queue: WorkQueue;
  readonly stalePodDisruptions: StalePodDisruptionCleaner;
  private readonly recorder: EventRecorder;

  constructor(private readonly ctx: ComponentContext) {
    this.recorder = ctx.recorder('controllermanager');
    this.pdbInformer = ctx.informers.get('poddisruptionbudgets');
    this.podInformer = ctx.informers.get('pods');
    this.listers = {
      replicasets: ctx.informers.get('replicasets'),
      deployments: ctx.informers.get('deployments'),
      statefulsets: resourceByName('statefulsets') ? ctx.informers.get('statefulsets') : undefined,
      getScale: (resource, namespace, name) => ctx.client.getScale(resource, namespace, name),
    };
    const synced = () => this.informers().every((i) => i.hasSynced());
    this.queue = new WorkQueue(ctx.proc, 'disruption', (key) => this.sync(key), { synced });
    this.stalePodDisruptions = new StalePodDisruptionCleaner(ctx, this.podInformer, synced);
    this.pdbInformer.addEventHandler({
      onAdd: (pdb) => this.queue.add(keyOf(pdb)),
      onUpdate: (_old, pdb) => this.queue.add(keyOf(pdb)),
      onDelete: (pdb) => this.queue.add(keyOf(pdb)),
    });
    const onPod = (pod: KObject) => {
      const pdb = this.pdbForPod(pod);
      if (pdb) this.queue.add(keyOf(pdb));
    };
    // addPod and updatePod also look for a stale DisruptionTarget condition; deletePod does not.
    this.podInformer.addEventHandler({
      onAdd: (p) => {
        onPod(p);
        this.stalePodDisruptions.onPod(p);
      },
      onUpdate: (_o, p) => {
        onPod(p);
        this.stalePodDisruptions.onPod(p);
      },
      onDelete: onPod,
    });
  }

  informers(): Informer[] {
    return [this.pdbInformer, this.podInformer, this.listers.replicasets, this.listers.deployments, ...(this.listers.statefulsets ? [this.listers.statefulsets] : [])];
  }

  /** getPdbForPod: the first budget by name whose selector selects the Pod. */
  private pdbForPod(pod: KObject): KObject | undefined {
    const ns = pod.metadata.namespace;
    const matching = this.pdbInformer
      .list()
      .filter((pdb) => pdb.metadata.namespace === ns && selects(pdb, pod))
      .sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    if (matching.length > 1)
      this.recorder.event(withKind(pod, 'v1', 'Pod'), 'Warning', 'MultiplePodDisruptionBudgets', `Pod "${ns}"/"${pod.metadata.name}" matches multiple PodDisruptionBudgets.  Chose "${matching[0].metadata.name}" arbitrarily.`);
    return matching[0];
  }

  private sync(key: string): void {
    const { namespace, name } = splitKey(key);
    const pdb = this.pdbInformer.getByName(namespace, name);
    if (!pdb) return;
    try {
      this.trySync(pdb);
      this.queue.forget(key);
    } catch (e) {
      // A conflict is retried as it is, without failing safe: the next sync reads the newer budget.
      if (e instanceof StatusError && e.code === 409) return this.queue.addRateLimited(key);
      if (!(e instanceof StatusError || e instanceof ExpectedCountError || e instanceof SelectorParseError)) throw e;
      // failSafe's own outcome decides the retry: once its status is written the budget waits for the next event.
      try {
        this.failSafe(pdb, e.message);
        this.queue.forget(key);
      } catch (e2) {
        if (!(e2 instanceof StatusError)) throw e2;
        this.queue.addRateLimited(key);
      }
    }
  }

  private trySync(pdb: KObject): void {
    const typed = withKind(pdb, 'policy/v1', 'PodDisruptionBudget');
    let pods: KObject[];
    try {
      pods = this.podsForPdb(pdb);
    } catch (e) {
      if (e instanceof SelectorParseError) this.recorder.event(typed, 'Warning', 'NoPods', `Failed to get pods: ${e.message}`);
      throw e;
    }
    if (pods.length === 0) this.recorder.event(typed, 'Normal', 'NoPods', 'No matching pods found');
    let expected;
    try {
      expected = expectedPodCount(pdb, pods, this.listers);
    } catch (e) {
      if (e instanceof ExpectedCountError) this.recorder.event(typed, 'Warning', 'CalculateExpectedPodCountFailed', `Failed to calculate the number of expected pods: ${e.message}`);
      throw e;
    }
    if (expected.unmanagedPods.length > 0)
      this.recorder.event(
        typed,
        'Warning',
        'UnmanagedPods',
        // The selector as Go's %v prints a *metav1.LabelSelector (its generated String()), not as "foo=bar".
        `Pods selected by this PodDisruptionBudget (selector: ${labelSelectorGoString(pdb.spec?.selector)}) were found to be unmanaged. As a result, the status of the PDB cannot be calculated correctly, which may result in undefined behavior. To account for these pods please set ".spec.minAvailable" field of the PDB to an integer value.`,
      );
    const now = this.ctx.sim.clock.nowMs();
    const { disrupted, recheckAt } = this.disruptedPodMap(pods, pdb, now);
    const currentHealthy = countHealthy(pods, disrupted, now);
    this.updateStatus(pdb, currentHealthy, expected.desiredHealthy, expected.expectedCount, disrupted);
    if (recheckAt !== undefined) this.queue.addAfter(keyOf(pdb), recheckAt - now);
  }

  /** getPodsForPdb: the Pods in its namespace its selector selects (an empty one selects all, a nil one none); a bad selector is an error. */
  private podsForPdb(pdb: KObject): KObject[] {
    const sel = labelSelectorAsSelector(pdb.spec?.selector);
    if (!sel) return [];
    return this.podInformer.list().filter((p) => p.metadata.namespace === pdb.metadata.namespace && matchesLabels(sel, p.metadata.labels));
  }

  /** buildDisruptedPodMap: promises still in time, for Pods not yet being deleted. */
  private disruptedPodMap(pods: KObject[], pdb: KObject, now: number): { disrupted: Record<string, string>; recheckAt?: number } {
    const promised: Record<string, string> = pdb.status?.disruptedPods ?? {};
    const disrupted: Record<string, string> = {};
    let recheckAt: number | undefined;
    for (const pod of pods) {
      if (pod.metadata.deletionTimestamp) continue;
      const at = promised[pod.metadata.name!];
      if (at === undefined) continue;
      const expectedDeletion = Date.parse(at) + DELETION_TIMEOUT_MS;
      if (expectedDeletion < now) {
        // upstream prints the namespace twice here
        this.recorder.event(withKind(pod, 'v1', 'Pod'), 'Warning', 'NotDeleted', `Pod was expected by PDB ${pdb.metadata.namespace}/${pdb.metadata.namespace} to be deleted but it wasn't`);
        continue;
      }
      if (recheckAt === undefined || expectedDeletion < recheckAt) recheckAt = expectedDeletion;
      disrupted[pod.metadata.name!] = at;
    }
    return { disrupted, recheckAt };
  }

  private updateStatus(pdb: KObject, currentHealthy: number, desiredHealthy: number, expectedCount: number, disrupted: Record<string, string>): void {
    let allowed = currentHealthy - desiredHealthy;
    // A budget that expects no Pod yet stays safe until it has seen its first ones.
    if (expectedCount <= 0 || allowed <= 0) allowed = 0;
    const s = pdb.status ?? {};
    const generation = pdb.metadata.generation ?? 0;
    if (
      s.currentHealthy === currentHealthy &&
      s.desiredHealthy === desiredHealthy &&
      s.expectedPods === expectedCount &&
      s.disruptionsAllowed === allowed &&
      canonicalJSON(s.disruptedPods ?? {}) === canonicalJSON(disrupted) &&
      (s.observedGeneration ?? 0) === generation &&
      conditionsUpToDate(s)
    )
      return;
    const status: any = {
      observedGeneration: generation,
      ...(Object.keys(disrupted).length ? { disruptedPods: disrupted } : {}),
      disruptionsAllowed: allowed,
      currentHealthy,
      desiredHealthy,
      expectedPods: expectedCount,
      ...(s.conditions ? { conditions: s.conditions } : {}),
    };
    const next = withKind({ ...pdb, status }, 'policy/v1', 'PodDisruptionBudget');
    setDisruptionAllowedCondition(next, this.ctx.sim.clock.nowRFC3339());
    this.ctx.client.updateStatus('poddisruptionbudgets', pdb.metadata.namespace, next);
  }

  /** failSafe: no disruption allowed, and the condition says why. */
  private failSafe(pdb: KObject, message: string): void {
    // The counts are Go int32s without omitempty: a budget never synced before says 0 for each.
    const s = pdb.status ?? {};
    const status: any = {
      ...(s.observedGeneration !== undefined ? { observedGeneration: s.observedGeneration } : {}),
      ...(s.disruptedPods ? { disruptedPods: s.disruptedPods } : {}),
      disruptionsAllowed: 0,
      currentHealthy: s.currentHealthy ?? 0,
      desiredHealthy: s.desiredHealthy ?? 0,
      expectedPods: s.expectedPods ?? 0,
      ...(s.conditions ? { conditions: s.conditions } : {}),
    };
    setCondition(status, { type: DISRUPTION_ALLOWED, status: 'False', reason: SYNC_FAILED, message, observedGeneration: status.observedGeneration }, this.ctx.sim.clock.nowRFC3339());
    this.ctx.client.updateStatus('poddisruptionbudgets', pdb.metadata.namespace, withKind({ ...pdb, status }, 'policy/v1', 'PodDisruptionBudget'));
  }
}

/**
 * Whether the budget's selector selects the Pod (GetPodPodDisruptionBudgets: an invalid or nil
 * selector selects nothing; unlike policy/v1beta1, an empty one selects every Pod).
 */
function selects(pdb: KObject, pod: KObject): boolean {
  try {
    const sel = labelSelectorAsSelector(pdb.spec?.selector);
    return !!sel && matchesLabels(sel, pod.metadata.labels);
  } catch {
    return false;
  }
}

/** countHealthyPods: Ready, not being deleted, not promised to an eviction that is still in time. */
function countHealthy(pods: KObject[], disrupted: Record<string, string>, now: number): number {
  let n = 0;
  for (const pod of pods) {
    if (pod.metadata.deletionTimestamp) continue;
    const at = disrupted[pod.metadata.name!];
    if (at !== undefined && Date.parse(at) + DELETION_TIMEOUT_MS > now) continue;
    if (isPodReady(pod)) n++;
  }
  return n;
}

/** ConditionsAreUpToDate: the DisruptionAllowed condition agrees with the counts and the generation. */
function conditionsUpToDate(s: any): boolean {
  const c = (s.conditions ?? []).find((x: any) => x.type === DISRUPTION_ALLOWED);
  if (!c) return false;
  return s.disruptionsAllowed > 0 ? c.status === 'True' && c.reason === SUFFICIENT_PODS : c.status === 'False' && c.reason === INSUFFICIENT_PODS;
}
