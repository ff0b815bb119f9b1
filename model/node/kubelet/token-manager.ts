/**
 * The kubelet's ServiceAccount token manager (pkg/kubelet/token): a projected serviceAccountToken
 * is a TokenRequest for the Pod's ServiceAccount, bound to the Pod, for the audience asked (the
 * API server's when none) and expirationSeconds (3607 from the admission plugin). A token is
 * reused until 80% of its life has passed (or it is a day old), then requested again; the
 * volume's periodic sync writes the new one into the container. As token_manager.go (v1.32) has
 * it: the cache key is keyFunc's (ServiceAccount, namespace, audiences, expirationSeconds and the
 * bound Pod reference, in Go's %q/%#v words, as the error shows it); the token's life is read from
 * the answer (issued at expirationTimestamp - spec.expirationSeconds); a failed refresh keeps the
 * old token until it has expired (now after expirationTimestamp). Upstream refreshes up to 10 s
 * (a random jitter) earlier; the model, deterministic, has no jitter.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { EnvError } from './env';

interface Cached {
  token: string;
  expiresMs: number;
  /** The answer's spec.expirationSeconds: it was issued that long before expiresMs. */
  lifeSeconds: number;
}

/** Go's %q of a string (the names here are ASCII): a double-quoted JSON string. */
const goQuote = (s: string): string => JSON.stringify(s);

/** keyFunc: fmt.Sprintf("%q/%q/%#v/%#v/%#v", name, namespace, audiences, expirationSeconds, boundObjectRef). */
function keyFunc(name: string, namespace: string, audiences: string[] | null, expirationSeconds: number, ref: { apiVersion: string; kind: string; name: string; uid: string }): string {
  const auds = audiences === null ? '[]string(nil)' : `[]string{${audiences.map(goQuote).join(', ')}}`;
  const r = `v1.BoundObjectReference{Kind:${goQuote(ref.kind)}, APIVersion:${goQuote(ref.apiVersion)}, Name:${goQuote(ref.name)}, UID:${goQuote(ref.uid)}}`;
  return `${goQuote(name)}/${goQuote(namespace)}/${auds}/${expirationSeconds}/${r}`;
}

const MAX_TTL_MS = 24 * 60 * 60 * 1000;
/** The tokens of each kubelet (by its client), by Pod UID, ServiceAccount, audience and expiry. */
const caches = new WeakMap<ApiClient, Map<string, Cached>>();

export function serviceAccountToken(client: ApiClient, pod: KObject, src: any, nowMs: number): string {
  const sa: string = pod.spec?.serviceAccountName ?? 'default';
  const audience: string = src?.audience ?? '';
  const expirationSeconds: number = src?.expirationSeconds ?? 3600;
  const audiences = audience ? [audience] : null;
  const boundObjectRef = { apiVersion: 'v1', kind: 'Pod', name: String(pod.metadata.name), uid: String(pod.metadata.uid) };
  const key = keyFunc(sa, String(pod.metadata.namespace), audiences, expirationSeconds, boundObjectRef);
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
        spec: { audiences, expirationSeconds, boundObjectRef },
      },
    });
    const expiresMs = Date.parse(tr.status.expirationTimestamp);
    const next = { token: String(tr.status.token), expiresMs, lifeSeconds: Number(tr.spec?.expirationSeconds ?? expirationSeconds) };
    cache.set(key, next);
    return next.token;
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    if (!cached) throw new EnvError(`failed to fetch token: ${e.message}`);
    // An old token not yet expired is kept while a new one cannot be had.
    if (nowMs > cached.expiresMs) throw new EnvError(`token ${key} expired and refresh failed: ${e.message}`);
    return cached.token;
  }
}

/** requiresRefresh: older than a day, or within 20% of its life (whole seconds, as Go's integer division) of expiring. */
function requiresRefresh(c: Cached, nowMs: number): boolean {
  const issuedMs = c.expiresMs - c.lifeSeconds * 1000;
  return nowMs > issuedMs + MAX_TTL_MS || nowMs > c.expiresMs - Math.trunc((c.lifeSeconds * 20) / 100) * 1000;
}
