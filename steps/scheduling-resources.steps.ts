import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { KObject } from '../model/api/meta';
import { ConfigError, parseClusterConfig } from '../model/cluster-config';
import { Code } from '../model/scheduler/framework/interface';
import { NodeInfo, newPodInfo } from '../model/scheduler/framework/types';
import { fitsRequest, NodeResourcesFit } from '../model/scheduler/plugins/node-resources-fit';
import { type KubespecWorld, ROOT } from './world';

/** steps/fixtures/noderesources-fit-upstream-cases.json: the noderesources plugin's own test tables. */
function fixture(): { filter: any[]; score: any[] } {
  return JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'noderesources-fit-upstream-cases.json'), 'utf8'));
}

/** A NodeInfo as the upstream tests build it: the node's allocatable, then its Pods. */
function nodeInfo(name: string, allocatable: Record<string, string>, existing: any[]): NodeInfo {
  const ni = new NodeInfo(name);
  ni.setNode({ apiVersion: 'v1', kind: 'Node', metadata: { name }, status: { capacity: allocatable, allocatable } } as KObject);
  existing.forEach((p, i) => ni.addPod(newPodInfo({ metadata: { name: `existing-${i}`, namespace: 'default', uid: `${name}-${i}` }, ...p } as KObject)));
  return ni;
}

Then("every case of NodeResourcesFit's filter table gives upstream's result", function () {
  const cases = fixture().filter;
  expect(cases.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const c of cases) {
    const ni = nodeInfo('node', c.allocatable, c.existing);
    const pod = newPodInfo({ metadata: { name: 'pod', namespace: 'default', uid: 'pod' }, ...c.pod } as KObject);
    const plugin = new NodeResourcesFit(c.args ?? {});
    const status = plugin.filter(new Map(), pod, ni);
    const got = status ? { code: Code[status.code], reasons: status.reasons } : null;
    const reasons: string[] = c.wantInsufficient ? c.wantInsufficient.map((i: any) => i.reason) : c.wantReasons;
    const want = reasons.length ? { code: 'Unschedulable', reasons } : null;
    if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`${c.test} "${c.name}": status ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    if (c.wantInsufficient) {
      const insufficient = fitsRequest(pod.requests, ni, c.args ?? {});
      if (JSON.stringify(insufficient) !== JSON.stringify(c.wantInsufficient))
        failures.push(`${c.test} "${c.name}": insufficient ${JSON.stringify(insufficient)}, want ${JSON.stringify(c.wantInsufficient)}`);
    }
  }
  expect(failures).toEqual([]);
});

Then("every case of NodeResourcesFit's score table gives upstream's result", function () {
  const failures: string[] = [];
  for (const c of fixture().score) {
    const pod = newPodInfo({ metadata: { name: 'pod', namespace: 'default', uid: 'pod' }, ...c.pod } as KObject);
    const plugin = new NodeResourcesFit();
    const got = Object.fromEntries(c.nodes.map((n: any) => [n.name, plugin.score(new Map(), pod, nodeInfo(n.name, n.allocatable, n.existing))]));
    if (JSON.stringify(got) !== JSON.stringify(c.wantScores)) failures.push(`${c.name}: scores ${JSON.stringify(got)}, want ${JSON.stringify(c.wantScores)}`);
  }
  expect(failures).toEqual([]);
});

const configErrors = new WeakMap<KubespecWorld, string>();

When('kubespec reads this cluster config:', function (this: KubespecWorld, text: string) {
  try {
    parseClusterConfig(text);
    configErrors.set(this, '');
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    configErrors.set(this, e.message);
  }
});

Then('the cluster config is rejected with:', function (this: KubespecWorld, text: string) {
  expect(configErrors.get(this)).toBe(text);
});

interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

const cliRuns = new WeakMap<KubespecWorld, CliRun>();

/** The real command line, in a child process: its exit status and its streams are what a user sees. */
When('I run `kubespec play --config {word} {word}` with the files:', function (this: KubespecWorld, config: string, script: string, text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-play-'));
  try {
    // The doc string holds the files one after another, each after a "# <name>" line.
    for (const part of text.split(/^# (\S+)\n/m).slice(1).reduce<string[][]>((acc, v, i, all) => (i % 2 === 0 ? [...acc, [v, all[i + 1]]] : acc), []))
      fs.writeFileSync(path.join(dir, part[0]), part[1]);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'bin', 'kubespec.js'), 'play', '--config', path.join(dir, config), path.join(dir, script)], { encoding: 'utf8', timeout: 60_000 });
    cliRuns.set(this, { status: r.status, stdout: r.stdout, stderr: r.stderr.split(dir + path.sep).join('') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

Then('kubespec exits with status {int}, having printed nothing and on stderr:', function (this: KubespecWorld, status: number, text: string) {
  const run = cliRuns.get(this)!;
  expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({ status, stdout: '', stderr: text + '\n' });
});
