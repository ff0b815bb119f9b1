/** Small object helpers the controllers share. */
import type { KObject, OwnerReference } from '../../api/meta';

/** A copy of a string map with keys in Go's JSON order (sorted), as a Go map marshals. */
export function sortedRecord(m: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of Object.keys(m ?? {}).sort()) out[k] = m![k];
  return out;
}

/**
 * The object with apiVersion and kind set: cached objects that came from a list carry neither
 * (the API server strips them from list items), but events and owner references need both.
 */
export function withKind<T extends KObject>(obj: T, apiVersion: string, kind: string): T {
  return { ...obj, apiVersion, kind };
}

/** metav1.NewControllerRef: the controller owner reference a controller puts on what it creates. */
export function newControllerRef(owner: KObject, apiVersion: string, kind: string): OwnerReference {
  return { apiVersion, kind, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true, blockOwnerDeletion: true };
}

/** Drops zero, empty and undefined fields: the JSON a Go struct with `omitempty` fields marshals to. */
export function omitEmpty<T extends Record<string, unknown>>(o: T, keep: string[] = []): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (keep.includes(k)) out[k] = v ?? 0;
    else if (v === undefined || v === null || v === 0 || (Array.isArray(v) && v.length === 0)) continue;
    else out[k] = v;
  }
  return out as T;
}

/** RFC 3339 timestamp to milliseconds (0 when missing). */
export function timeMs(t: string | undefined | null): number {
  if (!t) return 0;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? 0 : ms;
}

/** A StatusError's reason, if the error is one. */
export function reasonOf(e: unknown): string | undefined {
  return (e as any)?.status?.reason;
}

/** apierrors.HasStatusCause(err, NamespaceTerminatingCause): a create refused because its namespace is being deleted. */
export function isNamespaceTerminating(e: unknown): boolean {
  return ((e as any)?.status?.details?.causes ?? []).some((c: any) => c.type === 'NamespaceTerminating' || c.reason === 'NamespaceTerminating');
}
