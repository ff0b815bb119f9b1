/**
 * What upstream's controller tests do with a shared informer they never start: they fill its
 * store (GetStore().Add, Delete), set the controller's listerSynced to alwaysReady, and call the
 * controller's handlers themselves (controller.namespaceAdded(ns)). The model's Informer keeps
 * its store and handlers private; these reach them for the tests alone.
 */
import { keyOf, type KObject } from '../../model/api/meta';
import type { EventHandler, Informer } from '../../model/client/informer';

interface Store {
  put(key: string, obj: KObject, old: KObject | undefined): void;
  remove(key: string, old: KObject): void;
  synced: boolean;
  handlers: EventHandler[];
  items: Map<string, KObject>;
}

const store = (informer: Informer) => informer as unknown as Store;

/** GetStore().Add for each object; the informer then counts as synced. */
export function storeAdd(informer: Informer, ...objs: KObject[]): void {
  const s = store(informer);
  for (const o of objs) s.put(keyOf(o), o, s.items.get(keyOf(o)));
  s.synced = true;
}

/** GetStore().Delete. */
export function storeDelete(informer: Informer, obj: KObject): void {
  const s = store(informer);
  const old = s.items.get(keyOf(obj));
  if (old) s.remove(keyOf(obj), old);
}

/** An empty store that counts as synced (alwaysReady). */
export function alwaysReady(informer: Informer): void {
  store(informer).synced = true;
}

/** Calls the controller's handlers on the informer, as the test calls them: add, update (no old object) or delete. */
export function callHandlers(informer: Informer, event: 'add' | 'update' | 'delete', obj: KObject): void {
  for (const h of store(informer).handlers) {
    if (event === 'add') h.onAdd?.(obj);
    else if (event === 'update') h.onUpdate?.(undefined as unknown as KObject, obj);
    else h.onDelete?.(obj);
  }
}
