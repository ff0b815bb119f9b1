/**
 * The scheduling framework (model/scheduler/framework/) with upstream's fake plugins
 * (framework_test.go's TestScorePlugin, TestPlugin): each returns what the table says.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { Framework } from '../model/scheduler/framework/framework';
import { Code, PreFilterResult, Status, type Plugin } from '../model/scheduler/framework/interface';
import { isExtendedResourceName, isScalarResourceName } from '../model/scheduler/framework/resource';
import { NodeInfo, newPodInfo } from '../model/scheduler/framework/types';
import type { EnabledPlugin } from '../model/scheduler/plugins/registry';

const POD = newPodInfo({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { containers: [] } });
const CODES: Record<string, Code> = { Success: Code.Success, Error: Code.Error, Unschedulable: Code.Unschedulable, UnschedulableAndUnresolvable: Code.UnschedulableAndUnresolvable, Wait: Code.Wait, Skip: Code.Skip };

/** "score1×3: n1=1, n2=2 / skip": a Score plugin, its weight, its scores and its PreScore result. */
function scorePlugin(spec: string): EnabledPlugin {
  const m = spec.trim().match(/^(\w+)×(\d+): ([^/]*?)(?: \/ (skip|error (.*)))?$/);
  if (!m) throw new Error(`not a score plugin: ${spec}`);
  const scores = Object.fromEntries(m[3].split(',').map((kv) => kv.trim().split('=')).map(([k, v]) => [k, Number(v)]));
  const plugin: Plugin & Record<string, unknown> = {
    name: m[1],
    score: (_s: unknown, _p: unknown, node: NodeInfo) => scores[node.name],
    preScore: () => (m[4] === 'skip' ? new Status(Code.Skip) : m[4] ? new Status(Code.Error, m[5]) : null),
  };
  return { plugin, weight: Number(m[2]) };
}

Then('the framework scores the nodes n1 and n2:', function (table: DataTable) {
  const nodes = [new NodeInfo('n1'), new NodeInfo('n2')];
  const got = table.hashes().map((c) => {
    const fw = new Framework('default-scheduler', c.plugins.split(';').map(scorePlugin));
    const r = fw.runScorePlugins(new Map(), POD, nodes);
    return [c.test, r instanceof Status ? r.message() : r.map((s) => `${s.name}=${s.totalScore}`).join(', ')];
  });
  expect(got).toEqual(table.hashes().map((c) => [c.test, c.totals]));
});

const FILTER_RESULT: Record<string, (reason: string) => Status | null> = {
  success: () => null,
  unschedulable: (r) => new Status(Code.Unschedulable, r),
  'unschedulable-unresolvable': (r) => new Status(Code.UnschedulableAndUnresolvable, r),
};

/** "TestPlugin1: unschedulable fake, prefilter skip": a Filter plugin and what it returns. */
function filterPlugin(spec: string): EnabledPlugin {
  const m = spec.trim().match(/^(\w+): (success|unschedulable-unresolvable|unschedulable)(?: ([\w-]+))?(?:, prefilter (skip|success))?$/);
  if (!m) throw new Error(`not a filter plugin: ${spec}`);
  const plugin: Plugin & Record<string, unknown> = { name: m[1], filter: () => FILTER_RESULT[m[2]](m[3] ?? '') };
  if (m[4]) plugin.preFilter = () => (m[4] === 'skip' ? new Status(Code.Skip) : null);
  return { plugin, weight: 0 };
}

Then('the framework filters a node:', function (table: DataTable) {
  const got = table.hashes().map((c) => {
    const fw = new Framework('default-scheduler', c.plugins.split(';').map(filterPlugin));
    const state = new Map();
    const { filters } = fw.runPreFilterPlugins(state, POD);
    const s = fw.runFilterPlugins(state, POD, new NodeInfo('n1'), filters);
    return [c.test, s.isSuccess() ? 'Success' : `${Code[s.code]} "${s.message()}" from ${s.plugin}`];
  });
  expect(got).toEqual(table.hashes().map((c) => [c.test, c.result]));
});

Then('a framework Status reads:', function (table: DataTable) {
  const got = table.hashes().map((c) => {
    const s = new Status(CODES[c.code], ...(c.reasons ? c.reasons.split(', ') : []));
    return [c.code, c.reasons, s.message(), String(s.isSuccess()), String(s.isRejected())];
  });
  expect(got).toEqual(table.hashes().map((c) => [c.code, c.reasons, c.message, c.success, c.rejected]));
});

Then('resource names are classified:', function (table: DataTable) {
  const got = table.hashes().map((c) => [c.name, String(isExtendedResourceName(c.name)), String(isScalarResourceName(c.name))]);
  expect(got).toEqual(table.hashes().map((c) => [c.name, c.extended, c.scalar]));
});

/**
 * "A: nodes node1 node2; B: unschedulable fake; C: error boom; D: unschedulable-unresolvable fake;
 * E: success; F: skip": PreFilter plugins and what each returns. The result names the status (or
 * Success), the nodes a PreFilterResult left, and which plugins ran.
 */
Then("the framework's PreFilter plugins decide:", function (table: DataTable) {
  const got = table.hashes().map((c) => {
    const ran: string[] = [];
    const plugins: EnabledPlugin[] = c.plugins.split(';').map((spec) => {
      const m = spec.trim().match(/^(\w+): (nodes|unschedulable-unresolvable|unschedulable|error|success|skip)((?: [\w-]+)*)$/);
      if (!m) throw new Error(`not a PreFilter plugin: ${spec}`);
      const args = m[3].trim() ? m[3].trim().split(' ') : [];
      const answer = (): Status | PreFilterResult | null => {
        ran.push(m[1]);
        if (m[2] === 'nodes') return new PreFilterResult(new Set(args));
        if (m[2] === 'skip') return new Status(Code.Skip);
        if (m[2] === 'success') return null;
        if (m[2] === 'error') return new Status(Code.Error, ...args);
        return new Status(m[2] === 'unschedulable' ? Code.Unschedulable : Code.UnschedulableAndUnresolvable, ...args);
      };
      return { plugin: { name: m[1], preFilter: answer } as Plugin, weight: 0 };
    });
    const out = new Framework('default-scheduler', plugins).runPreFilterPlugins(new Map(), POD);
    const status = out.status ? `${Code[out.status.code]} "${out.status.message()}"${out.status.plugin ? ` from ${out.status.plugin}` : ''}` : 'Success';
    const nodes = out.nodeNames ? ` nodes [${[...out.nodeNames].sort().join(' ')}]` : '';
    return [c.test, `${status}${nodes}; ran ${ran.join(',')}`];
  });
  expect(got).toEqual(table.hashes().map((c) => [c.test, c.result]));
});
