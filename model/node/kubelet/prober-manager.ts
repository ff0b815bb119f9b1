/**
 * The kubelet's probe manager (pkg/kubelet/prober/prober_manager.go, worker.go): one worker per
 * container and probe type, ticking every periodSeconds on virtual time after a random first
 * wait. A worker probes only a running container, not before initialDelaySeconds, and liveness
 * and readiness only once the startup probe (if any) has succeeded. A result changes only after
 * successThreshold successes or failureThreshold failures in a row. Readiness starts as failure,
 * liveness as success; a failed liveness or startup probe kills the container, which the pod
 * worker restarts, and holds the worker until the new container runs.
 */
import type { KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import type { KubeletCore } from './core';
import { podRuntimeState } from './runtime-view';
import { runProbe, type ProbeResult } from './prober';

type ProbeType = 'liveness' | 'readiness' | 'startup';
const TITLE: Record<ProbeType, string> = { liveness: 'Liveness', readiness: 'Readiness', startup: 'Startup' };
const FIELD: Record<ProbeType, string> = { liveness: 'livenessProbe', readiness: 'readinessProbe', startup: 'startupProbe' };

class ProbeWorker {
  result: ProbeResult | 'unknown';
  lastResult: ProbeResult | 'unknown' = 'unknown';
  resultRun = 0;
  onHold = false;
  containerID = '';
  stopped = false;

  constructor(
    readonly uid: string,
    readonly container: string,
    readonly type: ProbeType,
  ) {
    this.result = this.initial();
  }

  initial(): ProbeResult | 'unknown' {
    return this.type === 'readiness' ? 'failure' : this.type === 'liveness' ? 'success' : 'unknown';
  }
}

/** A stable share of the period for a probe (FNV-1a of its key). */
function jitter(key: string, periodMs: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return h % Math.max(1, periodMs);
}

export class ProbeManager {
  private readonly workers = new Map<string, ProbeWorker>();
  private readonly pods = new Map<string, KObject>();

  /** `changed(uid)`: a result changed, the Pod's status is to be written again. */
  constructor(
    private readonly core: KubeletCore,
    private readonly changed: (uid: string) => void,
  ) {}

  /** AddPod / UpdatePod: a worker for every probe of every container (probes cannot change). */
  update(pod: KObject): void {
    const uid = pod.metadata.uid!;
    this.pods.set(uid, pod);
    for (const c of pod.spec?.containers ?? []) {
      for (const type of ['liveness', 'readiness', 'startup'] as ProbeType[]) {
        const probe = c[FIELD[type]];
        const key = `${uid}/${c.name}/${type}`;
        if (!probe || this.workers.has(key)) continue;
        const w = new ProbeWorker(uid, c.name, type);
        this.workers.set(key, w);
        // A part of the period first, so that probes after a kubelet restart spread out. Upstream
        // draws it at random; here it comes from the probe's identity, so that probing draws
        // nothing from the simulation's generator and leaves the rest of a run as it was.
        const periodMs = 1000 * (probe.periodSeconds ?? 10);
        this.core.ctx.proc.schedule(jitter(key, periodMs), `probe ${type} ${c.name}`, () => this.tick(w, periodMs));
      }
    }
  }

  /** RemovePod: the Pod is gone; its workers stop. */
  remove(uid: string): void {
    this.pods.delete(uid);
    for (const [key, w] of this.workers) if (w.uid === uid) (w.stopped = true), this.workers.delete(key);
  }

  /**
   * A container just started: its startup and readiness workers probe at once rather than at
   * their next tick, so a container whose server answers from the start is ready in the same
   * status write that reports it running.
   */
  containerStarted(uid: string, container: string): void {
    for (const type of ['startup', 'readiness'] as ProbeType[]) {
      const w = this.workers.get(`${uid}/${container}/${type}`);
      const s = w && this.spec(w);
      if (w && s && (s.probe.initialDelaySeconds ?? 0) === 0) this.doProbe(w, s.pod, s.container, s.probe);
    }
  }

  /** The container is ready: its readiness result (true without a readiness probe). */
  ready(uid: string, container: string): boolean {
    const w = this.workers.get(`${uid}/${container}/readiness`);
    if (!w || mutant('kubelet-ignores-readiness-probe')) return this.started(uid, container);
    return w.result === 'success' && this.started(uid, container);
  }

  /** The container has started: its startup probe succeeded (true without one). */
  started(uid: string, container: string): boolean {
    const w = this.workers.get(`${uid}/${container}/startup`);
    return !w || w.result === 'success';
  }

  private spec(w: ProbeWorker): { pod: KObject; container: any; probe: any } | undefined {
    const pod = this.pods.get(w.uid);
    const container = pod?.spec?.containers?.find((c: any) => c.name === w.container);
    return pod && container ? { pod, container, probe: container[FIELD[w.type]] } : undefined;
  }

  private tick(w: ProbeWorker, periodMs: number): void {
    if (w.stopped || !this.core.ctx.proc.running) return;
    const s = this.spec(w);
    if (!s) return;
    const phase = s.pod.status?.phase;
    if (s.pod.metadata.deletionTimestamp || phase === 'Succeeded' || phase === 'Failed') return;
    this.doProbe(w, s.pod, s.container, s.probe);
    this.core.ctx.proc.schedule(periodMs, `probe ${w.type} ${w.container}`, () => this.tick(w, periodMs));
  }

  private set(w: ProbeWorker, result: ProbeResult | 'unknown'): void {
    if (w.result === result) return;
    w.result = result;
    this.changed(w.uid);
  }

  /** worker.doProbe. */
  private doProbe(w: ProbeWorker, pod: KObject, container: any, probe: any): void {
    const { runtime, recorder, host, ctx } = this.core;
    const rt = podRuntimeState(runtime, w.uid);
    const c = rt.containers.get(w.container)?.[0];
    // Not created yet, or gone: nothing to probe.
    if (!c) return;
    if (c.id !== w.containerID) {
      // A new container (a restart): its results start over.
      w.containerID = c.id;
      w.lastResult = 'unknown';
      w.resultRun = 0;
      w.onHold = false;
      this.set(w, w.initial());
    }
    // After a liveness or startup failure, wait for the container to be restarted.
    if (w.onHold) return;
    if (c.state !== 'CONTAINER_RUNNING') {
      this.set(w, 'failure');
      return;
    }
    if (ctx.sim.clock.nowMs() - c.startedAt < 1000 * (probe.initialDelaySeconds ?? 0)) return;
    const started = this.started(w.uid, w.container);
    // The startup probe stops once the container has started; the others wait for it.
    if (w.type === 'startup' ? started : !started) return;
    const ip = rt.sandboxes[0]?.ip ?? '';
    const outcome = runProbe(host, ctx.client.server.kubelets.get(host.name), pod, container, probe, ip);
    if (outcome.result === 'unknown') {
      // Prober error: reported, and the result thrown away (neither counted nor set).
      recorder.event(pod, 'Warning', 'Unhealthy', `${TITLE[w.type]} probe errored and resulted in unknown state: ${outcome.error}`, `spec.containers{${w.container}}`);
      return;
    }
    if (outcome.result === 'failure') recorder.event(pod, 'Warning', 'Unhealthy', `${TITLE[w.type]} probe failed: ${outcome.output}`, `spec.containers{${w.container}}`);
    w.resultRun = w.lastResult === outcome.result ? w.resultRun + 1 : 1;
    w.lastResult = outcome.result;
    const threshold = outcome.result === 'failure' ? (probe.failureThreshold ?? 3) : (probe.successThreshold ?? 1);
    if (w.resultRun < threshold) return;
    this.set(w, outcome.result);
    if (outcome.result === 'failure' && w.type !== 'readiness') {
      // The kubelet kills the container; the pod worker restarts it as its restart policy says.
      w.onHold = true;
      w.resultRun = 0;
      this.kill(pod, container, c.id, w.type, probe);
    }
  }

  /** killContainer for a failed liveness or startup probe, with the probe's or the Pod's grace period. */
  private kill(pod: KObject, container: any, id: string, type: ProbeType, probe: any): void {
    const { runtime, recorder, ctx } = this.core;
    recorder.event(pod, 'Normal', 'Killing', `Container ${container.name} failed ${type} probe, will be restarted`, `spec.containers{${container.name}}`);
    const grace = probe.terminationGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds ?? 30;
    // klog.KObj(pod), the Pod's UID, the container's ID with its runtime's scheme, and the grace period.
    ctx.log.info('kuberuntime_container.go:808', 'Killing container with a grace period', {
      pod: `${pod.metadata.namespace}/${pod.metadata.name}`,
      podUID: pod.metadata.uid,
      containerName: container.name,
      containerID: `${runtime.name}://${id}`,
      gracePeriod: grace,
    });
    runtime.stopContainer(id, grace, () => this.changed(pod.metadata.uid!));
  }
}
