import { deletionFinalizers } from './deletion-finalizers';
import { dropEmptyMetaLists } from './object-meta';
import { canonicalJSON, deepCopy, type KObject } from '../api/meta';
import { ALPHANUMS, generateName, uuid } from '../api/names';
import { jsonPatch, mergePatch, PatchError, strategicMergePatch } from '../api/patch';
import { etcdKey, etcdPrefix, groupVersion, resourceByName, type ResourceInfo } from '../api/registry';
import { errors, FieldError, StatusError } from '../api/status';
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
import { applyDefaults, defaultPodSpec } from './defaults';
import { prepareJobForCreate } from './batch-strategy';
import { actorOf, componentName, connectionRefused, decode, encode, injectedError, managerOf, matchesSel, parseSelectors, stripRV, stripUndefined, toScale } from './objects';
import { decodePatchResult, decodeRequestBody } from './decoding';
import { type ApiRequest, type Credentials, type Identity, type WatchEvent, type WatchHandle } from './request';
import { execInPod, logsOfPod, type KubeletServer } from './kubelet-client';
import { namespaceDeletionForbidden, validate } from './validation';
import { ApplyConflict, FieldManager, type ManagedFieldsEntry } from './fieldmanager/fieldmanager';
import { applyConfiguration, validatePatchOptions } from './fieldmanager/apply-request';
import { WatchHub } from './watch';
import { asTable, tableWatchEvents } from './table';
import { continueToken, parsePage } from './pagination';
import { StorageHooks } from './storage-hooks';
import { discoveryOrOpenAPI, type DiscoveryResponse as NonResourceResponse } from './discovery';
import { mutant } from '../sim/mutants';
import { evictPod } from './eviction';
import { finalized, finalizersDone, isTerminating, markTerminating, namespaceTerminating, prepareNamespaceForCreate, prepareNamespaceForUpdate } from './namespace-lifecycle';
import { admitDefaultStorageClass } from './admission-storageclass';
import { admit, type AdmissionAttributes } from './admission';

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
  /** metadata.managedFields of every write, and server-side apply. */
  private readonly fields = new FieldManager();
  /** Service allocators and other per-resource storage steps around a write. */
  readonly hooks: StorageHooks;
  /** False while the kube-apiserver process is down: clients get "connection refused". */
  serving = true;
  /** The address kubectl connects to; part of the "connection refused" message. */
  readonly endpoint: string;
  /** Warnings of the request being handled (unknown fields under fieldValidation=Warn). */
  private warnings: string[] = [];

  constructor(
    private readonly sim: Simulation,
    private readonly etcd: EtcdStore,
    opts: { endpoint?: string; watchCacheCapacity?: number; serviceClusterIPRange?: string; serviceNodePortRange?: [number, number]; disableAdmissionPlugins?: string[] } = {},
  ) {
    this.endpoint = opts.endpoint ?? '127.0.0.1:6443';
    this.disabledAdmission = new Set(opts.disableAdmissionPlugins ?? []);
    this.watches = new WatchHub(sim, etcd, opts.watchCacheCapacity ?? 10000);
    this.rbac = new RBACAuthorizer(etcd);
    this.authorizer = new AuthorizerChain([new NodeAuthorizer(populateNodeGraph(etcd)), this.rbac]);
    // The service-account key (made at the first token), TokenRequest and the token authenticator.
    const read = (resource: string, ns: string | undefined, name: string) => this.read(resourceByName(resource)!, ns, name)?.obj;
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
    const answer = discoveryOrOpenAPI(pathWithQuery, accept, this.endpoint) ?? { status: 404, contentType: 'text/plain; charset=utf-8', body: '404 page not found\n', headers: { 'X-Content-Type-Options': 'nosniff' } };
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
    const namespace = r.namespaced ? req.namespace : undefined;
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
        if (req.subresource === 'scale') return toScale(r, this.mustGet(r, ns, req.name!));
        if (req.subresource === 'log') return logsOfPod(this.kubelets, this.mustGet(r, ns, req.name!), req.query ?? {});
        return this.mustGet(r, ns, req.name!);
      case 'list':
        return this.list(r, ns, req);
      case 'create':
        if (req.subresource === 'binding') return this.bind(r, ns!, req.name!, req.body);
        if (req.subresource === 'exec') return execInPod(this.kubelets, this.mustGet(r, ns, req.name!), req.body);
        if (req.subresource === 'eviction') return this.evict(id, r, ns!, req);
        if (req.subresource === 'token') return createToken(this.tokenRequests, id, ns!, req.name!, req.body);
        return this.create(id, r, ns, req);
      case 'update':
        return this.update(id, r, ns, req.name!, req.body, req);
      case 'patch':
        return this.patch(id, r, ns, req);
      case 'delete':
        return this.delete(r, ns, req.name!, req, id);
      case 'deletecollection':
        return this.deleteCollection(r, ns, req, id);
      default:
        throw errors.methodNotAllowed(`the server does not allow this method on the requested resource`);
    }
  }

  // ---------------------------------------------------------------- storage

  private read(r: ResourceInfo, ns: string | undefined, name: string): { obj: KObject; modRevision: number } | undefined {
    const kv = this.etcd.get(etcdKey(r, ns, name));
    if (!kv) return undefined;
    return { obj: decode(kv.value, kv.modRevision), modRevision: kv.modRevision };
  }

  private mustGet(r: ResourceInfo, ns: string | undefined, name: string): KObject {
    const got = this.read(r, ns, name);
    if (!got) throw errors.notFound(r, name);
    return got.obj;
  }

  private list(r: ResourceInfo, ns: string | undefined, req: ApiRequest): any {
    const { labels, fields } = parseSelectors(req);
    const page = parsePage(req.query?.limit, req.query?.continue);
    const prefix = etcdPrefix(r, ns);
    const items: KObject[] = [];
    let next: string | undefined;
    let remaining = 0;
    for (const kv of this.etcd.range(prefix)) {
      const rel = kv.key.slice(prefix.length);
      if (page.start && rel < page.start) continue;
      const obj = decode(kv.value, kv.modRevision);
      if (!matchesSel(obj, labels, fields)) continue;
      if (page.limit !== undefined && items.length >= page.limit) {
        remaining++;
        continue;
      }
      items.push(obj);
      if (page.limit !== undefined && items.length === page.limit) next = rel;
    }
    const rv = this.etcd.currentRevision;
    return {
      apiVersion: groupVersion(r),
      kind: `${r.kind}List`,
      metadata: remaining > 0 && next !== undefined ? { resourceVersion: String(rv), continue: continueToken(rv, next), remainingItemCount: remaining } : { resourceVersion: String(rv) },
      items: items.map((o) => ({ ...o, apiVersion: undefined, kind: undefined })).map(stripUndefined),
    };
  }

  private create(id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest, managed?: ManagedFieldsEntry[]): KObject {
    const body = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('the body of the request was in an unknown format');
    // The decoder runs first (createHandler): a wrong type or unknown field fails before any check.
    const obj: KObject = req.verb === 'create' ? decodeRequestBody(r, req, this.warnings) : deepCopy(body);
    obj.metadata = obj.metadata && typeof obj.metadata === 'object' ? obj.metadata : {};
    if (obj.metadata.namespace && ns && obj.metadata.namespace !== ns)
      throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
    if (ns) obj.metadata.namespace = ns;
    else delete obj.metadata.namespace;
    if (!obj.metadata.name && obj.metadata.generateName) obj.metadata.name = generateName(obj.metadata.generateName, this.sim.rng);
    // Admission: NamespaceLifecycle.
    if (ns && !this.read(resourceByName('namespaces')!, undefined, ns)) {
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `namespaces "${ns}" not found`, reason: 'NotFound', details: { name: ns, kind: 'namespaces' }, code: 404 });
    }
    if (ns && isTerminating(this.read(resourceByName('namespaces')!, undefined, ns)?.obj)) throw namespaceTerminating(r, obj.metadata.name ?? '', ns);
    applyDefaults(r.resource, obj);
    if (r.resource === 'namespaces') prepareNamespaceForCreate(obj);
    if (r.resource === 'persistentvolumeclaims') admitDefaultStorageClass(obj, [...this.etcd.range(etcdPrefix(resourceByName('storageclasses')!))].map((kv) => decode(kv.value, kv.modRevision)));
    // The Job strategy's PrepareForCreate generates the selector from the new Job's UID.
    if (r.resource === 'jobs') prepareJobForCreate(obj, uuid(this.sim.rng));
    this.admit({ user: id, operation: 'CREATE', resource: r, subresource: req.subresource, namespace: ns, name: obj.metadata.name ?? '', object: obj });
    const errs = validate(r.resource, obj);
    if (errs.length) throw errors.invalid(r, obj.metadata.name ?? '', errs);
    obj.apiVersion = groupVersion(r);
    obj.kind = r.kind;
    const m = obj.metadata;
    if (r.resource !== 'jobs') m.uid = uuid(this.sim.rng);
    m.creationTimestamp = this.sim.clock.nowRFC3339();
    if (r.hasGeneration || r.resource === 'pods') m.generation = 1;
    delete m.resourceVersion;
    delete m.deletionTimestamp;
    m.managedFields = managed ?? this.fields.update(r.kind, groupVersion(r), undefined, obj, this.writer(id, r, req), this.sim.clock.nowRFC3339());
    const txn = this.hooks.beforeCreate(r, obj, req.query?.dryRun === 'All');
    if (req.query?.dryRun === 'All') return obj;
    const res = this.etcd.putIf(etcdKey(r, ns, m.name!), encode(obj), 0);
    if (!res.ok) {
      txn.rollback();
      const err = errors.alreadyExists(r, m.name!);
      // Store.Create: the name is taken by an object still being deleted (gracefully or by finalizers).
      if (res.current && decode(res.current.value, res.current.modRevision).metadata.deletionTimestamp) err.status.message = `object is being deleted: ${err.status.message}`;
      throw err;
    }
    return decode(res.kv.value, res.kv.modRevision);
  }

  private update(id: Identity, r: ResourceInfo, ns: string | undefined, name: string, body: any, req: ApiRequest, managed?: ManagedFieldsEntry[]): KObject {
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw errors.badRequest('the body of the request was in an unknown format');
    // A PUT's body is decoded first (updateHandler); a patch's result was decoded by patch().
    if (req.verb === 'update') body = decodeRequestBody(r, req, this.warnings);
    if (body.metadata?.name && body.metadata.name !== name)
      throw errors.badRequest(`the name of the object (${body.metadata.name}) does not match the name on the URL (${name})`);
    const cur = this.read(r, ns, name);
    if (!cur) throw errors.notFound(r, name);
    const old = cur.obj;
    const rv = body.metadata?.resourceVersion;
    if (rv !== undefined && rv !== '' && rv !== String(cur.modRevision) && !mutant('apiserver-ignores-resource-version')) throw errors.conflict(r, name);
    if (req.subresource === 'scale') {
      const replicas = body.spec?.replicas;
      if (typeof replicas !== 'number' || replicas < 0)
        throw errors.invalid(resourceByName(r.resource)!, name, [FieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0')]);
      const next = deepCopy(old);
      next.spec.replicas = replicas;
      if (replicas !== old.spec?.replicas && r.hasGeneration) next.metadata.generation = (old.metadata.generation ?? 1) + 1;
      return toScale(r, this.store(r, ns, name, next, old, cur.modRevision, id, req));
    }
    if (req.subresource === 'finalize') return this.finalizeNamespace(r, name, old, body, cur.modRevision, id, req);
    let next: KObject = deepCopy(body);
    next.metadata = next.metadata ?? {};
    // Fields the server owns are carried over from the stored object.
    for (const k of ['uid', 'creationTimestamp', 'namespace', 'name', 'deletionTimestamp', 'deletionGracePeriodSeconds', 'generation'] as const)
      (next.metadata as any)[k] = (old.metadata as any)[k];
    next.apiVersion = old.apiVersion;
    next.kind = old.kind;
    if (req.subresource === 'status') {
      const s = deepCopy(old);
      s.status = next.status;
      if (mutant('apiserver-status-clobbers-spec')) s.spec = next.spec;
      // apps/v1 status strategies reset only spec and labels: metadata such as the Deployment's
      // revision annotation, which its controller writes with UpdateStatus, goes through.
      // nodeStatusStrategy resets only the spec (flannel writes its annotations through nodes/status).
      if (r.group === 'apps' || r.resource === 'nodes') s.metadata = { ...next.metadata, labels: old.metadata.labels, managedFields: old.metadata.managedFields };
      next = s;
    } else if (r.subresources.includes('status')) {
      next.status = old.status;
      if (r.resource === 'namespaces') prepareNamespaceForUpdate(next, old);
      // Decoding defaults the body (a Pod's spec too, without the create-time admission).
      if (r.resource !== 'pods') applyDefaults(r.resource, next);
      else defaultPodSpec(next.spec);
      const errs = validate(r.resource, next, old);
      if (errs.length) throw errors.invalid(r, name, errs);
    } else {
      // Decoding defaults every body (a Secret's stringData merged into data).
      applyDefaults(r.resource, next);
      const errs = validate(r.resource, next, old);
      if (errs.length) throw errors.invalid(r, name, errs);
    }
    if (r.resource === 'pods' && req.subresource !== 'status') {
      // Pod spec is immutable but for a few fields; keep the stored spec's defaults.
      next.spec = { ...old.spec, ...next.spec, nodeName: old.spec.nodeName };
    }
    if ((r.hasGeneration || r.resource === 'pods') && canonicalJSON(next.spec) !== canonicalJSON(old.spec)) next.metadata.generation = (old.metadata.generation ?? 1) + 1;
    this.admit({ user: id, operation: 'UPDATE', resource: r, subresource: req.subresource, namespace: ns, name, object: next, oldObject: old });
    dropEmptyMetaLists(next.metadata);
    const txn = req.subresource ? undefined : this.hooks.beforeUpdate(r, next, old, req.query?.dryRun === 'All');
    if (req.query?.dryRun === 'All') return next;
    let stored: KObject;
    try {
      stored = this.store(r, ns, name, next, old, cur.modRevision, id, req, managed);
    } catch (e) {
      txn?.rollback();
      throw e;
    }
    txn?.commit();
    return stored;
  }

  /** Writes with compare-and-swap on the mod revision read; removes objects whose finalizers are done. */
  private store(r: ResourceInfo, ns: string | undefined, name: string, next: KObject, old: KObject, modRevision: number, id: Identity, req: ApiRequest, applied?: ManagedFieldsEntry[]): KObject {
    // No-op writes do not bump resourceVersion (an apply that only changes ownership does).
    const sameOwners = !applied || canonicalJSON(applied) === canonicalJSON(old.metadata.managedFields ?? []);
    if (!mutant('apiserver-noop-write-bumps-rv') && sameOwners && canonicalJSON(stripRV(next)) === canonicalJSON(stripRV(old))) return old;
    next.metadata.managedFields = applied ?? this.fields.update(r.kind, groupVersion(r), old, next, this.writer(id, r, req), this.sim.clock.nowRFC3339());
    const key = etcdKey(r, ns, name);
    // Only an update that removes the last finalizer finishes a deletion (shouldDeleteDuringUpdate):
    // a status write to a gracefully terminating Pod must not remove it.
    if (next.metadata.deletionTimestamp && (next.metadata.finalizers ?? []).length === 0 && (old.metadata.finalizers ?? []).length > 0) {
      const res = this.etcd.deleteIf(key, modRevision);
      if (!res.ok) throw errors.conflict(r, name);
      return next;
    }
    delete next.metadata.resourceVersion;
    const res = this.etcd.putIf(key, encode(next), modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return decode(res.kv.value, res.kv.modRevision);
  }

  /** Who a write is recorded under in managedFields. */
  private writer(id: Identity, r: ResourceInfo, req: ApiRequest) {
    return { manager: managerOf(id, req), subresource: req.subresource, hasStatus: r.subresources.includes('status') };
  }

  /** Server-side apply: the field manager merges the configuration and settles ownership. */
  private apply(id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest): KObject {
    const config = applyConfiguration(r, req);
    const cur = this.read(r, ns, req.name!);
    try {
      const { object, managedFields } = this.fields.apply(r.kind, groupVersion(r), cur?.obj, config, this.writer(id, r, req), req.query?.force === true, this.sim.clock.nowRFC3339());
      if (!cur) return this.create(id, r, ns, { ...req, body: object }, managedFields);
      object.metadata = { ...object.metadata, resourceVersion: String(cur.modRevision) };
      return this.update(id, r, ns, req.name!, object, req, managedFields);
    } catch (e) {
      if (e instanceof ApplyConflict) throw e.toStatusError();
      throw e;
    }
  }

  private patch(id: Identity, r: ResourceInfo, ns: string | undefined, req: ApiRequest): KObject {
    const name = req.name!;
    validatePatchOptions(req);
    if (req.patchType === 'apply') return this.apply(id, r, ns, req);
    const cur = this.read(r, ns, name);
    if (!cur) throw errors.notFound(r, name);
    const base = req.subresource === 'scale' ? toScale(r, cur.obj) : cur.obj;
    let patched: any;
    try {
      if (req.patchType === 'json') patched = jsonPatch(base, req.body);
      else if (req.patchType === 'merge') patched = mergePatch(base, req.body);
      else patched = strategicMergePatch(base, req.body, req.subresource === 'scale' ? 'Scale' : r.kind);
    } catch (e) {
      if (e instanceof PatchError && (e.code === 400 || e.message.startsWith('json: cannot unmarshal'))) throw errors.badRequest(e.message);
      if (e instanceof PatchError && e.code === 500) throw errors.internal(e.message);
      // NewGenericServerResponse(422): the patch library's error travels as the only cause.
      if (e instanceof PatchError)
        throw new StatusError({
          kind: 'Status',
          apiVersion: 'v1',
          metadata: {},
          status: 'Failure',
          message: 'the server rejected our request due to an error in our request',
          reason: 'Invalid',
          details: { causes: [{ reason: 'UnexpectedServerResponse', message: e.message, field: '' }] },
          code: 422,
        });
      throw e;
    }
    if (!patched || typeof patched !== 'object') throw errors.badRequest('the body of the request was in an unknown format');
    patched = decodePatchResult(r, req, patched, this.warnings);
    patched.metadata = { ...(patched.metadata ?? {}), resourceVersion: patched.metadata?.resourceVersion ?? String(cur.modRevision) };
    return this.update(id, r, ns, name, patched, req);
  }

  private delete(r: ResourceInfo, ns: string | undefined, name: string, req: ApiRequest, id: Identity): any {
    // Admission: NamespaceLifecycle keeps the system namespaces (before the object is read).
    const immortal = r.resource === 'namespaces' ? namespaceDeletionForbidden(name) : undefined;
    if (immortal) throw errors.forbiddenBecause(r, name, immortal);
    const cur = this.read(r, ns, name);
    if (!cur) throw errors.notFound(r, name);
    this.admit({ user: id, operation: 'DELETE', resource: r, namespace: ns, name, oldObject: cur.obj });
    const obj = deepCopy(cur.obj);
    if (req.query?.dryRun === 'All') return obj;
    if (r.resource === 'namespaces' && !obj.metadata.deletionTimestamp) {
      const marked = markTerminating(obj, this.sim.clock.nowRFC3339());
      delete marked.metadata.resourceVersion;
      const res = this.etcd.putIf(etcdKey(r, ns, name), encode(marked), cur.modRevision);
      if (!res.ok) throw errors.conflict(r, name);
      return decode(res.kv.value, res.kv.modRevision);
    }
    if (r.resource === 'namespaces' && !finalizersDone(obj)) return obj;
    const policy = req.query?.propagationPolicy;
    const finalizers = new Set(deletionFinalizers(obj.metadata.finalizers ?? [], policy));
    // Graceful deletion: a Pod on a node is marked, and its kubelet finishes the delete.
    const grace = req.query?.gracePeriodSeconds ?? obj.spec?.terminationGracePeriodSeconds ?? 30;
    const graceful = r.resource === 'pods' && !!obj.spec?.nodeName && grace > 0 && !obj.status?.phase?.match(/^(Succeeded|Failed)$/);
    // A second delete with grace 0 (the kubelet, once containers stopped) removes a terminating Pod.
    const finishing = r.resource === 'pods' && req.query?.gracePeriodSeconds === 0 && finalizers.size === 0;
    if (!finishing && (finalizers.size > 0 || graceful)) {
      if (obj.metadata.deletionTimestamp) return obj;
      // BeforeDelete and markAsDeleting: the start of a deletion is a new generation.
      if ((obj.metadata.generation ?? 0) > 0) obj.metadata.generation = obj.metadata.generation! + 1;
      obj.metadata.finalizers = finalizers.size ? [...finalizers] : undefined;
      obj.metadata.deletionTimestamp = this.sim.clock.nowRFC3339();
      obj.metadata.deletionGracePeriodSeconds = graceful ? grace : 0;
      if (graceful) obj.metadata.deletionTimestamp = new Date(this.sim.clock.nowMs() + grace * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      if (!obj.metadata.finalizers) delete obj.metadata.finalizers;
      delete obj.metadata.resourceVersion;
      const res = this.etcd.putIf(etcdKey(r, ns, name), encode(obj), cur.modRevision);
      if (!res.ok) throw errors.conflict(r, name);
      return decode(res.kv.value, res.kv.modRevision);
    }
    const res = this.etcd.deleteIf(etcdKey(r, ns, name), cur.modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    this.hooks.afterDelete(r, obj);
    return obj;
  }

  private deleteCollection(r: ResourceInfo, ns: string | undefined, req: ApiRequest, id: Identity): any {
    const list = this.list(r, ns, req);
    for (const item of list.items) this.delete(r, item.metadata.namespace, item.metadata.name, req, id);
    return list;
  }

  /** pods/eviction: NamespaceLifecycle first (an eviction is a create), then the disruption budgets. */
  private evict(id: Identity, r: ResourceInfo, ns: string, req: ApiRequest): any {
    if (isTerminating(this.read(resourceByName('namespaces')!, undefined, ns)?.obj)) throw namespaceTerminating(r, req.name!, ns);
    this.admit({ user: id, operation: 'CREATE', resource: r, subresource: 'eviction', namespace: ns, name: req.name!, object: req.body });
    const pdbs = resourceByName('poddisruptionbudgets')!;
    return evictPod(
      {
        getPod: () => this.mustGet(r, ns, req.name!),
        listBudgets: () => this.list(pdbs, ns, { ...req, query: {} }).items,
        updateBudgetStatus: (pdb) => this.update(id, pdbs, ns, pdb.metadata.name!, pdb, { ...req, verb: 'update', resource: 'poddisruptionbudgets', subresource: 'status', name: pdb.metadata.name, body: pdb, query: {} }),
        deletePod: (opts) => {
          if (opts.resourceVersion !== undefined && String(this.read(r, ns, req.name!)?.modRevision) !== opts.resourceVersion) throw errors.conflict(r, req.name!);
          this.delete(r, ns, req.name!, { ...req, verb: 'delete', subresource: undefined, query: opts.gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds: opts.gracePeriodSeconds } }, id);
        },
        nowRFC3339: () => this.sim.clock.nowRFC3339(),
        dryRun: req.query?.dryRun === 'All',
      },
      req.name!,
      req.body,
    );
  }

  /** namespaces/finalize: only spec.finalizers changes; a Terminating Namespace whose finalizers are done goes. */
  private finalizeNamespace(r: ResourceInfo, name: string, old: KObject, body: any, modRevision: number, id: Identity, req: ApiRequest): KObject {
    const next = finalized(old, body);
    if (next.metadata.deletionTimestamp && finalizersDone(next)) {
      const res = this.etcd.deleteIf(etcdKey(r, undefined, name), modRevision);
      if (!res.ok) throw errors.conflict(r, name);
      return next;
    }
    return this.store(r, undefined, name, next, old, modRevision, id, req);
  }

  /** pods/binding: sets spec.nodeName once, and the PodScheduled condition. */
  private bind(r: ResourceInfo, ns: string, name: string, binding: any): any {
    const target = binding?.target;
    if (!target?.name) throw errors.invalid(r, name, [FieldError.required('target.name')]);
    const cur = this.read(r, ns, name);
    if (!cur) throw errors.notFound(r, name);
    const pod = deepCopy(cur.obj);
    if (pod.metadata.deletionTimestamp) throw errors.conflictMessage(r, name, `pod ${name} is being deleted, cannot be assigned to a host`);
    if (pod.spec.nodeName) throw errors.conflictMessage(r, name, `pod ${name} is already assigned to node "${pod.spec.nodeName}"`);
    pod.spec.nodeName = target.name;
    pod.status = pod.status ?? {};
    const conditions: any[] = (pod.status.conditions ?? []).filter((c: any) => c.type !== 'PodScheduled');
    conditions.push({ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: this.sim.clock.nowRFC3339() });
    pod.status.conditions = conditions;
    delete pod.metadata.resourceVersion;
    const res = this.etcd.putIf(etcdKey(r, ns, name), encode(pod), cur.modRevision);
    if (!res.ok) throw errors.conflict(r, name);
    return { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 };
  }

  /** --disable-admission-plugins: the plugins of ./admission this server does not run. */
  private readonly disabledAdmission: Set<string>;

  /** The admission plugins of ./admission, reading what they need from storage. */
  private admit(a: AdmissionAttributes): void {
    admit(a, { get: (resource, ns, name) => this.read(resourceByName(resource)!, ns, name)?.obj, nameSuffix: () => this.volumeNames.string(5, ALPHANUMS) }, this.disabledAdmission);
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
    this.serving = true;
  }

  /** The kube-apiserver process is gone: connections refused, every watch ends. */
  stop(): void {
    this.serving = false;
    this.closeAllWatches('kube-apiserver stopped');
  }
}
