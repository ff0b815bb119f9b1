import * as http from 'node:http';
import * as https from 'node:https';
import type * as net from 'node:net';
import type * as tls from 'node:tls';
import type { Cluster } from '../model/cluster';
import { errors, StatusError } from '../model/api/status';
import type { ApiRequest, Credentials, PatchType } from '../model/apiserver/request';
import { credentialsOf } from './authn';
import { decodeBody, parseAccept, readBody, toStatus, writeJSON, writeStatus } from './http-io';
import { bodyKind } from './protobuf/request-body';
import { requestInfo } from './request-info';
import { serveWatch } from './watch-stream';
import { handleExecUpgrade, type ExecOptions } from './remotecommand';
import { streamLogs } from './logs-stream';
import type { TableRequest } from '../model/apiserver/table';
import { versionInfo } from '../model/apiserver/version-info';

export interface FacadeOptions {
  /** Only loopback addresses are served. */
  host: string;
  /** 0 picks a free port once; it is kept across restarts of the model's kube-apiserver. */
  port: number;
  /** HTTPS as kind serves it; plain HTTP when absent (tests). */
  tls?: { key: string; cert: string; ca: string };
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** Content types of PATCH, as kube-apiserver maps them to patch strategies. */
const PATCH_TYPES: Record<string, PatchType> = {
  'application/json-patch+json': 'json',
  'application/merge-patch+json': 'merge',
  'application/strategic-merge-patch+json': 'strategic',
  'application/apply-patch+yaml': 'apply',
};

/**
 * The model's kube-apiserver over HTTP(S): translates each HTTP request into the same ApiRequest
 * the in-process kubectl sends, and the answer back into what kube-apiserver writes. The socket
 * follows the model: closed while its kube-apiserver process is down, so clients see "connection
 * refused", open again once the kubelet has restarted it.
 */
export class ApiFacade {
  private server?: http.Server;
  private readonly sockets = new Set<net.Socket>();
  private listening = false;
  private boundPort: number;
  private readonly version: Record<string, string>;
  /** Streams (logs -f) that write what the model produced since the last advance of virtual time. */
  private readonly tickListeners = new Set<() => void>();

  constructor(
    readonly cluster: Cluster,
    private readonly opts: FacadeOptions,
  ) {
    if (!LOOPBACK.test(opts.host)) throw new Error(`refusing to serve on ${opts.host}: kubespec up listens on loopback only (127.0.0.1, ::1)`);
    this.boundPort = opts.port;
    this.version = versionInfo(cluster.config.kubernetesVersion);
  }

  get port(): number {
    return this.boundPort;
  }

  /** The address clients use: "127.0.0.1:PORT". */
  get address(): string {
    const host = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
    return `${host}:${this.boundPort}`;
  }

  get url(): string {
    return `${this.opts.tls ? 'https' : 'http'}://${this.address}`;
  }

  /** Opens the socket if the model's kube-apiserver serves. Rejects if the port is taken. */
  async start(): Promise<void> {
    await this.sync();
  }

  /** Follows the model's kube-apiserver: listening while it serves, closed while it is down. */
  async sync(): Promise<void> {
    const serving = this.cluster.apiserver.serving;
    if (serving && !this.listening) await this.listen();
    else if (!serving && this.listening) await this.closeSocket();
  }

  async stop(): Promise<void> {
    if (this.listening) await this.closeSocket();
  }

  /** Called after each advance of virtual time (by `kubespec up`'s pacer, or a test's step). */
  tick(): void {
    for (const fn of [...this.tickListeners]) fn();
  }

  private onTick(fn: () => void): () => void {
    this.tickListeners.add(fn);
    return () => this.tickListeners.delete(fn);
  }

  private listen(): Promise<void> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    const server = this.opts.tls
      ? https.createServer({ key: this.opts.tls.key, cert: this.opts.tls.cert, ca: this.opts.tls.ca, requestCert: true, rejectUnauthorized: false }, handler)
      : http.createServer(handler);
    server.on('connection', (s: net.Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => this.upgrade(req, socket, head));
    this.listening = true;
    return new Promise((resolve, reject) => {
      server.once('error', (e: NodeJS.ErrnoException) => {
        this.listening = false;
        reject(e.code === 'EADDRINUSE' ? new Error(`port ${this.boundPort} on ${this.opts.host} is already in use (is another kubespec up running?)`) : e);
      });
      server.listen(this.boundPort, this.opts.host, () => {
        this.server = server;
        const a = server.address();
        if (a && typeof a === 'object') this.boundPort = a.port;
        resolve();
      });
    });
  }

  private closeSocket(): Promise<void> {
    const server = this.server;
    this.listening = false;
    this.server = undefined;
    // Open connections (watches, keep-alive) end with the process, as they would with a real kube-apiserver.
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  // ---------------------------------------------------------------- requests

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const info = requestInfo(req.method ?? 'GET', url.pathname, url.searchParams);
      if (!info.isResourceRequest) return this.nonResource(url.pathname, req, res);
      if (!info.info) throw notFoundResource();
      const q = url.searchParams;
      const apiReq = this.apiRequest(req, info.verb, info.info.resource, info.namespace, info.name, info.subresource, q);
      const r = info.info;
      const server = this.cluster.apiserver;
      const table = negotiate(req.headers.accept);
      if (table && (info.verb === 'get' || info.verb === 'list' || info.verb === 'watch')) apiReq.as = table;
      if (!server.serving) return void req.socket.destroy();
      // kube-apiserver's filters authorize before any handler reads the body: a denied user gets 403, not a decoding error.
      server.authorizeRequest(apiReq);

      if (info.verb === 'watch') {
        if (info.name) apiReq.query!.fieldSelector = [apiReq.query!.fieldSelector, `metadata.name=${info.name}`].filter(Boolean).join(',');
        apiReq.name = undefined;
        const timeout = q.get('timeoutSeconds');
        serveWatch(server, r, apiReq, res, {
          timeoutSeconds: timeout ? Number(timeout) : undefined,
          bookmarks: q.get('allowWatchBookmarks') === 'true',
          currentRevision: () => this.cluster.etcd.currentRevision,
          convert: (o) => o,
        });
        return;
      }
      if (info.subresource === 'exec' || info.subresource === 'attach' || info.subresource === 'portforward')
        throw errors.badRequest('Upgrade request required');

      const raw = await readBody(req);
      const contentType = req.headers['content-type'];
      if (info.verb === 'patch') {
        const mime = (contentType ?? '').split(';')[0].trim().toLowerCase();
        const pt = PATCH_TYPES[mime];
        if (!pt)
          throw new StatusError({
            kind: 'Status',
            apiVersion: 'v1',
            metadata: {},
            status: 'Failure',
            message: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json, application/apply-patch+yaml`,
            reason: 'UnsupportedMediaType',
            code: 415,
          });
        apiReq.patchType = pt;
      }
      const body = decodeBody(raw, contentType, bodyKind(r, info.verb, info.subresource));
      if (info.verb === 'delete' || info.verb === 'deletecollection') applyDeleteOptions(apiReq, body);
      else apiReq.body = body;
      // Duplicate fields and number literals are only in the JSON text: the decoder reads it.
      if (body !== undefined && isJSON(contentType)) apiReq.rawBody = raw.toString('utf8');

      const { result, warnings } = server.answer(apiReq);
      // warning.AddWarning: one `Warning: 299 - "text"` header each, as kube-apiserver writes them.
      if (warnings.length) res.setHeader('Warning', [...new Set(warnings)].map((w) => `299 - ${goQuote(w)}`));
      if (info.subresource === 'log' && apiReq.query?.follow && result && typeof result === 'object') return streamLogs(res, result, (fn) => this.onTick(fn));
      if (info.subresource === 'log' && typeof result === 'string') {
        res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private' });
        res.end(result);
        return;
      }
      writeJSON(res, info.verb === 'create' ? 201 : 200, result);
    } catch (e) {
      const status = toStatus(e);
      // The model's kube-apiserver went down during the request: the connection just ends.
      if (status.code === 0) return void req.socket.destroy();
      writeStatus(res, status);
    }
  }

  /** The same request the in-process kubectl would send, with the HTTP caller's credentials. */
  private apiRequest(req: http.IncomingMessage, verb: ApiRequest['verb'], resource: string, namespace: string | undefined, name: string | undefined, subresource: string | undefined, q: URLSearchParams): ApiRequest {
    const num = (k: string) => (q.has(k) ? Number(q.get(k)) : undefined);
    const str = (k: string) => q.get(k) ?? undefined;
    const apiReq: ApiRequest = {
      ...this.credentials(req),
      verb,
      resource,
      subresource,
      namespace,
      name,
      query: {
        labelSelector: str('labelSelector'),
        fieldSelector: str('fieldSelector'),
        resourceVersion: str('resourceVersion'),
        dryRun: q.get('dryRun') === 'All' ? 'All' : undefined,
        fieldManager: str('fieldManager'),
        force: q.has('force') ? q.get('force') === 'true' : undefined,
        propagationPolicy: str('propagationPolicy') as any,
        gracePeriodSeconds: num('gracePeriodSeconds'),
        limit: num('limit'),
        continue: str('continue'),
        container: str('container'),
        previous: q.get('previous') === 'true' ? true : undefined,
        tailLines: num('tailLines'),
        timestamps: q.get('timestamps') === 'true' ? true : undefined,
        follow: q.get('follow') === 'true' ? true : undefined,
        includeObject: str('includeObject'),
        fieldValidation: (['Strict', 'Warn', 'Ignore'] as const).find((v) => v === q.get('fieldValidation')),
      },
      userAgent: req.headers['user-agent'],
    };
    return apiReq;
  }

  /** The client certificate (HTTPS) and bearer token a request presents; the model's API server decides who that is. */
  private credentials(req: http.IncomingMessage): Credentials {
    return credentialsOf(this.opts.tls ? (req.socket as tls.TLSSocket) : undefined, req.headers.authorization, req.headersDistinct);
  }

  private nonResource(path: string, req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!this.cluster.apiserver.serving) return void req.socket.destroy();
    this.cluster.apiserver.authorizeNonResourceRequest(this.credentials(req), (req.method ?? 'GET').toLowerCase(), path);
    if (path === '/version') return writeJSON(res, 200, this.version);
    if (path === '/healthz' || path === '/livez' || path === '/readyz') {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end('ok');
      return;
    }
    // Discovery and OpenAPI are the model's API server's own answers; the query keeps OpenAPI v3's ?hash=.
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    const accept = Array.isArray(req.headers.accept) ? req.headers.accept.join(',') : req.headers.accept;
    const answer = this.cluster.apiserver.getNonResource({ ...this.credentials(req), userAgent: req.headers['user-agent'] }, path + query, accept);
    // They carry their own caching headers (ETag, Vary, a stale hash's Location).
    for (const [k, v] of Object.entries(answer.headers ?? {})) res.setHeader(k, v);
    if (typeof answer.body === 'string' || Buffer.isBuffer(answer.body)) {
      res.writeHead(answer.status, { 'Content-Type': answer.contentType });
      res.end(answer.body);
    } else writeJSON(res, answer.status, answer.body, answer.contentType);
  }

  /** pods/exec: the remote-command protocol over a WebSocket upgrade (the model serves no pods/attach yet). */
  private upgrade(req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const info = requestInfo(req.method ?? 'GET', url.pathname, url.searchParams);
    if (!this.cluster.apiserver.serving) return void socket.destroy();
    if (!info.isResourceRequest || info.resource !== 'pods' || info.subresource !== 'exec' || !info.name) {
      const body = JSON.stringify(notFoundResource().status);
      socket.end(`HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
      return;
    }
    const creds = this.credentials(req);
    handleExecUpgrade(req, socket, head, (opts: ExecOptions) =>
      this.cluster.apiserver.handle({ ...creds, verb: 'create', resource: 'pods', subresource: 'exec', namespace: info.namespace, name: info.name, body: opts, userAgent: req.headers['user-agent'] }),
    );
  }
}

/**
 * Content negotiation: JSON is what the model serves (YAML and protobuf clients list JSON as a
 * fallback, as kubectl and client-go do); an Accept that admits none of it is a 406.
 */
function negotiate(accept: string | undefined): TableRequest | undefined {
  for (const m of parseAccept(accept)) {
    if (m.type !== '*/*' && m.type !== 'application/*' && m.type !== 'application/json') continue;
    // Server-side printing: kubectl asks for a meta.k8s.io Table first, with plain JSON after it.
    if (m.params.as === 'Table' && m.params.g === 'meta.k8s.io' && (m.params.v === 'v1' || m.params.v === 'v1beta1')) return { kind: 'Table', version: m.params.v };
    if (m.params.as) continue; // PartialObjectMetadata and other conversions are not served: the next choice
    return undefined;
  }
  throw new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `only the following media types are accepted: application/json, application/yaml, application/vnd.kubernetes.protobuf`,
    reason: 'NotAcceptable',
    code: 406,
  });
}

/** The 404 for a resource the server does not serve. */
function notFoundResource(): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
}

/** A JSON body (the default when no Content-Type says otherwise). */
function isJSON(contentType: string | undefined): boolean {
  const mime = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  return mime === 'application/json' || mime === 'application/merge-patch+json' || mime === 'application/strategic-merge-patch+json' || mime === 'application/json-patch+json';
}

/** strconv.Quote for a warning's text (ASCII; the model's warnings are). */
function goQuote(s: string): string {
  return JSON.stringify(s);
}

/** DeleteOptions come in the body (kubectl sends them there) or the query. */
function applyDeleteOptions(apiReq: ApiRequest, body: any): void {
  if (!body || typeof body !== 'object') return;
  const q = apiReq.query!;
  if (body.propagationPolicy) q.propagationPolicy = body.propagationPolicy;
  if (typeof body.gracePeriodSeconds === 'number') q.gracePeriodSeconds = body.gracePeriodSeconds;
  if (Array.isArray(body.dryRun) && body.dryRun.includes('All')) q.dryRun = 'All';
  // The deprecated orphanDependents: true is Orphan, false is Background (when no policy is given).
  if (typeof body.orphanDependents === 'boolean' && !q.propagationPolicy) q.propagationPolicy = body.orphanDependents ? 'Orphan' : 'Background';
}

