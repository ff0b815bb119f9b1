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

export interface WorkloadSpec {
  kind: 'Deployment' | 'ReplicaSet';
  name: string;
  replicas: number;
  cpuMilli: number;
  memoryMi: number;
  nodeSelector?: { disktype: 'ssd' | 'hdd' };
  toleratesDedicated: boolean;
  maxSurge: number;
  maxUnavailable: number;
}

export type Action =
  | { at: number; op: 'scale'; target: number; replicas: number }
  | { at: number; op: 'deletePod'; target: number; index: number }
  | { at: number; op: 'editTemplate'; target: number }
  | { at: number; op: 'deleteWorkload'; target: number; foreground: boolean };

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
  maxWorkloads: number;
  maxActions: number;
  maxFaults: number;
  /** Virtual ms over which actions and faults happen. */
  horizonMs: number;
  /** Only these user actions (all by default). */
  actionKinds?: Action['op'][];
  /** Only these faults (all by default). */
  faultKinds?: Fault['kind'][];
}

const node: fc.Arbitrary<NodeSpec> = fc.record({
  cpuMilli: fc.constantFrom(500, 1000, 2000, 4000),
  memoryMi: fc.constantFrom(512, 1024, 4096),
  disktype: fc.option(fc.constantFrom('ssd' as const, 'hdd' as const), { nil: undefined }),
  dedicated: fc.boolean(),
});

const workload = (i: number): fc.Arbitrary<WorkloadSpec> =>
  fc.record({
    kind: fc.constantFrom('Deployment' as const, 'ReplicaSet' as const),
    name: fc.constant(`w${i}`),
    replicas: fc.integer({ min: 0, max: 5 }),
    cpuMilli: fc.constantFrom(50, 100, 250, 500, 1000),
    memoryMi: fc.constantFrom(32, 64, 256),
    nodeSelector: fc.option(fc.record({ disktype: fc.constantFrom('ssd' as const, 'hdd' as const) }), { nil: undefined, freq: 3 }),
    toleratesDedicated: fc.boolean(),
    maxSurge: fc.integer({ min: 0, max: 2 }),
    maxUnavailable: fc.integer({ min: 0, max: 2 }),
  }).map((w) => (w.maxSurge === 0 && w.maxUnavailable === 0 ? { ...w, maxSurge: 1 } : w));

function action(b: Bounds, workloads: number): fc.Arbitrary<Action> {
  const at = fc.integer({ min: 0, max: b.horizonMs });
  const target = fc.integer({ min: 0, max: workloads - 1 });
  const all: Record<Action['op'], fc.Arbitrary<Action>> = {
    scale: fc.record({ at, op: fc.constant('scale' as const), target, replicas: fc.integer({ min: 0, max: 6 }) }),
    deletePod: fc.record({ at, op: fc.constant('deletePod' as const), target, index: fc.nat(5) }),
    editTemplate: fc.record({ at, op: fc.constant('editTemplate' as const), target }),
    deleteWorkload: fc.record({ at, op: fc.constant('deleteWorkload' as const), target, foreground: fc.boolean() }),
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
    nodeLoss: fc.record({ at, kind: fc.constant('nodeLoss' as const), node: fc.integer({ min: 0, max: workers - 1 }), downMs: fc.integer({ min: 1000, max: 30_000 }) }),
    api: fc.record({ at, kind: fc.constant('api' as const), actor: component, code: fc.constantFrom(409 as const, 500 as const, 504 as const), forMs, every }),
    watch: fc.record({ at, kind: fc.constant('watch' as const), actor: component, fault: fc.constantFrom('drop' as const, 'duplicate' as const, 'delay' as const), forMs, every }),
  };
  return fc.oneof(...(b.faultKinds ?? (Object.keys(all) as Fault['kind'][])).map((k) => all[k]));
}

/** The whole scenario space within the bounds; shrinks towards fewer nodes, workloads, actions, faults. */
export function caseArbitrary(b: Bounds): fc.Arbitrary<Case> {
  return fc
    .record({ workers: fc.integer({ min: 1, max: b.maxWorkers }), workloads: fc.integer({ min: 1, max: b.maxWorkloads }) })
    .chain(({ workers, workloads }) =>
      fc.record({
        nodes: fc.array(node, { minLength: workers, maxLength: workers }),
        workloads: fc.tuple(...Array.from({ length: workloads }, (_, i) => workload(i))),
        actions: fc.array(action(b, workloads), { maxLength: b.maxActions }),
        faults: fc.array(fault(b, workers), { maxLength: b.maxFaults }),
        choices: fc.array(fc.nat(7), { maxLength: 64 }),
      }),
    )
    .map((c) => ({
      ...c,
      actions: [...c.actions].sort((x, y) => x.at - y.at),
      faults: [...c.faults].sort((x, y) => x.at - y.at),
    }));
}

/** The worker node names, as parseClusterConfig names them. */
export const workerName = (i: number) => `k8s-worker-${i + 1}`;
