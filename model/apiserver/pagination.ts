import { errors } from '../api/status';

/**
 * List chunking (`limit` and `continue`), as the storage layer pages a range: the continue token
 * is the base64 of {"v":"meta.k8s.io/v1","rv":N,"start":"<key after the prefix>\u0000"}, so the
 * next page starts just after the last key returned. The model pages the current state rather
 * than a snapshot at rv N (etcd compaction of list snapshots is not modelled).
 */
export interface Page {
  /** Only keys at or after this one (relative to the list's prefix). */
  start: string;
  limit?: number;
}

export function parsePage(limit: number | undefined, token: string | undefined): Page {
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw errors.badRequest(`limit must be a non-negative integer`);
  if (!token) return { start: '', limit: limit || undefined };
  let parsed: any;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (!parsed || parsed.v !== 'meta.k8s.io/v1' || typeof parsed.start !== 'string' || typeof parsed.rv !== 'number')
    throw errors.badRequest(`continue key is not valid: ${parsed ? 'incorrect encoded start resourceVersion (version meta.k8s.io/v1)' : 'illegal base64 data at input byte 0'}`);
  return { start: parsed.start, limit: limit || undefined };
}

export function continueToken(rv: number, lastKeyAfterPrefix: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: lastKeyAfterPrefix + '\u0000' }), 'utf8').toString('base64');
}
