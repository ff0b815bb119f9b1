/**
 * Upstream's TestValidateContainerLogStatus (fixtures/upstream/kubelet-logs.json) on the model's
 * containerForLogs: which container instance `kubectl logs` reads from the Pod's status, and the
 * kubelet's words when there is none.
 */
import { containerForLogs, followContainerLog, readContainerLog } from '../../model/node/kubelet/container-logs';
import { failuresOf, same, upstreamTable } from './fixtures';

/** The runtime id read, or the error's message. */
function read(pod: any, container: string, previous: boolean): string {
  try {
    return containerForLogs(pod, container, previous);
  } catch (e) {
    return (e as Error).message;
  }
}

function logStatusCase(c: any): string | undefined {
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'podName', namespace: 'default' }, spec: { containers: [{ name: 'x' }] }, status: { phase: 'Running', containerStatuses: [{ name: 'x', ...c.status }] } };
  return same({ current: read(pod, 'x', false), previous: read(pod, 'x', true), otherContainer: read(pod, 'blah', false) }, c.want);
}

/** ReadLogs on a fake runtime whose container log holds the case's entries; the first read of a follow gives the same. */
function readLogsCase(c: any): string | undefined {
  const runtime: any = { containerLogEntries: () => c.entries, containerStatus: () => ({ state: 'CONTAINER_RUNNING' }) };
  const problem = same(readContainerLog(runtime, 'cid', c.options), c.want);
  if (problem) return problem;
  const follower = followContainerLog(runtime, 'cid', c.options, () => true);
  return same({ first: follower.read(), then: follower.read(), ended: follower.ended() }, { first: c.want, then: '', ended: false });
}

/** followContainerLog step by step: the runtime's entries and state and the kubelet's serving change between reads. */
function followCase(c: any): string | undefined {
  let step: any = c.steps[0];
  const runtime: any = {
    containerLogEntries: () => step.entries,
    containerStatus: () => (step.state === null ? undefined : { state: step.state ?? 'CONTAINER_RUNNING' }),
  };
  const follower = followContainerLog(runtime, 'cid', c.options, () => step.serving !== false);
  for (const [i, s] of c.steps.entries()) {
    step = s;
    const problem = same({ read: follower.read(), ended: follower.ended() }, { read: s.read, ended: s.ended });
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

/** validateContainerLogStatus rows of our own: the status among the containers' or the init containers'. */
function ownLogStatusCase(c: any): string | undefined {
  const statuses = [{ name: 'x', ...c.status }];
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'podName', namespace: 'default' }, spec: { containers: [{ name: 'x' }] }, status: { phase: 'Running', ...(c.init ? { initContainerStatuses: statuses } : { containerStatuses: statuses }) } };
  return same({ current: read(pod, 'x', false), previous: read(pod, 'x', true), otherContainer: read(pod, 'blah', false) }, c.want);
}

export const KUBELET_LOGS_TABLES: Record<string, () => string[]> = {
  validateContainerLogStatus: () => failuresOf(upstreamTable('kubelet-logs', 'validateContainerLogStatus'), logStatusCase),
  readLogs: () => failuresOf(upstreamTable('kubelet-logs', 'readLogs'), readLogsCase),
  followLogs: () => failuresOf(upstreamTable('kubelet-logs-follow', 'followLogs'), followCase),
  logStatus: () => failuresOf(upstreamTable('kubelet-logs-follow', 'logStatus'), ownLogStatusCase),
};
