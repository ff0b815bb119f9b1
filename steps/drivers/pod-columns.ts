/**
 * The READY and STATUS columns `kubectl get pods` prints for a Pod, computed from the object as
 * kubectl's printPod does (k8s.io/kubernetes pkg/printers/internalversion, v1.32), so what an
 * informer saw can be compared with what a watch printed. Init containers are not covered.
 */
import type { KObject } from '../../model/api/meta';

export interface PodColumns {
  ready: string;
  status: string;
}

export function podColumns(pod: KObject): PodColumns {
  if ((pod.spec?.initContainers ?? []).length) throw new Error(`pod ${pod.metadata.name}: init containers are not covered here`);
  const total = (pod.spec?.containers ?? []).length;
  let ready = 0;
  let reason: string = pod.status?.reason || pod.status?.phase || '';
  let hasRunning = false;
  const statuses: any[] = pod.status?.containerStatuses ?? [];
  // From the last container to the first: the first container's state wins, as in kubectl.
  for (let i = statuses.length - 1; i >= 0; i--) {
    const state = statuses[i].state ?? {};
    if (state.waiting?.reason) reason = state.waiting.reason;
    else if (state.terminated?.reason) reason = state.terminated.reason;
    else if (state.terminated) reason = state.terminated.signal ? `Signal:${state.terminated.signal}` : `ExitCode:${state.terminated.exitCode}`;
    else if (statuses[i].ready && state.running) {
      hasRunning = true;
      ready++;
    }
  }
  if (reason === 'Completed' && hasRunning) reason = (pod.status?.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
  const phase = pod.status?.phase;
  if (pod.metadata.deletionTimestamp && pod.status?.reason === 'NodeLost') reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';
  return { ready: `${ready}/${total}`, status: reason };
}
