/**
 * How many Pods a PodDisruptionBudget expects and how many must stay healthy
 * (pkg/controller/disruption's getExpectedPodCount and getExpectedScale): an integer
 * minAvailable counts the Pods selected; a percentage, or any maxUnavailable, counts the scale
 * of the controllers owning them (a Deployment through its ReplicaSets, a ReplicaSet, a
 * StatefulSet), rounded up.
 */
import { controllerOf, type KObject } from '../../api/meta';
import type { Informer } from '../../client/informer';
import { qualifiedResource, resourceForKind } from '../../api/registry';
import { StatusError } from '../../api/status';
import { getScaledValueFromIntOrPercent } from '../util/intstr';

/** The listers the finders read, and the scale subresource for any other kind (scaleNamespacer). */
export interface ScaleListers {
  replicasets: Informer;
  deployments: Informer;
  statefulsets?: Informer;
  /** GET <resource>/<name>/scale; throws the API's error. */
  getScale?: (resource: string, namespace: string, name: string) => any;
}

/** An error of the sync, as its message (the SyncFailed condition and the event show it). */
export class ExpectedCountError extends Error {}

export interface Expected {
  expectedCount: number;
  desiredHealthy: number;
  unmanagedPods: string[];
}

type Ref = { apiVersion: string; kind: string; name: string; uid: string };
type ControllerAndScale = { uid: string; scale: number } | undefined;

/** schema.ParseGroupVersion's group: "" for "v1", "apps" for "apps/v1"; more than one slash is an error. */
function groupOf(apiVersion: string): string {
  if (!apiVersion || apiVersion === '/') return '';
  const parts = apiVersion.split('/');
  if (parts.length > 2) throw new ExpectedCountError(`unexpected GroupVersion string: ${apiVersion}`);
  return parts.length === 1 ? '' : parts[0];
}

/** verifyGroupKind: the reference is to this kind in one of these groups. */
function isGroupKind(ref: Ref, kind: string, groups: string[]): boolean {
  const group = groupOf(ref.apiVersion);
  return ref.kind === kind && groups.includes(group);
}

/** getPodReplicaSet: a ReplicaSet not controlled by a Deployment. */
export function replicaSetFinder(ref: Ref, ns: string, l: ScaleListers): ControllerAndScale {
  if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
  const rs = l.replicasets.getByName(ns, ref.name);
  if (!rs || rs.metadata.uid !== ref.uid) return undefined;
  if (controllerOf(rs)?.kind === 'Deployment') return undefined;
  return { uid: rs.metadata.uid!, scale: rs.spec?.replicas ?? 1 };
}

/** getPodDeployment: the Deployment that controls the Pod's ReplicaSet. */
export function deploymentFinder(ref: Ref, ns: string, l: ScaleListers): ControllerAndScale {
  if (!isGroupKind(ref, 'ReplicaSet', ['apps', 'extensions'])) return undefined;
  const rs = l.replicasets.getByName(ns, ref.name);
  if (!rs || rs.metadata.uid !== ref.uid) return undefined;
  const owner = controllerOf(rs);
  if (!owner || !isGroupKind(owner, 'Deployment', ['apps', 'extensions'])) return undefined;
  const d = l.deployments.getByName(ns, owner.name);
  if (!d || d.metadata.uid !== owner.uid) return undefined;
  return { uid: d.metadata.uid!, scale: d.spec?.replicas ?? 1 };
}

/** getPodStatefulSet. */
export function statefulSetFinder(ref: Ref, ns: string, l: ScaleListers): ControllerAndScale {
  if (!l.statefulsets || !isGroupKind(ref, 'StatefulSet', ['apps'])) return undefined;
  const ss = l.statefulsets.getByName(ns, ref.name);
  if (!ss || ss.metadata.uid !== ref.uid) return undefined;
  return { uid: ss.metadata.uid!, scale: ss.spec?.replicas ?? 1 };
}

/**
 * getScaleController: any other kind through its scale subresource. A kind the API does not
 * serve, or a resource without a scale subresource, is an error; a missing object is not.
 */
export function scaleFinder(ref: Ref, ns: string, l: ScaleListers): ControllerAndScale {
  groupOf(ref.apiVersion);
  const r = resourceForKind(ref.apiVersion, ref.kind);
  if (!r) throw new ExpectedCountError(`no matches for kind ${JSON.stringify(ref.kind)} in version ${JSON.stringify(ref.apiVersion)}`);
  let scale: any;
  try {
    scale = l.getScale?.(r.resource, ns, ref.name);
  } catch (e) {
    if (!(e instanceof StatusError) || e.code !== 404) throw e;
    if (!r.subresources.includes('scale')) throw new ExpectedCountError(`${qualifiedResource(r)} does not implement the scale subresource`);
    return undefined;
  }
  if (!scale || scale.metadata?.uid !== ref.uid) return undefined;
  return { uid: ref.uid, scale: scale.spec?.replicas ?? 0 };
}

/** The finders, in upstream's order (there is no ReplicationController in the model). */
const FINDERS = [replicaSetFinder, deploymentFinder, statefulSetFinder, scaleFinder];

/** getExpectedScale: the sum of the scales of the controllers that own the Pods, once each. */
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
    let found: ControllerAndScale;
    for (const finder of FINDERS) {
      found = finder(ref, pod.metadata.namespace!, listers);
      if (found) break;
    }
    if (!found) throw new ExpectedCountError(`found no controllers for pod ${JSON.stringify(pod.metadata.name)}`);
    scales.set(found.uid, found.scale);
  }
  let count = 0;
  for (const n of scales.values()) count += n;
  return { count, unmanaged };
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
