import { After, type DataTable, Then, When } from '@cucumber/cucumber';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { expect } from 'expect';
import { Cluster } from '../model/cluster';
import { Shell } from '../model/shell/shell';
import { staleArchitectureFiles, walkthroughArchitecture } from '../report/architecture';
import { markOf, scenarioAttachments } from '../report/scenario-pictures';
import { picturesSoFar } from './support/report-attachments';
import { type KubespecWorld, ROOT } from './world';

// The report's own scenarios (issue 10): they read the pictures as a reader's browser gets them,
// the SVG text, not the code's data.

interface Arrow {
  from: string;
  to: string;
  label: string;
}

function picture(w: KubespecWorld, fileName: string): string {
  const a = picturesSoFar(w, 'this scenario').find((x) => x.fileName === fileName);
  if (!a) throw new Error(`the scenario carries no ${fileName}`);
  return a.body;
}

const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The participants' names and the x of their lifelines, left to right. */
function participants(svg: string): { name: string; x: number }[] {
  return [...svg.matchAll(/<g class="participant">.*?<text x="([\d.]+)"[^>]*>([^<]*)<\/text><\/g>/g)].map((m) => ({ name: unescape(m[2]), x: Number(m[1]) }));
}

/** Each drawn message: the arrow's ends mapped back to the lifelines it joins, and its label. */
function arrows(svg: string): Arrow[] {
  const lanes = participants(svg);
  const at = (x: number) => lanes.find((l) => Math.abs(l.x - x) < 0.5)?.name ?? `x=${x}`;
  const out: Arrow[] = [];
  for (const m of svg.matchAll(/<line x1="([\d.]+)" y1="[\d.]+" x2="([\d.]+)" y2="[\d.]+" stroke="[^"]+" marker-end="url\(#arrow\)"\/>\n<text x="[\d.]+" y="[\d.]+" text-anchor="middle">([^<]*)<\/text>/g))
    out.push({ from: at(Number(m[1])), to: at(Number(m[2])), label: unescape(m[3]) });
  for (const m of svg.matchAll(/<path d="M([\d.]+) [\d.]+ h24 v8 h-24"[^>]*\/>\n<text x="[\d.]+" y="[\d.]+">([^<]*)<\/text>/g)) out.push({ from: at(Number(m[1])), to: at(Number(m[1])), label: unescape(m[2]) });
  return out;
}

Then("the scenario's sequence diagram shows the participants, in this order:", function (this: KubespecWorld, table: DataTable) {
  const want = table.raw().map((r) => r[0]);
  expect(participants(picture(this, 'sequence-diagram.svg')).map((p) => p.name).slice(0, want.length)).toEqual(want);
});

Then("the scenario's sequence diagram has at most {int} rows", function (this: KubespecWorld, max: number) {
  const svg = picture(this, 'sequence-diagram.svg');
  const m = /(\d+) messages in (\d+) rows/.exec(svg);
  if (!m) throw new Error('the diagram says nothing of its rows');
  expect(Number(m[2])).toBeLessThanOrEqual(max);
  expect(Number(m[1])).toBeGreaterThan(Number(m[2]));
});

Then("the scenario's sequence diagram shows {string} from {word} to {word}", function (this: KubespecWorld, label: string, from: string, to: string) {
  const all = arrows(picture(this, 'sequence-diagram.svg'));
  expect(all.filter((a) => a.label === label).map((a) => `${a.from} -> ${a.to}`)).toContain(`${from} -> ${to}`);
});

Then("the scenario's sequence diagram begins with {string} from {word} to {word}", function (this: KubespecWorld, label: string, from: string, to: string) {
  expect(arrows(picture(this, 'sequence-diagram.svg'))[0]).toEqual({ from, to, label });
});

Then("the scenario's sequence diagram folds a repeated block into a loop", function (this: KubespecWorld) {
  // How many times depends on the components' periods (lease renewals, status updates): at least twice.
  const loops = [...picture(this, 'sequence-diagram.svg').matchAll(/font-weight="bold">×(\d+)<\/text>/g)].map((m) => Number(m[1]));
  expect(loops.length).toBeGreaterThan(0);
  for (const n of loops) expect(n).toBeGreaterThanOrEqual(2);
});

/** "NAME READY STATUS …" changes per Pod, consecutive repeats dropped, from kubectl get -w's lines. */
function watchedChanges(output: string): Map<string, string[]> {
  const pods = new Map<string, string[]>();
  for (const line of output.split('\n')) {
    const [name, ready, status] = line.trim().split(/\s+/);
    if (!name || name === 'NAME' || !status) continue;
    const seen = pods.get(name) ?? [];
    const s = `${ready} ${status}`;
    if (seen[seen.length - 1] !== s) seen.push(s);
    pods.set(name, seen);
  }
  return pods;
}

/** The same from the timeline picture: each segment's title is "ns/name READY STATUS at +t". */
function timelineChanges(svg: string): Map<string, string[]> {
  const pods = new Map<string, string[]>();
  for (const m of svg.matchAll(/<rect [^>]*><title>[^/]+\/(\S+) (\S+) (\S+) at [^<]*<\/title><\/rect>/g)) {
    const seen = pods.get(m[1]) ?? [];
    seen.push(`${m[2]} ${unescape(m[3])}`);
    pods.set(m[1], seen);
  }
  return pods;
}

Then('the Pod timeline shows each Pod going through the READY and STATUS columns that command printed', function (this: KubespecWorld) {
  const watched = watchedChanges(this.output);
  expect(watched.size).toBeGreaterThan(0);
  const drawn = timelineChanges(picture(this, 'pod-timeline.svg'));
  expect(Object.fromEntries(drawn)).toEqual(Object.fromEntries(watched));
});

Then('the Pod timeline shows {int} Pods, {int} of them deleted', function (this: KubespecWorld, pods: number, deleted: number) {
  const svg = picture(this, 'pod-timeline.svg');
  expect({ pods: timelineChanges(svg).size, deleted: [...svg.matchAll(/<title>[^<]* deleted at \+[^<]*<\/title>/g)].length }).toEqual({ pods, deleted });
});

/** A cluster of the seed, `kubectl apply -f nginx.yaml` and a minute: the pictures it gets. */
function drawWalkthrough(seed: number): Map<string, string> {
  const cluster = new Cluster({ seed });
  const shell = new Shell(cluster, path.join(ROOT, 'examples'), { readFile: (p) => fs.readFileSync(p, 'utf8'), stat: (p) => (fs.existsSync(p) ? 'file' : undefined) });
  const mark = markOf(cluster);
  shell.run('kubectl apply -f nginx.yaml');
  cluster.advance(60_000);
  return new Map(scenarioAttachments(cluster, mark, 'walkthrough').map((a) => [a.fileName, a.body]));
}

Then('the walkthrough drawn twice on clusters of seed {int} gives the same bytes, and seed {int} another timeline', function (this: KubespecWorld, seed: number, other: number) {
  const [a, b, c] = [drawWalkthrough(seed), drawWalkthrough(seed), drawWalkthrough(other)];
  expect([...a.keys()]).toEqual(['sequence-diagram.svg', 'pod-timeline.svg']);
  for (const [file, body] of a) expect({ file, same: b.get(file) === body }).toEqual({ file, same: true });
  // Another seed names its Pods differently (the ReplicaSet's random suffixes).
  expect(c.get('pod-timeline.svg')).not.toBe(a.get('pod-timeline.svg'));
});

// ---------------------------------------------------------------- a report run of its own

interface ReportRun {
  dir: string;
  messages: any[];
  status: number;
  output: string;
}
const runs = new WeakMap<KubespecWorld, ReportRun>();

// The run's directory is the scenario's scratch space: gone with it.
After(function (this: KubespecWorld) {
  const r = runs.get(this);
  if (r) fs.rmSync(r.dir, { recursive: true, force: true });
});

function reportRun(w: KubespecWorld): ReportRun {
  const r = runs.get(w);
  if (!r) throw new Error('no report run yet: "When this feature runs with the report:" first');
  return r;
}

/**
 * Cucumber in a child process on the feature given, writing its HTML and messages to a
 * directory of its own, then the claim coverage of that run there (scripts/claims-coverage.js).
 */
When('this feature runs with the report:', { timeout: 120_000 }, function (this: KubespecWorld, text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-report-'));
  const feature = path.join(dir, 'report-fixture.feature');
  fs.writeFileSync(feature, text + '\n');
  const cucumber = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', '@cucumber', 'cucumber', 'bin', 'cucumber-js'), feature, '--format', `html:${dir}/cucumber.html`, '--format', `message:${dir}/messages.ndjson`], { cwd: ROOT, encoding: 'utf8' });
  const coverage = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'claims-coverage.js'), '--reports', dir, '--without-portable'], { cwd: ROOT, encoding: 'utf8' });
  const messages = fs.existsSync(path.join(dir, 'messages.ndjson')) ? fs.readFileSync(path.join(dir, 'messages.ndjson'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
  runs.set(this, { dir, messages, status: cucumber.status ?? 1, output: `${cucumber.stdout}${cucumber.stderr}\n${coverage.stdout}${coverage.stderr}` });
});

/** The attachments of the run's scenario of that name, by file name. */
function attachmentsOf(run: ReportRun, scenario: string): Map<string, string> {
  const pickle = run.messages.find((m) => m.pickle?.name === scenario)?.pickle;
  if (!pickle) throw new Error(`the run has no scenario "${scenario}":\n${run.output}`);
  const testCase = run.messages.find((m) => m.testCase?.pickleId === pickle.id).testCase;
  const started = run.messages.find((m) => m.testCaseStarted?.testCaseId === testCase.id).testCaseStarted;
  const out = new Map<string, string>();
  for (const m of run.messages)
    if (m.attachment?.testCaseStartedId === started.id) out.set(m.attachment.fileName, m.attachment.contentEncoding === 'BASE64' ? Buffer.from(m.attachment.body, 'base64').toString('utf8') : m.attachment.body);
  return out;
}

Then('the scenario {string} carries:', function (this: KubespecWorld, scenario: string, table: DataTable) {
  const got = attachmentsOf(reportRun(this), scenario);
  expect([...got.keys()].sort()).toEqual(table.raw().map((r) => r[0]).sort());
});

Then("the scenario {string}'s {string} contains:", function (this: KubespecWorld, scenario: string, file: string, text: string) {
  const body = attachmentsOf(reportRun(this), scenario).get(file);
  if (body === undefined) throw new Error(`"${scenario}" carries no ${file}`);
  for (const line of text.split('\n')) expect(body).toContain(line);
});

Then("the run's claims page lists {word} as {string}, with each of its scenarios linked into the report:", function (this: KubespecWorld, id: string, status: string, table: DataTable) {
  const html = fs.readFileSync(path.join(reportRun(this).dir, 'claims.html'), 'utf8');
  const row = new RegExp(`<tr id="${id}">(.*?)</tr>`).exec(html)?.[1];
  if (!row) throw new Error(`claims.html has no row for ${id}`);
  expect(row).toContain(`<span class="status ${status.replace(/ /g, '-')}">${status}</span>`);
  for (const [scenario, result, where] of table.raw()) {
    expect(row).toContain(`<span class="status ${result.toUpperCase()}">${result}</span> <a class="scenario" href="cucumber.html?query=${encodeURIComponent(scenario)}">${scenario.replace(/'/g, "'")}</a>`);
    expect(row).toMatch(new RegExp(`${where.replace(/[.]/g, '\\.')}:\\d+</a>`));
  }
});

Then("the run's claim summary begins {string}", function (this: KubespecWorld, start: string) {
  const lines = reportRun(this).output.split('\n').filter((l) => l.startsWith('claims: '));
  expect(lines).toEqual([expect.stringMatching(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))]);
});

Then("the run's report passes the check in headless Chromium", { timeout: 120_000 }, function (this: KubespecWorld) {
  const chromium = process.env.KUBESPEC_CHROMIUM || '/usr/bin/chromium';
  // Skipped, saying how to get it, never silently (the scenario shows as skipped in the report).
  if (!fs.existsSync(chromium)) return 'skipped';
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'report-browser.js'), '--reports', reportRun(this).dir], { cwd: ROOT, encoding: 'utf8' });
  expect({ status: r.status, output: r.stdout + r.stderr }).toEqual({ status: 0, output: expect.stringContaining('report in a browser: passed') });
  for (const png of ['report-scenario.png', 'report-diagram.png', 'report-claims.png']) expect(fs.statSync(path.join(reportRun(this).dir, png)).size).toBeGreaterThan(1000);
});

// ---------------------------------------------------------------- docs/architecture.md

Then('the architecture page drawn from the walkthrough shows, in this order, the first time each:', function (this: KubespecWorld, table: DataTable) {
  const { edges } = walkthroughArchitecture(ROOT);
  let from = 0;
  for (const [who, to, what] of table.raw()) {
    const i = edges.findIndex((e, k) => k >= from && e.from === who && e.to === to && e.label === what);
    if (i < 0) throw new Error(`the page has no "${who} -> ${to}: ${what}" after row ${from}:\n${edges.map((e, k) => `${k + 1}. ${e.from} -> ${e.to}: ${e.label}`).join('\n')}`);
    from = i + 1;
  }
  // Only kube-apiserver writes to etcd.
  expect([...new Set(edges.filter((e) => e.to === 'etcd' || e.stored).map((e) => (e.to === 'etcd' ? e.from : 'kube-apiserver')))]).toEqual(['kube-apiserver']);
});

Then('the architecture page in docs\\/ is what the model draws now', function (this: KubespecWorld) {
  expect(staleArchitectureFiles(ROOT, walkthroughArchitecture(ROOT))).toEqual([]);
});
