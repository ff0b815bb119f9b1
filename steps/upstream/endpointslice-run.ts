/**
 * The model's EndpointSliceController on a FakeControlPlane, as the EndpointSlice controller tables
 * run it (steps/upstream/endpointslice-controller.ts and endpointslice-handlers.ts): the objects go
 * through the API, the controller starts, and the checks read the writes it sent, what its queue
 * was asked, the events it recorded and the slices it left.
 */
import { type KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { EndpointSliceController, type EndpointSliceControllerOptions } from '../../model/controllers/endpointslice/controller';
import { LABEL_SERVICE_NAME } from '../../model/controllers/endpointslice/labels';
import { FakeControlPlane, injectFailures, type InjectedFailure, recordQueue } from './harness';

export const DEFAULT = 'default';
/** Long enough for the controller to settle: its 1 s delayed looks at slices, and a retry or two. */
export const SETTLE_MS = 5000;

/** A Pod's status with these IPs and conditions. */
function podStatus(ips: string[], conditions: Record<string, string>): any {
  return { podIP: ips[0], podIPs: ips.map((ip) => ({ ip })), conditions: Object.entries(conditions).map(([type, status]) => ({ type, status })) };
}

/** The error an injected failure answers with (a 500, as a fake clientset's reactor's). */
export const injectedError = (req: { verb: string; resource: string }) =>
  new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `fake ${req.verb} ${req.resource} error`, reason: 'InternalError', code: 500 } as any);

export class ControllerRun {
  readonly cp = new FakeControlPlane([DEFAULT]);
  esc!: EndpointSliceController;
  /** The keys the queue was given (add, and addAfter once its delay passed), and the delays addAfter was given. */
  readonly queued: string[] = [];
  readonly delayed: number[] = [];
  private readonly ctx = this.cp.component();

  constructor() {
    this.cp.admin.create('nodes', undefined, { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1' } });
  }

  /** A Service (a port 80 where upstream's has none; an ExternalName one its name), being deleted when asked. */
  service(s: any): KObject {
    const spec: any = { ports: (s.ports ?? [{ targetPort: 80, protocol: 'TCP' }]).map((p: any) => ({ port: p.targetPort, ...p })) };
    if (s.selector) spec.selector = s.selector;
    if (s.type === 'ExternalName') Object.assign(spec, { type: 'ExternalName', externalName: 'foo.example.com' });
    const metadata: any = { name: s.name, namespace: DEFAULT };
    if (s.deleting) metadata.finalizers = ['kubespec.test/hold'];
    const svc = this.cp.admin.create('services', DEFAULT, { apiVersion: 'v1', kind: 'Service', metadata, spec });
    if (s.deleting) this.cp.admin.delete('services', DEFAULT, s.name);
    return svc;
  }

  /**
   * upstream's newPod(n, "default", ready, 0, terminating) (pod<n> labelled foo=bar on node-1, IP
   * 1.2.3.<4+n>) or the row's Pod, made through the API, then given its status (unless the row
   * says `noStatus`: a Pod the scheduler and kubelet have not got to), and deleted (gracefully: it
   * stays, terminating) when terminating.
   */
  pod(p: any): KObject {
    const name = p.name ?? `pod${p.n}`;
    const pod = this.cp.admin.create('pods', DEFAULT, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name, namespace: DEFAULT, labels: p.labels ?? { foo: 'bar' } },
      spec: { containers: [{ name: 'container-1', image: 'nginx' }], nodeName: p.nodeName ?? 'node-1' },
    });
    if (p.noStatus) return pod;
    const ips = p.ips ?? [`1.2.3.${4 + p.n}`];
    const saved = this.cp.admin.updateStatus('pods', DEFAULT, { ...pod, status: { ...pod.status, ...podStatus(ips, p.conditions ?? { Ready: p.ready === false ? 'False' : 'True' }) } });
    if (p.terminating) this.cp.admin.delete('pods', DEFAULT, name);
    return saved;
  }

  /** An EndpointSlice with no endpoints or ports, owned by the Service or not, being deleted when asked. */
  slice(s: any, owner?: KObject): KObject {
    const metadata: any = { name: s.name, namespace: DEFAULT, labels: s.labels };
    if (s.owned) metadata.ownerReferences = [{ apiVersion: 'v1', kind: 'Service', name: owner!.metadata.name, uid: owner!.metadata.uid, controller: true, blockOwnerDeletion: true }];
    if (s.deleting) metadata.finalizers = ['kubespec.test/hold'];
    const slice = this.cp.admin.create('endpointslices', DEFAULT, { apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata, addressType: 'IPv4', endpoints: null, ports: null });
    if (s.deleting) this.cp.admin.delete('endpointslices', DEFAULT, s.name);
    return slice;
  }

  /** The slice the row names: by its name, or (`of`) the first one labelled for that Service. */
  sliceNamed(ref: { name?: string; of?: string }): KObject {
    const found = this.slices().find((s) => (ref.name ? s.metadata.name === ref.name : s.metadata.labels?.[LABEL_SERVICE_NAME] === ref.of));
    if (!found) throw new Error(`no slice ${JSON.stringify(ref)}`);
    return found;
  }

  /** The controller, started on caches that list at once (or after the failures asked for). */
  create(opts: EndpointSliceControllerOptions = {}, failures: InjectedFailure[] = []): void {
    injectFailures(this.ctx, failures, injectedError);
    this.esc = new EndpointSliceController(this.ctx, opts);
    recordQueue(this.esc.queue, this.queued, this.delayed);
    this.ctx.informers.start();
  }

  start(opts: EndpointSliceControllerOptions = {}): void {
    this.create(opts);
    this.cp.advance(SETTLE_MS);
  }

  writes(): string[] {
    return this.cp.verbsOn('endpointslices');
  }

  /** The writes as "verb name". */
  writeNames(): string[] {
    return this.cp.actions.filter((a) => a.resource === 'endpointslices').map((a) => `${a.verb} ${a.name ?? a.body?.metadata?.name ?? a.body?.metadata?.generateName}`);
  }

  /** The events the controller recorded (once each, as "type reason component: message"). */
  events(): string[] {
    const created = this.cp.actions.filter((a) => a.resource === 'events' && a.verb === 'create').map((a) => `${a.body.type} ${a.body.reason} ${a.body.source?.component}: ${a.body.message}`);
    return [...new Set(created)];
  }

  slices(): KObject[] {
    return this.cp.admin.list('endpointslices', DEFAULT).items;
  }

  /** What the controller threw from its tasks (a bug: the simulation records it and goes on). */
  crashes(): string[] {
    return this.cp.sim.failures.map((f) => `${f.label}: ${(f.error as Error)?.message ?? f.error}`);
  }

  /** Forgets what was recorded so far (writes, events, queue). */
  clear(): void {
    this.cp.clearActions();
    this.queued.length = 0;
    this.delayed.length = 0;
  }
}
