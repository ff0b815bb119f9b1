/**
 * Upstream's node_tree_test.go (v1.32) on the model's NodeTree: the test nodes are a table of
 * the feature's Background; a case adds, removes or updates some of them and compares the
 * zones (in order) and their node names, or the round-robin list.
 */
import { Given, Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import { NodeTree } from '../model/scheduler/cache/node-tree';

const NODES = new WeakMap<object, Map<string, KObject>>();

const LABELS: Record<string, string> = {
  'topology region': 'topology.kubernetes.io/region',
  'topology zone': 'topology.kubernetes.io/zone',
  'beta region': 'failure-domain.beta.kubernetes.io/region',
  'beta zone': 'failure-domain.beta.kubernetes.io/zone',
};

Given("upstream's node tree test nodes:", function (this: object, table: DataTable) {
  const nodes = new Map<string, KObject>();
  for (const row of table.hashes()) {
    const labels = Object.fromEntries(Object.entries(LABELS).filter(([col]) => row[col]).map(([col, label]) => [label, row[col]]));
    nodes.set(row.node, { apiVersion: 'v1', kind: 'Node', metadata: { name: row.node, ...(Object.keys(labels).length ? { labels } : {}) } });
  }
  NODES.set(this, nodes);
});

/** "node-0 .. node-3", "node-9, node-10": the test nodes, in order. */
function names(spec: string): string[] {
  return spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => {
      const m = s.match(/^node-(\d+) \.\. node-(\d+)$/);
      if (!m) return [s];
      const out: string[] = [];
      for (let i = Number(m[1]); i <= Number(m[2]); i++) out.push(`node-${i}`);
      return out;
    });
}

function node(world: object, name: string): KObject {
  const n = NODES.get(world)!.get(name);
  if (!n) throw new Error(`no test node ${name}`);
  return n;
}

/** The tree as `"zone": a, b; "zone2": c`, zones in their order (\x00 written as in Go). */
function treeOf(nt: NodeTree): string {
  const zones = (nt as unknown as { zones: Map<string, string[]> }).zones;
  return [...zones].map(([zone, ns]) => `${JSON.stringify(zone).replace('\\u0000', '\\x00')}: ${ns.join(', ')}`).join('; ');
}

/** The zones and names must agree, and numNodes with them (verifyNodeTree). */
function check(c: Record<string, string>, nt: NodeTree, problems: string[]): void {
  const got = treeOf(nt);
  const count = [...(nt as unknown as { zones: Map<string, string[]> }).zones.values()].reduce((n, ns) => n + ns.length, 0);
  if (got !== c.tree) problems.push(`${c.test}: tree ${got || '(empty)'}, want ${c.tree || '(empty)'}`);
  else if (nt.size !== count) problems.push(`${c.test}: numNodes ${nt.size}, want ${count}`);
}

function treeWith(world: object, spec: string): NodeTree {
  const nt = new NodeTree();
  for (const n of names(spec)) nt.add(node(world, n));
  return nt;
}

Then('adding the nodes gives the tree:', function (this: object, table: DataTable) {
  const problems: string[] = [];
  for (const c of table.hashes()) check(c, treeWith(this, c.add), problems);
  expect(problems).toEqual([]);
});

Then('removing nodes from the tree gives:', function (this: object, table: DataTable) {
  const problems: string[] = [];
  for (const c of table.hashes()) {
    const nt = treeWith(this, c.existing);
    for (const n of names(c.remove)) nt.remove(n);
    check(c, nt, problems);
  }
  expect(problems).toEqual([]);
});

/** "node-0 region-1 zone-2": the node (or a new one) with those topology labels. */
Then('updating a node in the tree gives:', function (this: object, table: DataTable) {
  const problems: string[] = [];
  for (const c of table.hashes()) {
    const nt = treeWith(this, c.existing);
    const [name, region, zone] = c.update.split(' ');
    nt.add({ apiVersion: 'v1', kind: 'Node', metadata: { name, labels: { [LABELS['topology region']]: region, [LABELS['topology zone']]: zone } } });
    check(c, nt, problems);
  }
  expect(problems).toEqual([]);
});

Then('the tree lists, after these operations:', function (this: object, table: DataTable) {
  const problems: string[] = [];
  for (const c of table.hashes()) {
    const nt = new NodeTree();
    for (const op of c.operations.split(/,\s*(?=add |remove )/).filter(Boolean)) {
      const [verb, ...rest] = op.trim().split(' ');
      for (const n of names(rest.join(' '))) {
        if (verb === 'add') nt.add(node(this, n));
        else nt.remove(n);
        // Listed after every change: what the list remembers must not outlive the change.
        nt.list();
      }
    }
    // Twice: the second list comes from what the first one remembered.
    for (const round of [1, 2]) {
      const got = nt.list().join(', ');
      if (got !== c.list) problems.push(`${c.test}: list ${round} ${got || '(empty)'}, want ${c.list || '(empty)'}`);
    }
  }
  expect(problems).toEqual([]);
});
