import type { KObject } from '../../api/meta';
import type { ContainerConfig, ContainerRuntime, ContainerStatus, PodSandboxConfig, PodSandboxStatus } from '../cri/api';

/** The labels the kubelet puts on sandboxes and containers (pkg/kubelet/types/labels.go). */
export const LABEL_POD_NAME = 'io.kubernetes.pod.name';
export const LABEL_POD_NAMESPACE = 'io.kubernetes.pod.namespace';
export const LABEL_POD_UID = 'io.kubernetes.pod.uid';
export const LABEL_CONTAINER_NAME = 'io.kubernetes.container.name';

/** The runtime's view of one Pod (kubecontainer.PodStatus): its sandboxes and containers. */
export interface PodRuntimeState {
  /** Newest first. */
  sandboxes: PodSandboxStatus[];
  /** By container name, newest attempt first. */
  containers: Map<string, ContainerStatus[]>;
}

/** GetPodStatus: lists the runtime's sandboxes and containers labelled with the Pod's UID. */
export function podRuntimeState(runtime: ContainerRuntime, uid: string): PodRuntimeState {
  const sandboxes = runtime
    .listPodSandbox()
    .filter((s) => s.labels[LABEL_POD_UID] === uid)
    .sort((a, b) => b.createdAt - a.createdAt || b.metadata.attempt - a.metadata.attempt);
  const containers = new Map<string, ContainerStatus[]>();
  for (const c of runtime.listContainers()) {
    if (c.labels[LABEL_POD_UID] !== uid) continue;
    const name = c.metadata.name;
    if (!containers.has(name)) containers.set(name, []);
    containers.get(name)!.push(c);
  }
  for (const list of containers.values()) list.sort((a, b) => b.metadata.attempt - a.metadata.attempt || b.createdAt - a.createdAt);
  return { sandboxes, containers };
}

/** generatePodSandboxConfig: what RunPodSandbox gets for a Pod. */
export function sandboxConfig(pod: KObject, attempt: number, podCIDR: string): PodSandboxConfig {
  const m = pod.metadata;
  return {
    metadata: { name: m.name!, namespace: m.namespace!, uid: m.uid!, attempt },
    hostname: pod.spec?.hostname ?? m.name!,
    labels: { ...(m.labels ?? {}), [LABEL_POD_NAME]: m.name!, [LABEL_POD_NAMESPACE]: m.namespace!, [LABEL_POD_UID]: m.uid! },
    annotations: { ...(m.annotations ?? {}) },
    podCIDR,
    ...(pod.spec?.hostNetwork ? { hostNetwork: true } : {}),
  };
}

/**
 * generateContainerConfig: what CreateContainer gets for one of the Pod's containers. Its env and
 * mounts (hostPath and the files of the kubelet's volumes) come from the API, so withRunOptions
 * (container-config.ts) adds them.
 */
export function containerConfig(pod: KObject, c: any, attempt: number): ContainerConfig {
  const m = pod.metadata;
  return {
    metadata: { name: c.name, attempt },
    image: c.image,
    command: c.command,
    args: c.args,
    labels: { [LABEL_CONTAINER_NAME]: c.name, [LABEL_POD_NAME]: m.name!, [LABEL_POD_NAMESPACE]: m.namespace!, [LABEL_POD_UID]: m.uid! },
  };
}

/** format.Pod: "name_namespace(uid)", as kubelet messages name a Pod. */
export function formatPod(pod: KObject): string {
  return `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;
}
