import type { KObject } from '../../api/meta';
import type { EventRecorder } from '../../client/events';
import type { ComponentContext } from '../../component';
import type { ContainerRuntime } from '../cri/api';
import type { NodeHost } from '../host';
import type { Backoff } from './backoff';
import type { ImageManager } from './image-manager';
import type { MirrorPods } from './mirror-pods';
import type { WaitingReason } from './pod-status';
import type { ProbeManager } from './prober-manager';

/** What the kubelet's parts share: its process and client, the node, the runtime, managers. */
export interface KubeletCore {
  ctx: ComponentContext;
  host: NodeHost;
  runtime: ContainerRuntime;
  recorder: EventRecorder;
  images: ImageManager;
  /** Container restart back-off (CrashLoopBackOff): 10 s doubling to 5 min. */
  restartBackoff: Backoff;
  /** The node's spec.podCIDR, "" until the node IPAM controller sets it. */
  podCIDR(): string;
  /** Mirror Pods of the node's static Pods. */
  mirrors?: MirrorPods;
  /** Liveness, readiness and startup probes of the Pods' containers. */
  probes?: ProbeManager;
}

/** One Pod's worker state (pod_workers.go's podSyncStatus, reduced). */
export class PodWorker {
  /** A sync is running (CRI calls in flight): further updates only mark it pending. */
  busy = false;
  pending = false;
  scheduled = false;
  /** Guards the retry timer: only the latest one fires. */
  retryEpoch = 0;
  /** active -> terminating (stopping containers) -> terminated (nothing left running). */
  state: 'active' | 'terminating' | 'terminated' = 'active';
  /** The Pod disappeared from the API server (deleted with no grace, or never seen again). */
  removed = false;
  /** The reason cache: why each container is not running. */
  readonly reasons = new Map<string, WaitingReason>();
  /** The last status written, to skip writes that change nothing. */
  lastWritten?: string;
  /** The resourceVersion that write produced: a newer one means someone else wrote the status since. */
  lastWrittenRV = 0;

  constructor(public pod: KObject) {}

  get uid(): string {
    return this.pod.metadata.uid!;
  }

  get key(): string {
    return `${this.pod.metadata.namespace}/${this.pod.metadata.name}`;
  }
}

/** The wait after a failed sync: the pod worker's back-off, 10 s with up to 50% jitter. */
export function syncRetryMs(core: KubeletCore): number {
  return 10_000 + core.ctx.sim.rng.int(5_001);
}
