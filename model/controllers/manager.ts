/**
 * kube-controller-manager: one process running many controllers over one shared informer
 * factory. It builds each controller (registering its event handlers), logs "Started
 * controller" for it, starts the informers, and tells each controller when its caches have
 * synced, so the log reads like the real binary's.
 */
import { clusterRoleAggregationDescriptor } from './clusterroleaggregation/controller';
import { controllerContext } from './service-account-credentials';
import { StatusError } from '../api/status';
import { waitForAPIServer } from './wait-for-apiserver';
import type { ComponentContext } from '../component';
import type { Informer } from '../client/informer';
import { DaemonSetController } from './daemonset/controller';
import { DeploymentController } from './deployment/controller';
import { DisruptionController } from './disruption/controller';
import { NamespaceController } from './namespace/controller';
import { JobController } from './job/controller';
import { CronJobController } from './cronjob/controller';
import { EndpointSliceController } from './endpointslice/controller';
import { GarbageCollector } from './garbagecollector/collector';
import { RangeAllocator } from './nodeipam/rangeallocator';
import { NodeLifecycleController } from './nodelifecycle/controller';
import { PodGCController } from './podgc/controller';
import { TaintEvictionController } from './tainteviction/controller';
import { ReplicaSetController } from './replicaset/controller';
import { StatefulSetController } from './statefulset/controller';
import { PersistentVolumeBinder } from './volume/binder';
import { ServiceAccountsController } from './serviceaccount/controller';
import { RootCACertPublisher } from './rootcacertpublisher/publisher';

/** The version kube-controller-manager reports in its first log line. */
export const KCM_VERSION = 'v1.32.2';

export interface ControllerManagerOptions {
  /** --cluster-cidr (with --allocate-node-cidrs=true). */
  clusterCIDR: string;
  /** --node-cidr-mask-size (IPv4). */
  nodeCIDRMaskSize: number;
  /** --root-ca-file's contents (kubeadm: /etc/kubernetes/pki/ca.crt), published as kube-root-ca.crt. */
  rootCA?: string;
  /** Ends the process: klog.FlushAndExit(1) without a controller context, klog.Fatal's 255 without a controller's client. */
  exit?(code: number): void;
}

/** What a built controller gives the manager. */
export interface StartedController {
  /** The informers its caches need before it works (cache.WaitForNamedCacheSync). */
  informers: Informer[];
  /** Its Run goroutine's first lines ("Starting controller", "Waiting for caches to sync for X"). */
  run?(): void;
  /** Once its informers have synced ("Caches are synced for X"). */
  onSynced?(): void;
}

/** A controller kube-controller-manager can run (app.ControllerDescriptor). */
export interface ControllerDescriptor {
  /** The name in "Started controller" lines, e.g. "deployment-controller". */
  name: string;
  /** Builds the controller, registering its handlers on ctx.informers (not started yet). */
  init(ctx: ComponentContext, opts: ControllerManagerOptions): StartedController;
}

/** client-go's WaitForNamedCacheSync lines (klog.Infof, so unquoted). */
export const waitingForCaches = (ctx: ComponentContext, name: string) => ctx.log.infof('shared_informer.go:313', `Waiting for caches to sync for ${name}`);
export const cachesSynced = (ctx: ComponentContext, name: string) => ctx.log.infof('shared_informer.go:320', `Caches are synced for ${name}`);

/** A controller's usual Run start: its "Starting …" line, then waiting for and syncing `caches`. */
function startLines(ctx: ComponentContext, logger: string, at: string, message: string, caches: string, fields: Record<string, string> = {}): Pick<StartedController, 'run' | 'onSynced'> {
  return {
    run() {
      ctx.log.info(at, message, { logger, ...fields });
      waitingForCaches(ctx, caches);
    },
    onSynced: () => cachesSynced(ctx, caches),
  };
}

/**
 * The controllers this model runs, in NewControllerDescriptors' registration order (the real
 * binary starts them in Go map order, which varies from run to run). A controller added to
 * the model adds its descriptor here.
 */
export const CONTROLLERS: ControllerDescriptor[] = [
  {
    name: 'garbage-collector-controller',
    init(ctx) {
      const gc = new GarbageCollector(ctx);
      const logger = 'garbage-collector-controller';
      return {
        informers: [...gc.graph.informers.values()],
        run() {
          ctx.log.info('garbagecollector.go:146', 'Starting controller', { logger, controller: 'garbagecollector' });
          waitingForCaches(ctx, 'garbage collector');
          ctx.log.info('graph_builder.go:336', 'Running', { logger, component: 'GraphBuilder' });
        },
        onSynced() {
          cachesSynced(ctx, 'garbage collector');
          ctx.log.info('garbagecollector.go:157', 'All resource monitors have synced. Proceeding to collect garbage', { logger });
        },
      };
    },
  },
  {
    name: 'deployment-controller',
    init(ctx) {
      const dc = new DeploymentController(ctx);
      return {
        informers: [dc.dInformer, dc.rsInformer, dc.podInformer],
        ...startLines(ctx, 'deployment-controller', 'deployment_controller.go:168', 'Starting controller', 'deployment', { controller: 'deployment' }),
      };
    },
  },
  {
    name: 'replicaset-controller',
    init(ctx) {
      const rsc = new ReplicaSetController(ctx);
      return {
        informers: [rsc.rsInformer, rsc.podInformer],
        ...startLines(ctx, 'replicaset-controller', 'replica_set.go:214', 'Starting controller', 'ReplicaSet', { name: 'replicaset' }),
      };
    },
  },
  {
    name: 'endpointslice-controller',
    init(ctx) {
      const esc = new EndpointSliceController(ctx);
      return {
        informers: [esc.serviceInformer, esc.podInformer, esc.sliceInformer],
        ...startLines(ctx, 'endpointslice-controller', 'endpointslice_controller.go:281', 'Starting endpoint slice controller', 'endpoint_slice'),
      };
    },
  },
  {
    name: 'pod-garbage-collector-controller',
    init(ctx) {
      const logger = 'pod-garbage-collector-controller';
      const gcc = new PodGCController(ctx);
      return {
        informers: [gcc.podInformer, gcc.nodeInformer],
        run() {
          ctx.log.info('gc_controller.go:99', 'Starting GC controller', { logger });
          waitingForCaches(ctx, 'GC');
        },
        onSynced() {
          cachesSynced(ctx, 'GC');
          gcc.start();
        },
      };
    },
  },
  {
    name: 'daemonset-controller',
    init(ctx) {
      const dsc = new DaemonSetController(ctx);
      return {
        informers: [dsc.dsInformer, dsc.podInformer, dsc.nodeInformer],
        ...startLines(ctx, 'daemonset-controller', 'daemon_controller.go:294', 'Starting daemon sets controller', 'daemon sets'),
      };
    },
  },
  {
    name: 'statefulset-controller',
    init(ctx) {
      const ssc = new StatefulSetController(ctx);
      return {
        informers: [ssc.setInformer, ssc.podInformer, ssc.revisionInformer],
        ...startLines(ctx, 'statefulset-controller', 'stateful_set.go:166', 'Starting stateful set controller', 'stateful set'),
      };
    },
  },
  {
    name: 'persistentvolume-binder-controller',
    init(ctx) {
      const pvc = new PersistentVolumeBinder(ctx);
      return {
        informers: [pvc.volumeInformer, pvc.claimInformer, pvc.classInformer, pvc.podInformer, pvc.nodeInformer],
        ...startLines(ctx, 'persistentvolume-binder-controller', 'pv_controller_base.go:308', 'Starting persistent volume controller', 'persistent volume'),
      };
    },
  },
  {
    name: 'node-ipam-controller',
    init(ctx, opts) {
      const logger = 'node-ipam-controller';
      ctx.log.info('range_allocator.go:112', 'No Secondary Service CIDR provided. Skipping filtering out secondary service addresses', { logger });
      const ra = new RangeAllocator(ctx, opts.clusterCIDR, opts.nodeCIDRMaskSize);
      return {
        informers: [ra.nodeInformer],
        run() {
          ctx.log.info('node_ipam_controller.go:141', 'Starting ipam controller', { logger });
          waitingForCaches(ctx, 'node');
        },
        onSynced() {
          cachesSynced(ctx, 'node');
          ctx.log.info('range_allocator.go:177', 'Sending events to api server', { logger });
          ctx.log.info('range_allocator.go:183', 'Starting range CIDR allocator', { logger });
          waitingForCaches(ctx, 'cidrallocator');
          cachesSynced(ctx, 'cidrallocator');
        },
      };
    },
  },
  {
    name: 'node-lifecycle-controller',
    init(ctx) {
      const logger = 'node-lifecycle-controller';
      const nlc = new NodeLifecycleController(ctx);
      return {
        informers: [nlc.nodeInformer, nlc.leaseInformer, nlc.podInformer],
        run() {
          ctx.log.info('node_lifecycle_controller.go:493', 'Sending events to api server', { logger });
          ctx.log.info('node_lifecycle_controller.go:504', 'Starting node controller', { logger });
          waitingForCaches(ctx, 'taint');
          nlc.run();
        },
        onSynced: () => cachesSynced(ctx, 'taint'),
      };
    },
  },
  {
    name: 'taint-eviction-controller',
    init(ctx) {
      const logger = 'taint-eviction-controller';
      const tec = new TaintEvictionController(ctx);
      return {
        informers: [tec.nodeInformer, tec.podInformer],
        run() {
          ctx.log.info('taint_eviction.go:281', 'Starting', { logger, controller: logger });
          ctx.log.info('taint_eviction.go:287', 'Sending events to api server', { logger });
          waitingForCaches(ctx, logger);
        },
        onSynced: () => cachesSynced(ctx, logger),
      };
    },
  },
  {
    name: 'job-controller',
    init(ctx) {
      const jc = new JobController(ctx);
      return {
        informers: [jc.jobInformer, jc.podInformer],
        ...startLines(ctx, 'job-controller', 'job_controller.go:243', 'Starting job controller', 'job'),
      };
    },
  },
  {
    name: 'cronjob-controller',
    init(ctx) {
      const cc = new CronJobController(ctx);
      return {
        informers: [cc.cronJobInformer, cc.jobInformer],
        ...startLines(ctx, 'cronjob-controller', 'cronjob_controllerv2.go:139', 'Starting cronjob controller v2', 'cronjob'),
      };
    },
  },
  {
    name: 'disruption-controller',
    init(ctx) {
      const dc = new DisruptionController(ctx);
      return {
        informers: dc.informers(),
        ...startLines(ctx, 'disruption-controller', 'disruption.go:452', 'Starting disruption controller', 'disruption'),
      };
    },
  },
  {
    name: 'namespace-controller',
    init(ctx) {
      const nc = new NamespaceController(ctx);
      return {
        informers: [nc.nsInformer],
        ...startLines(ctx, 'namespace-controller', 'namespace_controller.go:202', 'Starting namespace controller', 'namespace'),
      };
    },
  },
  clusterRoleAggregationDescriptor,
  {
    name: 'serviceaccount-controller',
    init(ctx) {
      const sac = new ServiceAccountsController(ctx);
      return {
        informers: [sac.saInformer, sac.nsInformer],
        ...startLines(ctx, 'serviceaccount-controller', 'serviceaccounts_controller.go:114', 'Starting service account controller', 'service account'),
      };
    },
  },
  {
    name: 'root-ca-certificate-publisher-controller',
    init(ctx, opts) {
      const pub = new RootCACertPublisher(ctx, opts.rootCA ?? '');
      return {
        informers: [pub.cmInformer, pub.nsInformer],
        ...startLines(ctx, 'root-ca-certificate-publisher-controller', 'publisher.go:107', 'Starting root CA cert publisher controller', 'crt configmap'),
      };
    },
  },
];

/**
 * The controllers that need a cloud provider (IsCloudProviderController). kubeadm and kind set
 * no --cloud-provider, so kube-controller-manager skips them: in a local lab nothing manages
 * cloud load balancers, routes or instances (that would be a cloud-controller-manager's job).
 */
export const CLOUD_PROVIDER_CONTROLLERS = ['cloud-node-lifecycle-controller', 'service-lb-controller', 'node-route-controller'];

/** How often the manager checks whether a controller's caches have synced. */
const SYNC_CHECK_MS = 100;

/** Starts kube-controller-manager's controllers in the given process. */
export function startControllerManager(ctx: ComponentContext, opts: ControllerManagerOptions): void {
  ctx.log.info('controllermanager.go:185', 'Starting', { version: KCM_VERSION });
  ctx.log.info('controllermanager.go:187', 'Golang settings', { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' });
  waitForAPIServer(
    ctx,
    () => startControllers(ctx, opts),
    (err) => {
      ctx.log.error('controllermanager.go:230', 'Error building controller context', { err });
      opts.exit?.(1);
    },
  );
}

/** The controllers, once the API server answers (CreateControllerContext, then StartControllers). */
function startControllers(ctx: ComponentContext, opts: ControllerManagerOptions): void {
  const waiting: StartedController[] = [];
  for (const name of CLOUD_PROVIDER_CONTROLLERS) ctx.log.info('controllermanager.go:741', 'Skipping a cloud provider controller', { controller: name });
  for (const desc of CONTROLLERS) {
    let cctx: ComponentContext;
    try {
      cctx = controllerContext(ctx, desc.name);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      // ClientOrDie: the controller's ServiceAccount could not be had: klog.Fatal(err), exit 255
      // (upstream also dumps every goroutine's stack to stderr; the model prints the F line only).
      ctx.log.fatal('client_builder_dynamic.go:154', e.message);
      opts.exit?.(255);
      return;
    }
    const c = desc.init(cctx, opts);
    ctx.log.info('controllermanager.go:765', 'Started controller', { controller: desc.name });
    c.run?.();
    waiting.push(c);
  }
  ctx.informers.start();
  const check = () => {
    for (const c of [...waiting]) {
      if (!c.informers.every((inf) => inf.hasSynced())) continue;
      c.onSynced?.();
      waiting.splice(waiting.indexOf(c), 1);
    }
    if (waiting.length) ctx.proc.schedule(SYNC_CHECK_MS, 'controller manager: wait for caches', check);
  };
  // Informers list as they start, so the first check usually finds every cache synced.
  ctx.proc.schedule(0, 'controller manager: wait for caches', check);
}
