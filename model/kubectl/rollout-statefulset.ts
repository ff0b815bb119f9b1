/**
 * kubectl's StatefulSetStatusViewer (polymorphichelpers/rollout_status.go, 1.32): only a
 * RollingUpdate has a status; it waits for the controller to observe the spec, then for every
 * replica to be ready; with a rollingUpdate block (the API server defaults one with partition
 * 0) the rollout is complete once the Pods from the partition up are updated, else once the
 * update revision is the current one.
 */
import type { KObject } from '../api/meta';
import { KubectlError } from './errors';

export function statefulSetStatus(sts: KObject): { text: string; done: boolean } {
  const spec = sts.spec ?? {};
  const s = sts.status ?? {};
  if (spec.updateStrategy?.type !== 'RollingUpdate') throw new KubectlError('rollout status is only available for RollingUpdate strategy type');
  if (!s.observedGeneration || (sts.metadata.generation ?? 0) > s.observedGeneration) return { text: 'Waiting for statefulset spec update to be observed...\n', done: false };
  if (typeof spec.replicas === 'number' && (s.readyReplicas ?? 0) < spec.replicas) return { text: `Waiting for ${spec.replicas - (s.readyReplicas ?? 0)} pods to be ready...\n`, done: false };
  const ru = spec.updateStrategy.rollingUpdate;
  if (ru && typeof ru === 'object') {
    if (typeof spec.replicas === 'number' && typeof ru.partition === 'number' && (s.updatedReplicas ?? 0) < spec.replicas - ru.partition)
      return { text: `Waiting for partitioned roll out to finish: ${s.updatedReplicas ?? 0} out of ${spec.replicas - ru.partition} new pods have been updated...\n`, done: false };
    return { text: `partitioned roll out complete: ${s.updatedReplicas ?? 0} new pods have been updated...\n`, done: true };
  }
  if (s.updateRevision !== s.currentRevision)
    return { text: `waiting for statefulset rolling update to complete ${s.updatedReplicas ?? 0} pods at revision ${s.updateRevision ?? ''}...\n`, done: false };
  return { text: `statefulset rolling update complete ${s.currentReplicas ?? 0} pods at revision ${s.currentRevision ?? ''}...\n`, done: true };
}
