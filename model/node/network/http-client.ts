import type { PodNetContext } from './pod-context';
import { getaddrinfo } from './resolver';
import { verifyServer, type TlsFailure, type TrustPolicy } from './tls';
import { connect } from './walker';

/** Linux gives up on a SYN after tcp_syn_retries=6: 1+2+4+…+64 s. */
export const SYN_TIMEOUT_MS = 127_000;
/** A neighbour that never answers ARP: three probes a second apart, then EHOSTUNREACH. */
const ARP_FAIL_MS = 3_000;

export interface HttpRequest {
  host: string;
  port: number;
  path: string;
  /** GET unless given (curl -X, -d's POST, wget's HEAD for --spider). */
  method?: string;
  /** The request body (curl -d). */
  body?: string;
  userAgent: string;
  headers?: Record<string, string>;
  /** The client's own limit on connecting (wget -T, curl --connect-timeout / -m), ms. */
  timeoutMs?: number;
  /** https: what the client trusts; the handshake comes before any request (absent: plain HTTP). */
  tls?: TrustPolicy;
}

/** How a request from a container ended, the address it went to, and the virtual time it took. */
export type HttpOutcome =
  | { kind: 'bad-address'; elapsedMs: number }
  | { kind: 'refused' | 'timeout' | 'no-route' | 'host-unreachable'; ip: string; elapsedMs: number; timedOutByClient?: boolean }
  | { kind: 'tls-failed'; ip: string; failure: TlsFailure; elapsedMs: number }
  | { kind: 'response'; ip: string; status: number; headers: Record<string, string>; body: string; elapsedMs: number };

/**
 * One HTTP request from a process in a Pod: the name resolved through the Pod's resolv.conf
 * (CoreDNS), a TCP connection walked through the node's rules and routes (the container
 * network's own random stream picks kube-proxy's endpoint), and the request answered by the
 * server that accepted it.
 */
export function httpRequest(ctx: PodNetContext, req: HttpRequest): HttpOutcome {
  const lookup = getaddrinfo(ctx, req.host);
  if (!lookup.ok) return { kind: 'bad-address', elapsedMs: lookup.elapsedMs };
  const ip = lookup.addrs[0];
  let elapsedMs = lookup.elapsedMs;
  const c = connect(ctx.net, ctx.origin, ip, req.port, 'tcp', ctx.net.containerRng);
  elapsedMs += c.elapsedMs;
  const limit = req.timeoutMs;
  const waited = (ms: number, kind: 'timeout' | 'host-unreachable'): HttpOutcome =>
    limit !== undefined && limit < ms ? { kind: 'timeout', ip, elapsedMs: elapsedMs + limit, timedOutByClient: true } : { kind, ip, elapsedMs: elapsedMs + ms };
  if (c.error === 'ENETUNREACH') return { kind: 'no-route', ip, elapsedMs };
  if (c.error === 'EHOSTUNREACH') return waited(ARP_FAIL_MS, 'host-unreachable');
  if (c.outcome === 'timeout') return waited(SYN_TIMEOUT_MS, 'timeout');
  if (c.outcome === 'refused') return { kind: 'refused', ip, elapsedMs };
  if (req.tls) {
    const failure = verifyServer(c.listener!.tls, req.host, req.tls);
    if (failure) return { kind: 'tls-failed', ip, failure, elapsedMs };
  }
  const res = c.listener!.http(req.path, { src: c.src, method: req.method ?? 'GET', userAgent: req.userAgent, headers: req.headers, ...(req.body !== undefined ? { body: req.body } : {}) });
  // What a server sends beside its own headers: the entity's length (a HEAD answer's too), and it closes.
  const headers = { ...res.headers, 'Content-Length': String(Buffer.byteLength(res.body)), Connection: 'close' };
  return { kind: 'response', ip, status: res.status, headers, body: req.method === 'HEAD' ? '' : res.body, elapsedMs };
}

/** RFC 9110's reason phrases for the statuses the model's servers send. */
export function reasonPhrase(status: number): string {
  const reasons: Record<number, string> = { 200: 'OK', 201: 'Created', 301: 'Moved Permanently', 302: 'Found', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error', 503: 'Service Unavailable' };
  return reasons[status] ?? '';
}

/** A URL as wget and curl take it: scheme, host, port and path; undefined when malformed. */
export function parseUrl(url: string, defaultScheme = 'http'): { scheme: string; host: string; port: number; path: string } | undefined {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):\/\/)?([^/:?#]+)(?::(\d*))?([/?][^#]*)?(?:#.*)?$/.exec(url);
  if (!m) return undefined;
  const scheme = (m[1] ?? defaultScheme).toLowerCase();
  const port = m[3] ? Number(m[3]) : scheme === 'https' ? 443 : 80;
  if (port > 65535) return undefined;
  const path = m[4] ? (m[4].startsWith('?') ? `/${m[4]}` : m[4]) : '/';
  return { scheme, host: m[2], port, path };
}
