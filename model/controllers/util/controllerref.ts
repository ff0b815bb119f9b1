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

/**
 * Returns the objects the owner owns after adopting and releasing; after trying all, throws the
 * API errors as utilerrors.NewAggregate does (one error as it is, several as "[a, b]").
 */
export function claimObjects(c: ClaimContext, candidates: KObject[]): KObject[] {
  const claimed: KObject[] = [];
  // CanAdopt runs its recheck once (sync.Once): every later adoption gets the same answer.
  let rechecked = false;
  let canAdoptErr: StatusError | undefined;
  const errs: StatusError[] = [];
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
        rechecked = true;
        try {
          c.recheckOwner();
        } catch (e) {
          if (!(e instanceof StatusError)) throw e;
          canAdoptErr = e;
        }
      }
      // AdoptPod / AdoptReplicaSet: "can't adopt Pod <ns>/<name> (<uid>): <CanAdopt's error>".
      if (canAdoptErr) throw internal(`can't adopt ${KINDS[c.resource] ?? c.resource} ${obj.metadata.namespace}/${obj.metadata.name} (${obj.metadata.uid}): ${canAdoptErr.status.message}`);
      claimed.push(adopt(c, obj));
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      // The object is gone: nothing to adopt or release (errors.IsNotFound).
      if (reasonOf(e) === 'NotFound') continue;
      errs.push(e);
    }
  }
  if (errs.length) throw aggregate(errs);
  return claimed;
}

function adopt(c: ClaimContext, obj: KObject): KObject {
  const patch = { metadata: { ownerReferences: [newControllerRef(c.owner, c.ownerApiVersion, c.ownerKind)], uid: obj.metadata.uid } };
  return c.client.patch(c.resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch);
}

function release(c: ClaimContext, obj: KObject): void {
  const patch = { metadata: { ownerReferences: [{ $patch: 'delete', uid: c.owner.metadata.uid }], uid: obj.metadata.uid } };
  try {
    c.client.patch(c.resource, obj.metadata.namespace, obj.metadata.name!, 'strategic', patch);
  } catch (e) {
    // ReleasePod: Invalid means the object has no owner references or is another object with the name (its uid differs): nothing to release.
    if (reasonOf(e) === 'Invalid') return;
    throw e;
  }
}

/** utilerrors.NewAggregate(errs): one error as it is, several as "[msg1, msg2]" (each message once). */
function aggregate(errs: StatusError[]): StatusError {
  if (errs.length === 1) return errs[0];
  const msgs = [...new Set(errs.map((e) => e.status.message))];
  return msgs.length === 1 ? internal(msgs[0]) : internal(`[${msgs.join(', ')}]`);
}

/** The kind ClaimPods / ClaimReplicaSets names in its adoption errors. */
const KINDS: Record<string, string> = { pods: 'Pod', replicasets: 'ReplicaSet', controllerrevisions: 'ControllerRevision' };

/**
 * RecheckDeletionTimestamp over the controller's getObject: a failed GET or an owner replaced by
 * another object of the same name is "can't recheck DeletionTimestamp: …"; an owner being deleted
 * "<ns>/<name> has just been deleted at <time.Time's String>".
 */
export function recheckOwner(client: ApiClient, resource: string, owner: KObject, kindName: string): void {
  let fresh: KObject;
  try {
    fresh = client.get(resource, owner.metadata.namespace, owner.metadata.name!);
  } catch (e) {
    if (e instanceof StatusError) throw internal(`can't recheck DeletionTimestamp: ${e.status.message}`);
    throw e;
  }
  if (fresh.metadata.uid !== owner.metadata.uid)
    throw internal(`can't recheck DeletionTimestamp: original ${kindName} ${owner.metadata.namespace}/${owner.metadata.name} is gone: got uid ${fresh.metadata.uid}, wanted ${owner.metadata.uid}`);
  if (fresh.metadata.deletionTimestamp) throw internal(`${owner.metadata.namespace}/${owner.metadata.name} has just been deleted at ${goTime(fresh.metadata.deletionTimestamp)}`);
}

/** time.Time's String of an RFC 3339 UTC timestamp: "2024-01-02 03:04:05 +0000 UTC". */
function goTime(t: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})Z$/.exec(t);
  return m ? `${m[1]} ${m[2]} +0000 UTC` : t;
}

/** A controller-side error, carried as a StatusError so the work queue retries with back-off. */
export function internal(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
}
