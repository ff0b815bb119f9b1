import type { Process } from '../sim/process';
import type { ApiClient, ListOptions } from './client';
import { Informer } from './informer';

/**
 * A shared informer factory for one process: one informer per resource (and selector), shared
 * by every controller in that process, as kube-controller-manager shares them.
 */
export class InformerFactory {
  private readonly informers = new Map<string, Informer>();

  constructor(
    private readonly proc: Process,
    private readonly client: ApiClient,
  ) {}

  get(resource: string, opts: ListOptions & { namespace?: string } = {}): Informer {
    const key = `${resource}|${opts.namespace ?? ''}|${opts.labelSelector ?? ''}|${opts.fieldSelector ?? ''}`;
    let inf = this.informers.get(key);
    if (!inf) this.informers.set(key, (inf = new Informer(this.proc, this.client, resource, opts)));
    return inf;
  }

  /** Starts every informer made so far (list, then watch). */
  start(): void {
    for (const inf of this.informers.values()) inf.start();
  }

  all(): Informer[] {
    return [...this.informers.values()];
  }
}
