/**
 * The EndpointSlice controller (pkg/controller/endpointslice): for every Service with a
 * selector, EndpointSlices listing the selected Pods' addresses, readiness and ports. Handlers
 * turn Service, Pod and EndpointSlice events into Service keys; a Pod finds the Services that
 * select it through a selector index, and a Service its Pods through a label index, so no
 * event ever scans every Pod. syncService re-reads everything from the caches.
 */
import { keyOf, type KObject } from '../../api/meta';
import { determineNeededServiceUpdates, podEndpointsChanged } from './endpoints';
import { matchesLabels, type Selector } from '../../api/selectors';
import type { ComponentContext } from '../../component';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { CONTROLLER_NAME, desiredSlices, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, reconcile, SliceTracker } from './reconciler';
import { TriggerTimeTracker } from './trigger-time';

const POD_BY_LABEL = 'endpointslice/podByLabel';
const SERVICE_BY_SELECTOR = 'endpointslice/serviceBySelector';
const SLICE_BY_SERVICE = 'endpointslice/sliceByService';
/** A sync that found its own writes not yet in the cache tries again after this long. */
const STALE_RETRY_MS = 100;

/** A Service's selector as label requirements (a Service selector is a plain equality map). */
function serviceSelector(svc: KObject): Selector | null {
  const sel: Record<string, string> | undefined = svc.spec?.selector;
  if (!sel || Object.keys(sel).length === 0) return null;
  return Object.entries(sel).map(([key, v]): Selector[number] => ({ key, op: '=', values: [String(v)] }));
}

export class EndpointSliceController {
  readonly serviceInformer: Informer;
  readonly podInformer: Informer;
  readonly sliceInformer: Informer;
  /** The nodes, for each endpoint's zone. */
  readonly nodeInformer: Informer;
  readonly queue: WorkQueue;
  private readonly tracker = new SliceTracker();
  private readonly triggers = new TriggerTimeTracker();

  constructor(private readonly ctx: ComponentContext) {
    this.serviceInformer = ctx.informers.get('services');
    this.podInformer = ctx.informers.get('pods');
    this.sliceInformer = ctx.informers.get('endpointslices');
    this.nodeInformer = ctx.informers.get('nodes');
    this.podInformer.addIndexer(POD_BY_LABEL, (p) => Object.entries(p.metadata.labels ?? {}).map(([k, v]) => `${p.metadata.namespace}/${k}=${v}`));
    this.serviceInformer.addIndexer(SERVICE_BY_SELECTOR, (s) => Object.entries(s.spec?.selector ?? {}).map(([k, v]) => `${s.metadata.namespace}/${k}=${v}`));
    this.sliceInformer.addIndexer(SLICE_BY_SERVICE, (s) =>
      s.metadata.labels?.[LABEL_MANAGED_BY] === CONTROLLER_NAME && s.metadata.labels?.[LABEL_SERVICE_NAME] ? [`${s.metadata.namespace}/${s.metadata.labels[LABEL_SERVICE_NAME]}`] : [],
    );
    // Waits for its caches, as the other creating controllers do: a half-listed cache means duplicate slices.
    this.queue = new WorkQueue(ctx.proc, 'endpoint_slice', (key) => {
      this.syncService(key);
      this.queue.forget(key);
    }, { synced: () => this.serviceInformer.hasSynced() && this.podInformer.hasSynced() && this.sliceInformer.hasSynced() && this.nodeInformer.hasSynced() });
    this.serviceInformer.addEventHandler({
      onAdd: (svc) => this.queue.add(keyOf(svc)),
      onUpdate: (_old, svc) => this.queue.add(keyOf(svc)),
      onDelete: (svc) => this.queue.add(keyOf(svc)),
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => this.enqueueServicesOf(pod),
      onUpdate: (old, pod) => {
        for (const key of this.servicesToUpdateOnPodChange(old, pod)) this.queue.add(key);
      },
      onDelete: (pod) => this.enqueueServicesOf(pod),
    });
    // Someone else changing or deleting a managed slice: the owner Service gets it back in shape.
    const serviceKeyOf = (s: KObject) => (s.metadata.labels?.[LABEL_MANAGED_BY] === CONTROLLER_NAME ? `${s.metadata.namespace}/${s.metadata.labels?.[LABEL_SERVICE_NAME]}` : undefined);
    this.sliceInformer.addEventHandler({
      onUpdate: (_old, s) => {
        const key = serviceKeyOf(s);
        if (key) this.queue.add(key);
      },
      onDelete: (s) => {
        const key = serviceKeyOf(s);
        if (!key) return;
        this.tracker.observedDelete(key, s.metadata.name!);
        this.queue.add(key);
      },
    });
  }

  /** The Services in the Pod's namespace whose selector matches its labels (GetServicesToUpdate). */
  private servicesOf(pod: KObject): Set<string> {
    const ns = pod.metadata.namespace;
    const out = new Set<string>();
    for (const [k, v] of Object.entries(pod.metadata.labels ?? {}))
      for (const svc of this.serviceInformer.byIndex(SERVICE_BY_SELECTOR, `${ns}/${k}=${v}`)) {
        const sel = serviceSelector(svc);
        if (sel && matchesLabels(sel, pod.metadata.labels)) out.add(keyOf(svc));
      }
    return out;
  }

  private enqueueServicesOf(pod: KObject): void {
    for (const key of this.servicesOf(pod)) this.queue.add(key);
  }

  /** GetServicesToUpdateOnPodChange: nothing for a resync or an update its endpoints do not see. */
  private servicesToUpdateOnPodChange(old: KObject, pod: KObject): Set<string> {
    if (old.metadata.resourceVersion === pod.metadata.resourceVersion) return new Set();
    const [podChanged, labelsChanged] = podEndpointsChanged(old, pod);
    if (!podChanged && !labelsChanged) return new Set();
    const services = this.servicesOf(pod);
    return labelsChanged ? determineNeededServiceUpdates(this.servicesOf(old), services, podChanged) : services;
  }

  /** The Pods a Service selects, looked up through the smallest label bucket. */
  private selectedPods(svc: KObject, sel: Selector): KObject[] {
    let bucket: KObject[] | undefined;
    for (const [k, v] of Object.entries(svc.spec.selector as Record<string, string>)) {
      const b = this.podInformer.byIndex(POD_BY_LABEL, `${svc.metadata.namespace}/${k}=${v}`);
      if (!bucket || b.length < bucket.length) bucket = b;
    }
    return (bucket ?? []).filter((p) => matchesLabels(sel, p.metadata.labels)).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
  }

  /** syncService: one level-based pass over one Service. */
  syncService(key: string): void {
    const svc = this.serviceInformer.get(key);
    if (!svc) {
      // Its slices go with it: the garbage collector follows their owner references.
      this.tracker.forget(key);
      this.triggers.forget(key);
      return;
    }
    const sel = serviceSelector(svc);
    if (!sel || svc.metadata.deletionTimestamp || svc.spec?.type === 'ExternalName') return;
    const existing = this.sliceInformer.byIndex(SLICE_BY_SERVICE, key).filter((s) => s.metadata.ownerReferences?.some((r) => r.uid === svc.metadata.uid));
    if (this.tracker.stale(key, new Map(existing.map((s) => [s.metadata.name!, s])))) {
      this.queue.addAfter(key, STALE_RETRY_MS);
      return;
    }
    const pods = this.selectedPods(svc, sel);
    // Computed before reconciling, so the tracker's state moves on even when no slice changes.
    const triggerTime = this.triggers.compute(key, svc, pods);
    reconcile(this.ctx.client, this.tracker, svc, existing, desiredSlices(svc, pods, (name) => this.nodeInformer.get(name)), triggerTime);
  }
}

