import type { KObject } from '../../api/meta';
import type { NodeInfo, PodInfo } from './types';

/** framework.Code: how a plugin answered. */
export enum Code {
  Success = 0,
  Error = 1,
  /** The node does not fit now; preemption might make room. */
  Unschedulable = 2,
  /** The node does not fit, and evicting Pods would not change that. */
  UnschedulableAndUnresolvable = 3,
  Wait = 4,
  /** PreScore: this plugin has nothing to say about this Pod. */
  Skip = 5,
}

/** framework.Status: a code, the reasons (each counted in the FailedScheduling histogram), the plugin. */
export class Status {
  plugin = '';
  readonly reasons: string[];

  constructor(
    readonly code: Code,
    ...reasons: string[]
  ) {
    this.reasons = reasons;
  }

  isSuccess(): boolean {
    return this.code === Code.Success;
  }

  /** Unschedulable or UnschedulableAndUnresolvable. */
  isRejected(): boolean {
    return this.code === Code.Unschedulable || this.code === Code.UnschedulableAndUnresolvable;
  }

  message(): string {
    return this.reasons.join(', ');
  }

  withPlugin(name: string): Status {
    this.plugin = name;
    return this;
  }
}

/** Data a cycle's plugins share (PreScore writes what Score reads). */
export type CycleState = Map<string, unknown>;

/** framework.MaxNodeScore. */
export const MAX_NODE_SCORE = 100;

export interface NodeScore {
  name: string;
  score: number;
}

/** What a node-side change was, for queueing hints. */
export type NodeChange = 'add' | 'allocatable' | 'labels' | 'taints' | 'conditions' | 'annotations';

export interface Plugin {
  readonly name: string;
}

/** Filter: can the Pod run on this node? null means yes. */
export interface FilterPlugin extends Plugin {
  filter(state: CycleState, pod: PodInfo, node: NodeInfo): Status | null;
  /**
   * QueueingHint for node events: could this node change make a Pod this plugin rejected
   * schedulable? Registered node changes only; anything else never requeues for this plugin.
   */
  readonly nodeEvents: ReadonlySet<NodeChange>;
  isSchedulableAfterNodeChange(pod: KObject, oldNode: KObject | undefined, newNode: KObject): boolean;
  /** Whether deleting (or finishing) an assigned Pod may make a rejected Pod schedulable. */
  readonly requeueOnAssignedPodDelete?: boolean;
}

/**
 * PreFilterResult: the only nodes a Pod may go to (NodeAffinity's answer for a Pod pinned with a
 * metadata.name field selector); the cycle then filters those nodes alone.
 */
export class PreFilterResult {
  constructor(readonly nodeNames: ReadonlySet<string>) {}
}

/**
 * PreFilter: looks at the Pod once per cycle; returning Skip leaves this plugin's Filter out of
 * the cycle (upstream's CycleState.SkipFilterPlugins): it has nothing to check for this Pod. A
 * rejection ends the cycle before any node is filtered; a PreFilterResult narrows the nodes.
 */
export interface PreFilterPlugin extends Plugin {
  preFilter(state: CycleState, pod: PodInfo): Status | PreFilterResult | null;
}

/** PreScore: prepares state; returning Skip leaves this plugin out of Score for the Pod. */
export interface PreScorePlugin extends Plugin {
  preScore(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): Status | null;
}

/** Score: ranks a feasible node (0..100 after NormalizeScore). */
export interface ScorePlugin extends Plugin {
  score(state: CycleState, pod: PodInfo, node: NodeInfo): number;
  normalizeScore?(state: CycleState, pod: PodInfo, scores: NodeScore[]): void;
}

export function isFilterPlugin(p: Plugin): p is FilterPlugin {
  return typeof (p as FilterPlugin).filter === 'function';
}

export function isPreFilterPlugin(p: Plugin): p is PreFilterPlugin {
  return typeof (p as PreFilterPlugin).preFilter === 'function';
}

export function isPreScorePlugin(p: Plugin): p is PreScorePlugin {
  return typeof (p as PreScorePlugin).preScore === 'function';
}

export function isScorePlugin(p: Plugin): p is ScorePlugin {
  return typeof (p as ScorePlugin).score === 'function';
}
