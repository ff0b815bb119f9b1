import type { Process } from '../../sim/process';

/**
 * The Container Runtime Interface (k8s.io/cri-api, runtime/v1) as the kubelet sees it: the
 * only way the kubelet touches containers. Calls that take time (pulls, sandbox setup) answer
 * through a callback after virtual time has passed, as a gRPC call would return later.
 */
export type Callback<T> = (err: CriError | undefined, result?: T) => void;

export class CriError extends Error {
  /** gRPC status code name: NotFound, Unknown, DeadlineExceeded ... */
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }

  /** The error as the kubelet's gRPC client prints it: `rpc error: code = NotFound desc = ...`. */
  get grpcText(): string {
    return `rpc error: code = ${this.code} desc = ${this.message}`;
  }
}

export interface PodSandboxConfig {
  metadata: { name: string; namespace: string; uid: string; attempt: number };
  hostname: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** The node's Pod CIDR, from which the CNI plugin (host-local IPAM) picks the Pod's IP. */
  podCIDR: string;
  /** The Pod uses the node's network namespace (CRI NamespaceMode NODE): no CNI, the node's IP. */
  hostNetwork?: boolean;
}

export interface ContainerConfig {
  metadata: { name: string; attempt: number };
  image: string;
  command?: string[];
  args?: string[];
  labels: Record<string, string>;
  /** The container's volume mounts: container path, and the node path of a hostPath volume. */
  mounts?: ContainerMount[];
  /** The environment the kubelet computed (CRI KeyValue envs), in order; see container-files.ts. */
  envs?: { key: string; value: string }[];
}

/**
 * One mount of a container. A hostPath volume names the node's directory; the volumes the
 * kubelet writes (configMap, secret, projected, downwardAPI, emptyDir) carry their files,
 * relative path -> content, as a read-only view; a subPath naming one of those files mounts
 * just that one (`file` is its key in `files`).
 */
export interface ContainerMount {
  containerPath: string;
  hostPath?: string;
  readonly?: boolean;
  files?: Record<string, string>;
  file?: string;
}

export type SandboxState = 'SANDBOX_READY' | 'SANDBOX_NOTREADY';
export type ContainerState = 'CONTAINER_CREATED' | 'CONTAINER_RUNNING' | 'CONTAINER_EXITED' | 'CONTAINER_UNKNOWN';

export interface PodSandboxStatus {
  id: string;
  metadata: PodSandboxConfig['metadata'];
  state: SandboxState;
  createdAt: number;
  ip: string;
  labels: Record<string, string>;
}

export interface ContainerStatus {
  id: string;
  podSandboxId: string;
  metadata: ContainerConfig['metadata'];
  /** The image as the runtime names it: its first repo tag ("docker.io/library/nginx:latest"). */
  image: string;
  /** The repo digest ("docker.io/library/nginx@sha256:..."): the Pod status' imageID. */
  imageRef: string;
  /** The image id ("sha256:..."): what `crictl ps` prints in its IMAGE column. */
  imageId: string;
  labels: Record<string, string>;
  state: ContainerState;
  createdAt: number;
  startedAt: number;
  finishedAt: number;
  exitCode: number;
  reason: string;
  /** Why it exited, when the runtime says (a StartError's runc error). */
  message?: string;
  /** The pid of the container's process on the node (set while running). */
  pid?: number;
}

export interface ImageInfo {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  size: number;
}

/** A runtime condition of the CRI Status call (RuntimeReady, NetworkReady). */
export interface RuntimeCondition {
  type: 'RuntimeReady' | 'NetworkReady';
  status: boolean;
  reason: string;
  message: string;
}

/** One event of the GetContainerEvents stream (what the evented PLEG consumes). */
export interface ContainerEvent {
  containerId: string;
  type: 'CONTAINER_CREATED_EVENT' | 'CONTAINER_STARTED_EVENT' | 'CONTAINER_STOPPED_EVENT' | 'CONTAINER_DELETED_EVENT';
  podSandboxId: string;
  /** Labels of the sandbox, so a listener can find the Pod (io.kubernetes.pod.uid ...). */
  podLabels: Record<string, string>;
}

/** CRI RuntimeService + ImageService. */
export interface ContainerRuntime {
  /** "containerd", "cri-o": the scheme of the containerIDs it hands out ("containerd://…"). */
  readonly name: string;
  readonly version: string;
  /** The socket the kubelet dials (--container-runtime-endpoint). */
  readonly endpoint: string;

  runPodSandbox(config: PodSandboxConfig, cb: Callback<string>): void;
  stopPodSandbox(id: string, cb: Callback<void>): void;
  removePodSandbox(id: string, cb: Callback<void>): void;
  podSandboxStatus(id: string): PodSandboxStatus | undefined;
  listPodSandbox(): PodSandboxStatus[];

  createContainer(sandboxId: string, config: ContainerConfig, cb: Callback<string>): void;
  startContainer(id: string, cb: Callback<void>): void;
  stopContainer(id: string, timeoutSeconds: number, cb: Callback<void>): void;
  removeContainer(id: string, cb: Callback<void>): void;
  containerStatus(id: string): ContainerStatus | undefined;
  /** The config a container was created with (crictl inspect's info.config): its env and mounts. */
  containerConfig?(id: string): ContainerConfig | undefined;
  listContainers(): ContainerStatus[];
  /** Log lines of a container (crictl logs, kubectl logs). */
  containerLogs(id: string): string[];
  /** The same lines with their virtual time (epoch ms) and stream (kubectl logs --timestamps). */
  containerLogEntries(id: string): { t: number; stream: 'stdout' | 'stderr'; text: string }[];

  /** Status: RuntimeReady and NetworkReady (false until a Pod CIDR / CNI config exists). */
  status(): RuntimeCondition[];
  /** UpdateRuntimeConfig: the kubelet hands the node's Pod CIDR to the runtime. */
  updateRuntimeConfig(podCIDR: string): void;
  /** GetContainerEvents: subscribes to container lifecycle events; returns the unsubscribe. */
  getContainerEvents(listener: (ev: ContainerEvent) => void): () => void;

  /**
   * PullImage. `sandbox` is the requesting Pod's sandbox config (the CRI request carries it),
   * so the trace can name the Pod. Answers with the image id, its size and the pull time.
   */
  pullImage(image: string, cb: Callback<{ imageRef: string; size: number; pullMs: number }>, sandbox?: PodSandboxConfig): void;
  imageStatus(image: string): ImageInfo | undefined;
  listImages(): ImageInfo[];

  /** The runtime's daemon was started again (systemctl): it serves from its kept state in the new process. */
  daemonRestarted?(proc: Process): void;
}
