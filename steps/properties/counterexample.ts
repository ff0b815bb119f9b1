/**
 * A shrunk counterexample, written as a runnable feature: the cluster as kind config, the
 * workloads, the user actions and faults as a table, the interleaving choices, and the checks
 * that failed. `npx cucumber-js <file>` replays it; moved into features/, it stays as a
 * regression scenario.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Action, type Case, type DeletePolicy, type Fault, workerName } from './case';

/** A deletion's detail cell; "foreground"/"background" as older counterexamples wrote them. */
const POLICIES: Record<string, DeletePolicy> = { foreground: 'Foreground', background: 'Background', orphan: 'Orphan' };
const worker = (name: string) => Number(name.replace('k8s-worker-', '')) - 1;

function row(cells: (string | number)[]): string {
  return `      | ${cells.map(String).join(' | ')} |`;
}

export function actionRows(c: Case): string[] {
  const rows: string[] = [row(['at', 'what', 'target', 'detail'])];
  const ev: { at: number; cells: (string | number)[] }[] = [];
  for (const a of c.actions) ev.push({ at: a.at, cells: [`${a.at}ms`, a.op, 'target' in a ? c.workloads[a.target].name : workerName(a.node), actionDetail(a)] });
  for (const f of c.faults) ev.push({ at: f.at, cells: [`${f.at}ms`, f.kind, faultTarget(f), faultDetail(f)] });
  ev.sort((x, y) => x.at - y.at);
  return rows.concat(ev.map((e) => row(e.cells)));
}

function actionDetail(a: Action): string {
  switch (a.op) {
    case 'scale': return `replicas=${a.replicas}`;
    case 'deletePod': return `index=${a.index}`;
    case 'deleteWorkload': return a.policy.toLowerCase();
    case 'cordon': return a.unschedulable ? 'cordon' : 'uncordon';
    case 'taint': return a.on ? 'on' : 'off';
    case 'concurrentWrites': return `delays=${a.delays[0]}ms,${a.delays[1]}ms`;
    case 'reapply': return `gap=${a.gapMs}ms`;
    default: return '-';
  }
}
const faultTarget = (f: Fault) => (f.kind === 'nodeLoss' ? `k8s-worker-${f.node + 1}` : f.kind === 'crash' || f.kind === 'crashMidReconcile' ? f.component : f.actor);
const faultDetail = (f: Fault) =>
  f.kind === 'crash' || f.kind === 'nodeLoss'
    ? `down=${f.downMs}ms`
    : f.kind === 'crashMidReconcile'
      ? `nth=${f.nth} for=${f.forMs}ms`
      : f.kind === 'api'
        ? `code=${f.code} for=${f.forMs}ms every=${f.every}`
        : `${f.fault} for=${f.forMs}ms every=${f.every}`;

/** Writes reports/counterexamples/<slug>-<seed>.feature and returns its path. */
export function writeCounterexample(root: string, property: string, c: Case, info: { seed: number; path: string; runs: number; problems: string[]; mutant: string }): string {
  const dir = path.join(root, 'reports', 'counterexamples');
  fs.mkdirSync(dir, { recursive: true });
  const slug = property.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const file = path.join(dir, `${slug}${info.mutant ? '-' + info.mutant : ''}-${info.seed}.feature`);
  const lines = [
    `# A counterexample to "${property}", shrunk by fast-check.`,
    `# Replay the search: KUBESPEC_SEED=${info.seed} KUBESPEC_PATH="${info.path}" KUBESPEC_PROPERTY_RUNS=${info.runs}${info.mutant ? ` KUBESPEC_MUTANT=${info.mutant}` : ''} npx cucumber-js --tags @property`,
    `# Replay this case alone: ${info.mutant ? `KUBESPEC_MUTANT=${info.mutant} ` : ''}npx cucumber-js ${path.relative(root, file)} --tags @counterexample`,
    `# Keep it as a regression scenario: move it into features/regressions/ once the model is fixed.`,
    '@counterexample',
    `Feature: Counterexample to "${property}"`,
    '',
    `  Scenario: The case fast-check shrank (seed ${info.seed})`,
    '    Given a cluster with this config:',
    '      """',
    ...kindConfigLines(c),
    '      """',
    '    And these generated workloads:',
    '      """json',
    ...JSON.stringify(c.workloads, null, 2).split('\n').map((l) => `      ${l}`),
    '      """',
    `    And the scheduler of the simulation picks "${c.choices.join(',')}"`,
    '    When these user actions and faults happen:',
    ...actionRows(c),
    '    Then every workload converges and stays quiet',
    '',
    ...info.problems.map((p) => `  # ${p}`),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

import { kindConfig } from './manifests';
const kindConfigLines = (c: Case) => kindConfig(c).trimEnd().split('\n').map((l) => `      ${l}`);

/** Reads the action/fault table of a counterexample back into a case's actions and faults. */
export function parseActionTable(rows: Record<string, string>[], workloadNames: string[]): Pick<Case, 'actions' | 'faults'> {
  const actions: Action[] = [];
  const faults: Fault[] = [];
  const num = (s: string, key: string) => Number((s.match(new RegExp(`${key}=(\\d+)`)) ?? [])[1]);
  for (const r of rows) {
    const at = Number(r.at.replace(/ms$/, ''));
    const target = workloadNames.indexOf(r.target);
    const d = r.detail;
    switch (r.what) {
      case 'scale': actions.push({ at, op: 'scale', target, replicas: num(d, 'replicas') }); break;
      case 'deletePod': actions.push({ at, op: 'deletePod', target, index: num(d, 'index') }); break;
      case 'editTemplate': actions.push({ at, op: 'editTemplate', target }); break;
      case 'deleteWorkload': actions.push({ at, op: 'deleteWorkload', target, policy: POLICIES[d] ?? 'Background' }); break;
      case 'cordon': actions.push({ at, op: 'cordon', node: worker(r.target), unschedulable: d === 'cordon' }); break;
      case 'taint': actions.push({ at, op: 'taint', node: worker(r.target), on: d === 'on' }); break;
      case 'concurrentWrites': {
        const m = d.match(/delays=(\d+)ms,(\d+)ms/) ?? [];
        actions.push({ at, op: 'concurrentWrites', target, delays: [Number(m[1]), Number(m[2])] });
        break;
      }
      case 'reapply': actions.push({ at, op: 'reapply', target, gapMs: num(d, 'gap') }); break;
      case 'crash': faults.push({ at, kind: 'crash', component: r.target as any, downMs: num(d, 'down') }); break;
      case 'crashMidReconcile': faults.push({ at, kind: 'crashMidReconcile', component: r.target as any, nth: num(d, 'nth'), forMs: num(d, 'for') }); break;
      case 'nodeLoss': faults.push({ at, kind: 'nodeLoss', node: worker(r.target), downMs: num(d, 'down') }); break;
      case 'api': faults.push({ at, kind: 'api', actor: r.target as any, code: num(d, 'code') as any, forMs: num(d, 'for'), every: num(d, 'every') }); break;
      case 'watch': faults.push({ at, kind: 'watch', actor: r.target as any, fault: d.split(' ')[0] as any, forMs: num(d, 'for'), every: num(d, 'every') }); break;
      default: throw new Error(`unknown action or fault "${r.what}"`);
    }
  }
  return { actions, faults };
}
