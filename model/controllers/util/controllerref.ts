/**
 * controller.ControllerRefManager: a controller claims the objects it should own. It keeps what
 * it owns and still selects, adopts matching orphans (a strategic merge patch adding its
 * controller reference, after one live re-read of itself), and releases what it owns but no
 * longer selects (a patch deleting its reference). Objects owned by another controller are
 * never touched.
 */
import { controllerOf, type KObject } from '../../api/meta';
import { matchesLabels, type Selector } from '../../api/selectors';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { newControllerRef, reasonOf } from './objects';

export interface ClaimContext {
  client: ApiClient;
  /** The resource of the claimed objects: "pods", "replicasets". */
  resource: string;
  /** The controller (from the lister). */
  owner: KObject;
  ownerApiVersion: string;
  ownerKind: string;
  selector: Selector;
  /** ClaimPods' filters: an object matches only if the selector picks it and every filter passes (the StatefulSet's isMemberOf). */
  filter?: (obj: KObject) => boolean;
  /** Re-reads the owner from the API server; throws when it is gone or being deleted. */
  recheckOwner: () => void;
}

/** Returns the objects the owner owns after adopting and releasing; throws the first API error after trying all. */
export function claimObjects(c: ClaimContext, candidates: KObject[]): KObject[] {
  const claimed: KObject[] = [];
  let rechecked = false;
  let firstError: unknown;
  const ownerUID = c.owner.metadata.uid;
  const ownerDeleting = !!c.owner.metadata.deletionTimestamp;
  for (const obj of candidates) {
    const ref = controllerOf(obj);
    const match = matchesLabels(c.selector, obj.metadata.labels) && (!c.filter || c.filter(obj));
    try {
      if (ref) {
        if (ref.uid !== ownerUID) continue;
        if (match) {
          claimed.push(obj);
          continue;
        }
        if (ownerDeleting) continue;
        release(c, obj);
        continue;
      }
      if (ownerDeleting || !match || obj.metadata.deletionTimestamp) continue;
      if (obj.metadata.namespace !== c.owner.metadata.namespace) continue;
      if (!rechecked) {
        c.recheckOwner();
        rechecked = true;
      }
      claimed.push(adopt(c, obj));
    } catch (e) {
      if (reasonOf(e) === 'NotFound' && (e as StatusError).status.details?.name === obj.metadata.name) continue;
      if (!(e instanceof StatusError)) throw e;
      firstError ??= e;
    }
  }
  if (firstError) throw firstError;
  return claimed;
}

function adopt(c: ClaimContext, obj: KObject): KObject {
  const patch = { metadata: { ownerReferences: [newControllerRef(c.owner, c.ownerApiVersion, c.ownerKind)], uid: obj.metadata.uid } };
  return c.client.patch(c.resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch);
}

function release(c: ClaimContext, obj: KObject): void {
  const patch = { metadata: { ownerReferences: [{ $patch: 'delete', uid: c.owner.metadata.uid }], uid: obj.metadata.uid } };
  c.client.patch(c.resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch);
}

/** RecheckDeletionTimestamp: the live owner must be the same object and not being deleted. */
export function recheckOwner(client: ApiClient, resource: string, owner: KObject, kindName: string): void {
  const fresh = client.get(resource, owner.metadata.namespace, owner.metadata.name!);
  if (fresh.metadata.uid !== owner.metadata.uid)
    throw internal(`original ${kindName} ${owner.metadata.namespace}/${owner.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${owner.metadata.uid}`);
  if (fresh.metadata.deletionTimestamp) throw internal(`${owner.metadata.namespace}/${owner.metadata.name} has just been deleted at ${fresh.metadata.deletionTimestamp}`);
}

/** A controller-side error, carried as a StatusError so the work queue retries with back-off. */
export function internal(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
}
