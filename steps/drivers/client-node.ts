/**
 * Any cluster a kubeconfig points at, as a cluster driver: API requests through
 * @kubernetes/client-node (its KubeConfig for credentials and TLS, KubernetesObjectApi with
 * discovery for CRUD, makeInformer for list + watch), kubectl commands through the real kubectl,
 * and time on the wall clock: waiting steps poll with a timeout instead of advancing time.
 * Scenarios share the cluster, so each starts by clearing what earlier ones left in `default`.
 */
import * as k8s from '@kubernetes/client-node';
import type { KObject } from '../../model/api/meta';
import type { CommandResult } from '../../model/shell/shell';
import { type ClusterDriver, type DeleteOptions, type InformerEvent, type ListOptions, NotPortableError, type PatchType, type RunningInformer } from './driver';
import { RealTerminal } from './real-terminal';
import { unsettled } from './settle';

/** Resources the steps use, by plural name, as discovery would map them. */
const RESOURCES: Record<string, { apiVersion: string; kind: string; namespaced: boolean }> = {
  pods: { apiVersion: 'v1', kind: 'Pod', namespaced: true },
  services: { apiVersion: 'v1', kind: 'Service', namespaced: true },
  events: { apiVersion: 'v1', kind: 'Event', namespaced: true },
  configmaps: { apiVersion: 'v1', kind: 'ConfigMap', namespaced: true },
  nodes: { apiVersion: 'v1', kind: 'Node', namespaced: false },
  namespaces: { apiVersion: 'v1', kind: 'Namespace', namespaced: false },
  deployments: { apiVersion: 'apps/v1', kind: 'Deployment', namespaced: true },
  replicasets: { apiVersion: 'apps/v1', kind: 'ReplicaSet', namespaced: true },
  daemonsets: { apiVersion: 'apps/v1', kind: 'DaemonSet', namespaced: true },
  endpointslices: { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', namespaced: true },
};

/** Between two polls of the cluster. */
const POLL_MS = 250;
/** A settled cluster must stay settled this long: controllers may not have reacted yet. */
const SETTLED_FOR_MS = 1000;
/** How long a check after time passed is retried (KUBESPEC_EVENTUALLY_MS overrides). */
const EVENTUALLY_MS = Number(process.env.KUBESPEC_EVENTUALLY_MS ?? 30_000);
/** How long clearing `default` before a scenario may take. */
const CLEANUP_MS = 120_000;

const PATCH_STRATEGY: Record<PatchType, k8s.PatchStrategy> = {
  strategic: k8s.PatchStrategy.StrategicMergePatch,
  merge: k8s.PatchStrategy.MergePatch,
  json: k8s.PatchStrategy.JsonPatch,
  apply: k8s.PatchStrategy.ServerSideApply,
};

export class ClientNodeDriver implements ClusterDriver {
  readonly kind = 'client-node';
  readonly namespace = 'default';
  private readonly kc = new k8s.KubeConfig();
  private readonly objects: k8s.KubernetesObjectApi;
  private readonly apps: k8s.AppsV1Api;
  private readonly terminal: RealTerminal;
  private readonly informers: RunningInformer[] = [];

  constructor(
    readonly kubeconfig: string,
    root: string,
    files: () => ReadonlyMap<string, string>,
  ) {
    this.kc.loadFromFile(kubeconfig);
    this.objects = k8s.KubernetesObjectApi.makeApiClient(this.kc);
    this.apps = this.kc.makeApiClient(k8s.AppsV1Api);
    this.terminal = new RealTerminal(kubeconfig, root, files);
  }

  private header(resource: string, namespace: string | undefined, name?: string) {
    const r = RESOURCES[resource];
    if (!r) throw new Error(`the client-node driver does not know the resource "${resource}"`);
    return { apiVersion: r.apiVersion, kind: r.kind, metadata: { name, namespace: r.namespaced ? namespace : undefined } };
  }

  async get(resource: string, namespace: string | undefined, name: string): Promise<KObject> {
    return plain(await this.objects.read(this.header(resource, namespace, name) as any));
  }

  async tryGet(resource: string, namespace: string | undefined, name: string): Promise<KObject | undefined> {
    try {
      return await this.get(resource, namespace, name);
    } catch (e) {
      if (e instanceof k8s.ApiException && e.code === 404) return undefined;
      throw e;
    }
  }

  async list(resource: string, namespace: string | undefined, opts: ListOptions = {}): Promise<KObject[]> {
    const h = this.header(resource, namespace);
    const res = await this.objects.list(h.apiVersion, h.kind, h.metadata.namespace, undefined, undefined, undefined, opts.fieldSelector, opts.labelSelector);
    return plain(res.items) as KObject[];
  }

  async create(resource: string, namespace: string | undefined, body: KObject): Promise<KObject> {
    const h = this.header(resource, namespace, body.metadata.name);
    return plain(await this.objects.create({ ...body, apiVersion: h.apiVersion, kind: h.kind, metadata: { ...body.metadata, namespace: h.metadata.namespace } } as any));
  }

  async patch(resource: string, namespace: string | undefined, name: string, type: PatchType, body: unknown): Promise<KObject> {
    const h = this.header(resource, namespace, name);
    // KubernetesObjectApi takes the target from the body and serializes it as the kind's type,
    // which a JSON patch (a list of operations) is not.
    if (type === 'json') throw new Error('the client-node driver sends no JSON patches: run `kubectl patch --type json` instead');
    const spec: any = { ...h, ...(body as object), metadata: { ...h.metadata, ...((body as any).metadata ?? {}) } };
    return plain(await this.objects.patch(spec, undefined, undefined, 'kubespec', type === 'apply' ? true : undefined, PATCH_STRATEGY[type]));
  }

  async delete(resource: string, namespace: string | undefined, name: string, opts: DeleteOptions = {}): Promise<void> {
    await this.objects.delete(this.header(resource, namespace, name) as any, undefined, undefined, opts.gracePeriodSeconds, undefined, opts.propagationPolicy);
  }

  async scale(resource: string, namespace: string, name: string, replicas: number): Promise<void> {
    const body = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name, namespace }, spec: { replicas } };
    if (resource === 'deployments') await this.apps.replaceNamespacedDeploymentScale({ name, namespace, body });
    else if (resource === 'replicasets') await this.apps.replaceNamespacedReplicaSetScale({ name, namespace, body });
    else throw new Error(`the client-node driver scales deployments and replicasets, not ${resource}`);
  }

  /** Workers are the nodes without kubeadm's control-plane role label. */
  async workerNodes(): Promise<string[]> {
    return (await this.list('nodes', undefined)).filter((n) => n.metadata.labels?.['node-role.kubernetes.io/control-plane'] === undefined).map((n) => n.metadata.name!);
  }

  async allNodes(): Promise<string[]> {
    return (await this.list('nodes', undefined)).map((n) => n.metadata.name!);
  }

  run(line: string, stdin?: string): Promise<CommandResult> {
    const sleep = /^sleep\s+(\S+)$/.exec(line.trim());
    if (sleep) throw new Error('`sleep` on a real cluster: write "When 1m passes" instead');
    return this.terminal.run(line, stdin);
  }

  /** Waits, at most ms, until the scenario's objects settle; never fails (the next steps check). */
  async pass(ms: number): Promise<void> {
    const deadline = Date.now() + ms;
    let settledSince: number | undefined;
    while (Date.now() < deadline) {
      const why = await this.unsettled();
      if (why) settledSince = undefined;
      else if (settledSince === undefined) settledSince = Date.now();
      else if (Date.now() - settledSince >= SETTLED_FOR_MS) return;
      await delay(POLL_MS);
    }
  }

  private async unsettled(): Promise<string | undefined> {
    const [deployments, daemonSets, pods] = await Promise.all([this.list('deployments', this.namespace), this.list('daemonsets', undefined), this.list('pods', this.namespace)]);
    return unsettled(deployments, daemonSets, pods);
  }

  eventually(check: () => void | Promise<void>): Promise<void> {
    return this.waitFor(EVENTUALLY_MS, check);
  }

  async waitFor(timeoutMs: number, check: () => void | Promise<void>): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await check();
      } catch (e) {
        // A step that cannot run here will not start to with time.
        if (Date.now() >= deadline || e instanceof NotPortableError) throw e;
      }
      await delay(POLL_MS);
    }
  }

  /** client-node's informer: list, then watch from the list's resourceVersion, relisting as needed. */
  async informer(resource: string, namespace: string, labelSelector?: string): Promise<RunningInformer> {
    const h = this.header(resource, namespace);
    const group = h.apiVersion.includes('/') ? `/apis/${h.apiVersion}` : `/api/${h.apiVersion}`;
    const inf = k8s.makeInformer<k8s.KubernetesObject>(
      this.kc,
      `${group}/namespaces/${namespace}/${resource}`,
      () => this.objects.list(h.apiVersion, h.kind, namespace, undefined, undefined, undefined, undefined, labelSelector),
      labelSelector,
    );
    const events: InformerEvent[] = [];
    let stopped = false;
    inf.on(k8s.ADD, (o) => events.push({ type: 'add', object: plain(o) }));
    inf.on(k8s.UPDATE, (o) => events.push({ type: 'update', object: plain(o) }));
    inf.on(k8s.DELETE, (o) => events.push({ type: 'delete', object: plain(o) }));
    // client-node's informer stops on an error; restarting it (a relist) is the caller's job.
    inf.on(k8s.ERROR, () => {
      if (!stopped) setTimeout(() => !stopped && void inf.start(), 1000);
    });
    await inf.start();
    const running: RunningInformer = {
      events,
      list: () => inf.list(namespace).map(plain),
      stop: async () => {
        stopped = true;
        await inf.stop();
      },
    };
    this.informers.push(running);
    return running;
  }

  async setUp(): Promise<void> {
    await this.clearNamespace(true);
  }

  async tearDown(): Promise<void> {
    for (const inf of this.informers.splice(0)) await inf.stop();
    this.terminal.close();
    await this.clearNamespace(false);
  }

  /**
   * Deletes what scenarios make in `default` (workloads, Pods, Services but `kubernetes`, Events),
   * controllers first so nothing is recreated; with wait, until the Pods and Services are gone.
   */
  private async clearNamespace(wait: boolean): Promise<void> {
    const ns = this.namespace;
    const doomed = async () => {
      const out: [string, string][] = [];
      for (const r of ['deployments', 'daemonsets', 'replicasets', 'services', 'pods', 'events'])
        for (const o of await this.list(r, ns)) if (!(r === 'services' && o.metadata.name === 'kubernetes')) out.push([r, o.metadata.name!]);
      return out;
    };
    for (const [r, name] of await doomed()) {
      try {
        await this.delete(r, ns, name, r === 'pods' ? { gracePeriodSeconds: 0 } : { propagationPolicy: 'Background' });
      } catch (e) {
        if (!(e instanceof k8s.ApiException && e.code === 404)) throw e;
      }
    }
    if (!wait) return;
    await this.waitFor(CLEANUP_MS, async () => {
      const left = (await doomed()).filter(([r]) => r !== 'events');
      if (left.length) throw new Error(`objects left in ${ns} by earlier scenarios did not go away: ${left.map((x) => x.join('/')).join(', ')}`);
    });
  }
}

/** client-node hands out typed objects (Dates for timestamps); the steps read plain JSON. */
function plain<T>(o: T): any {
  return JSON.parse(JSON.stringify(o));
}

function delay(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
