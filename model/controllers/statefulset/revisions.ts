/**
 * A StatefulSet's history as ControllerRevisions (pkg/controller/history and
 * stateful_set_control.go getStatefulSetRevisions/truncateHistory): each revision stores the
 * patch `{"spec":{"template":{…,"$patch":"replace"}}}`, is named `<set>-<hash>` with the hash
 * of that data and the collision count, and numbers revisions upward. An unchanged template
 * reuses the latest revision; going back to an older template renumbers that revision instead
 * of making a new one; revisions no Pod uses beyond revisionHistoryLimit are deleted.
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { safeEncodeString } from '../../api/names';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { newControllerRef, reasonOf } from '../util/objects';
import { podRevision } from './identity';

/** history.ControllerRevisionHashLabel. */
export const REVISION_HASH_LABEL = 'controller.kubernetes.io/hash';

/** FNV-1 32-bit, as HashControllerRevision's hash.New32(). */
function fnv32(data: string): number {
  let h = 0x811c9dc5;
  for (const b of Buffer.from(data, 'utf8')) {
    h = Math.imul(h, 0x01000193) >>> 0;
    h = (h ^ b) >>> 0;
  }
  return h >>> 0;
}

/** getPatch: the set's template as a replacing strategic merge patch, keys sorted as Go marshals a map. */
export function revisionData(set: KObject): any {
  return JSON.parse(canonicalJSON({ spec: { template: { ...(set.spec?.template ?? {}), $patch: 'replace' } } }));
}

/** HashControllerRevision with the collision count (the StatefulSet controller always passes one). */
export function revisionHash(data: any, collisionCount: number): string {
  return safeEncodeString(String(fnv32(canonicalJSON(data) + String(collisionCount))));
}

/** history.NewControllerRevision for the set (with the set's annotations, as newRevision copies them). */
export function newRevision(set: KObject, revision: number, collisionCount: number): KObject {
  const data = revisionData(set);
  const hash = revisionHash(data, collisionCount);
  const cr: any = {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${set.metadata.name}-${hash}`,
      namespace: set.metadata.namespace,
      labels: { ...(set.spec?.template?.metadata?.labels ?? {}), [REVISION_HASH_LABEL]: hash },
      ownerReferences: [newControllerRef(set, 'apps/v1', 'StatefulSet')],
    },
    data,
    revision,
  };
  const annotations = { ...(set.metadata.annotations ?? {}) };
  if (Object.keys(annotations).length) cr.metadata.annotations = annotations;
  return cr;
}

/** ApplyRevision: the set with the revision's template. */
export function applyRevision(set: KObject, revision: KObject): KObject {
  const out = deepCopy(set);
  const t = deepCopy((revision as any).data?.spec?.template ?? {});
  delete t.$patch;
  out.spec = { ...out.spec, template: t };
  return out;
}

/** Go's string order (no locale). */
const byteOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** SortControllerRevisions: by revision number, then creation, then name. */
export function sortRevisions(list: KObject[]): KObject[] {
  return [...list].sort((a: any, b: any) => (a.revision ?? 0) - (b.revision ?? 0) || byteOrder(a.metadata.creationTimestamp ?? '', b.metadata.creationTimestamp ?? '') || byteOrder(a.metadata.name, b.metadata.name));
}

const equalRevision = (a: any, b: any): boolean =>
  a.metadata.labels?.[REVISION_HASH_LABEL] === b.metadata.labels?.[REVISION_HASH_LABEL] && canonicalJSON(a.data ?? null) === canonicalJSON(b.data ?? null);

export interface Revisions {
  current: KObject;
  update: KObject;
  collisionCount: number;
}

/**
 * getStatefulSetRevisions: finds or makes the update revision and finds the current one (the
 * update revision when the status names none we have).
 */
export function getStatefulSetRevisions(client: ApiClient, set: KObject, existing: KObject[]): Revisions {
  const revisions = sortRevisions(existing);
  let collisionCount = set.status?.collisionCount ?? 0;
  const next = revisions.length ? ((revisions[revisions.length - 1] as any).revision ?? 0) + 1 : 1;
  let update = newRevision(set, next, collisionCount);
  const equal = revisions.filter((r) => equalRevision(r, update));
  if (equal.length && equalRevision(revisions[revisions.length - 1], equal[equal.length - 1])) update = revisions[revisions.length - 1];
  else if (equal.length) {
    // Back to an older template: that revision becomes the newest.
    const older = deepCopy(equal[equal.length - 1]) as any;
    older.revision = next;
    update = client.update('controllerrevisions', set.metadata.namespace, older);
  } else {
    // CreateControllerRevision: a name taken by different data is a hash collision; count it and try again.
    for (;;) {
      try {
        update = client.create('controllerrevisions', set.metadata.namespace, update);
        break;
      } catch (e) {
        if (!(e instanceof StatusError) || reasonOf(e) !== 'AlreadyExists') throw e;
        const found = client.tryGet('controllerrevisions', set.metadata.namespace, update.metadata.name!);
        if (found && equalRevision(found, update)) {
          update = found;
          break;
        }
        collisionCount++;
        update = newRevision(set, next, collisionCount);
      }
    }
  }
  const current = revisions.find((r) => r.metadata.name === set.status?.currentRevision) ?? update;
  return { current, update, collisionCount };
}

/** truncateHistory: keep the live revisions (current, update, any Pod's) and the newest revisionHistoryLimit others. */
export function truncateHistory(client: ApiClient, set: KObject, pods: KObject[], revisions: KObject[], current: KObject, update: KObject): void {
  const live = new Set<string>([current.metadata.name!, update.metadata.name!, ...pods.map(podRevision)]);
  const history = sortRevisions(revisions).filter((r) => !live.has(r.metadata.name!));
  const limit = set.spec?.revisionHistoryLimit ?? 10;
  for (const r of history.slice(0, Math.max(0, history.length - limit))) {
    try {
      client.delete('controllerrevisions', set.metadata.namespace, r.metadata.name!);
    } catch (e) {
      if (reasonOf(e) !== 'NotFound') throw e;
    }
  }
}
