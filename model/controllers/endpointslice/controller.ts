/**
 * The EndpointSlice controller (pkg/controller/endpointslice): for every Service with a
 * selector, EndpointSlices listing the selected Pods' addresses, readiness and ports. Handlers
 * turn Service, Pod and EndpointSlice events into Service keys; a Pod finds the Services that
 * select it through a selector index, and a Service its Pods through a label index, so no
 * event ever scans every Pod. syncService re-reads everything from the caches; a failed sync
 * is retried with the controller's own back-off (1 s doubling up to 1000 s, 15 times at most).
 */
import { keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import { determineNeededServiceUpdates, podEndpointsChanged } from './endpoints';
import { matchesLabels, type Selector } from '../../api/selectors';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { LABEL_SERVICE_NAME, managedByController } from './labels';
import { MAX_ENDPOINTS_PER_SLICE, reconcile, ReconcileError } from './reconciler';
import { SliceTracker } from './slice-tracker';
import { TriggerTimeTracker } from './trigger-time';

const POD_BY_LABEL = 'endpointslice/podByLabel';
const SERVICE_BY_SELECTOR = 'endpointslice/serviceBySelector';
const SLICE_BY_SERVICE = 'endpointslice/sliceByService';
/** maxRetries: a Service whose sync failed this many times in a row is dropped from the queue. */
const MAX_RETRIES = 15;
/** endpointSliceChangeMinSyncDelay: a slice changed by someone else is looked at after at least this long. */
const SLICE_CHANGE_MIN_SYNC_DELAY_MS = 1000;
/** defaultSyncBackOff and maxSyncBackOff of the controller's rate limiter. */
const SYNC_BACKOFF_MS = 1000;
const MAX_SYNC_BACKOFF_MS = 1000 * 1000;

/** kube-controller-manager's flags for this controller. */
export interface EndpointSliceControllerOptions {
  /** --max-endpoints-per-slice (100). */
  maxEndpointsPerSlice?: number;
  /** --endpointslice-updates-batch-period (0): how long a Pod change waits before its Services sync. */
  updatesBatchPeriodMs?: number;
}

/** endpointslicepkg.StaleInformerCache: the slices cached lag behind this controller's own writes. */
export class StaleInformerCacheError extends Error {}

/**
 * A Service's selector as label requirements (a Service selector is a plain equality map), or null
 * for none. An empty map is none: the API server's protobuf storage keeps no empty map, so upstream
 * reads `selector: {}` back as nil, "no selector".
 */
function serviceSelector(svc: KObject): Selector | null {
  const sel: Record<string, string> | undefined = svc.spec.selector;
  if (!sel || Object.keys(sel).length === 0) return null;
  return Object.entries(sel).map(([key, v]): Selector[number] => ({ key, op: '=', values: [String(v)] }));
}

/** ServiceControllerKey: the Service a slice names in its service-name label. */
function serviceKeyOf(slice: KObject): string | undefined {
  const name = slice.metadata.labels?.[LABEL_SERVICE_NAME];
  return name ? `${slice.metadata.namespace}/${name}` : undefined;
}

/** The order the model takes Pods and slices in (upstream: its listers' map order), so that runs repeat. */
const byName = (a: KObject, b: KObject): number => (a.metadata.name! < b.metadata.name! ? -1 : 1);

export class EndpointSliceController {
  readonly serviceInformer: Informer;
  readonly podInformer: Informer;
  readonly sliceInformer: Informer;
  /** The nodes, for each endpoint's zone. */
  readonly nodeInformer: Informer;
  readonly queue: WorkQueue;
  readonly tracker = new SliceTracker();
  readonly triggers = new TriggerTimeTracker();
  private readonly recorder: EventRecorder;
  private readonly maxEndpointsPerSlice: number;
  private readonly batchPeriodMs: number;

  constructor(
    private readonly ctx: ComponentContext,
    opts: EndpointSliceControllerOptions = {},
  ) {
    this.maxEndpointsPerSlice = opts.maxEndpointsPerSlice ?? MAX_ENDPOINTS_PER_SLICE;
    this.batchPeriodMs = opts.updatesBatchPeriodMs ?? 0;
    this.recorder = ctx.recorder('endpoint-slice-controller');
    this.serviceInformer = ctx.informers.get('services');
    this.podInformer = ctx.informers.get('pods');
    this.sliceInformer = ctx.informers.get('endpointslices');
    this.nodeInformer = ctx.informers.get('nodes');
    this.podInformer.addIndexer(POD_BY_LABEL, (p) => Object.entries(p.metadata.labels ?? {}).map(([k, v]) => `${p.metadata.namespace}/${k}=${v}`));
    this.serviceInformer.addIndexer(SERVICE_BY_SELECTOR, (s) => Object.entries(s.spec.selector ?? {}).map(([k, v]) => `${s.metadata.namespace}/${k}=${v}`));
    this.sliceInformer.addIndexer(SLICE_BY_SERVICE, (s) => (managedByController(s) && serviceKeyOf(s) ? [serviceKeyOf(s)!] : []));
    // Waits for its caches, as the other creating controllers do: a half-listed cache means duplicate slices.
    // Stryker disable next-line StringLiteral: the queue's name only labels its tasks in the simulation (upstream: its metrics)
    this.queue = new WorkQueue(ctx.proc, 'endpoint_slice', (key) => this.processKey(key), {
      baseDelayMs: SYNC_BACKOFF_MS,
      maxDelayMs: MAX_SYNC_BACKOFF_MS,
      synced: () => this.serviceInformer.hasSynced() && this.podInformer.hasSynced() && this.sliceInformer.hasSynced() && this.nodeInformer.hasSynced(),
    });
    this.serviceInformer.addEventHandler({
      onAdd: (svc) => this.queue.add(keyOf(svc)),
      onUpdate: (_old, svc) => this.queue.add(keyOf(svc)),
      onDelete: (svc) => this.queue.add(keyOf(svc)),
    });
    this.podInformer.addEventHandler({
      onAdd: (pod) => this.enqueueServicesOf(pod),
      onUpdate: (old, pod) => {
        for (const key of this.servicesToUpdateOnPodChange(old, pod)) this.queue.addAfter(key, this.batchPeriodMs);
      },
      onDelete: (pod) => this.enqueueServicesOf(pod),
    });
    // A slice this controller manages changed by someone else (the tracker knows its own writes)
    // or handed to or taken from it: its Service gets it back in shape.
    this.sliceInformer.addEventHandler({
      onAdd: (s) => {
        if (managedByController(s) && this.tracker.shouldSync(s)) this.queueServiceOf(s);
      },
      onUpdate: (old, s) => {
        // The generation does not change with the labels; a slice moved to another Service syncs both.
        if (old.metadata.labels?.[LABEL_SERVICE_NAME] !== s.metadata.labels?.[LABEL_SERVICE_NAME]) {
          this.queueServiceOf(s);
          this.queueServiceOf(old);
          return;
        }
        if (managedByController(old) !== managedByController(s) || (managedByController(s) && this.tracker.shouldSync(s))) this.queueServiceOf(s);
      },
      onDelete: (s) => {
        if (managedByController(s) && this.tracker.has(s) && !this.tracker.handleDeletion(s)) this.queueServiceOf(s);
      },
    });
  }

  /** queueServiceForEndpointSlice: after the larger of a second and the batch period. */
  private queueServiceOf(slice: KObject): void {
    const key = serviceKeyOf(slice);
    if (key) this.queue.addAfter(key, Math.max(SLICE_CHANGE_MIN_SYNC_DELAY_MS, this.batchPeriodMs));
  }

  /** processNextServiceWorkItem and handleErr: a failed sync comes back rate-limited, until it has failed 15 times. */
  private processKey(key: string): void {
    try {
      this.syncService(key);
    } catch (e) {
      if (!(e instanceof StatusError || e instanceof ReconcileError || e instanceof StaleInformerCacheError)) throw e;
      if (this.queue.numRequeues(key) < MAX_RETRIES) {
        this.queue.addRateLimited(key);
        return;
      }
    }
    this.queue.forget(key);
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
    for (const key of this.servicesOf(pod)) this.queue.addAfter(key, this.batchPeriodMs);
  }

  /**
   * GetServicesToUpdateOnPodChange: nothing for an update its endpoints do not see (a resync, the
   * same resourceVersion, which upstream answers first, is one: nothing in the Pod changed).
   */
  private servicesToUpdateOnPodChange(old: KObject, pod: KObject): Set<string> {
    const [podChanged, labelsChanged] = podEndpointsChanged(old, pod);
    if (!podChanged && !labelsChanged) return new Set();
    const services = this.servicesOf(pod);
    return labelsChanged ? determineNeededServiceUpdates(this.servicesOf(old), services, podChanged) : services;
  }

  /** The Pods a Service selects, looked up through the smallest label bucket. */
  private selectedPods(svc: KObject, sel: Selector): KObject[] {
    const buckets = Object.entries(svc.spec.selector as Record<string, string>).map(([k, v]) => this.podInformer.byIndex(POD_BY_LABEL, `${svc.metadata.namespace}/${k}=${v}`));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: every bucket holds all the selected Pods; the smallest is for speed only
    const smallest = buckets.reduce((a, b) => (b.length < a.length ? b : a));
    return smallest.filter((p) => matchesLabels(sel, p.metadata.labels)).sort(byName);
  }

  /** syncService: one level-based pass over one Service. */
  syncService(key: string): void {
    const svc = this.serviceInformer.get(key);
    if (!svc) {
      // Its slices go with it: the garbage collector follows their owner references.
      this.triggers.forget(key);
      this.tracker.deleteService(key);
      return;
    }
    // An ExternalName Service has no endpoints; one without a selector gets its slices from whoever made it.
    if (svc.spec.type === 'ExternalName') return;
    const sel = serviceSelector(svc);
    if (!sel) return;
    const pods = this.selectedPods(svc, sel);
    // Its slices by label (owned or not: the reconciler deletes those of another owner), but not
    // those already being deleted, which could otherwise hold the controller up.
    const slices = this.sliceInformer
      .byIndex(SLICE_BY_SERVICE, key)
      .filter((s) => !s.metadata.deletionTimestamp)
      .sort(byName);
    if (this.tracker.staleSlices(key, slices)) throw new StaleInformerCacheError('EndpointSlice informer cache is out of date');
    // Computed before reconciling, so the tracker's state moves on even when no slice changes.
    const triggerTime = this.triggers.compute(key, svc, pods);
    try {
      reconcile(
        { client: this.ctx.client, tracker: this.tracker, nodeNamed: (name) => this.nodeInformer.get(name), maxEndpointsPerSlice: this.maxEndpointsPerSlice },
        svc,
        pods,
        slices,
        triggerTime,
      );
    } catch (e) {
      if (e instanceof ReconcileError) this.recorder.event(svc, 'Warning', 'FailedToUpdateEndpointSlices', `Error updating Endpoint Slices for Service ${key}: ${e.message}`);
      throw e;
    }
  }
}
