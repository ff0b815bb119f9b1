/**
 * The pods/eviction subresource (pkg/registry/core/pod/storage/eviction.go): a POST of a policy/v1
 * Eviction asks to delete a Pod only if no PodDisruptionBudget forbids it. A Pod that is
 * Pending, finished or already terminating is deleted at once; otherwise the one budget that
 * selects it must allow a disruption, which the handler takes (disruptionsAllowed - 1, the Pod
 * in status.disruptedPods, so the disruption controller does not count it meanwhile) before it
 * deletes the Pod. No budget left: 429 TooManyRequests, which kubectl drain retries.
 */
import type { KObject } from '../api/meta';
import { labelSelectorAsSelector } from '../api/labels/labelselector';
import { matchesLabels } from '../api/labels/selector';
import { errors, StatusError, type Status, type StatusCause } from '../api/status';
import { mutant } from '../sim/mutants';
import { isPodReady } from '../controllers/util/podutil';
import { setDisruptionAllowedCondition } from '../controllers/disruption/conditions';

/** What the handler needs of the API server's storage. */
export interface EvictionStore {
  getPod(): KObject;
  listBudgets(): KObject[];
  /** UpdateStatus of a budget (a 409 when it changed meanwhile). */
  updateBudgetStatus(pdb: KObject): void;
  /** The Pod's delete with the Eviction's DeleteOptions (and a resourceVersion precondition when asked). */
  deletePod(opts: { gracePeriodSeconds?: number; resourceVersion?: string }): void;
  nowRFC3339(): string;
  dryRun: boolean;
}

/** The metav1.Status of a successful eviction. */
export interface EvictionAnswer {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Success';
  code: number;
}

const SUCCESS: EvictionAnswer = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };

/** apierrors.NewTooManyRequests with the DisruptionBudget cause. */
function tooManyRequests(retryAfterSeconds: number, cause: string): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: "Cannot evict pod as it would violate the pod's disruption budget.",
    reason: 'TooManyRequests' as Status['reason'],
    // retryAfterSeconds is omitempty: a 0 leaves it out.
    details: { causes: [{ reason: 'DisruptionBudget', message: cause } as StatusCause], ...(retryAfterSeconds ? { retryAfterSeconds } : {}) },
    code: 429,
  });
}

/** canIgnorePDB: a Pod that is not running (yet, or any more) disrupts nothing by going. */
function canIgnoreBudget(pod: KObject): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed' || phase === 'Pending' || !!pod.metadata.deletionTimestamp;
}

/** getPodDisruptionBudgets: those of the Pod's namespace whose selector, neither nil nor empty, selects it. */
function budgetsFor(pod: KObject, budgets: KObject[]): KObject[] {
  return budgets.filter((pdb) => {
    try {
      const sel = labelSelectorAsSelector(pdb.spec?.selector);
      return !!sel && sel.length > 0 && matchesLabels(sel, pod.metadata.labels);
    } catch {
      return false; // an invalid selector matches no Pod
    }
  });
}

/** EvictionREST.Create. `body` is the Eviction as posted. */
export function evictPod(store: EvictionStore, name: string, body: any): EvictionAnswer {
  if (body?.metadata?.name !== name) throw errors.badRequest('name in URL does not match name in Eviction object');
  const opts = body?.deleteOptions ?? {};
  const grace = typeof opts.gracePeriodSeconds === 'number' ? opts.gracePeriodSeconds : undefined;
  const pod = store.getPod();
  if (canIgnoreBudget(pod)) {
    if (!store.dryRun) store.deletePod({ gracePeriodSeconds: grace });
    return SUCCESS;
  }
  const budgets = mutant('eviction-ignores-pdb') ? [] : budgetsFor(pod, store.listBudgets());
  // Upstream answers with this Status (no reason) as the result, which the server writes with its code: clients see a 500.
  if (budgets.length > 1)
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.', code: 500 } as Status);
  let precondition: string | undefined;
  if (budgets.length === 1) {
    const pdb = budgets[0];
    const s = pdb.status ?? {};
    // An unready Pod does not count as healthy: it may go without taking from the budget while enough are healthy.
    if (!isPodReady(pod) && (s.currentHealthy ?? 0) >= (s.desiredHealthy ?? 0) && (s.desiredHealthy ?? 0) > 0) precondition = pod.metadata.resourceVersion;
    else checkAndDecrement(store, pod.metadata.name!, pdb);
  }
  if (store.dryRun) return SUCCESS;
  try {
    store.deletePod({ gracePeriodSeconds: grace, resourceVersion: precondition });
  } catch (e) {
    // The unready Pod became ready meanwhile: the client should try again.
    if (e instanceof StatusError && e.code === 409 && precondition) throw tooManyRequests(10, `The disruption budget ${budgets[0].metadata.name} is still being processed by the server.`);
    throw e;
  }
  return SUCCESS;
}

/** checkAndDecrement: refuses when the budget has no disruption left, else takes one and records the Pod. */
function checkAndDecrement(store: EvictionStore, podName: string, pdb: KObject): void {
  const s = pdb.status ?? {};
  const name = pdb.metadata.name!;
  if ((s.observedGeneration ?? 0) < (pdb.metadata.generation ?? 0)) throw tooManyRequests(10, `The disruption budget ${name} is still being processed by the server.`);
  const forbidden = (why: string) => errors.forbiddenBecause({ group: 'policy', resource: 'poddisruptionbudget' } as any, name, why);
  if ((s.disruptionsAllowed ?? 0) < 0) throw forbidden('pdb disruptions allowed is negative');
  if (Object.keys(s.disruptedPods ?? {}).length > MAX_DISRUPTED_PODS) throw forbidden('DisruptedPods map too big - too many evictions not confirmed by PDB controller');
  if ((s.disruptionsAllowed ?? 0) === 0) throw tooManyRequests(0, `The disruption budget ${name} needs ${s.desiredHealthy ?? 0} healthy pods and has ${s.currentHealthy ?? 0} currently`);
  const next: KObject = { ...pdb, status: { ...s, disruptionsAllowed: s.disruptionsAllowed - 1 } };
  if (next.status.disruptionsAllowed === 0) setDisruptionAllowedCondition(next, store.nowRFC3339());
  if (store.dryRun) return;
  next.status.disruptedPods = { ...(s.disruptedPods ?? {}), [podName]: store.nowRFC3339() };
  store.updateBudgetStatus(next);
}

/** MaxDisruptedPodSize. */
const MAX_DISRUPTED_PODS = 2000;
