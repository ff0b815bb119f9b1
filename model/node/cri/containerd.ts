import type { ContainerRuntime } from './api';
import type { NodeHost } from '../host';
import type { ImageRegistry } from '../images';

/** containerd with containerd-shim and runc. (Being written.) */
export function createContainerd(host: NodeHost, images: ImageRegistry): ContainerRuntime {
  void host;
  void images;
  return {} as ContainerRuntime;
}
