import type { EnabledPlugin } from '../plugins/registry';
import { Code, PreFilterResult, Status, isFilterPlugin, isPreFilterPlugin, isPreScorePlugin, isScorePlugin, type CycleState, type FilterPlugin, type NodeScore, type PreFilterPlugin, type PreScorePlugin, type ScorePlugin } from './interface';
import type { NodeInfo, PodInfo } from './types';

/** A node's total score (framework.NodePluginScores, without the per-plugin breakdown). */
export interface NodePluginScores {
  name: string;
  totalScore: number;
}

const SUCCESS = new Status(Code.Success);

/** What RunPreFilterPlugins decided for a cycle. */
export interface PreFilterOutcome {
  /** The filters to run (those whose PreFilter skipped left out). */
  filters: FilterPlugin[];
  /** The only nodes to filter, when a plugin narrowed them; undefined: every node. */
  nodeNames?: ReadonlySet<string>;
  /** A rejection or error that ends the cycle before Filter. */
  status?: Status;
  /** The plugins that narrowed the nodes (upstream's pluginsWithNodes, sorted when printed). */
  pluginsWithNodes: string[];
}

/**
 * frameworkImpl for one profile: runs the extension points over the profile's plugins in
 * order. PreFilter decides which filters the cycle needs; Filter stops at a node's first
 * failing plugin; Score runs each plugin over all feasible nodes, normalizes, and weights.
 */
export class Framework {
  readonly preFilterPlugins: PreFilterPlugin[] = [];
  readonly filterPlugins: FilterPlugin[] = [];
  readonly preScorePlugins: PreScorePlugin[] = [];
  readonly scorePlugins: { plugin: ScorePlugin; weight: number }[] = [];
  /**
   * The score lists of the last cycle, reused by the next (a cycle scores hundreds of nodes;
   * allocating them afresh every cycle was most of the scheduler's garbage).
   */
  private readonly totals: NodePluginScores[] = [];
  private readonly scratch: NodeScore[] = [];

  constructor(
    readonly profileName: string,
    plugins: EnabledPlugin[],
  ) {
    for (const { plugin, weight } of plugins) {
      if (isPreFilterPlugin(plugin)) this.preFilterPlugins.push(plugin);
      if (isFilterPlugin(plugin)) this.filterPlugins.push(plugin);
      if (isPreScorePlugin(plugin)) this.preScorePlugins.push(plugin);
      if (isScorePlugin(plugin) && weight > 0) this.scorePlugins.push({ plugin, weight });
    }
  }

  /**
   * RunPreFilterPlugins: the filter plugins this cycle runs, in profile order, without those
   * whose PreFilter returned Skip (SkipFilterPlugins); the nodes the Pod may go to when a plugin
   * narrowed them (the intersection of every PreFilterResult); or the status that ends the
   * cycle. UnschedulableAndUnresolvable stops at once; Unschedulable lets the other plugins run
   * (preemption may still help); any other failure is an error.
   */
  runPreFilterPlugins(state: CycleState, pod: PodInfo): PreFilterOutcome {
    let skipped: Set<string> | undefined;
    let nodeNames: Set<string> | undefined;
    let status: Status | undefined;
    const pluginsWithNodes: string[] = [];
    for (const p of this.preFilterPlugins) {
      const r = p.preFilter(state, pod);
      if (r instanceof PreFilterResult) {
        pluginsWithNodes.push(p.name);
        nodeNames = nodeNames ? new Set([...nodeNames].filter((n) => r.nodeNames.has(n))) : new Set(r.nodeNames);
        if (nodeNames.size === 0) {
          const names = [...pluginsWithNodes].sort();
          const msg = names.length === 1 ? `node(s) didn't satisfy plugin ${names[0]}` : `node(s) didn't satisfy plugin(s) [${names.join(' ')}] simultaneously`;
          return { filters: this.filterPlugins, nodeNames, status: new Status(Code.UnschedulableAndUnresolvable, msg), pluginsWithNodes };
        }
        continue;
      }
      if (r === null || r.isSuccess()) continue;
      if (r.code === Code.Skip) {
        (skipped ??= new Set()).add(p.name);
        continue;
      }
      r.withPlugin(p.name);
      if (r.code === Code.UnschedulableAndUnresolvable) return { filters: this.filterPlugins, status: r, pluginsWithNodes: [] };
      if (r.code === Code.Unschedulable) {
        status = r;
        continue;
      }
      return { filters: this.filterPlugins, status: new Status(Code.Error, `running PreFilter plugin "${p.name}": ${r.message()}`).withPlugin(p.name), pluginsWithNodes: [] };
    }
    const filters = skipped ? this.filterPlugins.filter((p) => !skipped.has(p.name)) : this.filterPlugins;
    return { filters, nodeNames, status, pluginsWithNodes };
  }

  /** RunFilterPlugins: success, or the first rejecting plugin's status. */
  runFilterPlugins(state: CycleState, pod: PodInfo, node: NodeInfo, filters: FilterPlugin[] = this.filterPlugins): Status {
    for (let i = 0; i < filters.length; i++) {
      const s = filters[i].filter(state, pod, node);
      if (s !== null && !s.isSuccess()) return s.withPlugin(filters[i].name);
    }
    return SUCCESS;
  }

  /**
   * RunPreScorePlugins, then RunScorePlugins: the weighted sum per node, in `nodes`' order; or
   * the error of the first PreScore plugin that failed (the cycle ends with it). The list is
   * the framework's own and valid until the next call.
   */
  runScorePlugins(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): NodePluginScores[] | Status {
    let skipped: Set<string> | undefined;
    for (const p of this.preScorePlugins) {
      const s = p.preScore(state, pod, nodes);
      if (s?.code === Code.Skip) (skipped ??= new Set()).add(p.name);
      else if (s && !s.isSuccess()) return new Status(Code.Error, `running PreScore plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    const n = nodes.length;
    const result = sized(this.totals, n, () => ({ name: '', totalScore: 0 }));
    const scores = sized(this.scratch, n, () => ({ name: '', score: 0 }));
    for (let i = 0; i < n; i++) {
      result[i].name = scores[i].name = nodes[i].name;
      result[i].totalScore = 0;
    }
    for (const { plugin, weight } of this.scorePlugins) {
      if (skipped?.has(plugin.name)) continue;
      for (let i = 0; i < n; i++) scores[i].score = plugin.score(state, pod, nodes[i]);
      plugin.normalizeScore?.(state, pod, scores);
      for (let i = 0; i < n; i++) result[i].totalScore += scores[i].score * weight;
    }
    return result;
  }
}

/** `list` with exactly n entries, keeping the ones it had. */
function sized<T>(list: T[], n: number, make: () => T): T[] {
  while (list.length < n) list.push(make());
  list.length = n;
  return list;
}
