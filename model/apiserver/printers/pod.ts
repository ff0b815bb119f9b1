import type { KObject } from '../../api/meta';
import { since } from './age';
import { AGE, NAME } from './columns';
import { SWAGGER_DOC } from './swagger-docs';
import { column, type TableHandler, type TableRowCondition } from './types';

const isRestartableInit = (c: any) => c?.restartPolicy === 'Always';

const podSuccessConditions: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Succeeded', message: 'The pod has completed successfully.' }];
const podFailedConditions: TableRowCondition[] = [{ type: 'Completed', status: 'True', reason: 'Failed', message: 'The pod failed.' }];

/** printPod: READY, the STATUS reason logic, RESTARTS "(40s ago)", wide IP/NODE columns. */
export const podPrinter: TableHandler = {
  columns: [
    NAME,
    column('Ready', 'string', 'The aggregate readiness state of this pod for accepting traffic.'),
    column('Status', 'string', 'The aggregate status of the containers in this pod.'),
    column('Restarts', 'string', 'The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.'),
    AGE,
    column('IP', 'string', SWAGGER_DOC.PodStatus.podIP, { priority: 1 }),
    column('Node', 'string', SWAGGER_DOC.PodSpec.nodeName, { priority: 1 }),
    column('Nominated Node', 'string', SWAGGER_DOC.PodStatus.nominatedNodeName, { priority: 1 }),
    column('Readiness Gates', 'string', SWAGGER_DOC.PodSpec.readinessGates, { priority: 1 }),
  ],
  row(pod: KObject, { nowMs }) {
    const spec = pod.spec ?? {};
    const status = pod.status ?? {};
    let restarts = 0;
    let restartableInitRestarts = 0;
    let totalContainers = (spec.containers ?? []).length;
    let readyContainers = 0;
    let lastRestart = 0;
    let lastRestartableInitRestart = 0;
    const phase: string = status.phase ?? '';
    let reason: string = status.reason || phase;
    for (const c of status.conditions ?? []) if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
    const conditions = phase === 'Succeeded' ? podSuccessConditions : phase === 'Failed' ? podFailedConditions : undefined;

    const initSpecs = new Map<string, any>();
    for (const c of spec.initContainers ?? []) {
      initSpecs.set(c.name, c);
      if (isRestartableInit(c)) totalContainers++;
    }
    let initializing = false;
    const initStatuses: any[] = status.initContainerStatuses ?? [];
    for (let i = 0; i < initStatuses.length; i++) {
      const c = initStatuses[i];
      restarts += c.restartCount ?? 0;
      const lt = finishedAt(c);
      if (lt > lastRestart) lastRestart = lt;
      const restartable = isRestartableInit(initSpecs.get(c.name));
      if (restartable) {
        restartableInitRestarts += c.restartCount ?? 0;
        if (lt > lastRestartableInitRestart) lastRestartableInitRestart = lt;
      }
      const st = c.state ?? {};
      // A status without exitCode is Go's zero value: 0.
      if (st.terminated && (st.terminated.exitCode ?? 0) === 0) continue;
      if (restartable && c.started) {
        if (c.ready) readyContainers++;
        continue;
      }
      if (st.terminated) {
        if (!st.terminated.reason) reason = st.terminated.signal ? `Init:Signal:${st.terminated.signal}` : `Init:ExitCode:${st.terminated.exitCode ?? 0}`;
        else reason = `Init:${st.terminated.reason}`;
        initializing = true;
      } else if (st.waiting?.reason && st.waiting.reason !== 'PodInitializing') {
        reason = `Init:${st.waiting.reason}`;
        initializing = true;
      } else {
        reason = `Init:${i}/${(spec.initContainers ?? []).length}`;
        initializing = true;
      }
      break;
    }

    const initializedTrue = (status.conditions ?? []).some((c: any) => c.type === 'Initialized' && c.status === 'True');
    if (!initializing || initializedTrue) {
      restarts = restartableInitRestarts;
      lastRestart = lastRestartableInitRestart;
      let hasRunning = false;
      const cs: any[] = status.containerStatuses ?? [];
      for (let i = cs.length - 1; i >= 0; i--) {
        const c = cs[i];
        const st = c.state ?? {};
        restarts += c.restartCount ?? 0;
        const lt = finishedAt(c);
        if (lt > lastRestart) lastRestart = lt;
        if (st.waiting?.reason) reason = st.waiting.reason;
        else if (st.terminated?.reason) reason = st.terminated.reason;
        else if (st.terminated) reason = st.terminated.signal ? `Signal:${st.terminated.signal}` : `ExitCode:${st.terminated.exitCode ?? 0}`;
        else if (c.ready && st.running) {
          hasRunning = true;
          readyContainers++;
        }
      }
      if (reason === 'Completed' && hasRunning) {
        reason = (status.conditions ?? []).some((c: any) => c.type === 'Ready' && c.status === 'True') ? 'Running' : 'NotReady';
      }
    }

    if (pod.metadata.deletionTimestamp && status.reason === 'NodeLost') reason = 'Unknown';
    else if (pod.metadata.deletionTimestamp && phase !== 'Succeeded' && phase !== 'Failed') reason = 'Terminating';

    let restartsStr = String(restarts);
    if (restarts !== 0 && lastRestart > 0) restartsStr = `${restarts} (${since(new Date(lastRestart).toISOString(), nowMs)} ago)`;

    const ip = status.podIPs?.[0]?.ip || '<none>';
    const gates: any[] = spec.readinessGates ?? [];
    let readinessGates = '<none>';
    if (gates.length > 0) {
      let t = 0;
      for (const g of gates) {
        const c = (status.conditions ?? []).find((x: any) => x.type === g.conditionType);
        if (c?.status === 'True') t++;
      }
      readinessGates = `${t}/${gates.length}`;
    }
    const cells = [pod.metadata.name!, `${readyContainers}/${totalContainers}`, reason, restartsStr, since(pod.metadata.creationTimestamp, nowMs), ip, spec.nodeName || '<none>', status.nominatedNodeName || '<none>', readinessGates];
    return conditions ? { cells, conditions } : { cells };
  },
};

function finishedAt(c: any): number {
  const t = c?.lastState?.terminated?.finishedAt;
  return t ? Date.parse(t) : 0;
}
