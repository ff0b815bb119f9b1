import type { Process } from '../../sim/process';
import type { NodeHost } from '../host';
import type { ContainerConfig, PodSandboxStatus } from './api';

/**
 * A container whose program is a Kubernetes component (kube-proxy, flannel, kube-apiserver,
 * etcd, …), as the component sees it once containerd has started it.
 */
export interface RunningContainer {
  host: NodeHost;
  /**
   * The container's main process. The component schedules its work on it, so when the
   * container stops, crashes or is killed, the component's timers, queues and watches go too.
   */
  proc: Process;
  sandbox: PodSandboxStatus;
  config: ContainerConfig;
  /** Appends a line to the container's log (crictl logs, kubectl logs). */
  log(stream: 'stdout' | 'stderr', text: string): void;
  /** The program ends on its own with this exit code (a crash, or a job that finished). */
  exit(code: number): void;
}

/** Starts a component inside a running container. */
export type WorkloadStarter = (c: RunningContainer) => void;

/**
 * What the images of one cluster run when they are components: image program name (see
 * images.ts) to starter. The cluster registers them, since only it can issue the component's
 * credentials; containerd calls the starter when such a container starts.
 */
export class Workloads {
  private readonly starters = new Map<string, WorkloadStarter>();

  register(program: string, starter: WorkloadStarter): void {
    this.starters.set(program, starter);
  }

  get(program: string): WorkloadStarter | undefined {
    return this.starters.get(program);
  }
}
