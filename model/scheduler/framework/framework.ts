import type { EnabledPlugin } from '../plugins/registry';
import { Code, Status, isFilterPlugin, isPreScorePlugin, isScorePlugin, type CycleState, type FilterPlugin, type NodeScore, type PreScorePlugin, type ScorePlugin } from './interface';
import type { NodeInfo, PodInfo } from './types';

/** A node's total score (framework.NodePluginScores, without the per-plugin breakdown). */
export interface NodePluginScores {
  name: string;
  totalScore: number;
}

const SUCCESS = new Status(Code.Success);

/**
 * frameworkImpl for one profile: runs the extension points over the profile's plugins in
 * order. Filter stops at a node's first failing plugin; Score runs each plugin over all
 * feasible nodes, normalizes, and weights.
 */
export class Framework {
  readonly filterPlugins: FilterPlugin[] = [];
  readonly preScorePlugins: PreScorePlugin[] = [];
  readonly scorePlugins: { plugin: ScorePlugin; weight: number }[] = [];

  constructor(
    readonly profileName: string,
    plugins: EnabledPlugin[],
  ) {
    for (const { plugin, weight } of plugins) {
      if (isFilterPlugin(plugin)) this.filterPlugins.push(plugin);
      if (isPreScorePlugin(plugin)) this.preScorePlugins.push(plugin);
      if (isScorePlugin(plugin) && weight > 0) this.scorePlugins.push({ plugin, weight });
    }
  }

  filterPlugin(name: string): FilterPlugin | undefined {
    return this.filterPlugins.find((p) => p.name === name);
  }

  /** RunFilterPlugins: success, or the first rejecting plugin's status. */
  runFilterPlugins(state: CycleState, pod: PodInfo, node: NodeInfo): Status {
    for (const p of this.filterPlugins) {
      const s = p.filter(state, pod, node);
      if (s && !s.isSuccess()) return s.withPlugin(p.name);
    }
    return SUCCESS;
  }

  /**
   * RunPreScorePlugins, then RunScorePlugins: the weighted sum per node, in `nodes`' order; or
   * the error of the first PreScore plugin that failed (the cycle ends with it).
   */
  runScorePlugins(state: CycleState, pod: PodInfo, nodes: NodeInfo[]): NodePluginScores[] | Status {
    const skipped = new Set<string>();
    for (const p of this.preScorePlugins) {
      const s = p.preScore(state, pod, nodes);
      if (s?.code === Code.Skip) skipped.add(p.name);
      else if (s && !s.isSuccess()) return new Status(Code.Error, `running PreScore plugin "${p.name}": ${s.message()}`).withPlugin(p.name);
    }
    const result: NodePluginScores[] = nodes.map((n) => ({ name: n.name, totalScore: 0 }));
    // One NodeScore list, reused by each plugin in turn (a cycle may score hundreds of nodes).
    const scores: NodeScore[] = nodes.map((n) => ({ name: n.name, score: 0 }));
    for (const { plugin, weight } of this.scorePlugins) {
      if (skipped.has(plugin.name)) continue;
      for (let i = 0; i < nodes.length; i++) scores[i].score = plugin.score(state, pod, nodes[i]);
      plugin.normalizeScore?.(state, pod, scores);
      for (let i = 0; i < nodes.length; i++) result[i].totalScore += scores[i].score * weight;
    }
    return result;
  }
}
