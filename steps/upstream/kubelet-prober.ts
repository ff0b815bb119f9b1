/**
 * Upstream's prober worker and manager tests (fixtures/upstream/kubelet-prober.json) on the model's
 * ProbeManager: a fake kubelet core whose runtime has the case's Pods (p, and any others), each
 * with one running container c in a ready sandbox, and whose exec answers as the step says; each
 * probe step runs the next pending worker tick (one period), a round step runs every pending tick.
 */
import { LABEL_CONTAINER_NAME, LABEL_POD_UID } from '../../model/node/kubelet/runtime-view';
import { ProbeManager } from '../../model/node/kubelet/prober-manager';
import { runProbe } from '../../model/node/kubelet/prober';
import { attachNode } from '../../model/node/network/fabric';
import type { KubeletCore } from '../../model/node/kubelet/core';
import { failuresOf, same, upstreamTable } from './fixtures';

const FIELD: Record<string, string> = { liveness: 'livenessProbe', readiness: 'readinessProbe', startup: 'startupProbe' };

/** The fake kubelet core: its runtime, recorder, log, clock and timers, all visible to the case. */
function fakeCore(c: any) {
  const state = {
    now: 0,
    answer: 'success',
    running: true,
    pending: [] as { ms: number; fn: () => void }[],
    events: [] as string[],
    fieldPaths: [] as string[],
    logs: [] as string[],
    kills: [] as number[],
    execs: {} as Record<string, number>,
    changes: 0,
    /** Per Pod UID, its container c: id, state, start. */
    containers: new Map<string, { id: string; state: string; startedAt: number }>(),
  };
  const uids = () => [...state.containers.keys()];
  const runtime = {
    name: 'containerd',
    listPodSandbox: () =>
      c.noSandbox ? [] : uids().map((uid) => ({ id: `sb-${uid}`, labels: { [LABEL_POD_UID]: uid }, state: 'SANDBOX_READY', ip: '10.0.0.1', createdAt: 0, metadata: { name: uid, namespace: 'default', uid, attempt: 0 } })),
    listContainers: () =>
      uids().map((uid) => {
        const k = state.containers.get(uid)!;
        return { id: k.id, podSandboxId: `sb-${uid}`, labels: { [LABEL_POD_UID]: uid, [LABEL_CONTAINER_NAME]: 'c' }, metadata: { name: 'c', attempt: 0 }, state: k.state, createdAt: k.startedAt, startedAt: k.startedAt };
      }),
    stopContainer: (_id: string, grace: number, done: () => void) => {
      state.kills.push(grace);
      done();
    },
  };
  const server = {
    exec: (pod: any) => {
      state.execs[pod.metadata.name] = (state.execs[pod.metadata.name] ?? 0) + 1;
      return state.answer === 'success' ? { stdout: '', stderr: '', code: 0 } : { stdout: 'boom\n', stderr: '', code: 1 };
    },
  };
  const core = {
    runtime,
    recorder: {
      event: (_o: unknown, type: string, reason: string, message: string, fieldPath?: string) => {
        state.events.push(`${type} ${reason} ${message}`);
        state.fieldPaths.push(`${reason} ${fieldPath}`);
      },
    },
    host: { name: 'node' },
    ctx: {
      sim: { clock: { nowMs: () => state.now } },
      proc: {
        get running() {
          return state.running;
        },
        schedule: (ms: number, _what: string, fn: () => void) => state.pending.push({ ms, fn }),
      },
      client: { server: { kubelets: new Map([['node', server]]) } },
      log: { info: (at: string, msg: string, fields: unknown) => state.logs.push(`${at} ${msg} ${JSON.stringify(fields)}`) },
    },
  } as unknown as KubeletCore;
  return { state, core };
}

/** A Pod of the case: containers (a first one without probes when the case says so) and c with the probe. */
function podOf(c: any, name: string): any {
  const uid = name === 'p' ? 'pod-uid' : `${name}-uid`;
  const container = { name: 'c', image: 'busybox', [FIELD[c.type]]: { exec: { command: ['check'] }, ...c.probe } };
  const containers = c.unprobedFirst ? [{ name: 'a', image: 'busybox' }, container] : [container];
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', uid }, spec: { containers, ...(c.podSpec ?? {}) }, status: { phase: 'Running' } };
}

function probeWorkerCase(c: any): string | undefined {
  const { state, core } = fakeCore(c);
  const pods = new Map<string, any>();
  for (const name of c.pods ?? ['p']) {
    const pod = podOf(c, name);
    pods.set(name, pod);
    state.containers.set(pod.metadata.uid, { id: `cid-${name}`, state: 'CONTAINER_RUNNING', startedAt: 0 });
  }
  const uid = pods.get('p').metadata.uid;
  const m = new ProbeManager(core, () => state.changes++);
  for (const pod of pods.values()) m.update(pod);
  let restarts = 0;
  for (const [i, step] of c.steps.entries()) {
    if (step.at !== undefined) {
      state.now = step.at;
      continue;
    }
    if (step.restart) {
      // The kubelet replaced the container: a new ID, running from now.
      state.containers.set(uid, { id: `cid-p-${++restarts}`, state: 'CONTAINER_RUNNING', startedAt: state.now });
      continue;
    }
    if (step.containerState) {
      state.containers.get(uid)!.state = step.containerState;
      continue;
    }
    if (step.update) {
      // The Pod as the API server now has it: "deleting", "phase <P>", "no status", "no spec" or "no containers".
      const pod = structuredClone(pods.get('p'));
      if (step.update === 'deleting') pod.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
      else if (step.update.startsWith('phase ')) pod.status.phase = step.update.slice(6);
      else if (step.update === 'no status') delete pod.status;
      else if (step.update === 'no spec') delete pod.spec;
      else if (step.update === 'no containers') pod.spec = {};
      else throw new Error(`unknown update ${step.update}`);
      m.update(pod);
      continue;
    }
    if (step.remove) {
      m.remove(pods.get(step.remove).metadata.uid);
      continue;
    }
    if (step.readd) {
      m.update(pods.get(step.readd));
      continue;
    }
    if (step.kubeletStopped) {
      state.running = false;
      continue;
    }
    if (step.probe !== undefined) state.answer = step.probe;
    if (step.containerStarted) m.containerStarted(uid, 'c');
    else if (step.round) {
      // Every tick pending now runs once (the ones it schedules wait for the next round).
      for (const t of state.pending.splice(0)) t.fn();
    } else {
      const tick = state.pending.shift();
      if (!tick) return `step ${i + 1}: the worker is not scheduled`;
      tick.fn();
    }
    const seen: any = {};
    if ('ready' in step) seen.ready = m.ready(uid, 'c');
    if ('started' in step) seen.started = m.started(uid, 'c');
    if ('killed' in step) seen.killed = state.kills.length;
    if ('grace' in step) seen.grace = state.kills[state.kills.length - 1];
    if ('unhealthy' in step) seen.unhealthy = state.events.filter((e) => e.includes(' Unhealthy ')).length;
    if ('events' in step) seen.events = [...state.events];
    if ('fieldPaths' in step) seen.fieldPaths = [...state.fieldPaths];
    if ('logs' in step) seen.logs = [...state.logs];
    if ('execs' in step) seen.execs = { ...state.execs };
    if ('changes' in step) seen.changes = state.changes;
    if ('scheduled' in step) seen.scheduled = state.pending.length;
    const want = Object.fromEntries(Object.keys(seen).map((k) => [k, step[k]]));
    const problem = same(seen, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

/**
 * The first wait of each worker (worker.run sleeps a random part of the period before probing):
 * within the period, and spread, so that workers made together do not probe together.
 */
function firstWaitCase(c: any): string | undefined {
  const waits = (): number[] => {
    const { state, core } = fakeCore(c);
    const m = new ProbeManager(core, () => {});
    for (const name of c.pods) m.update(podOf(c, name));
    return state.pending.map((t) => t.ms);
  };
  const got = waits();
  const period = 1000 * (c.probe.periodSeconds ?? 10);
  const seen = {
    workers: got.length,
    withinPeriod: got.every((ms) => ms >= 0 && ms < period),
    distinct: new Set(got).size,
    sameOnceMore: JSON.stringify(waits()) === JSON.stringify(got),
  };
  return same(seen, c.want);
}

/**
 * One probe (runProbe) of container c of Pod default/p (UID pod-uid) on a node whose address is
 * 172.18.0.3: whatever the case lists listens at "ip:port" in the Pod's network namespace (the
 * node's own for its address) and answers HTTP with that status; exec answers as the case says.
 * It reads the outcome, the error, the command run and the addresses and paths asked for.
 */
function probeHandlerCase(c: any): string | undefined {
  const asked: string[] = [];
  let command: string[] | undefined;
  const listeners = (ip: string) => ({
    listener: (port: number, proto: string) => {
      const status = proto === 'tcp' ? c.listen?.[`${ip}:${port}`] : undefined;
      return status === undefined ? undefined : { http: (path: string) => (asked.push(`${ip}:${port}${path}`), { status }) };
    },
  });
  const host: any = { name: 'node', config: { address: '172.18.0.3' } };
  const cluster: any = { attach: () => listeners('172.18.0.3'), pod: (ip: string) => (ip === '10.244.1.5' ? { ns: listeners(ip) } : undefined) };
  attachNode(cluster, host);
  const server: any = {
    exec: (_pod: unknown, _c: string, cmd: string[]) => ((command = cmd), { stdout: c.exec?.stdout ?? '', stderr: c.exec?.stderr ?? '', code: c.exec?.code ?? 0 }),
  };
  const pod: any = { metadata: { name: 'p', namespace: 'default', uid: 'pod-uid' }, spec: { containers: [] } };
  const container = { name: 'c', image: 'busybox', ports: c.ports ?? [{ name: 'found', containerPort: 93 }], env: c.env };
  const out = runProbe(host, server, pod, container, c.probe, c.podIP ?? '10.244.1.5');
  const got: any = { result: out.result };
  if (out.result === 'failure') got.output = out.output;
  if (out.error !== undefined) got.error = out.error;
  if (command) got.command = command;
  if (asked.length) got.asked = asked;
  return same(got, c.want);
}

export const KUBELET_PROBER_TABLES: Record<string, () => string[]> = {
  probeWorker: () => failuresOf(upstreamTable('kubelet-prober', 'probeWorker'), probeWorkerCase),
  probeManager: () => failuresOf(upstreamTable('kubelet-prober', 'probeManager'), probeWorkerCase),
  probeHandlers: () => failuresOf(upstreamTable('kubelet-prober', 'probeHandlers'), probeHandlerCase),
  probeFirstWait: () => failuresOf(upstreamTable('kubelet-prober', 'probeFirstWait'), firstWaitCase),
};
