/**
 * The kubelet's restart policy, at every Pod write: a Never Pod's containers never restart, an
 * OnFailure Pod's container never restarts after exiting 0, and an Always Pod that is not being
 * deleted never reaches a terminal phase.
 */
import type { KObject } from '../../model/api/meta';

export function checkRestartPolicy(key: string, pod: KObject, violate: (msg: string) => void): void {
  const policy = pod.spec?.restartPolicy ?? 'Always';
  for (const s of pod.status?.containerStatuses ?? []) {
    if (policy === 'Never' && (s.restartCount ?? 0) > 0) violate(`pod ${key} (restartPolicy Never) restarted container ${s.name} ${s.restartCount} times`);
    if (policy === 'OnFailure' && (s.restartCount ?? 0) > 0 && s.lastState?.terminated?.exitCode === 0)
      violate(`pod ${key} (restartPolicy OnFailure) restarted container ${s.name} after it exited 0`);
  }
  const phase = pod.status?.phase;
  if (policy === 'Always' && !pod.metadata.deletionTimestamp && (phase === 'Succeeded' || phase === 'Failed')) violate(`pod ${key} (restartPolicy Always) is ${phase} without being deleted`);
}
