/**
 * plugins/volumebinding (v1.32), the part a lab cluster with kind's `standard` class meets:
 * PreFilter reads the Pod's claims (missing or deleted claims and unbound claims of an Immediate
 * class make it unschedulable everywhere); Filter keeps the Pod on the nodes its bound volumes'
 * node affinity allows ("node(s) had volume node affinity conflict"); PreBind writes the chosen
 * node on each unbound WaitForFirstConsumer claim (volume.kubernetes.io/selected-node), which
 * sets the provisioner going, and waits, checking every second as BindPodVolumes polls, until
 * the PV controller has bound them before the Pod is bound to the node.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { newLazyErrorNodeSelector } from '../../componenthelpers/scheduling/corev1/nodeaffinity';
import { Code, Status, type CycleState, type FilterPlugin, type NodeChange, type PreFilterPlugin } from '../framework/interface';
import type { NodeInfo, PodInfo } from '../framework/types';

export const NAME = 'VolumeBinding';
export const ERR_REASON_NODE_CONFLICT = 'node(s) had volume node affinity conflict';
const ANN_SELECTED_NODE = 'volume.kubernetes.io/selected-node';
const STATE_KEY = 'PreFilter' + NAME;
/** BindTimeoutSeconds' default, and the interval BindPodVolumes polls at. */
const BIND_TIMEOUT_MS = 600_000;
const POLL_MS = 1000;

interface PodVolumes {
  /** PreFilter's verdict for every node, when the claims themselves make the Pod unschedulable. */
  status?: Status;
  /** Bound claims' volumes, whose node affinity each node must satisfy. */
  boundVolumes: KObject[];
}

const claimNames = (pod: KObject): string[] => pod.spec?.volumes?.map((v: any) => v?.persistentVolumeClaim?.claimName).filter((n: unknown): n is string => typeof n === 'string') ?? [];

/**
 * PreFilter: reads the Pod's claims once per cycle (the real plugin reads them from listers).
 * As upstream, every claim must exist and be usable (podHasPVCs) before any is looked at for
 * binding (GetPodVolumeClaims).
 */
export function preFilterVolumeBinding(client: ApiClient, state: CycleState, pod: KObject): void {
  const out: PodVolumes = { boundVolumes: [] };
  state.set(STATE_KEY, out);
  const unresolvable = (reason: string) => (out.status = new Status(Code.UnschedulableAndUnresolvable, reason));
  const claims: KObject[] = [];
  for (const name of claimNames(pod)) {
    const claim = client.tryGet('persistentvolumeclaims', pod.metadata.namespace, name);
    if (!claim) return void unresolvable(`persistentvolumeclaim "${name}" not found`);
    if (claim.status?.phase === 'Lost') return void unresolvable(`persistentvolumeclaim "${name}" bound to non-existent persistentvolume "${claim.spec?.volumeName ?? ''}"`);
    if (claim.metadata.deletionTimestamp) return void unresolvable(`persistentvolumeclaim "${name}" is being deleted`);
    claims.push(claim);
  }
  for (const claim of claims) {
    if (claim.spec?.volumeName) {
      const pv = client.tryGet('persistentvolumes', undefined, claim.spec.volumeName);
      if (pv) out.boundVolumes.push(pv);
      continue;
    }
    const cls = claim.spec?.storageClassName;
    const sc: any = cls ? client.tryGet('storageclasses', undefined, cls) : undefined;
    if (sc?.volumeBindingMode !== 'WaitForFirstConsumer') return void unresolvable('pod has unbound immediate PersistentVolumeClaims');
  }
}

export class VolumeBinding implements PreFilterPlugin, FilterPlugin {
  readonly name = NAME;

  /**
   * Skip a Pod without claims: there is nothing for Filter to check. A claim that is missing,
   * lost, being deleted or unbound with immediate binding rejects the Pod here, before any node
   * is filtered (the claims were read by preFilterVolumeBinding, which runs first).
   */
  preFilter(state: CycleState, pod: PodInfo): Status | null {
    if (claimNames(pod.pod).length === 0) return new Status(Code.Skip);
    return (state.get(STATE_KEY) as PodVolumes | undefined)?.status ?? null;
  }
  readonly nodeEvents: ReadonlySet<NodeChange> = new Set<NodeChange>(['add', 'labels']);

  filter(state: CycleState, _pod: PodInfo, node: NodeInfo): Status | null {
    const v = state.get(STATE_KEY) as PodVolumes | undefined;
    if (!v) return null;
    for (const pv of v.boundVolumes) {
      const required = pv.spec?.nodeAffinity?.required;
      if (required && !newLazyErrorNodeSelector(required).match(node.node).matches) return new Status(Code.UnschedulableAndUnresolvable, ERR_REASON_NODE_CONFLICT);
    }
    return null;
  }

  isSchedulableAfterNodeChange(): boolean {
    return true;
  }
}

/**
 * PreBind: names the node on each unbound claim, then calls `done` once all are bound (checking
 * each second, the first a second after the writes, for at most BindTimeoutSeconds), or `failed`
 * with the scheduler's words.
 */
export function preBindVolumes(
  client: ApiClient,
  schedule: (delayMs: number, fn: () => void) => void,
  pod: KObject,
  node: string,
  done: () => void,
  failed: (message: string) => void,
): void {
  const names = claimNames(pod);
  const bound = (n: string) => client.tryGet('persistentvolumeclaims', pod.metadata.namespace, n)?.status?.phase === 'Bound';
  // Nothing to bind (state.allBound): PreBind has nothing to wait for.
  if (names.every(bound)) return done();
  try {
    for (const name of names) {
      const claim = client.tryGet('persistentvolumeclaims', pod.metadata.namespace, name);
      if (!claim || claim.spec?.volumeName || claim.metadata.annotations?.[ANN_SELECTED_NODE] === node) continue;
      client.update('persistentvolumeclaims', claim.metadata.namespace, {
        ...claim,
        apiVersion: 'v1',
        kind: 'PersistentVolumeClaim',
        metadata: { ...claim.metadata, annotations: { ...(claim.metadata.annotations ?? {}), [ANN_SELECTED_NODE]: node } },
      });
    }
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    // bindAPIUpdate's error is returned as it is (only the wait's is "binding volumes: ...").
    return failed(`running PreBind plugin "${NAME}": ${e.message}`);
  }
  // wait.PollUntilContextTimeout(ctx, 1s, bindTimeout, immediate=false, checkBindings).
  let waited = 0;
  const check = () => {
    waited += POLL_MS;
    let unbound: string[];
    try {
      unbound = names.filter((n) => !bound(n));
    } catch (e) {
      // checkBindings' error ends the wait: the binding cycle fails and the Pod is retried.
      if (!(e instanceof StatusError)) throw e;
      return failed(`running PreBind plugin "${NAME}": binding volumes: ${e.message}`);
    }
    if (unbound.length === 0) return done();
    if (waited >= BIND_TIMEOUT_MS) return failed(`running PreBind plugin "${NAME}": binding volumes: context deadline exceeded`);
    schedule(POLL_MS, check);
  };
  schedule(POLL_MS, check);
}
