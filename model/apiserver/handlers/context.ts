import type { EtcdStore } from '../../etcd/store';
import type { Simulation } from '../../sim/simulation';
import type { AdmissionAttributes } from '../admission';
import type { CacheStore } from '../cache-store';
import type { ResourceInfo } from '../../api/registry';
import type { FieldManager } from '../fieldmanager/fieldmanager';
import type { StorageHooks } from '../storage-hooks';

/**
 * What the REST handlers (get, list, create, update, patch, delete and the subresources) share
 * with the API server that dispatches to them: storage, the clock, the field manager, the
 * storage hooks, admission, and the warnings of the request being handled.
 */
export interface HandlerContext {
  readonly sim: Simulation;
  readonly etcd: EtcdStore;
  /** metadata.managedFields of every write, and server-side apply. */
  readonly fields: FieldManager;
  /** Service allocators and other per-resource storage steps around a write. */
  readonly hooks: StorageHooks;
  /** Warnings of the request being handled (unknown fields under fieldValidation=Warn). */
  readonly warnings: string[];
  /** The watch cache's store of a resource: what lists are served from. */
  cacheOf(r: ResourceInfo): CacheStore;
  /** The admission plugins, then the RBAC escalation checks. */
  admit(a: AdmissionAttributes): void;
}
