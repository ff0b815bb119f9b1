/**
 * ObjectMeta's list fields are `omitempty` in Go: a body whose last owner reference or
 * finalizer was removed (the garbage collector's orphaning patch, a controller releasing its
 * finalizer) is stored without the field, not with an empty list.
 */
import type { KObject } from '../api/meta';

const OMITEMPTY_LISTS = ['ownerReferences', 'finalizers'] as const;

export function dropEmptyMetaLists(meta: KObject['metadata']): void {
  for (const k of OMITEMPTY_LISTS) if (Array.isArray((meta as any)[k]) && (meta as any)[k].length === 0) delete (meta as any)[k];
}
