/**
 * kube-apiserver's secure port (6443) in the network model: the static Pod runs with
 * hostNetwork, so the socket is in the control-plane node's root namespace, and Pods reach it
 * at the `kubernetes` Service (10.96.0.1:443, DNATed by kube-proxy to the node's address). TLS
 * with the serving certificate kubeadm signs with the cluster CA; each request then goes through
 * the model's API server pipeline (authentication of the bearer token, authorization,
 * admission, storage) in-process, and the answer is written as kube-apiserver's JSON writer
 * writes it.
 */
import { decodeGoJSONStream } from '../../api/gojson';
import { errors, StatusError, type Status } from '../../api/status';
import type { ApiRequest, Credentials, PatchType } from '../../apiserver/request';
import { requestInfo } from '../../apiserver/request-info';
import type { ApiServer } from '../../apiserver/server';
import { versionInfo } from '../../apiserver/version-info';
import { firstServiceIP } from '../../apiserver/bootstrap';
import type { RunningContainer } from '../cri/workloads';
import { networkOf } from './fabric';
import type { Listener, RequestInfo } from './namespace';
import type { ServingCertificate } from './tls';

export const SECURE_PORT = 6443;

/**
 * kubeadm's GetAPIServerAltNames for the serving certificate, with what kind adds (localhost,
 * 127.0.0.1): the node's name and the kubernetes Service's names and ClusterIP.
 */
export function apiserverCertificate(opts: { caPem: string; nodeName: string; advertiseAddress: string; serviceIP: string; dnsDomain?: string }): ServingCertificate {
  const domain = opts.dnsDomain ?? 'cluster.local';
  return {
    commonName: 'kube-apiserver',
    issuerPem: opts.caPem,
    dnsNames: [opts.nodeName, 'kubernetes', 'kubernetes.default', 'kubernetes.default.svc', `kubernetes.default.svc.${domain}`, 'localhost'],
    ipAddresses: [opts.serviceIP, opts.advertiseAddress, '127.0.0.1'],
  };
}

/** Content types of PATCH, as kube-apiserver maps them to patch strategies. */
const PATCH_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

type Answer = { status: number; headers: Record<string, string>; body: string };

/** The socket kube-apiserver listens on, answering with `server`'s pipeline. */
export function apiserverListener(server: ApiServer, cert: ServingCertificate, kubernetesVersion: string): Listener {
  return {
    program: 'kube-apiserver',
    tls: cert,
    http(path, req) {
      const info: RequestInfo = req ?? { src: '', method: 'GET', userAgent: '' };
      try {
        return serve(server, path, info, kubernetesVersion);
      } catch (e) {
        const status: Status = e instanceof StatusError ? e.status : errors.internal(e instanceof Error ? e.message : String(e)).status;
        return json(status.code || 500, status, info, path);
      }
    },
  };
}

function serve(server: ApiServer, pathWithQuery: string, req: RequestInfo, kubernetesVersion: string): Answer {
  const url = new URL(pathWithQuery, 'https://kubernetes');
  const method = req.method.toUpperCase();
  const creds = credentials(req.headers ?? {});
  const info = requestInfo(method, url.pathname, url.searchParams);
  if (!info.isResourceRequest) {
    server.authorizeNonResourceRequest(creds, info.verb, url.pathname);
    if (url.pathname === '/version') return json(200, versionInfo(kubernetesVersion), req, pathWithQuery);
    if (url.pathname === '/healthz' || url.pathname === '/livez' || url.pathname === '/readyz') return { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }, body: 'ok' };
    const answer = server.getNonResource({ ...creds, userAgent: req.userAgent }, pathWithQuery, header(req, 'accept'));
    if (typeof answer.body === 'string') return { status: answer.status, headers: { ...answer.headers, 'Content-Type': answer.contentType }, body: answer.body };
    return json(answer.status, answer.body, req, pathWithQuery, answer.contentType);
  }
  if (!info.info) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
  const q = url.searchParams;
  const num = (k: string) => (q.has(k) ? Number(q.get(k)) : undefined);
  const apiReq: ApiRequest = {
    ...creds,
    verb: info.verb,
    resource: info.info.resource,
    subresource: info.subresource,
    namespace: info.namespace,
    name: info.name,
    query: {
      labelSelector: q.get('labelSelector') ?? undefined,
      fieldSelector: q.get('fieldSelector') ?? undefined,
      resourceVersion: q.get('resourceVersion') ?? undefined,
      limit: num('limit'),
      continue: q.get('continue') ?? undefined,
      container: q.get('container') ?? undefined,
      tailLines: num('tailLines'),
      dryRun: q.get('dryRun') === 'All' ? 'All' : undefined,
      fieldManager: q.get('fieldManager') ?? undefined,
    },
    userAgent: req.userAgent,
  };
  // The filters authorize before a handler reads the body: a denied caller gets 403, not a decoding error.
  server.authorizeRequest(apiReq);
  // A watch streams until the client hangs up: a one-shot request over this socket is not modelled.
  if (info.verb === 'watch') throw errors.badRequest('watch is not served over the Pod network by the model; list instead');
  if (info.subresource === 'exec' || info.subresource === 'attach' || info.subresource === 'portforward') throw errors.badRequest('Upgrade request required');
  if (info.verb === 'patch') {
    const pt = PATCH_TYPES[mediaType(req)];
    if (!pt) throw unsupported('the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml');
    apiReq.patchType = pt;
  }
  if (req.body) {
    const mime = mediaType(req);
    if (mime !== 'application/json' && !PATCH_TYPES[mime]) throw unsupported('the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf');
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      // The serializer's version/kind sniffing fails first, in encoding/json's words.
      const err = decodeGoJSONStream(req.body).error;
      const go = err ? err.message.replace(/^json: offset \d+: /, '').replace(/^unexpected EOF$/, 'unexpected end of JSON input') : 'unexpected end of JSON input';
      throw errors.badRequest(`couldn't get version/kind; json parse error: ${go}`);
    }
    apiReq.body = body;
    apiReq.rawBody = req.body;
  }
  const { result } = server.answer(apiReq);
  if (info.subresource === 'log' && typeof result === 'string') return { status: 200, headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' }, body: result };
  return json(info.verb === 'create' ? 201 : 200, result, req, pathWithQuery);
}

/** The bearer token of the Authorization header (scheme case-insensitive); nothing else authenticates a Pod's curl. */
function credentials(headers: Record<string, string>): Credentials {
  const auth = Object.entries(headers).find(([k]) => k.toLowerCase() === 'authorization')?.[1] ?? '';
  const parts = auth.trim().split(' ');
  return parts.length >= 2 && parts[0].toLowerCase() === 'bearer' && parts[1] ? { token: parts[1] } : {};
}

function header(req: RequestInfo, name: string): string | undefined {
  return Object.entries(req.headers ?? {}).find(([k]) => k.toLowerCase() === name)?.[1];
}

/** The request body's media type; curl -d sends application/x-www-form-urlencoded unless told otherwise. */
function mediaType(req: RequestInfo): string {
  return (header(req, 'content-type') ?? 'application/x-www-form-urlencoded').split(';')[0].trim().toLowerCase();
}

function unsupported(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'UnsupportedMediaType', code: 415 });
}

/**
 * responsewriters.SerializeObject with the JSON serializer: indented (json.MarshalIndent, no
 * newline after) for ?pretty=true and for clients whose User-Agent starts with curl, Wget or
 * Mozilla/5.0 (negotiation's isPrettyPrint), else compact with json.Encoder's newline; Go escapes
 * <, > and & in strings.
 */
function json(status: number, body: unknown, req: RequestInfo, pathWithQuery: string, contentType = 'application/json'): Answer {
  const text = isPrettyPrint(req, pathWithQuery) ? JSON.stringify(body, null, 2) : JSON.stringify(body) + '\n';
  return { status, headers: { 'Cache-Control': 'no-cache, private', 'Content-Type': contentType }, body: goEscape(text) };
}

function isPrettyPrint(req: RequestInfo, pathWithQuery: string): boolean {
  const pretty = new URL(pathWithQuery, 'https://kubernetes').searchParams.get('pretty');
  if (pretty) return ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(pretty);
  return /^(curl|Wget|Mozilla\/5\.0)/.test(req.userAgent);
}

function goEscape(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Opens kube-apiserver's secure port in its container's namespace (the node's: hostNetwork),
 * with the serving certificate its flags describe (--advertise-address, --secure-port,
 * --service-cluster-ip-range, --tls-cert-file signed by the CA of --client-ca-file); it closes
 * when the container's process ends.
 */
export function openSecurePort(rc: RunningContainer, server: ApiServer): void {
  const ns = networkOf(rc.host)?.ns;
  if (!ns) return;
  const flags = new Map((rc.config.command ?? []).filter((a) => a.startsWith('--')).map((a) => [a.slice(2, a.includes('=') ? a.indexOf('=') : undefined), a.includes('=') ? a.slice(a.indexOf('=') + 1) : 'true']));
  const port = Number(flags.get('secure-port') ?? SECURE_PORT);
  const advertiseAddress = flags.get('advertise-address') ?? rc.host.config.address;
  const caPem = rc.host.files.read(flags.get('client-ca-file') ?? '/etc/kubernetes/pki/ca.crt')?.content ?? '';
  const serviceIP = firstServiceIP(flags.get('service-cluster-ip-range') ?? '10.96.0.0/12');
  const version = /:(v\d+\.\d+\.\d+)$/.exec(rc.config.image)?.[1] ?? 'v1.32.2';
  const listener = apiserverListener(server, apiserverCertificate({ caPem, nodeName: rc.host.name, advertiseAddress, serviceIP }), version);
  ns.listen(port, 'tcp', listener);
  rc.proc.onExit(() => ns.unlisten(port, 'tcp', listener));
}
