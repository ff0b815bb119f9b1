/**
 * What API-only steps need from a cluster, in client-go's vocabulary. Two implementations: the
 * in-process model on virtual time (model.ts) and any kubeconfig through @kubernetes/client-node
 * on the wall clock (client-node.ts). Scenarios tagged @portable use nothing else, so they run on
 * both; steps that read the model's internals (trace, etcd, node commands) use world.cluster.
 */
import type { KObject } from '../../model/api/meta';
import type { CommandResult } from '../../model/shell/shell';

export type DriverKind = 'model' | 'client-node';

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
}

export type PatchType = 'strategic' | 'merge' | 'json' | 'apply';

export interface DeleteOptions {
  propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
  gracePeriodSeconds?: number;
}

/** One event an informer handed its handlers: what client-go's ResourceEventHandler gets. */
export interface InformerEvent {
  type: 'add' | 'update' | 'delete';
  object: KObject;
}

/** A running informer (list, then watch) and every event it delivered so far. */
export interface RunningInformer {
  readonly events: readonly InformerEvent[];
  /** Objects in the informer's cache now. */
  list(): KObject[];
  stop(): Promise<void>;
}

export interface ClusterDriver {
  readonly kind: DriverKind;
  /** The namespace kubectl works in when none is given. */
  readonly namespace: string;

  get(resource: string, namespace: string | undefined, name: string): Promise<KObject>;
  /** The object, or undefined on NotFound. */
  tryGet(resource: string, namespace: string | undefined, name: string): Promise<KObject | undefined>;
  list(resource: string, namespace: string | undefined, opts?: ListOptions): Promise<KObject[]>;
  create(resource: string, namespace: string | undefined, body: KObject): Promise<KObject>;
  patch(resource: string, namespace: string | undefined, name: string, type: PatchType, body: unknown): Promise<KObject>;
  delete(resource: string, namespace: string | undefined, name: string, opts?: DeleteOptions): Promise<void>;
  /** PUT .../scale, as `kubectl scale` does. */
  scale(resource: string, namespace: string, name: string, replicas: number): Promise<void>;
  /** Nodes that take ordinary Pods: workers, not the control plane. */
  workerNodes(): Promise<string[]>;
  allNodes(): Promise<string[]>;

  /** Runs a terminal command line (kubectl …, timeout D kubectl …) against the cluster. */
  run(line: string, stdin?: string): Promise<CommandResult>;
  /**
   * "1m passes": the model advances virtual time by d; a real cluster cannot be fast-forwarded,
   * so the client-node driver waits (at most d) until the scenario's objects have settled.
   */
  pass(ms: number): Promise<void>;
  /**
   * A check of the cluster's state after time passed. The model checks once (its time already
   * passed); a real cluster is eventually consistent, so the check is retried for a while.
   */
  eventually(check: () => void | Promise<void>): Promise<void>;
  /** "within 2m …": the check must pass before that much (virtual or wall) time has gone by. */
  waitFor(timeoutMs: number, check: () => void | Promise<void>): Promise<void>;
  /** An informer (list + watch) on one resource in one namespace. */
  informer(resource: string, namespace: string, labelSelector?: string): Promise<RunningInformer>;

  /** Before a scenario: a clean slate for it. */
  setUp(): Promise<void>;
  /** After a scenario: stop informers, remove what the scenario made. */
  tearDown(): Promise<void>;
}

/** A step that reads the model's internals was reached on a driver that has no model. */
export class NotPortableError extends Error {}

/**
 * Cucumber's limit for steps that wait on a real cluster's wall clock (`1m passes`, `within 2m`,
 * `timeout 60s kubectl …`): past the default step timeout, yet bounded. The model never waits.
 */
export const WAITING_STEP_TIMEOUT_MS = 15 * 60_000;
