/**
 * A DaemonSet's history as ControllerRevisions (pkg/controller/daemon/update.go constructHistory,
 * snapshot, dedupCurHistories, cleanupHistory). Each revision stores the patch
 * `{"spec":{"template":{…,"$patch":"replace"}}}`, is named `<ds>-<hash>` with the hash of the
 * template and the status' collisionCount, and carries that hash as its
 * `controller-revision-hash` label, which is what the Pods get. The revision matching the
 * current template is the current one (renumbered to be the newest when the DaemonSet goes back
 * to an older template); the others are old, and beyond revisionHistoryLimit the oldest ones no
 * Pod uses are deleted.
 *
 * The revisions given are those the DaemonSet owns after its sync claimed them (controller.ts:
 * ClaimControllerRevisions adopts orphans its selector picks).
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { computeHash } from '../deployment/hash';
import { revisionData, sortRevisions } from '../statefulset/revisions';
import { internal } from '../util/controllerref';
import { newControllerRef, reasonOf } from '../util/objects';
import { CONTROLLER_REVISION_HASH } from './podtemplate';

/** Match: the revision stores exactly the patch the DaemonSet's template makes now. */
export function matchesRevision(ds: KObject, history: KObject): boolean {
  return canonicalJSON(revisionData(ds)) === canonicalJSON((history as any).data ?? null);
}

const revisionOf = (h: KObject): number => Number((h as any).revision ?? 0);

/** maxRevision: the highest revision number among the old ones (0 when there are none). */
function maxRevision(old: KObject[]): number {
  return old.reduce((m, h) => Math.max(m, revisionOf(h)), 0);
}

export interface History {
  cur: KObject;
  old: KObject[];
  /** cur's controller-revision-hash label: the hash the Pods of the current template carry. */
  hash: string;
}

/**
 * constructHistory: labels revisions that lack the hash label with their name, splits them into
 * the current one(s) and the old ones, then makes the current revision (snapshot) or keeps the
 * newest duplicate (dedupCurHistories) and numbers it above every old one.
 */
export function constructHistory(client: ApiClient, ds: KObject, histories: KObject[], pods: () => KObject[]): History {
  const current: KObject[] = [];
  const old: KObject[] = [];
  for (let history of histories) {
    if (history.metadata.labels?.[CONTROLLER_REVISION_HASH] === undefined) {
      // The name, not a recomputed hash: no collision to worry about.
      const toUpdate = deepCopy(history);
      toUpdate.metadata.labels = { ...(toUpdate.metadata.labels ?? {}), [CONTROLLER_REVISION_HASH]: toUpdate.metadata.name! };
      history = client.update('controllerrevisions', ds.metadata.namespace, toUpdate);
    }
    if (matchesRevision(ds, history)) current.push(history);
    else old.push(history);
  }
  const currRevision = maxRevision(old) + 1;
  let cur: KObject;
  if (current.length === 0) cur = snapshot(client, ds, currRevision);
  else {
    cur = dedupCurHistories(client, ds, current, pods);
    if (revisionOf(cur) < currRevision) {
      const toUpdate = deepCopy(cur) as any;
      toUpdate.revision = currRevision;
      client.update('controllerrevisions', ds.metadata.namespace, toUpdate);
    }
  }
  return { cur, old, hash: cur.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '' };
}

/** snapshot: a new revision of the template; a name taken by other data is a hash collision. */
function snapshot(client: ApiClient, ds: KObject, revision: number): KObject {
  const collisionCount = ds.status?.collisionCount ?? undefined;
  const hash = computeHash(ds.spec?.template ?? {}, collisionCount);
  const name = `${ds.metadata.name}-${hash}`;
  const history: any = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name,
      namespace: ds.metadata.namespace,
      labels: { ...(ds.spec?.template?.metadata?.labels ?? {}), [CONTROLLER_REVISION_HASH]: hash },
      ownerReferences: [newControllerRef(ds, 'apps/v1', 'DaemonSet')],
    },
    data: revisionData(ds),
    revision,
  };
  if (ds.metadata.annotations && Object.keys(ds.metadata.annotations).length) history.metadata.annotations = { ...ds.metadata.annotations };
  try {
    return client.create('controllerrevisions', ds.metadata.namespace, history);
  } catch (outer) {
    if (!(outer instanceof StatusError) || reasonOf(outer) !== 'AlreadyExists') throw outer;
    const existing = client.get('controllerrevisions', ds.metadata.namespace, name);
    if (matchesRevision(ds, existing)) return existing;
    // Bump the collision count only if the one this hash used is not already stale.
    const currDS = client.get('daemonsets', ds.metadata.namespace, ds.metadata.name!);
    const seen = currDS.status?.collisionCount;
    if (seen !== collisionCount) {
      throw internal(`found a stale collision count (${collisionCount ?? '<nil>'}, expected ${seen ?? '<nil>'}) of DaemonSet "${ds.metadata.name}" while processing; will retry until it is updated`);
    }
    client.updateStatus('daemonsets', ds.metadata.namespace, { ...currDS, apiVersion: 'apps/v1', kind: 'DaemonSet', status: { ...(currDS.status ?? {}), collisionCount: (seen ?? 0) + 1 } });
    throw outer;
  }
}

/**
 * dedupCurHistories: of several revisions with the current template keep the newest; every
 * Pod whose hash label differs from it is relabelled (upstream relabels all of the
 * DaemonSet's Pods that differ, old ones included) and the duplicates are deleted.
 */
function dedupCurHistories(client: ApiClient, ds: KObject, current: KObject[], pods: () => KObject[]): KObject {
  if (current.length === 1) return current[0];
  let keep = current[0];
  for (const h of current) if (revisionOf(h) >= revisionOf(keep)) keep = h;
  const keepHash = keep.metadata.labels?.[CONTROLLER_REVISION_HASH];
  for (const h of current) {
    if (h.metadata.name === keep.metadata.name) continue;
    for (const pod of pods()) {
      if (pod.metadata.labels?.[CONTROLLER_REVISION_HASH] === keepHash) continue;
      client.patch('pods', pod.metadata.namespace, pod.metadata.name!, 'merge', { metadata: { labels: { [CONTROLLER_REVISION_HASH]: keepHash } } });
    }
    client.delete('controllerrevisions', ds.metadata.namespace, h.metadata.name!);
  }
  return keep;
}

/**
 * cleanupHistory: beyond revisionHistoryLimit (default 10) old revisions, delete the oldest
 * whose hash no Pod of the DaemonSet (terminating ones included) still carries.
 */
export function cleanupHistory(client: ApiClient, ds: KObject, old: KObject[], pods: () => KObject[]): void {
  let toKill = old.length - (ds.spec?.revisionHistoryLimit ?? 10);
  if (toKill <= 0) return;
  const live = new Set(pods().map((p) => p.metadata.labels?.[CONTROLLER_REVISION_HASH]).filter((h): h is string => !!h));
  for (const history of sortRevisions(old)) {
    if (toKill <= 0) break;
    if (live.has(history.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? '')) continue;
    try {
      client.delete('controllerrevisions', ds.metadata.namespace, history.metadata.name!);
    } catch (e) {
      if (reasonOf(e) !== 'NotFound') throw e;
    }
    toKill--;
  }
}
