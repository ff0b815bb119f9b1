/**
 * The model's stand-in for client-go's fake clientset in upstream's controller unit tests: an
 * API server on its own etcd and virtual clock, no nodes, no other components. A controller
 * under test gets a ComponentContext on it, as kube-controller-manager would give it, and every
 * request its client sends is recorded as an action (fake.Clientset.Actions()).
 */
import type { KObject } from '../../model/api/meta';
import { etcdKey, resourceByName } from '../../model/api/registry';
import { encode } from '../../model/apiserver/objects';
import { ApiServer } from '../../model/apiserver/server';
import { ensureBootstrapPolicy } from '../../model/apiserver/authorization/bootstrap-policy';
import type { ApiRequest } from '../../model/apiserver/request';
import { ApiClient } from '../../model/client/client';
import type { Informer } from '../../model/client/informer';
import { makeContext, type ComponentContext } from '../../model/component';
import { EtcdStore } from '../../model/etcd/store';
import { Process } from '../../model/sim/process';
import { Simulation } from '../../model/sim/simulation';

/** One request a component sent: what upstream's tests read from the fake clientset. */
export interface Action {
  verb: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  body?: any;
  /** The request's query (a delete's gracePeriodSeconds). */
  query?: any;
}

const ADMIN_TOKEN = 'upstream-test-admin';
const KCM_TOKEN = 'upstream-test-kcm';

export class FakeControlPlane {
  readonly sim: Simulation;
  readonly etcd: EtcdStore;
  readonly apiserver: ApiServer;
  /** The test's own client (the fake clientset's fixtures and the test's direct writes). */
  readonly admin: ApiClient;
  /** The requests the component under test sent, in order. */
  readonly actions: Action[] = [];

  /** epochMs: when its clock starts (a test whose objects carry upstream's own timestamps). */
  constructor(namespaces: string[] = ['default'], epochMs?: number) {
    this.sim = new Simulation(1, { epochMs });
    this.etcd = new EtcdStore(this.sim.trace);
    // Upstream's registry and controller tests run with no admission plugins: no ServiceAccount to look up.
    this.apiserver = new ApiServer(this.sim, this.etcd, { disableAdmissionPlugins: ['ServiceAccount'] });
    // Upstream's unit tests run on a fake clientset with no authorization at all: both clients
    // here are in system:masters, bound to cluster-admin by the bootstrap policy.
    ensureBootstrapPolicy(this.etcd, this.sim);
    this.apiserver.issueToken(ADMIN_TOKEN, { user: 'kubernetes-admin', groups: ['system:masters', 'system:authenticated'] });
    this.apiserver.issueToken(KCM_TOKEN, { user: 'system:kube-controller-manager', groups: ['system:masters', 'system:authenticated'] });
    this.admin = new ApiClient(this.apiserver, ADMIN_TOKEN);
    for (const name of namespaces) this.admin.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
  }

  /** A component's context; its requests (reads aside) are recorded in `actions`. */
  component(actor = 'kube-controller-manager'): ComponentContext {
    const proc = new Process(this.sim, this.sim.allocatePid(), 'test', actor, actor);
    const ctx = makeContext(this.sim, proc, this.apiserver, KCM_TOKEN);
    const request = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
      if (req.verb !== 'get' && req.verb !== 'list' && req.verb !== 'watch') this.record(req);
      return request(req);
    };
    return ctx;
  }

  /** Records a request the component sent (one refused before it reached the API server too). */
  record(req: Omit<ApiRequest, 'token' | 'userAgent'>): void {
    this.actions.push({ verb: req.verb, resource: req.resource, subresource: req.subresource, namespace: req.namespace, name: req.name, body: req.body, query: req.query });
  }

  /** Lets virtual time pass, running whatever is due. */
  advance(ms: number): void {
    this.sim.advance(ms);
  }

  /** Lets the watches deliver what was written (a few ms of virtual time; far below any toleration or grace period). */
  settle(): void {
    this.sim.advance(50);
  }

  /** The recorded actions on one resource, as "verb" or "verb/subresource". */
  verbsOn(resource: string, name?: string): string[] {
    return this.actions.filter((a) => a.resource === resource && (!name || a.name === name)).map((a) => (a.subresource ? `${a.verb}/${a.subresource}` : a.verb));
  }

  clearActions(): void {
    this.actions.length = 0;
  }

  /**
   * An update the fake clientset would take but the API server refuses (a Pod's spec is
   * immutable but for a few fields): written to etcd as is, so the watches still deliver it.
   */
  forceUpdate(resource: string, obj: KObject): void {
    const r = resourceByName(resource)!;
    const cur = this.admin.get(resource, obj.metadata.namespace, obj.metadata.name!);
    const next = { ...cur, spec: obj.spec, metadata: { ...cur.metadata } };
    delete next.metadata.resourceVersion;
    this.etcd.put(etcdKey(r, obj.metadata.namespace, obj.metadata.name!), encode(next));
  }

  create(resource: string, obj: KObject): KObject {
    return this.admin.create(resource, obj.metadata.namespace, obj);
  }
}

/** A request to fail: the next `times` requests of this verb on this resource (and subresource). */
export interface InjectedFailure {
  verb: string;
  resource: string;
  subresource?: string;
  times: number;
}

/**
 * Makes a component's requests fail as upstream's tests make the fake clientset's reactors fail:
 * the first entry of `failures` that matches answers with `error(req)` (which may also record the
 * request), once per `times`; other requests go on.
 */
export function injectFailures(ctx: ComponentContext, failures: InjectedFailure[], error: (req: Omit<ApiRequest, 'token' | 'userAgent'>) => Error): void {
  const inner = ctx.client.request.bind(ctx.client);
  ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
    const f = failures.find((x) => x.times > 0 && x.verb === req.verb && x.resource === req.resource && (x.subresource ?? undefined) === (req.subresource ?? undefined));
    if (!f) return inner(req);
    f.times--;
    throw error(req);
  };
}

/**
 * A resync: every handler gets each cached object as both old and new (the same resourceVersion),
 * as a shared informer's resync period delivers them. The handlers are the informer's own.
 */
export function resync(informer: Informer): void {
  for (const o of informer.list()) for (const h of (informer as any).handlers) h.onUpdate?.(o, o);
}

/** Records what a controller's work queue is asked: the keys added, and the delays given to addAfter. */
export function recordQueue(queue: { add(key: string): void; addAfter(key: string, ms: number): void }, queued: string[], delayed: number[]): void {
  const add = queue.add.bind(queue);
  const addAfter = queue.addAfter.bind(queue);
  queue.add = (key: string) => {
    queued.push(key);
    add(key);
  };
  queue.addAfter = (key: string, ms: number) => {
    delayed.push(ms);
    addAfter(key, ms);
  };
}
