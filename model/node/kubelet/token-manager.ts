/**
 * The kubelet's ServiceAccount token manager (pkg/kubelet/token): a projected serviceAccountToken
 * is a TokenRequest for the Pod's ServiceAccount, bound to the Pod, for the audience asked (the
 * API server's when none) and expirationSeconds (3607 from the admission plugin). A token is
 * reused until 80% of its life has passed (or it is a day old), then requested again; the
 * volume's periodic sync writes the new one into the container.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { EnvError } from './env';

interface Cached {
  token: string;
  issuedMs: number;
  expiresMs: number;
}

const MAX_TTL_MS = 24 * 60 * 60 * 1000;
/** The tokens of each kubelet (by its client), by Pod UID, ServiceAccount, audience and expiry. */
const caches = new WeakMap<ApiClient, Map<string, Cached>>();

export function serviceAccountToken(client: ApiClient, pod: KObject, src: any, nowMs: number): string {
  const sa: string = pod.spec?.serviceAccountName ?? 'default';
  const audience: string = src?.audience ?? '';
  const expirationSeconds: number = src?.expirationSeconds ?? 3600;
  const key = `${pod.metadata.namespace}/${sa}/${pod.metadata.uid}/${audience}/${expirationSeconds}`;
  const cache = caches.get(client) ?? new Map<string, Cached>();
  caches.set(client, cache);
  const cached = cache.get(key);
  if (cached && !requiresRefresh(cached, nowMs)) return cached.token;
  try {
    const tr = client.request({
      verb: 'create',
      resource: 'serviceaccounts',
      subresource: 'token',
      namespace: pod.metadata.namespace,
      name: sa,
      body: {
        apiVersion: 'authentication.k8s.io/v1',
        kind: 'TokenRequest',
        metadata: {},
        spec: { audiences: audience ? [audience] : null, expirationSeconds, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid } },
      },
    });
    const next = { token: String(tr.status.token), issuedMs: nowMs, expiresMs: Date.parse(tr.status.expirationTimestamp) };
    cache.set(key, next);
    return next.token;
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    // An old token still valid is kept while a new one cannot be had.
    if (cached && nowMs < cached.expiresMs) return cached.token;
    throw new EnvError(`failed to fetch token: ${e.message}`);
  }
}

/** requiresRefresh: past 80% of its life, or older than a day. */
function requiresRefresh(c: Cached, nowMs: number): boolean {
  return nowMs > c.issuedMs + 0.8 * (c.expiresMs - c.issuedMs) || nowMs > c.issuedMs + MAX_TTL_MS;
}
