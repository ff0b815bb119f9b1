/**
 * polymorphichelpers.UpdatePodSpecForObject: where an object keeps the Pod spec `kubectl set`
 * edits (a Pod's own, a workload's template, a CronJob's job template), or kubectl's error.
 */
import type { KObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';

const TEMPLATED = new Set(['ReplicationController', 'Deployment', 'DaemonSet', 'ReplicaSet', 'StatefulSet', 'Job']);

export class NoPodSpecError extends Error {}

/** The Pod spec of obj (created empty where missing, as the typed struct has it), or NoPodSpecError. */
export function podSpecOf(r: ResourceInfo, obj: KObject): any {
  const ensure = (o: any, key: string) => (o[key] = o[key] && typeof o[key] === 'object' ? o[key] : {});
  if (r.kind === 'Pod') return ensure(obj, 'spec');
  if (TEMPLATED.has(r.kind)) return ensure(ensure(ensure(obj, 'spec'), 'template'), 'spec');
  if (r.kind === 'CronJob') return ensure(ensure(ensure(ensure(ensure(obj, 'spec'), 'jobTemplate'), 'spec'), 'template'), 'spec');
  // %T of the typed object: "*v1.Service".
  throw new NoPodSpecError(`the object is not a pod or does not have a pod template: *${r.version}.${r.kind}`);
}
