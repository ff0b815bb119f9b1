import type { KObject } from '../api/meta';
import type { KeyValue } from '../etcd/store';
import { decode } from './objects';

/**
 * etcd3's watcher decodes each event once, and what the API server runs on its events shares
 * that object. Here two in-process consumers see every etcd write, one after the other in the
 * same put: the watch cache and the Node authorizer's graph. The one that comes second gets the
 * object the first decoded, so a write is parsed once, not once per consumer. The object is
 * shared and read-only (the watch cache hands it to its watchers as it is).
 */
let last: { kv: KeyValue; obj: KObject } | undefined;

/** The object a stored KeyValue holds, with its resourceVersion; read-only. */
export function decodeStored(kv: KeyValue): KObject {
  if (last?.kv === kv) return last.obj;
  const obj = decode(kv.value, kv.modRevision);
  last = { kv, obj };
  return obj;
}
