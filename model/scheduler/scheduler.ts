import type { ComponentContext } from '../component';

/** kube-scheduler. (Being written.) */
export function startScheduler(ctx: ComponentContext): void {
  void ctx;
}
