import type { ComponentContext } from '../component';
import type { NodeHost } from './host';
import type { ContainerRuntime } from './cri/api';

/** The kubelet. (Being written.) */
export function startKubelet(ctx: ComponentContext, host: NodeHost, runtime: ContainerRuntime): void {
  void ctx;
  void host;
  void runtime;
}
