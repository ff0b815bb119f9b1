import type { ComponentContext } from '../component';

/** kube-controller-manager: starts its controllers in one process. (Being written.) */
export function startControllerManager(ctx: ComponentContext, opts: { clusterCIDR: string; nodeCIDRMaskSize: number }): void {
  void ctx;
  void opts;
}
