import { ALPHANUMS } from '../api/names';
import { etcdPrefix, resourceByName, type ResourceInfo } from '../api/registry';
import { errors, StatusError } from '../api/status';
import type { EtcdStore } from '../etcd/store';
import type { Simulation } from '../sim/simulation';
import type { Rng } from '../sim/rng';
import { AuthorizerChain, allowed } from './authorization/chain';
import type { Authorizer } from './authorization/attributes';
import { RBACAuthorizer } from './authorization/rbac/authorizer';
import { admitRbacEscalation } from './authorization/rbac/escalation';
import { NodeAuthorizer } from './authorization/node/authorizer';
import { populateNodeGraph } from './authorization/node/populator';
import { ServiceAccountTokenAuthenticator } from './serviceaccount-token/authenticator';
import { signingKey } from './serviceaccount-token/keys';
import { createToken, type TokenRequestDeps } from './serviceaccount-token/token-request';
import { Authentication } from './authentication';
import { answerReview } from './reviews';
import { actorOf, componentName, connectionRefused, decode, injectedError, toScale } from './objects';
import { type ApiRequest, type Credentials, type Identity, type WatchEvent, type WatchHandle } from './request';
import { execInPod, logsOfPod, type KubeletServer } from './kubelet-client';
import { FieldManager } from './fieldmanager/fieldmanager';
import { WatchHub } from './watch';
import { Compactor, DEFAULT_COMPACTION_INTERVAL_MS } from './compactor';
import { asTable, tableWatchEvents } from './table';
import { StorageHooks } from './storage-hooks';
import { discoveryOrOpenAPI, type DiscoveryResponse as NonResourceResponse } from './discovery';
import { admit, type AdmissionAttributes } from './admission';
import type { HandlerContext } from './handlers/context';
import { mustGet, read as readObject } from './handlers/get';
import { list } from './handlers/list';
import { create } from './handlers/create';
import { update } from './handlers/update';
import { patch } from './handlers/patch';
import { deleteCollection, deleteObject } from './handlers/delete';
import { bind, evict } from './handlers/subresources';

export { componentName, connectionRefused } from './objects';
export type { NonResourceResponse };

/**
 * kube-apiserver: the only client of etcd. Every request goes through authentication,
 * authorization, admission (defaulting and mutation), validation and storage; every error is
 * a Status. Lists and watches are served from a watch cache fed by one etcd watch per resource.
 */
export class ApiServer {
  /** --client-ca-file, --token-auth-file, --anonymous-auth: who a request's credentials name. */
  readonly authentication = new Authentication();
  /** --authorization-mode: the chain every request passes after authentication (Node first, as kubeadm sets it). */
  authorizer: Authorizer;
  /** The ServiceAccount volume's name suffixes: a stream of their own, so Pod names and UIDs stay as they were. */
  private readonly volumeNames: Rng;
  /** serviceaccounts/token (TokenRequest). */
  private readonly tokenRequests: TokenRequestDeps;
  /** The RBAC authorizer of the chain (its index of roles and bindings; RulesFor). */
  readonly rbac: RBACAuthorizer;
  /** The kubelets' own servers by node name, for requests the API server proxies (pods/exec). */
  readonly kubelets = new Map<string, KubeletServer>();
  private readonly watches: WatchHub;
  /** --etcd-compaction-interval: compacts etcd's history while the process runs. */
  private readonly compactor: Compactor;
  /** metadata.managedFields of every write, and server-side apply. */
  private readonly fields = new FieldManager();
  /** Service allocators and other per-resource storage steps around a write. */
  readonly hooks: StorageHooks;
  /** False while the kube-apiserver process is down: clients get "connection refused". */
  serving = true;
  /** The address kubectl connects to; part of the "connection refused" message. */
  readonly endpoint: string;
  /** host:port of --advertise-address and --secure-port: what GET /api names as the server's address (the endpoint when absent). */
  readonly advertisedAddress: string;
  /** Warnings of the request being handled (unknown fields under fieldValidation=Warn). */
  private warnings: string[] = [];
  /** What the REST handlers (./handlers) share with this server. */
  private readonly ctx: HandlerContext;

  constructor(
    private readonly sim: Simulation,
    private readonly etcd: EtcdStore,
    opts: { endpoint?: string; advertisedAddress?: string; watchCacheCapacity?: number; compactionIntervalMs?: number; serviceClusterIPRange?: string; serviceNodePortRange?: [number, number]; disableAdmissionPlugins?: string[] } = {},
  ) {
    this.endpoint = opts.endpoint ?? '127.0.0.1:6443';
    this.advertisedAddress = opts.advertisedAddress ?? this.endpoint;
    this.disabledAdmission = new Set(opts.disableAdmissionPlugins ?? []);
    this.watches = new WatchHub(sim, etcd, opts.watchCacheCapacity ?? 10000);
    this.compactor = new Compactor(sim, etcd, opts.compactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS);
    this.rbac = new RBACAuthorizer(etcd);
    this.authorizer = new AuthorizerChain([new NodeAuthorizer(populateNodeGraph(etcd)), this.rbac]);
    // The service-account key (made at the first token), TokenRequest and the token authenticator.
    const read = (resource: string, ns: string | undefined, name: string) => readObject(this.ctx, resourceByName(resource)!, ns, name)?.obj;
    const key = () => signingKey(sim.seed, () => sim.rng.derive('service-account-key'));
    const rfc3339 = (offsetS: number) => new Date(sim.clock.nowMs() + offsetS * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    this.tokenRequests = { read, admit: (a) => this.admit(a), nowMs: () => sim.clock.nowMs(), nowRFC3339: rfc3339, key, jtiRng: sim.rng.derive('service-account-jti') };
    this.volumeNames = sim.rng.derive('serviceaccount-volume-name');
    this.authentication.tokens.add(new ServiceAccountTokenAuthenticator({ key, nowMs: () => sim.clock.nowMs(), read }));
    const services = resourceByName('services')!;
    this.hooks = new StorageHooks(
      sim.rng,
      { serviceClusterIPRange: opts.serviceClusterIPRange ?? '10.96.0.0/12', serviceNodePortRange: opts.serviceNodePortRange ?? [30000, 32767] },
      () => [...this.etcd.range(etcdPrefix(services))].map((kv) => decode(kv.value, kv.modRevision)),
    );
    const server = this;
    this.ctx = {
      sim,
      etcd,
      fields: this.fields,
      hooks: this.hooks,
      get warnings() {
        return server.warnings;
      },
      admit: (a) => this.admit(a),
      cacheOf: (r) => this.watches.cacheOf(r),
    };
    this.watches.start();
  }

  /** Registers a bearer token for an identity (the cluster issues one per component). */
  issueToken(token: string, id: Identity): void {
    this.authentication.staticTokens.issue(token, id);
  }

  // ---------------------------------------------------------------- pipeline

  /**
   * The one place credentials become an Identity: kube-apiserver's authenticator chain and
   * impersonation filter (./authentication): x509, bearer tokens, anonymous, system:authenticated.
   */
  authenticate(creds: Credentials): Identity {
    if (!this.serving) throw connectionRefused(this.endpoint);
    return this.authentication.authenticateAndImpersonate(creds, this.authorizer);
  }

  /**
   * A request for a non-resource URL (/version, /healthz, /api, /openapi/v3 …): authenticated
   * and authorized like any other, 403 with upstream's "cannot get path" message when denied.
   */
  authorizeNonResourceRequest(creds: Credentials, verb: string, path: string): Identity {
    const id = this.authenticate(creds);
    if (!allowed(this.authorizer.authorize({ user: id, verb, resourceRequest: false, path }))) throw errors.forbiddenPath(id.user, verb, path);
    return id;
  }

  /**
   * GET of a non-resource URL the API server answers from its own data: discovery (/api, /apis
   * …) and OpenAPI (/openapi/v2, /openapi/v3 …), negotiated by `accept`; 404 "page not found"
   * for any other path. Authorized first, as kube-apiserver's filters run before its mux.
   * `pathWithQuery` keeps the query (OpenAPI v3's ?hash=).
   */
  getNonResource(creds: Credentials & { userAgent?: string }, pathWithQuery: string, accept?: string): NonResourceResponse {
    const path = pathWithQuery.split('?')[0];
    const id = this.authorizeNonResourceRequest(creds, 'get', path);
    const entry = this.sim.trace.record('api', componentName(id.user) ?? creds.userAgent ?? id.user, 'get', path);
    const answer = discoveryOrOpenAPI(pathWithQuery, accept, this.advertisedAddress) ?? { status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n', headers: { 'X-Content-Type-Options': 'nosniff' } };
    entry.detail = String(answer.status);
    return answer;
  }

  /**
   * Authentication and authorization of a resource request alone, without side effects: what
   * kube-apiserver's filters decide before any handler reads the body (a denied user gets 403,
   * never a decoding error). An unknown resource is left to handle()'s 404.
   */
  authorizeRequest(req: ApiRequest): void {
    const id = this.authenticate(req);
    const r = resourceByName(req.resource);
    if (r) this.authorizeResource(id, r, req.verb, req);
  }

  /** The authorizer chain on a resource request's attributes; 403 Forbidden unless allowed. */
  private authorizeResource(id: Identity, r: ResourceInfo, verb: string, req: { namespace?: string; name?: string; subresource?: string; query?: ApiRequest['query'] }): void {
    // RequestInfo: /api/v1/namespaces/NAME[/status|/finalize] is in the namespace NAME, so a
    // RoleBinding there may grant reading or changing the Namespace itself.
    const namespace = r.namespaced ? req.namespace : r.resource === 'namespaces' ? req.name : undefined;
    const fieldSelector = verb === 'list' || verb === 'watch' ? req.query?.fieldSelector : undefined;
    // RequestInfo: a list or watch selecting metadata.name=<x> names that one object.
    const name = req.name ?? /(?:^|,)\s*metadata\.name\s*==?\s*([^,\s]+)/.exec(fieldSelector ?? '')?.[1];
    const attrs = { user: id, verb, resourceRequest: true, apiGroup: r.group, apiVersion: r.version, resource: r.resource, subresource: req.subresource, namespace, name, fieldSelector };
    const decision = this.authorizer.authorize(attrs);
    if (!allowed(decision)) throw errors.forbidden(r, name ?? '', id.user, verb, namespace, req.subresource, decision.reason);
  }

  private resolve(req: ApiRequest): ResourceInfo {
    const r = resourceByName(req.resource);
    if (!r) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
    if (req.subresource && !r.subresources.includes(req.subresource))
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
    return r;
  }

  /**
   * Handles one request and returns its result object (an object, a List, or a Status for
   * deletes). Throws StatusError on failure. Nothing is stored when it throws.
   */
  handle(req: ApiRequest): any {
    return this.answer(req).result;
  }

  /** handle() with the warnings kube-apiserver sends beside the result (its Warning headers). */
  answer(req: ApiRequest): { result: any; warnings: string[] } {
    const warnings: string[] = [];
    this.warnings = warnings;
    return { result: this.handleOne(req), warnings };
  }

  private handleOne(req: ApiRequest): any {
    const id = this.authenticate(req);
    const r = this.resolve(req);
    const target = `${req.resource}${req.subresource ? '/' + req.subresource : ''}${req.namespace ? '/' + req.namespace : ''}${req.name ? '/' + req.name : ''}`;
    // Recorded on arrival, so the etcd accesses it causes follow it in the trace; the code is filled in after.
    const entry = this.sim.trace.record('api', actorOf(id, req), req.verb, target);
    try {
      this.authorizeResource(id, r, req.verb, req);
      // etcd down: every storage call times out.
      if (!this.etcd.running) throw errors.internal('etcdserver: request timed out');
      const fault = this.sim.faults?.apiRequest(entry.actor, req.verb, target);
      if (fault) throw injectedError(fault, r, req.name ?? '');
      const result = this.dispatch(id, r, req);
      entry.detail = '200';
      if (req.verb !== 'get' && req.verb !== 'list') this.sim.faults?.afterWrite?.(entry.actor, req.verb, target);
      // Server-side printing (transformResponseObject): the answer as a Table when asked.
      if (req.as && (!req.subresource || req.subresource === 'status')) return asTable(r, result, req.as, { includeObject: req.query?.includeObject }, this.sim.clock.nowMs());
      return result;
    } catch (e) {
      if (e instanceof StatusError) entry.detail = String(e.code);
      throw e;
    }
  }

  private dispatch(id: Identity, r: ResourceInfo, req: ApiRequest): any {
    const ns = r.namespaced ? req.namespace : undefined;
    if (r.namespaced && !ns && req.verb !== 'list' && req.verb !== 'watch') throw errors.badRequest('namespace is required');
    this.etcd.actor = 'kube-apiserver';
    const review = answerReview({ authentication: this.authentication, authorizer: this.authorizer, now: () => this.sim.clock.nowRFC3339() }, id, r, req);
    if (review !== undefined) return review;
    switch (req.verb) {
      case 'get':
        if (req.subresource === 'scale') return toScale(r, mustGet(this.ctx, r, ns, req.name!));
        if (req.subresource === 'log') return logsOfPod(this.kubelets, mustGet(this.ctx, r, ns, req.name!), req.query ?? {});
        return mustGet(this.ctx, r, ns, req.name!);
      case 'list':
        return list(this.ctx, r, ns, req);
      case 'create':
        if (req.subresource === 'binding') return bind(this.ctx, r, ns!, req.name!, req.body);
        if (req.subresource === 'exec') return execInPod(this.kubelets, mustGet(this.ctx, r, ns, req.name!), req.body);
        if (req.subresource === 'eviction') return evict(this.ctx, id, r, ns!, req);
        if (req.subresource === 'token') return createToken(this.tokenRequests, id, ns!, req.name!, req.body);
        return create(this.ctx, id, r, ns, req);
      case 'update':
        return update(this.ctx, id, r, ns, req.name!, req.body, req);
      case 'patch':
        return patch(this.ctx, id, r, ns, req);
      case 'delete':
        return deleteObject(this.ctx, r, ns, req.name!, req, id);
      case 'deletecollection':
        return deleteCollection(this.ctx, r, ns, req, id);
      default:
        throw errors.methodNotAllowed(`the server does not allow this method on the requested resource`);
    }
  }

  /** --disable-admission-plugins: the plugins of ./admission this server does not run. */
  private readonly disabledAdmission: Set<string>;

  /** The admission plugins of ./admission, reading what they need from storage. */
  private admit(a: AdmissionAttributes): void {
    admit(a, { get: (resource, ns, name) => readObject(this.ctx, resourceByName(resource)!, ns, name)?.obj, nameSuffix: () => this.volumeNames.string(5, ALPHANUMS) }, this.disabledAdmission);
    // The RBAC storages' escalation checks (policybased storage), after admission as upstream's run.
    admitRbacEscalation(a, this.rbac.store, this.authorizer);
  }

  // ---------------------------------------------------------------- watch

  /**
   * Opens a watch through the same authentication and authorization as every request. Events
   * after `query.resourceVersion` are replayed from the watch cache; a version older than the
   * cache holds fails with 410 Gone and the client relists. onClose is called when the server
   * ends the stream.
   */
  watch(req: ApiRequest, onEvents: (events: WatchEvent[]) => void, onClose: (reason?: string) => void): WatchHandle {
    const id = this.authenticate(req);
    const r = this.resolve(req);
    this.authorizeResource(id, r, 'watch', { namespace: req.namespace, query: req.query });
    const deliver = req.as ? tableWatchEvents(r, req.as, req.query?.includeObject, () => this.sim.clock.nowMs(), onEvents) : onEvents;
    return this.watches.open(id, r, req, deliver, onClose);
  }

  /** Ends every open watch (the process died); clients see their streams close. */
  closeAllWatches(reason: string): void {
    this.watches.closeAll(reason);
  }

  /** The kube-apiserver process is ready: watch caches rebuilt from etcd, requests answered. */
  start(): void {
    this.watches.start();
    this.rbac.store.resync();
    this.compactor.start();
    this.serving = true;
  }

  /** The kube-apiserver process is gone: connections refused, every watch ends. */
  stop(): void {
    this.serving = false;
    this.compactor.stop();
    this.closeAllWatches('kube-apiserver stopped');
  }
}
