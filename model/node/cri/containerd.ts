import type { ContainerRuntime } from './api';
import type { NodeHost } from '../host';
import type { ImageRegistry } from '../images';
import { NODE_OS } from '../os';
import { CriRuntime, type RuntimeFlavor } from './runtime';
import { Shim } from './shim';
import { Workloads } from './workloads';

/**
 * containerd 1.7 with its CRI plugin: one containerd-shim-runc-v2 per Pod sandbox, which
 * parents the pause process and every container of the Pod, and runc to create and start them.
 */
export const CONTAINERD: RuntimeFlavor = {
  name: 'containerd',
  version: NODE_OS.containerdVersion,
  daemon: { actor: 'containerd', command: '/usr/local/bin/containerd' },
  endpoint: 'unix:///run/containerd/containerd.sock',
  ociRuntime: 'runc',
  newSandbox: (host, id) => new Shim(host, id),
  cannotRestart: (id) => `failed to start containerd task "${id}": cannot start a container that has stopped: unknown`,
};

/** containerd with containerd-shim-runc-v2 and runc on `host`, pulling from `images`; `workloads` says which images run components. */
export function createContainerd(host: NodeHost, images: ImageRegistry, workloads: Workloads = new Workloads()): ContainerRuntime {
  return new CriRuntime(host, images, workloads, CONTAINERD);
}
