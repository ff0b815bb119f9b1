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
}

export interface PodSandboxConfig {
  metadata: { name: string; namespace: string; uid: string; attempt: number };
  hostname: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** The node's Pod CIDR, from which the CNI plugin (host-local IPAM) picks the Pod's IP. */
  podCIDR: string;
}

export interface ContainerConfig {
  metadata: { name: string; attempt: number };
  image: string;
  command?: string[];
  args?: string[];
  labels: Record<string, string>;
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
  image: string;
  imageRef: string;
  state: ContainerState;
  createdAt: number;
  startedAt: number;
  finishedAt: number;
  exitCode: number;
  reason: string;
  /** The pid of the container's process on the node (set while running). */
  pid?: number;
}

export interface ImageInfo {
  id: string;
  repoTags: string[];
  repoDigests: string[];
  size: number;
}

/** CRI RuntimeService + ImageService. */
export interface ContainerRuntime {
  /** "containerd", "cri-o". */
  readonly name: string;
  readonly version: string;

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
  listContainers(): ContainerStatus[];
  /** Log lines of a container (crictl logs, kubectl logs). */
  containerLogs(id: string): string[];

  pullImage(image: string, cb: Callback<{ imageRef: string; size: number; pullMs: number }>): void;
  imageStatus(image: string): ImageInfo | undefined;
  listImages(): ImageInfo[];
}
