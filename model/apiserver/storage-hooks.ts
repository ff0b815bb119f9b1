/**
 * The per-resource parts of the REST storage that run around a write, beyond defaulting and
 * validation: the Service allocators (BeginCreate/BeginUpdate and the release after delete)
 * and the DaemonSet strategy's template generation. The API server calls these at three points;
 * each returns a transaction it rolls back when the write is not stored.
 */
import type { KObject } from '../api/meta';
import { canonicalJSON } from '../api/meta';
import type { ResourceInfo } from '../api/registry';
import type { Rng } from '../sim/rng';
import { type AllocationTxn, ServiceAllocations } from './service-alloc';

/** apps/v1 keeps the internal spec.templateGeneration in this annotation. */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

const NOTHING: AllocationTxn = { rollback() {}, commit() {} };

export interface StorageHookOptions {
  /** --service-cluster-ip-range. */
  serviceClusterIPRange: string;
  /** --service-node-port-range. */
  serviceNodePortRange: [number, number];
}

export class StorageHooks {
  readonly services: ServiceAllocations;

  constructor(rng: Rng, opts: StorageHookOptions, storedServices: () => KObject[]) {
    this.services = new ServiceAllocations(opts.serviceClusterIPRange, opts.serviceNodePortRange, rng, storedServices);
  }

  /** After validation, before the object is stored (may throw a StatusError). */
  beforeCreate(r: ResourceInfo, obj: KObject, dryRun: boolean): AllocationTxn {
    if (r.resource === 'services') return this.services.allocateCreate(obj, dryRun);
    if (r.resource === 'daemonsets') {
      obj.metadata.annotations = { ...(obj.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: '1' };
    }
    return NOTHING;
  }

  /** After validation of an update of the main resource (not status), before it is stored. */
  beforeUpdate(r: ResourceInfo, next: KObject, old: KObject, dryRun: boolean): AllocationTxn {
    if (r.resource === 'services') return this.services.allocateUpdate(next, old, dryRun);
    if (r.resource === 'daemonsets') {
      // PrepareForUpdate: a changed Pod template is a new template generation.
      const was = Number(old.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION] ?? 1);
      const changed = canonicalJSON(next.spec?.template) !== canonicalJSON(old.spec?.template);
      next.metadata.annotations = { ...(next.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(changed ? was + 1 : was) };
    }
    return NOTHING;
  }

  /** Once an object is gone from etcd. */
  afterDelete(r: ResourceInfo, obj: KObject): void {
    if (r.resource === 'services') this.services.releaseAll(obj);
  }
}
