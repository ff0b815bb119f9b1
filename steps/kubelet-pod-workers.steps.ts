/**
 * The kubelet's pod workers, killPod and the runtime view (model/node/kubelet/pod-workers.ts,
 * kill-pod.ts, runtime-view.ts) as upstream's unit tests drive them (kubernetes v1.32:
 * pkg/kubelet/pod_workers_test.go, kuberuntime/kuberuntime_manager_test.go and
 * kuberuntime_container_test.go, kuberuntime_gc_test.go, container/runtime_test.go).
 * Upstream's tests call UpdatePod with a Pod and look at the calls the fake runtime saw; here the
 * model's PodWorkers get each Pod as the informer would hand it over (update / remove), against an
 * API server of their own (FakeControlPlane) and a scripted CRI runtime that logs every call it
 * takes. Everything runs on the virtual clock: `wait` lets the workers, the runtime's answers and
 * the garbage collector run.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { type ContainerEvent, type ContainerRuntime, type ContainerStatus, type ImageInfo, type PodSandboxStatus } from '../model/node/cri/api';
import { Backoff } from '../model/node/kubelet/backoff';
import type { KubeletCore } from '../model/node/kubelet/core';
import { ImageManager } from '../model/node/kubelet/image-manager';
import { PodWorkers } from '../model/node/kubelet/pod-workers';
import { LABEL_POD_UID, podRuntimeState, sandboxConfig } from '../model/node/kubelet/runtime-view';
import type { Process } from '../model/sim/process';
import type { Simulation } from '../model/sim/simulation';
import { FakeControlPlane } from './upstream/harness';

/** How long the scripted runtime takes to answer a call (a gRPC round trip). */
const RPC_MS = 100;

/**
 * A CRI runtime with no processes: sandboxes and containers are records whose state changes as
 * the kubelet asks, each answer after RPC_MS of virtual time. A container stops 100 ms after its
 * SIGTERM, or at the stop timeout when it ignores SIGTERM. It logs the calls the kubelet makes
 * (in upstream's FakeRuntime's spirit: what was called, with what) and sends container events, as
 * containerd's event stream does, to the pod workers.
 */
class ScriptedRuntime implements ContainerRuntime {
  readonly name = 'containerd';
  readonly version = '1.7.24';
  readonly endpoint = 'unix:///run/containerd/containerd.sock';
  readonly sandboxes = new Map<string, PodSandboxStatus>();
  readonly containers = new Map<string, ContainerStatus>();
  networkReady = true;
  /** Container names whose process ignores SIGTERM (killed at the stop timeout). */
  readonly ignoresSigterm = new Set<string>();
  private readonly listeners: ((ev: ContainerEvent) => void)[] = [];
  private ids = 0;

  constructor(
    private readonly sim: Simulation,
    private readonly log: (entry: string) => void,
  ) {}

  private later(fn: () => void, ms = RPC_MS): void {
    this.sim.schedule(ms, 'scripted CRI answer', fn);
  }

  private podName(labels: Record<string, string>): string {
    return labels['io.kubernetes.pod.name'] === 'foo' ? '' : `${labels['io.kubernetes.pod.name']}/`;
  }

  private emit(c: ContainerStatus, type: ContainerEvent['type']): void {
    const s = this.sandboxes.get(c.podSandboxId);
    for (const l of this.listeners) l({ containerId: c.id, type, podSandboxId: c.podSandboxId, podLabels: s?.labels ?? c.labels });
  }

  private exit(c: ContainerStatus, code: number): void {
    if (c.state === 'CONTAINER_EXITED') return;
    c.state = 'CONTAINER_EXITED';
    c.exitCode = code;
    c.reason = code === 0 ? 'Completed' : 'Error';
    c.finishedAt = this.sim.clock.nowMs();
    this.emit(c, 'CONTAINER_STOPPED_EVENT');
  }

  runPodSandbox(config: Parameters<ContainerRuntime['runPodSandbox']>[0], cb: Parameters<ContainerRuntime['runPodSandbox']>[1]): void {
    this.log(`${this.podName(config.labels)}sandbox ${config.metadata.attempt}`);
    const id = `sb${++this.ids}`;
    this.later(() => {
      this.sandboxes.set(id, { id, metadata: { ...config.metadata }, state: 'SANDBOX_READY', createdAt: this.sim.clock.nowMs(), ip: `10.244.1.${this.ids}`, labels: { ...config.labels } });
      cb(undefined, id);
    }, 10 * RPC_MS);
  }

  stopPodSandbox(id: string, cb: (err: undefined) => void): void {
    const s = this.sandboxes.get(id)!;
    this.log(`${this.podName(s.labels)}stop sandbox ${s.metadata.attempt}`);
    this.later(() => {
      for (const c of this.containers.values()) if (c.podSandboxId === id && c.state !== 'CONTAINER_EXITED') this.exit(c, 137);
      s.state = 'SANDBOX_NOTREADY';
      cb(undefined);
    });
  }

  removePodSandbox(id: string, cb: (err: undefined) => void): void {
    const s = this.sandboxes.get(id)!;
    this.log(`${this.podName(s.labels)}remove sandbox ${s.metadata.attempt}`);
    this.sandboxes.delete(id);
    this.later(() => cb(undefined));
  }

  podSandboxStatus(id: string): PodSandboxStatus | undefined {
    return this.sandboxes.get(id);
  }

  listPodSandbox(): PodSandboxStatus[] {
    return [...this.sandboxes.values()];
  }

  createContainer(sandboxId: string, config: Parameters<ContainerRuntime['createContainer']>[1], cb: Parameters<ContainerRuntime['createContainer']>[2]): void {
    this.log(`${this.podName(config.labels)}create ${config.metadata.name} ${config.metadata.attempt}`);
    const id = `c${++this.ids}`;
    this.later(() => {
      const now = this.sim.clock.nowMs();
      const c: ContainerStatus = { id, podSandboxId: sandboxId, metadata: { ...config.metadata }, image: config.image, imageRef: `${config.image}@sha256:1`, imageId: 'sha256:1', labels: { ...config.labels }, state: 'CONTAINER_CREATED', createdAt: now, startedAt: 0, finishedAt: 0, exitCode: 0, reason: '' };
      this.containers.set(id, c);
      this.emit(c, 'CONTAINER_CREATED_EVENT');
      cb(undefined, id);
    });
  }

  startContainer(id: string, cb: Parameters<ContainerRuntime['startContainer']>[1]): void {
    const c = this.containers.get(id)!;
    this.log(`${this.podName(c.labels)}start ${c.metadata.name}`);
    this.later(() => {
      c.state = 'CONTAINER_RUNNING';
      c.startedAt = this.sim.clock.nowMs();
      this.emit(c, 'CONTAINER_STARTED_EVENT');
      cb(undefined);
    });
  }

  stopContainer(id: string, timeoutSeconds: number, cb: (err: undefined) => void): void {
    const c = this.containers.get(id)!;
    this.log(`${this.podName(c.labels)}stop ${c.metadata.name} ${timeoutSeconds}`);
    const ms = c.state === 'CONTAINER_RUNNING' && this.ignoresSigterm.has(c.metadata.name) ? timeoutSeconds * 1000 : RPC_MS;
    this.later(() => {
      this.exit(c, c.state === 'CONTAINER_RUNNING' ? 143 : 0);
      this.log(`${this.podName(c.labels)}stopped ${c.metadata.name}`);
      cb(undefined);
    }, ms);
  }

  removeContainer(id: string, cb: (err: undefined) => void): void {
    const c = this.containers.get(id)!;
    this.log(`${this.podName(c.labels)}remove ${c.metadata.name} ${c.metadata.attempt}`);
    this.containers.delete(id);
    this.later(() => cb(undefined));
  }

  containerStatus(id: string): ContainerStatus | undefined {
    return this.containers.get(id);
  }

  listContainers(): ContainerStatus[] {
    return [...this.containers.values()];
  }

  containerLogs(): string[] {
    return [];
  }

  containerLogEntries(): { t: number; stream: 'stdout' | 'stderr'; text: string }[] {
    return [];
  }

  status(): ReturnType<ContainerRuntime['status']> {
    // Each sync of a running Pod starts by asking whether the network is ready.
    this.log('sync');
    return [
      { type: 'RuntimeReady', status: true, reason: '', message: '' },
      { type: 'NetworkReady', status: this.networkReady, reason: this.networkReady ? '' : 'NetworkPluginNotReady', message: '' },
    ];
  }

  updateRuntimeConfig(): void {}

  getContainerEvents(listener: (ev: ContainerEvent) => void): () => void {
    this.listeners.push(listener);
    return () => undefined;
  }

  pullImage(): void {
    throw new Error('the scripted runtime has every image');
  }

  imageStatus(image: string): ImageInfo {
    return { id: 'sha256:1', repoTags: [image], repoDigests: [`${image}@sha256:1`], size: 1 };
  }

  listImages(): ImageInfo[] {
    return [];
  }

  /** The Pod's container `name` that runs now exits with `code`. */
  exitRunning(pod: string, name: string, code: number): void {
    const c = [...this.containers.values()].find((x) => x.labels['io.kubernetes.pod.name'] === pod && x.metadata.name === name && x.state === 'CONTAINER_RUNNING');
    if (!c) throw new Error(`no running container ${name} of ${pod}`);
    this.exit(c, code);
  }

  /** The Pod's ready sandbox dies (its network namespace is gone): its containers with it. */
  sandboxDies(pod: string): void {
    const s = [...this.sandboxes.values()].find((x) => x.labels['io.kubernetes.pod.name'] === pod && x.state === 'SANDBOX_READY');
    if (!s) throw new Error(`no ready sandbox of ${pod}`);
    s.state = 'SANDBOX_NOTREADY';
    for (const c of this.containers.values()) if (c.podSandboxId === s.id) this.exit(c, 137);
  }
}

/** One kubelet's pod workers on a fake API server and the scripted runtime, driven by a step list. */
class PodWorkersHarness {
  readonly cp = new FakeControlPlane();
  readonly calls: string[] = [];
  readonly runtime: ScriptedRuntime;
  workers: PodWorkers;
  private proc!: Process;
  /** Each Pod as first created (a stale copy for `stale`) and as last handed to the workers. */
  private readonly first = new Map<string, KObject>();
  private readonly delivered = new Map<string, KObject>();
  /** The kubelet's API requests of these verbs fail once each with this code (a fault). */
  private failing: { verb: string; code: 500 | 409 }[] = [];

  constructor() {
    this.runtime = new ScriptedRuntime(this.cp.sim, (e) => this.calls.push(e));
    this.cp.sim.faults = {
      apiRequest: (actor, verb) => {
        // The harness's own requests are the admin's; the kubelet's client is a component's.
        if (actor !== 'kube-controller-manager') return undefined;
        const i = this.failing.findIndex((f) => f.verb === verb);
        if (i < 0) return undefined;
        return this.failing.splice(i, 1)[0].code;
      },
      watchDelivery: () => undefined,
    };
    this.workers = this.startKubelet();
    this.runtime.getContainerEvents((ev) => {
      const uid = ev.podLabels[LABEL_POD_UID];
      if (uid) this.workers.resync(uid);
    });
  }

  /** A kubelet process: its client, log and pod workers (a restart kills the old process and its timers). */
  private startKubelet(): PodWorkers {
    const ctx = this.cp.component('kubelet');
    this.proc = ctx.proc;
    // The kubelet's writes, in the same log: its status writes, its final delete, its Killing events.
    const request = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: any) => {
      const who = req.name && req.name !== 'foo' && req.resource === 'pods' ? `${req.name}/` : '';
      if (req.resource === 'pods' && req.subresource === 'status' && req.verb === 'update') this.calls.push(`${who}status`);
      if (req.resource === 'pods' && req.verb === 'delete') this.calls.push(`${who}delete`);
      if (req.resource === 'events' && req.verb === 'create' && req.body?.reason === 'Killing') this.calls.push(`Killing: ${req.body.message} (${req.body.involvedObject?.fieldPath})`);
      try {
        const out = request(req);
        // A delete that leaves the Pod (graceful, not the final grace-0 delete) says so.
        if (req.resource === 'pods' && req.verb === 'delete' && this.cp.admin.tryGet('pods', 'default', req.name)) this.calls.push('delete: the Pod stays');
        return out;
      } catch (e: any) {
        if (req.resource === 'pods' && (req.verb === 'delete' || req.subresource === 'status')) this.calls.push(`${who}${req.verb === 'delete' ? 'delete' : 'status'}: ${e.code ?? e}`);
        throw e;
      }
    };
    // Its klog lines of the sync loop (what `journalctl -u kubelet` shows): SyncLoop ADD, UPDATE, DELETE, REMOVE.
    const info = ctx.log.info.bind(ctx.log);
    ctx.log.info = (source: string, msg: string, kv?: Record<string, unknown>) => {
      if (msg.startsWith('SyncLoop ')) this.calls.push(msg);
      info(source, msg, kv);
    };
    const recorder = ctx.recorder('kubelet', 'node-1');
    const core: KubeletCore = {
      ctx,
      host: { name: 'node-1', config: { address: '172.18.0.3', capacity: { cpu: '2', memory: '4Gi', pods: '110', 'ephemeral-storage': '20Gi' } } } as any,
      runtime: this.runtime,
      recorder,
      images: new ImageManager(this.cp.sim, this.runtime, recorder),
      restartBackoff: new Backoff(() => this.cp.sim.clock.nowMs()),
      podCIDR: () => '10.244.1.0/24',
    };
    return new PodWorkers(core);
  }

  private current(name: string): KObject | undefined {
    return this.cp.admin.tryGet('pods', 'default', name) as KObject | undefined;
  }

  private deliver(name: string, pod: KObject): void {
    this.delivered.set(name, pod);
    this.workers.update(pod);
  }

  /** One step: "[pod:] verb args" (the Pod is foo unless named). */
  run(step: string): void {
    const m = step.trim().match(/^(?:(\w+): )?(.+)$/)!;
    const name = m[1] ?? 'foo';
    const [verb, ...args] = m[2].split(' ');
    const cur = () => {
      const p = this.current(name);
      if (!p) throw new Error(`no Pod ${name} in the API`);
      return p;
    };
    switch (verb) {
      case 'create': {
        // "create c1 c2 Never": the containers (default c) and the restart policy (default Always).
        const policy = args.find((a) => /^(Always|OnFailure|Never)$/.test(a));
        const names = args.filter((a) => a !== policy);
        const spec: any = { nodeName: 'node-1', containers: (names.length ? names : ['c']).map((n) => ({ name: n, image: 'busybox:1.36' })) };
        if (policy) spec.restartPolicy = policy;
        const created = this.cp.create('pods', { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec });
        this.first.set(name, created);
        return;
      }
      case 'deliver':
        return this.deliver(name, cur());
      case 'add':
        this.run(`${name}: create ${args.join(' ')}`);
        return this.run(`${name}: deliver`);
      case 'stale':
        return this.deliver(name, this.first.get(name)!);
      case 'label': {
        const p = cur();
        this.cp.admin.update('pods', 'default', { ...p, metadata: { ...p.metadata, labels: { ...(p.metadata.labels ?? {}), [args[0] ?? 'changed']: 'yes' } } });
        return this.run(`${name}: deliver`);
      }
      case 'reapply': {
        // Another field manager applies what the Pod already has: only managedFields change (a new resourceVersion).
        const p = cur();
        this.cp.admin.patch('pods', 'default', name, 'apply', { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default' }, spec: { nodeName: 'node-1' } }, { fieldManager: 'other' });
        if (this.current(name)!.metadata.resourceVersion === p.metadata.resourceVersion) throw new Error('reapply changed nothing');
        return this.run(`${name}: deliver`);
      }
      case 'phase': {
        const p = cur();
        this.cp.admin.updateStatus('pods', 'default', { ...p, status: { ...(p.status ?? {}), phase: args[0] } });
        return;
      }
      case 'notReady': {
        // Another writer (the node lifecycle controller) marks the Pod not ready.
        const p = cur();
        const conditions = (p.status?.conditions ?? []).map((k: any) => (k.type === 'Ready' ? { ...k, status: 'False', reason: 'NodeNotReady' } : k));
        this.cp.admin.updateStatus('pods', 'default', { ...p, status: { ...p.status, conditions } });
        return;
      }
      case 'delete':
        // A graceful delete: the Pod stays, with its deletionTimestamp, until the kubelet's final delete.
        this.cp.admin.delete('pods', 'default', name, { gracePeriodSeconds: Number(args[0]) });
        return this.run(`${name}: deliver`);
      case 'forceDelete':
        // Gone from the API at once; the kubelet hears of it only at `remove`.
        this.cp.admin.delete('pods', 'default', name, { gracePeriodSeconds: 0 });
        return;
      case 'remove': {
        // The informer's DELETE: the Pod as last seen (deleted at once first if still there).
        if (this.current(name)) this.cp.admin.delete('pods', 'default', name, { gracePeriodSeconds: 0 });
        return this.workers.remove(this.delivered.get(name) ?? this.first.get(name)!);
      }
      case 'exit':
        return this.runtime.exitRunning(name, args[0], Number(args[1]));
      case 'sandboxDies':
        return this.runtime.sandboxDies(name);
      case 'network':
        this.runtime.networkReady = args[0] === 'up';
        return;
      case 'ignoresSigterm':
        this.runtime.ignoresSigterm.add(args[0]);
        return;
      case 'fail':
        // "fail delete 500": the kubelet's next request of that verb fails with that code.
        this.failing.push({ verb: args[0], code: Number(args[1]) as 500 | 409 });
        return;
      case 'wait': {
        const ms = Math.round(Number(args[0].replace(/s$/, '')) * 1000);
        return this.cp.advance(ms);
      }
      case 'restart':
        // systemctl restart kubelet: new pod workers that learn every Pod again from the informer's list.
        this.proc.kill();
        this.workers = this.startKubelet();
        for (const p of this.cp.admin.list('pods', 'default').items as KObject[]) this.deliver(p.metadata.name!, p);
        return;
      case 'mark':
        this.calls.push('|');
        return;
      default:
        throw new Error(`unknown pod worker step: ${step}`);
    }
  }

  /** The runtime's sandboxes and containers now: "sandbox 0 ready, c 0 running" per Pod. */
  runtimeNow(): string {
    const out: string[] = [];
    const sorted = <T>(xs: T[], key: (x: T) => string) => [...xs].sort((a, b) => key(a).localeCompare(key(b)));
    for (const s of sorted(this.runtime.listPodSandbox(), (x) => `${x.metadata.name}/${x.metadata.attempt}`)) out.push(`${s.metadata.name === 'foo' ? '' : s.metadata.name + '/'}sandbox ${s.metadata.attempt} ${s.state === 'SANDBOX_READY' ? 'ready' : 'notready'}`);
    for (const c of sorted(this.runtime.listContainers(), (x) => `${x.labels['io.kubernetes.pod.name']}/${x.metadata.name}/${x.metadata.attempt}`))
      out.push(`${c.labels['io.kubernetes.pod.name'] === 'foo' ? '' : c.labels['io.kubernetes.pod.name'] + '/'}${c.metadata.name} ${c.metadata.attempt} ${c.state.replace('CONTAINER_', '').toLowerCase()}`);
    return out.join(', ') || 'nothing';
  }

  failures(): string[] {
    return this.cp.sim.failures.map((f) => `${f.label}: ${(f.error as Error)?.stack ?? f.error}`);
  }
}

/** Runs a row's steps on a fresh harness. */
function runSteps(steps: string): PodWorkersHarness {
  const h = new PodWorkersHarness();
  for (const s of steps.split(';')) if (s.trim()) h.run(s);
  const failed = h.failures();
  if (failed.length) throw new Error(`a task failed: ${failed.join('\n')}`);
  return h;
}

/** The log from the last `mark` on (all of it without one). */
function callsOf(h: PodWorkersHarness): string {
  const i = h.calls.lastIndexOf('|');
  return h.calls.slice(i + 1).join(', ') || 'nothing';
}

Then('the pod workers, given the Pod as the informer hands it over, make these calls:', function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((r) => {
    const h = runSteps(r.steps);
    const row: Record<string, string> = { test: r.test, calls: callsOf(h) };
    if ('known' in r) row.known = String(h.workers.size);
    return row;
  });
  expect(got).toEqual(rows.map((r) => ({ test: r.test, calls: r.calls, ...('known' in r ? { known: r.known } : {}) })));
});

Then('the pod workers and the container garbage collector leave in the runtime:', function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((r) => ({ test: r.test, runtime: runSteps(r.steps).runtimeNow() }));
  expect(got).toEqual(rows.map((r) => ({ test: r.test, runtime: r.runtime })));
});

/**
 * "id uid attempt createdAt state" per sandbox and "name uid attempt createdAt" per container,
 * listed in the runtime's order; the view of Pod u1 names them newest first.
 */
Then("the runtime's view of Pod u1 is:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((r) => {
    const sandboxes = r.sandboxes.split(',').filter((s) => s.trim()).map((s) => {
      const [id, uid, attempt, createdAt, state] = s.trim().split(' ');
      return { id, metadata: { name: 'foo', namespace: 'default', uid, attempt: Number(attempt) }, state: state === 'ready' ? 'SANDBOX_READY' : 'SANDBOX_NOTREADY', createdAt: Number(createdAt), ip: '', labels: { [LABEL_POD_UID]: uid } } as PodSandboxStatus;
    });
    const containers = r.containers.split(',').filter((s) => s.trim()).map((s, i) => {
      const [name, uid, attempt, createdAt] = s.trim().split(' ');
      return { id: `${name}-${i}`, podSandboxId: '', metadata: { name, attempt: Number(attempt) }, labels: { [LABEL_POD_UID]: uid }, state: 'CONTAINER_EXITED', createdAt: Number(createdAt) } as unknown as ContainerStatus;
    });
    const view = podRuntimeState({ listPodSandbox: () => sandboxes, listContainers: () => containers } as unknown as ContainerRuntime, 'u1');
    const text = [
      `sandboxes ${view.sandboxes.map((s) => s.id).join(' ') || 'none'}`,
      ...[...view.containers.entries()].map(([name, list]) => `${name} ${list.map((c) => c.id).join(' ')}`),
    ].join('; ');
    return { test: r.test, view: text };
  });
  expect(got).toEqual(rows.map((r) => ({ test: r.test, view: r.view })));
});

/** generatePodSandboxConfig: what RunPodSandbox gets for a Pod (given as JSON) at an attempt. */
Then('the sandbox config of each Pod is:', function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((r) => {
    const pod = JSON.parse(r.pod);
    const c = sandboxConfig(pod, Number(r.attempt), '10.244.1.0/24');
    const pairs = (m: Record<string, string>) => Object.entries(m).map(([k, v]) => `${k}=${v}`).join(' ') || 'none';
    const meta = c.metadata;
    const text = `${meta.namespace}/${meta.name} ${meta.uid} attempt ${meta.attempt}; hostname ${c.hostname}; labels ${pairs(c.labels)}; annotations ${pairs(c.annotations)}${c.hostNetwork !== undefined ? `; hostNetwork ${c.hostNetwork}` : ''}`;
    return { test: r.test, config: text };
  });
  expect(got).toEqual(rows.map((r) => ({ test: r.test, config: r.config })));
});
