/**
 * The in-process model as a cluster driver: requests go through the model's API server as the
 * cluster admin, time is virtual, kubectl is the model's. Every method does exactly what the
 * steps did before drivers existed, so the in-process run is unchanged.
 */
import type { KObject } from '../../model/api/meta';
import { Informer } from '../../model/client/informer';
import type { Cluster } from '../../model/cluster';
import { Process } from '../../model/sim/process';
import type { CommandResult, Shell } from '../../model/shell/shell';
import type { ClusterDriver, DeleteOptions, InformerEvent, ListOptions, PatchType, RunningInformer } from './driver';

/** How far virtual time moves between two tries of a "within" check. */
const WAIT_STEP_MS = 1000;

export class ModelDriver implements ClusterDriver {
  readonly kind = 'model';
  readonly namespace = 'default';

  constructor(
    // Lazy: Given steps may still choose the seed or the config before the cluster boots.
    private readonly cluster: () => Cluster,
    private readonly shell: () => Shell,
  ) {}

  async get(resource: string, namespace: string | undefined, name: string): Promise<KObject> {
    return this.cluster().admin.get(resource, namespace, name);
  }

  async tryGet(resource: string, namespace: string | undefined, name: string): Promise<KObject | undefined> {
    return this.cluster().admin.tryGet(resource, namespace, name);
  }

  async list(resource: string, namespace: string | undefined, opts: ListOptions = {}): Promise<KObject[]> {
    return this.cluster().admin.list(resource, namespace, opts).items;
  }

  async create(resource: string, namespace: string | undefined, body: KObject): Promise<KObject> {
    return this.cluster().admin.create(resource, namespace, body);
  }

  async patch(resource: string, namespace: string | undefined, name: string, type: PatchType, body: unknown): Promise<KObject> {
    if (type === 'apply') throw new Error('the model serves no server-side apply: use a strategic merge patch');
    return this.cluster().admin.patch(resource, namespace, name, type, body);
  }

  async delete(resource: string, namespace: string | undefined, name: string, opts: DeleteOptions = {}): Promise<void> {
    this.cluster().admin.delete(resource, namespace, name, opts);
  }

  async scale(resource: string, namespace: string, name: string, replicas: number): Promise<void> {
    this.cluster().admin.updateScale(resource, namespace, name, replicas);
  }

  async workerNodes(): Promise<string[]> {
    return [...this.cluster().nodes.values()].filter((n) => n.config.role === 'worker').map((n) => n.name);
  }

  async allNodes(): Promise<string[]> {
    return [...this.cluster().nodes.keys()];
  }

  async run(line: string, stdin?: string): Promise<CommandResult> {
    return this.shell().run(line, stdin);
  }

  async pass(ms: number): Promise<void> {
    this.cluster().advance(ms);
  }

  async eventually(check: () => void | Promise<void>): Promise<void> {
    await check();
  }

  async waitFor(timeoutMs: number, check: () => void | Promise<void>): Promise<void> {
    for (let waited = 0; ; waited += WAIT_STEP_MS) {
      try {
        return await check();
      } catch (e) {
        if (waited >= timeoutMs) throw e;
      }
      this.cluster().advance(WAIT_STEP_MS);
    }
  }

  /** The model's own informer (model/client/informer.ts), as the reader's process on the control-plane node. */
  async informer(resource: string, namespace: string, labelSelector?: string): Promise<RunningInformer> {
    const cluster = this.cluster();
    const node = cluster.controlPlane.name;
    const proc = new Process(cluster.sim, cluster.sim.allocatePid(), node, 'informer', `informer ${resource}`);
    const inf = new Informer(proc, cluster.admin, resource, { namespace, labelSelector });
    const events: InformerEvent[] = [];
    inf.addEventHandler({
      onAdd: (object) => events.push({ type: 'add', object }),
      onUpdate: (_old, object) => events.push({ type: 'update', object }),
      onDelete: (object) => events.push({ type: 'delete', object }),
    });
    inf.start();
    return { events, list: () => inf.list(), stop: async () => proc.kill(15) };
  }

  async setUp(): Promise<void> {}

  async tearDown(): Promise<void> {}
}
