/**
 * A generated scenario for the convergence properties: a cluster (1–6 nodes), workloads, user
 * actions and a fault schedule over virtual time, and the interleaving choices the simulation's
 * chooser replays. Plain JSON, so a counterexample can be written out and read back.
 */
import fc from 'fast-check';

/** A worker node (the control-plane node k8s-master always exists, tainted as kind taints it). */
export interface NodeSpec {
  cpuMilli: number;
  memoryMi: number;
  disktype?: 'ssd' | 'hdd';
  /** A dedicated=db:NoSchedule taint. */
  dedicated: boolean;
}

/** An int or a percentage ("25%"), as a rolling update's maxSurge and maxUnavailable take them. */
export type IntOrPercent = number | string;

export type Kind = 'Deployment' | 'ReplicaSet' | 'DaemonSet' | 'Pod';
export type RestartPolicy = 'Always' | 'OnFailure' | 'Never';

export interface WorkloadSpec {
  /** A bare Pod is one Pod (replicas and the rolling-update knobs do not apply). */
  kind: Kind;
  name: string;
  replicas: number;
  cpuMilli: number;
  memoryMi: number;
  nodeSelector?: { disktype: 'ssd' | 'hdd' };
  toleratesDedicated: boolean;
  /** A DaemonSet reads only maxUnavailable, resolved against its desired number scheduled. */
  maxSurge: IntOrPercent;
  maxUnavailable: IntOrPercent;
  /** Tolerates the maintenance NoExecute taint and the not-ready/unreachable ones for this long (absent: not at all, or 300 s by default admission for the node's). */
  tolerationSeconds?: number;
  /** A Service selects the workload's Pods (its EndpointSlices are checked at every write). */
  service?: boolean;
  /** Bare Pods only. */
  restartPolicy?: RestartPolicy;
  /** Bare Pods only: the container exits with this code 10 ms after it starts (absent: it runs on). */
  exitCode?: number;
}

/**
 * The `taint` action's taints, as for node maintenance: kubespec.io/maintenance=planned with
 * NoExecute (Pods leave, unless they tolerate it for a while) and NoSchedule (no new Pod comes,
 * so one tolerating NoExecute for a while is not scheduled back only to be evicted again).
 */
export const MAINTENANCE_TAINT = { key: 'kubespec.io/maintenance', value: 'planned', effect: 'NoExecute' } as const;
export const MAINTENANCE_TAINTS = [MAINTENANCE_TAINT, { ...MAINTENANCE_TAINT, effect: 'NoSchedule' as const }];

export type DeletePolicy = 'Foreground' | 'Background' | 'Orphan';

export type Action =
  | { at: number; op: 'scale'; target: number; replicas: number }
  | { at: number; op: 'deletePod'; target: number; index: number }
  | { at: number; op: 'editTemplate'; target: number }
  | { at: number; op: 'deleteWorkload'; target: number; policy: DeletePolicy }
  /** kubectl cordon (true) or uncordon (false) of a worker. */
  | { at: number; op: 'cordon'; node: number; unschedulable: boolean }
  /** The maintenance NoExecute taint put on (true) or taken off (false) a worker. */
  | { at: number; op: 'taint'; node: number; on: boolean }
  /** Two clients read the workload at `at`, then each writes its own annotation back after its delay: the later one conflicts and retries. */
  | { at: number; op: 'concurrentWrites'; target: number; delays: [number, number] }
  /** kubectl apply of the manifest with an extra label and annotation, then, `gapMs` later, without them. */
  | { at: number; op: 'reapply'; target: number; gapMs: number };

export type Component = 'kube-controller-manager' | 'kube-scheduler';
/** What a crash may hit: the controllers and scheduler, and the API server and etcd under them. */
export type Crashable = Component | 'kube-apiserver' | 'etcd';

export type Fault =
  | { at: number; kind: 'crash'; component: Crashable; downMs: number }
  /** Dies right after its nth write in the window: between two writes of one reconcile. */
  | { at: number; kind: 'crashMidReconcile'; component: Component; nth: number; forMs: number }
  | { at: number; kind: 'nodeLoss'; node: number; downMs: number }
  | { at: number; kind: 'api'; actor: Component; code: 409 | 500 | 504; forMs: number; every: number }
  | { at: number; kind: 'watch'; actor: Component; fault: 'drop' | 'duplicate' | 'delay'; forMs: number; every: number };

export interface Case {
  nodes: NodeSpec[];
  workloads: WorkloadSpec[];
  actions: Action[];
  faults: Fault[];
  /** The chooser's picks among tasks ready at the same instant, used in turn; 0 after them. */
  choices: number[];
}

/** The namespace every generated workload lives in, so system Pods never count. */
export const NS = 'default';
/** The label that marks generated workloads' Pods. */
export const APP_LABEL = 'kubespec.io/property';

export interface Bounds {
  maxWorkers: number;
  /** At least this many workers and user actions (default 1 and 0): a knob that needs them to show. */
  minWorkers?: number;
  minActions?: number;
  maxWorkloads: number;
  maxActions: number;
  maxFaults: number;
  /** Virtual ms over which actions and faults happen. */
  horizonMs: number;
  /** Only these user actions (all by default). */
  actionKinds?: Action['op'][];
  /** Only these faults (all by default). */
  faultKinds?: Fault['kind'][];
  /** Only these workload kinds (all by default). */
  kinds?: Kind[];
}

const node: fc.Arbitrary<NodeSpec> = fc.record({
  cpuMilli: fc.constantFrom(500, 1000, 2000, 4000),
  memoryMi: fc.constantFrom(512, 1024, 4096),
  disktype: fc.option(fc.constantFrom('ssd' as const, 'hdd' as const), { nil: undefined }),
  dedicated: fc.boolean(),
});

/** 0–2, or a percentage whose rounding up and down differ for most replica counts. */
const intOrPercent: fc.Arbitrary<IntOrPercent> = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 2 }), weight: 1 }, { arbitrary: fc.constantFrom('0%', '10%', '25%', '34%', '50%', '75%', '100%'), weight: 2 });
const isZero = (v: IntOrPercent) => v === 0 || v === '0%';
const ALL_KINDS: Kind[] = ['Deployment', 'ReplicaSet', 'DaemonSet', 'Pod'];

const workload = (i: number, kinds: Kind[]): fc.Arbitrary<WorkloadSpec> =>
  fc.record(
    {
      kind: fc.constantFrom(...kinds),
      name: fc.constant(`w${i}`),
      replicas: fc.integer({ min: 0, max: 5 }),
      cpuMilli: fc.constantFrom(50, 100, 250, 500, 1000),
      memoryMi: fc.constantFrom(32, 64, 256),
      nodeSelector: fc.option(fc.record({ disktype: fc.constantFrom('ssd' as const, 'hdd' as const) }), { nil: undefined, freq: 3 }),
      toleratesDedicated: fc.boolean(),
      maxSurge: intOrPercent,
      maxUnavailable: intOrPercent,
      tolerationSeconds: fc.option(fc.constantFrom(0, 5, 20, 60), { nil: undefined, freq: 2 }),
      service: fc.boolean(),
      restartPolicy: fc.constantFrom<RestartPolicy>('Always', 'OnFailure', 'Never'),
      exitCode: fc.option(fc.constantFrom(0, 1, 2, 137), { nil: undefined, freq: 3 }),
    },
    { requiredKeys: ['kind', 'name', 'replicas', 'cpuMilli', 'memoryMi', 'toleratesDedicated', 'maxSurge', 'maxUnavailable'] },
  ).map((w) => {
    const out: WorkloadSpec = { ...w };
    if (w.kind !== 'Pod') {
      delete out.restartPolicy;
      delete out.exitCode;
    }
    // A DaemonSet takes a maxSurge only with maxUnavailable 0 (validation), else it rolls by maxUnavailable.
    if (w.kind === 'DaemonSet' && !isZero(w.maxUnavailable)) out.maxSurge = 0;
    if (isZero(out.maxSurge) && isZero(out.maxUnavailable)) out.maxSurge = 1;
    return out;
  });

function action(b: Bounds, workloads: number, workers: number): fc.Arbitrary<Action> {
  const at = fc.integer({ min: 0, max: b.horizonMs });
  const target = fc.integer({ min: 0, max: workloads - 1 });
  const all: Record<Action['op'], fc.Arbitrary<Action>> = {
    scale: fc.record({ at, op: fc.constant('scale' as const), target, replicas: fc.integer({ min: 0, max: 6 }) }),
    deletePod: fc.record({ at, op: fc.constant('deletePod' as const), target, index: fc.nat(5) }),
    editTemplate: fc.record({ at, op: fc.constant('editTemplate' as const), target }),
    deleteWorkload: fc.record({ at, op: fc.constant('deleteWorkload' as const), target, policy: fc.constantFrom<DeletePolicy>('Foreground', 'Background', 'Orphan') }),
    // Mostly cordon: an uncordon matters only after one.
    cordon: fc.record({ at, op: fc.constant('cordon' as const), node: fc.integer({ min: 0, max: workers - 1 }), unschedulable: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }) }),
    taint: fc.record({ at, op: fc.constant('taint' as const), node: fc.integer({ min: 0, max: workers - 1 }), on: fc.boolean() }),
    concurrentWrites: fc.record({ at, op: fc.constant('concurrentWrites' as const), target, delays: fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 3000 })) }),
    reapply: fc.record({ at, op: fc.constant('reapply' as const), target, gapMs: fc.integer({ min: 0, max: 10_000 }) }),
  };
  return fc.oneof(...(b.actionKinds ?? (Object.keys(all) as Action['op'][])).map((k) => all[k]));
}

function fault(b: Bounds, workers: number): fc.Arbitrary<Fault> {
  // Often from the start, and often failing every call: the hardest windows for a controller.
  const at = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: b.horizonMs }));
  const component = fc.constantFrom('kube-controller-manager' as const, 'kube-scheduler' as const);
  const forMs = fc.integer({ min: 100, max: 20_000 });
  const every = fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 4 }));
  const all: Record<Fault['kind'], fc.Arbitrary<Fault>> = {
    crash: fc.record({
      at,
      kind: fc.constant('crash' as const),
      component: fc.constantFrom<Crashable>('kube-controller-manager', 'kube-scheduler', 'kube-apiserver', 'etcd'),
      downMs: fc.integer({ min: 0, max: 20_000 }),
    }),
    crashMidReconcile: fc.record({ at, kind: fc.constant('crashMidReconcile' as const), component, nth: fc.integer({ min: 1, max: 6 }), forMs }),
    // Shorter than node-monitor-grace-period (40 s), or long enough for the node to be marked unknown, tainted and its Pods evicted.
    nodeLoss: fc.record({ at, kind: fc.constant('nodeLoss' as const), node: fc.integer({ min: 0, max: workers - 1 }), downMs: fc.oneof({ arbitrary: fc.integer({ min: 1000, max: 30_000 }), weight: 3 }, { arbitrary: fc.integer({ min: 45_000, max: 75_000 }), weight: 1 }) }),
    api: fc.record({ at, kind: fc.constant('api' as const), actor: component, code: fc.constantFrom(409 as const, 500 as const, 504 as const), forMs, every }),
    watch: fc.record({ at, kind: fc.constant('watch' as const), actor: component, fault: fc.constantFrom('drop' as const, 'duplicate' as const, 'delay' as const), forMs, every }),
  };
  return fc.oneof(...(b.faultKinds ?? (Object.keys(all) as Fault['kind'][])).map((k) => all[k]));
}

/**
 * Upstream's taint eviction controller does not retry an eviction whose delete failed (it tries
 * five times within milliseconds, then waits for the next event about the Pod or node), so a
 * taint while the controller manager cannot write may never evict: such cases are not generated.
 */
function disturbsEvictions(f: Fault): boolean {
  if (f.kind === 'crash') return f.component !== 'kube-scheduler';
  if (f.kind === 'crashMidReconcile') return f.component === 'kube-controller-manager';
  if (f.kind === 'api' || f.kind === 'watch') return f.actor === 'kube-controller-manager';
  return false;
}

/** The whole scenario space within the bounds; shrinks towards fewer nodes, workloads, actions, faults. */
export function caseArbitrary(b: Bounds): fc.Arbitrary<Case> {
  return fc
    .record({ workers: fc.integer({ min: Math.min(b.minWorkers ?? 1, b.maxWorkers), max: b.maxWorkers }), workloads: fc.integer({ min: 1, max: b.maxWorkloads }) })
    .chain(({ workers, workloads }) =>
      fc.record({
        nodes: fc.array(node, { minLength: workers, maxLength: workers }),
        workloads: fc.tuple(...Array.from({ length: workloads }, (_, i) => workload(i, b.kinds ?? ALL_KINDS))),
        actions: fc.array(action(b, workloads, workers), { minLength: Math.min(b.minActions ?? 0, b.maxActions), maxLength: b.maxActions }),
        faults: fc.array(fault(b, workers), { maxLength: b.maxFaults }),
        choices: fc.array(fc.nat(7), { maxLength: 64 }),
      }),
    )
    .map((c) => ({
      ...c,
      actions: [...c.actions].sort((x, y) => x.at - y.at),
      faults: [...c.faults].filter((f) => !(c.actions.some((a) => a.op === 'taint') && disturbsEvictions(f))).sort((x, y) => x.at - y.at),
    }));
}

/** The worker node names, as parseClusterConfig names them. */
export const workerName = (i: number) => `k8s-worker-${i + 1}`;
