/**
 * How many Pods a PodDisruptionBudget expects and how many must stay healthy
 * (pkg/controller/disruption's getExpectedPodCount and getExpectedScale): an integer
 * minAvailable counts the Pods selected; a percentage, or any maxUnavailable, counts the scale
 * of the controllers owning them (a Deployment through its ReplicaSets, a ReplicaSet, a
 * StatefulSet), rounded up.
 */
import { controllerOf, type KObject } from '../../api/meta';
import type { Informer } from '../../client/informer';
import { getScaledValueFromIntOrPercent } from '../util/intstr';

/** The listers the finders read. */
export interface ScaleListers {
  replicasets: Informer;
  deployments: Informer;
  statefulsets?: Informer;
}

/** An error of the sync, as its message (the SyncFailed condition and the event show it). */
export class ExpectedCountError extends Error {}

export interface Expected {
  expectedCount: number;
  desiredHealthy: number;
  unmanagedPods: string[];
}

/** getExpectedScale: the sum of spec.replicas of the controllers that own the Pods, once each. */
function expectedScale(pods: KObject[], listers: ScaleListers): { count: number; unmanaged: string[] } {
  const scales = new Map<string, number>();
  const unmanaged: string[] = [];
  for (const pod of pods) {
    const ref = controllerOf(pod);
    if (!ref) {
      unmanaged.push(pod.metadata.name!);
      continue;
    }
    if (scales.has(ref.uid)) continue;
    const found = findController(ref, pod.metadata.namespace!, listers);
    if (!found) throw new ExpectedCountError(`found no controllers for pod ${JSON.stringify(pod.metadata.name)}`);
    scales.set(found.uid, found.scale);
  }
  let count = 0;
  for (const n of scales.values()) count += n;
  return { count, unmanaged };
}

/** The finders in upstream's order: a Deployment through its ReplicaSet, a ReplicaSet on its own, a StatefulSet. */
function findController(ref: { kind: string; name: string; uid: string }, ns: string, l: ScaleListers): { uid: string; scale: number } | undefined {
  if (ref.kind === 'ReplicaSet') {
    const rs = l.replicasets.getByName(ns, ref.name);
    if (!rs || rs.metadata.uid !== ref.uid) return undefined;
    const owner = controllerOf(rs);
    if (owner?.kind === 'Deployment') {
      const d = l.deployments.getByName(ns, owner.name);
      if (!d || d.metadata.uid !== owner.uid) return undefined;
      return { uid: d.metadata.uid!, scale: d.spec?.replicas ?? 1 };
    }
    return { uid: rs.metadata.uid!, scale: rs.spec?.replicas ?? 1 };
  }
  if (ref.kind === 'StatefulSet' && l.statefulsets) {
    const ss = l.statefulsets.getByName(ns, ref.name);
    if (!ss || ss.metadata.uid !== ref.uid) return undefined;
    return { uid: ss.metadata.uid!, scale: ss.spec?.replicas ?? 1 };
  }
  return undefined;
}

/** getExpectedPodCount. Throws ExpectedCountError (no controller found, a bad IntOrString). */
export function expectedPodCount(pdb: KObject, pods: KObject[], listers: ScaleListers): Expected {
  const spec = pdb.spec ?? {};
  const scaled = (v: unknown, total: number) => {
    try {
      return getScaledValueFromIntOrPercent(v, total, true);
    } catch (e) {
      throw new ExpectedCountError(e instanceof Error ? e.message : String(e));
    }
  };
  if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) {
    const { count, unmanaged } = expectedScale(pods, listers);
    return { expectedCount: count, desiredHealthy: Math.max(0, count - scaled(spec.maxUnavailable, count)), unmanagedPods: unmanaged };
  }
  if (typeof spec.minAvailable === 'number') return { expectedCount: pods.length, desiredHealthy: spec.minAvailable, unmanagedPods: [] };
  if (typeof spec.minAvailable === 'string') {
    const { count, unmanaged } = expectedScale(pods, listers);
    return { expectedCount: count, desiredHealthy: scaled(spec.minAvailable, count), unmanagedPods: unmanaged };
  }
  return { expectedCount: 0, desiredHealthy: 0, unmanagedPods: [] };
}
