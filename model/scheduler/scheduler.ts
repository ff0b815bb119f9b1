import type { Informer } from '../client/informer';
import type { ComponentContext } from '../component';
import { SchedulerCache } from './cache/cache';
import { EventsV1Recorder } from './events';
import { Framework } from './framework/framework';
import { addAllEventHandlers } from './eventhandlers';
import { VerboseLog, verbosityOf } from './logging';
import { defaultPlugins, DEFAULT_SCHEDULER_NAME } from './plugins/registry';
import { PriorityQueue } from './queue/scheduling-queue';
import { scheduleOne } from './schedule-one';

/**
 * The scheduler's pod informer skips finished Pods (newPodInformer's field selector), so a
 * Pod that succeeds or fails leaves the cache, and frees its node's room, as if deleted.
 */
export const POD_FIELD_SELECTOR = 'status.phase!=Succeeded,status.phase!=Failed';

/**
 * kube-scheduler (pkg/scheduler): informers feed a cache of NodeInfo and a scheduling
 * queue; one Pod at a time is popped, filtered and scored against the nodes, assumed on the
 * chosen node and bound through the API server. Everything it knows it learned from watches;
 * everything it does is an API call (pods/binding, pods/status, events).
 */
export class Scheduler {
  readonly cache = new SchedulerCache();
  readonly queue: PriorityQueue;
  readonly framework = new Framework(DEFAULT_SCHEDULER_NAME, defaultPlugins());
  readonly recorder: EventsV1Recorder;
  readonly log: VerboseLog;
  readonly podInformer: Informer;
  readonly nodeInformer: Informer;
  /** Where the next cycle's node search starts (nextStartNodeIndex). */
  nextStartNodeIndex = 0;
  private running = false;

  constructor(readonly ctx: ComponentContext) {
    this.log = new VerboseLog(ctx.log, verbosityOf(ctx.proc.command));
    this.queue = new PriorityQueue({
      now: () => ctx.sim.now(),
      schedule: (ms, label, fn) => ctx.proc.schedule(ms, label, fn),
      onActive: () => this.kick(),
    });
    // tools/events names the instance after the host: "default-scheduler-<hostname>".
    this.recorder = new EventsV1Recorder(ctx.sim, ctx.client, ctx.proc, DEFAULT_SCHEDULER_NAME, `${DEFAULT_SCHEDULER_NAME}-${ctx.proc.node}`);
    this.podInformer = ctx.informers.get('pods', { fieldSelector: POD_FIELD_SELECTOR });
    this.nodeInformer = ctx.informers.get('nodes');
  }

  /** Run: start informers (listing fills cache and queue), then schedule while Pods are active. */
  run(): void {
    addAllEventHandlers(this);
    this.podInformer.start();
    this.nodeInformer.start();
    this.kick();
  }

  /** ScheduleOne runs in a loop that blocks on an empty activeQ: wake it when work arrives. */
  kick(): void {
    if (this.running || !this.queue.hasActive()) return;
    this.running = true;
    this.ctx.proc.schedule(0, 'scheduleOne', () => scheduleOne(this));
  }

  /** The scheduling cycle is over: on to the next Pod (binding goes on concurrently). */
  next(): void {
    this.running = false;
    this.kick();
  }
}

/** Starts kube-scheduler in its process (called once by the cluster). */
export function startScheduler(ctx: ComponentContext): void {
  const version = 'v1.32.2';
  // The structured start-up lines a v1.32 kube-scheduler prints at the default verbosity.
  ctx.log.info('server.go:166', 'Starting Kubernetes Scheduler', { version });
  ctx.log.info('server.go:168', 'Golang settings', { GOGC: '', GOMAXPROCS: '', GOTRACEBACK: '' });
  ctx.log.info('tlsconfig.go:243', 'Starting DynamicServingCertificateController');
  new Scheduler(ctx).run();
}
