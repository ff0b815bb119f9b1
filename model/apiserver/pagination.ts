import { errors, type StatusError } from '../api/status';

/**
 * List chunking (`limit` and `continue`), as the storage layer pages a range: the continue token
 * is the base64 of {"v":"meta.k8s.io/v1","rv":N,"start":"<key after the prefix>\u0000"}, so the
 * next page starts just after the last key returned. The model pages the current state rather
 * than a snapshot at rv N; a token whose rv etcd has compacted since expires as upstream's does.
 */
export interface Page {
  /** Only keys at or after this one (relative to the list's prefix). */
  start: string;
  limit?: number;
  /** The token's revision (-1: continue at the latest, after an expired token). */
  rv?: number;
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
  return { start: parsed.start, limit: limit || undefined, rv: parsed.rv };
}

export function continueToken(rv: number, lastKeyAfterPrefix: string): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: lastKeyAfterPrefix + '\u0000' }), 'utf8').toString('base64');
}

/**
 * 410 Expired for a continue token whose revision etcd has compacted (handleCompactedErrorForPaging):
 * the Status carries a token that continues at the latest revision (rv -1) from the same key.
 */
export function expiredContinue(page: Page): StatusError {
  const err = errors.gone(
    'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  );
  (err.status as { metadata: object }).metadata = { continue: Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: -1, start: page.start }), 'utf8').toString('base64') };
  return err;
}
