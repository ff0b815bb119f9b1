import type { Callback, ContainerConfig, ContainerEvent, ContainerRuntime, ContainerStatus, ImageInfo, PodSandboxConfig, PodSandboxStatus, RuntimeCondition } from './api';
import { CriError } from './api';
import type { NodeHost } from '../host';
import { Workloads } from './workloads';
import type { ImageRegistry } from '../images';
import type { Process } from '../../sim/process';
import { randomId } from './ids';
import { ImageService, tryNormalize } from './image-service';
import { HostLocalIpam } from './ipam';
import { cniAdd, cniDel } from '../network/cni';
import type { SandboxProcesses } from './sandbox-processes';
import type { LogLine } from './programs';

/** Virtual milliseconds each CRI operation takes (base + up to half again from the RNG). */
const LATENCY = { sandbox: 180, create: 25, start: 60, stop: 10, remove: 5 };

interface SandboxRecord {
  status: PodSandboxStatus;
  /** The processes that hold the sandbox: containerd's shim, or CRI-O's conmons. */
  shim?: SandboxProcesses;
}

interface ContainerRecord {
  status: ContainerStatus;
  config: ContainerConfig;
  /** Bumped when the container starts or stops, so a stale exit timer does nothing. */
  epoch: number;
  logs: LogLine[];
}

/**
 * What differs between CRI implementations: names, versions, the daemon, the socket the kubelet
 * dials, the OCI runtime (runc, crun), and the processes that hold a sandbox's containers.
 */
export interface RuntimeFlavor {
  /** "containerd", "cri-o": also the scheme of containerIDs ("containerd://…"). */
  name: string;
  version: string;
  /** The daemon's process actor and command line. */
  daemon: { actor: string; command: string };
  /** The CRI socket, as the kubelet's --container-runtime-endpoint names it. */
  endpoint: string;
  /** The OCI runtime binary the trace names ("runc create", "crun start"). */
  ociRuntime: string;
  /** Starts the processes that will parent a new sandbox's containers. */
  newSandbox(host: NodeHost, sandboxId: string, config: PodSandboxConfig): SandboxProcesses;
  /** The error for StartContainer on a container that already ran. */
  cannotRestart(id: string): string;
}

/**
 * A CRI runtime (RuntimeService + ImageService): sandboxes with their pause process, containers
 * created and started through the OCI runtime (which exits once the container runs), host-local
 * IPAM for Pod IPs, and an image store filled by pulls from the ImageRegistry. containerd and
 * CRI-O share this logic and differ in their RuntimeFlavor. Every CRI call is recorded in the
 * trace (kind 'cri', actor `<runtime>/<node>`, the CRI method as verb).
 */
export class CriRuntime implements ContainerRuntime {
  readonly name: string;
  readonly version: string;
  readonly endpoint: string;
  readonly actor: string;
  private proc: Process;
  /** CRI calls that arrived while the daemon was down: answered once it is back. */
  private readonly waiting: (() => void)[] = [];
  private readonly sandboxes = new Map<string, SandboxRecord>();
  private readonly containers = new Map<string, ContainerRecord>();
  private readonly images: ImageService;
  private readonly listeners = new Set<(ev: ContainerEvent) => void>();
  private ipam?: HostLocalIpam;

  constructor(
    private readonly host: NodeHost,
    registry: ImageRegistry,
    private readonly workloads: Workloads,
    private readonly flavor: RuntimeFlavor,
  ) {
    this.name = flavor.name;
    this.version = flavor.version;
    this.endpoint = flavor.endpoint;
    this.actor = `${flavor.name}/${host.name}`;
    this.proc = host.find(flavor.daemon.actor) ?? host.spawn(flavor.daemon.actor, flavor.daemon.command);
    this.images = new ImageService(host.sim, this.proc, registry, (verb, target, detail) => this.trace(verb, target, detail));
  }

  private get sim() {
    return this.host.sim;
  }

  private trace(verb: string, target: string, detail?: string): void {
    this.sim.trace.record('cri', this.actor, verb, target, detail);
  }

  /**
   * Answers a call after its latency. While the daemon is down (systemctl stop containerd) the
   * call waits for it to come back: an approximation of the kubelet retrying on Unavailable.
   */
  private later(kind: keyof typeof LATENCY, label: string, fn: () => void): void {
    const base = LATENCY[kind];
    this.sim.schedule(base + this.sim.rng.int(Math.ceil(base / 2) + 1), `${this.actor}: ${label}`, () => {
      if (this.proc.running) fn();
      else this.waiting.push(() => this.later(kind, label, fn));
    });
  }

  /**
   * A new daemon process (systemctl start|restart containerd): it reloads its sandboxes
   * and containers (kept in its metadata store on disk, and the shims kept them running) and
   * serves the calls that waited.
   */
  daemonRestarted(proc: Process): void {
    this.proc = proc;
    this.images.attach(proc);
    for (const call of this.waiting.splice(0)) call();
  }

  private emit(ev: ContainerEvent): void {
    for (const l of [...this.listeners]) this.proc.schedule(1, `container event ${ev.type}`, () => l(ev));
  }

  // ------------------------------------------------------------ runtime status

  status(): RuntimeCondition[] {
    const net = !!this.ipam;
    return [
      { type: 'RuntimeReady', status: this.proc.running, reason: '', message: '' },
      net
        ? { type: 'NetworkReady', status: true, reason: '', message: '' }
        : { type: 'NetworkReady', status: false, reason: 'NetworkPluginNotReady', message: 'Network plugin returns error: cni plugin not initialized' },
    ];
  }

  updateRuntimeConfig(podCIDR: string): void {
    if (podCIDR && this.ipam?.subnet !== podCIDR) this.ipam = new HostLocalIpam(podCIDR);
  }

  getContainerEvents(listener: (ev: ContainerEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ------------------------------------------------------------ sandboxes

  runPodSandbox(config: PodSandboxConfig, cb: Callback<string>): void {
    const id = randomId(this.sim.rng);
    const target = `pods/${config.metadata.namespace}/${config.metadata.name}`;
    this.trace('RunPodSandbox', target, id);
    this.later('sandbox', `RunPodSandbox ${target}`, () => {
      if (config.hostNetwork) return this.startSandbox(id, config, this.host.config.address, target, cb);
      if (!this.ipam && config.podCIDR) this.ipam = new HostLocalIpam(config.podCIDR);
      const ipam = this.ipam;
      if (!ipam) return cb(new CriError('Unknown', `failed to setup network for sandbox "${id}": cni plugin not initialized`));
      const ip = ipam.allocate(id);
      if (!ip)
        return cb(
          new CriError(
            'Unknown',
            `failed to setup network for sandbox "${id}": plugin type="flannel" failed (add): failed to delegate add: failed to allocate for range 0: no IP addresses available in range set: ${ipam.rangeText}`,
          ),
        );
      cniAdd(this.host, id, `${config.metadata.namespace}/${config.metadata.name}`, ip, ipam.gateway, ipam.subnet);
      this.startSandbox(id, config, ip, target, cb);
    });
  }

  /** The shim and the pause process of a sandbox whose network is set up. */
  private startSandbox(id: string, config: PodSandboxConfig, ip: string, target: string, cb: Callback<string>): void {
    const now = this.sim.clock.nowMs();
    const shim = this.flavor.newSandbox(this.host, id, config);
    this.trace(`${this.flavor.ociRuntime} create`, target, id);
    this.trace(`${this.flavor.ociRuntime} start`, target, id);
    shim.runInit('/pause', '65535');
    this.sandboxes.set(id, {
      status: { id, metadata: { ...config.metadata }, state: 'SANDBOX_READY', createdAt: now, ip, labels: { ...config.labels } },
      shim,
    });
    cb(undefined, id);
  }

  stopPodSandbox(id: string, cb: Callback<void>): void {
    const sb = this.sandboxes.get(id);
    this.trace('StopPodSandbox', sb ? podTarget(sb.status) : id, id);
    this.later('stop', `StopPodSandbox ${id}`, () => {
      if (!sb) return cb(undefined); // stopping an unknown sandbox is not an error in CRI
      for (const c of this.containers.values()) if (c.status.podSandboxId === id && c.status.state === 'CONTAINER_RUNNING') this.exitContainer(c, 137, 'Error');
      this.ipam?.release(id);
      cniDel(this.host, id);
      sb.shim?.shutdown();
      sb.shim = undefined;
      sb.status.state = 'SANDBOX_NOTREADY';
      cb(undefined);
    });
  }

  removePodSandbox(id: string, cb: Callback<void>): void {
    const sb = this.sandboxes.get(id);
    this.trace('RemovePodSandbox', sb ? podTarget(sb.status) : id, id);
    this.later('remove', `RemovePodSandbox ${id}`, () => {
      if (sb?.shim) {
        this.ipam?.release(id);
        cniDel(this.host, id);
        sb.shim.shutdown();
      }
      for (const [cid, c] of [...this.containers]) if (c.status.podSandboxId === id) this.containers.delete(cid);
      this.sandboxes.delete(id);
      cb(undefined);
    });
  }

  podSandboxStatus(id: string): PodSandboxStatus | undefined {
    return this.sandboxes.get(id)?.status;
  }

  listPodSandbox(): PodSandboxStatus[] {
    return [...this.sandboxes.values()].map((s) => s.status);
  }

  // ------------------------------------------------------------ containers

  createContainer(sandboxId: string, config: ContainerConfig, cb: Callback<string>): void {
    const sb = this.sandboxes.get(sandboxId);
    const id = randomId(this.sim.rng);
    const target = sb ? `${podTarget(sb.status)}/${config.metadata.name}` : `${sandboxId}/${config.metadata.name}`;
    this.trace('CreateContainer', target, id);
    this.later('create', `CreateContainer ${target}`, () => {
      if (!sb || sb.status.state !== 'SANDBOX_READY') return cb(new CriError('NotFound', `failed to get sandbox "${sandboxId}": not found`));
      const ref = tryNormalize(config.image);
      const img = ref && this.images.store.get(ref);
      if (!img) return cb(new CriError('NotFound', `failed to get image "${config.image}": not found`));
      const status: ContainerStatus = {
        id,
        podSandboxId: sandboxId,
        metadata: { ...config.metadata },
        image: img.repoTags[0] ?? config.image,
        imageRef: img.repoDigests[0] ?? img.id,
        imageId: img.id,
        labels: { ...config.labels },
        state: 'CONTAINER_CREATED',
        createdAt: this.sim.clock.nowMs(),
        startedAt: 0,
        finishedAt: 0,
        exitCode: 0,
        reason: '',
      };
      this.containers.set(id, { status, config, epoch: 0, logs: [] });
      this.emit({ containerId: id, type: 'CONTAINER_CREATED_EVENT', podSandboxId: sandboxId, podLabels: sb.status.labels });
      cb(undefined, id);
    });
  }

  startContainer(id: string, cb: Callback<void>): void {
    const c = this.containers.get(id);
    const target = c ? this.containerTarget(c) : id;
    this.trace('StartContainer', target, id);
    this.later('start', `StartContainer ${target}`, () => {
      const sb = c && this.sandboxes.get(c.status.podSandboxId);
      if (!c || !sb?.shim) return cb(new CriError('NotFound', `container "${id}" not found`));
      if (c.status.state !== 'CONTAINER_CREATED') return cb(new CriError('Unknown', this.flavor.cannotRestart(id)));
      // The runtime creates the OCI container (runc create) and starts it (runc start) in StartContainer.
      this.trace(`${this.flavor.ociRuntime} create`, target, id);
      this.trace(`${this.flavor.ociRuntime} start`, target, id);
      const img = this.images.store.getById(c.status.imageId)!;
      const now = this.sim.clock.nowMs();
      const program = sb.shim.runContainer(id, img.source, c.config);
      if (program.startError) {
        // runc could not exec the process: the task is never created and the container exits 128.
        sb.shim.endContainer(id);
        Object.assign(c.status, { state: 'CONTAINER_EXITED', exitCode: 128, reason: 'StartError', message: program.startError, finishedAt: this.sim.clock.nowMs() });
        this.emit({ containerId: id, type: 'CONTAINER_STOPPED_EVENT', podSandboxId: sb.status.id, podLabels: sb.status.labels });
        return cb(new CriError('Unknown', program.startError));
      }
      c.status.state = 'CONTAINER_RUNNING';
      c.status.startedAt = now;
      c.status.pid = sb.shim.pidOf(id);
      c.logs.push(...program.startLogs(now));
      const epoch = ++c.epoch;
      const starter = this.workloads.get(img.source.program);
      // A component handles SIGTERM: it shuts down at once instead of waiting for SIGKILL.
      if (starter && program.stopMs === undefined) program.stopMs = 100;
      const main = sb.shim.mainProcess(id);
      // The shim reaps the container's init: killed from the node (kill, pkill), the container exits.
      main?.onExit(() => {
        if (c.epoch !== epoch || c.status.state !== 'CONTAINER_RUNNING') return;
        const sig = main.exitSignal ?? 9;
        // Kubernetes components shut down cleanly on SIGTERM; anything else dies of the signal (128+n).
        const code = starter && sig === 15 ? 0 : 128 + sig;
        this.exitContainer(c, code, code === 0 ? 'Completed' : 'Error');
      });
      if (starter && main)
        starter({
          host: this.host,
          proc: main,
          sandbox: sb.status,
          config: c.config,
          log: (stream, text) => c.logs.push({ t: this.sim.clock.nowMs(), stream, text }),
          exit: (code) => {
            if (c.epoch === epoch && c.status.state === 'CONTAINER_RUNNING') this.exitContainer(c, code, code === 0 ? 'Completed' : 'Error');
          },
        });
      // A program acting over time (busybox, a shell script) starts a moment after its exec.
      if (program.run)
        this.proc.schedule(5, `container ${id.slice(0, 13)} runs`, () => {
          const live = () => c.epoch === epoch && c.status.state === 'CONTAINER_RUNNING';
          if (!live()) return;
          program.run!({
            now: () => this.sim.clock.nowMs(),
            write: (stream, text) => live() && c.logs.push({ t: this.sim.clock.nowMs(), stream, text }),
            after: (ms, fn) => this.proc.schedule(ms, `container ${id.slice(0, 13)} runs`, () => live() && fn()),
            exit: (code) => live() && this.exitContainer(c, code, code === 0 ? 'Completed' : 'Error'),
          });
        });
      if (program.exit) {
        const { afterMs, code } = program.exit;
        this.proc.schedule(afterMs, `container ${id.slice(0, 13)} exits`, () => {
          if (c.epoch === epoch && c.status.state === 'CONTAINER_RUNNING') this.exitContainer(c, code, code === 0 ? 'Completed' : 'Error');
        });
      }
      this.emit({ containerId: id, type: 'CONTAINER_STARTED_EVENT', podSandboxId: sb.status.id, podLabels: sb.status.labels });
      cb(undefined);
    });
  }

  stopContainer(id: string, timeoutSeconds: number, cb: Callback<void>): void {
    const c = this.containers.get(id);
    this.trace('StopContainer', c ? this.containerTarget(c) : id, id);
    if (!c || c.status.state !== 'CONTAINER_RUNNING') return this.later('stop', `StopContainer ${id}`, () => cb(undefined));
    const sb = this.sandboxes.get(c.status.podSandboxId);
    const program = sb?.shim?.programOf(id);
    const epoch = c.epoch;
    // The stop signal first; SIGKILL when the grace period runs out (exit code 137).
    const graceful = program?.stopMs !== undefined && timeoutSeconds > 0 && program.stopMs < timeoutSeconds * 1000;
    const delay = graceful ? program!.stopMs! : Math.max(0, timeoutSeconds * 1000);
    this.proc.schedule(delay, `StopContainer ${id.slice(0, 13)}`, () => {
      if (c.epoch === epoch && c.status.state === 'CONTAINER_RUNNING') {
        if (graceful) {
          c.logs.push(...(program!.stopLogs?.(this.sim.clock.nowMs()) ?? []));
          this.exitContainer(c, 0, 'Completed');
        } else this.exitContainer(c, 137, 'Error');
      }
      cb(undefined);
    });
  }

  removeContainer(id: string, cb: Callback<void>): void {
    const c = this.containers.get(id);
    this.trace('RemoveContainer', c ? this.containerTarget(c) : id, id);
    this.later('remove', `RemoveContainer ${id}`, () => {
      if (c?.status.state === 'CONTAINER_RUNNING') this.exitContainer(c, 137, 'Error');
      if (c) {
        this.containers.delete(id);
        const sb = this.sandboxes.get(c.status.podSandboxId);
        this.emit({ containerId: id, type: 'CONTAINER_DELETED_EVENT', podSandboxId: c.status.podSandboxId, podLabels: sb?.status.labels ?? {} });
      }
      cb(undefined);
    });
  }

  /** The container's processes end (exit, stop, or kill): state EXITED. */
  private exitContainer(c: ContainerRecord, exitCode: number, reason: string): void {
    const sb = this.sandboxes.get(c.status.podSandboxId);
    c.epoch++;
    c.status.state = 'CONTAINER_EXITED';
    sb?.shim?.endContainer(c.status.id);
    c.status.exitCode = exitCode;
    c.status.reason = reason;
    c.status.finishedAt = this.sim.clock.nowMs();
    c.status.pid = undefined;
    this.emit({ containerId: c.status.id, type: 'CONTAINER_STOPPED_EVENT', podSandboxId: c.status.podSandboxId, podLabels: sb?.status.labels ?? {} });
  }

  private containerTarget(c: ContainerRecord): string {
    const sb = this.sandboxes.get(c.status.podSandboxId);
    return sb ? `${podTarget(sb.status)}/${c.status.metadata.name}` : c.status.id;
  }

  containerStatus(id: string): ContainerStatus | undefined {
    return this.containers.get(id)?.status;
  }

  containerConfig(id: string): ContainerConfig | undefined {
    return this.containers.get(id)?.config;
  }

  listContainers(): ContainerStatus[] {
    return [...this.containers.values()].map((c) => c.status);
  }

  containerLogs(id: string): string[] {
    return (this.containers.get(id)?.logs ?? []).map((l) => l.text);
  }

  containerLogEntries(id: string): LogLine[] {
    return this.containers.get(id)?.logs ?? [];
  }

  // ------------------------------------------------------------ images

  pullImage(image: string, cb: Callback<{ imageRef: string; size: number; pullMs: number }>, sandbox?: PodSandboxConfig): void {
    this.images.pull(image, cb, sandbox);
  }

  imageStatus(image: string): ImageInfo | undefined {
    return this.images.status(image);
  }

  listImages(): ImageInfo[] {
    return this.images.list();
  }
}

function podTarget(s: PodSandboxStatus): string {
  return `pods/${s.metadata.namespace}/${s.metadata.name}`;
}

