/**
 * `kubespec play --record-feature out.feature SCRIPT.play`: plays a script as `kubespec play`
 * does and writes it down as a scenario an author can keep: the files the script read as
 * `Given the file …`, each command a `When I run` step, its output a `Then the output is`
 * doc string (or `Then it fails with:` when it failed). What differs from run to run on a real
 * cluster, or with another seed, is matched by pattern rather than byte for byte
 * (`Then the output lines match:`): generated name suffixes (a ReplicaSet's pod-template-hash,
 * a generateName suffix), AGE and LAST SEEN columns, timestamps, UIDs and, with --mask-ips,
 * IPv4 addresses.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Cluster } from '../model/cluster';
import type { ClusterConfig } from '../model/cluster-config';
import type { CommandResult } from '../model/shell/shell';
import { type PlayStep, playText, readScript } from './play';

export interface RecordOptions {
  seed: number;
  config?: ClusterConfig;
  /** The config file's text, as the scenario will give it. */
  configText?: string;
  /** Match IPv4 addresses by pattern too (Pod and Service IPs differ between clusters). */
  maskIPs?: boolean;
  write?: (s: string) => void;
}

// Generated suffixes (apimachinery's rand.String, SafeEncodeString of a hash): lower-case letters and digits.
const SAFE = '[a-z0-9]';
const TIMESTAMP = /\b(?:\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4})\b/g;
const UID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const IPV4 = /\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/g;
/** Table columns whose values are durations since something happened. */
const AGE_COLUMNS = new Set(['AGE', 'LAST SEEN', 'Age', 'CREATED']);
/** Container, sandbox and image IDs (crictl's 13 hex digits, or a whole sha256). */
const HEX_ID = /\b(?:[0-9a-f]{13}|[0-9a-f]{64})\b/g;

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The generated parts of the names the cluster holds, and the pattern each is matched by. */
class GeneratedNames {
  readonly patterns = new Map<string, string>();

  /** Notes the names of every stored object (called before and after each command, so deleted ones are known). */
  observe(cluster: Cluster): void {
    for (const kv of cluster.etcd.range('/registry/', {})) {
      let obj: any;
      try {
        obj = JSON.parse(kv.value);
      } catch {
        continue;
      }
      const name: string | undefined = obj?.metadata?.name;
      if (!name || this.patterns.has(name)) continue;
      const hash: string | undefined = obj.metadata.labels?.['pod-template-hash'] ?? obj.metadata.labels?.['controller-revision-hash'];
      const generate: string | undefined = obj.metadata.generateName;
      let pattern = escapeRe(name);
      if (generate && name.startsWith(generate) && name.length > generate.length) pattern = escapeRe(generate) + `${SAFE}{${name.length - generate.length}}`;
      if (hash && pattern.includes(escapeRe(hash))) {
        pattern = pattern.split(escapeRe(hash)).join(`${SAFE}+`);
        this.patterns.set(hash, `${SAFE}+`);
      }
      if (pattern !== escapeRe(name)) this.patterns.set(name, pattern);
    }
  }
}

interface Span {
  start: number;
  end: number;
  pattern: string;
}

/** Where a line has text that varies: generated names, timestamps, UIDs, IPs. */
function variableSpans(line: string, names: GeneratedNames, maskIPs: boolean): Span[] {
  const spans: Span[] = [];
  const add = (re: RegExp, pattern: (m: string) => string) => {
    for (const m of line.matchAll(re)) spans.push({ start: m.index!, end: m.index! + m[0].length, pattern: pattern(m[0]) });
  };
  add(TIMESTAMP, (m) => (/^\d/.test(m) ? '\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z' : '\\w{3}, \\d{2} \\w{3} \\d{4} \\d{2}:\\d{2}:\\d{2} [+-]\\d{4}'));
  add(UID, () => '[0-9a-f-]{36}');
  add(HEX_ID, (m) => `[0-9a-f]{${m.length}}`);
  if (maskIPs) add(IPV4, () => '\\d+\\.\\d+\\.\\d+\\.\\d+');
  // Longest names first, so a Pod's name wins over its ReplicaSet's inside it.
  const known = [...names.patterns.keys()].sort((a, b) => b.length - a.length);
  if (known.length) add(new RegExp(`(?<![A-Za-z0-9-])(?:${known.map(escapeRe).join('|')})(?![A-Za-z0-9])`, 'g'), (m) => names.patterns.get(m)!);
  // First come, longest kept: drop spans that overlap one already taken.
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const s of spans) if (!kept.length || s.start >= kept[kept.length - 1].end) kept.push(s);
  return kept;
}

/** The cells of a table line: text runs separated by two or more spaces, with where they start. */
function cells(line: string): { text: string; start: number }[] {
  return [...line.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ text: m[0], start: m.index! }));
}

/**
 * The AGE-like cells of a table (kubectl's AGE and LAST SEEN, describe's Age, crictl's CREATED),
 * found from the header line above them: by position in the header's order when the row has as
 * many cells as the header (a watch prints each row with its own widths), else by column.
 */
function ageSpans(lines: string[]): Map<number, Span[]> {
  const out = new Map<number, Span[]>();
  let header: { text: string; start: number }[] | undefined;
  let ages: number[] = [];
  lines.forEach((line, i) => {
    const row = cells(line);
    const isHeader = row.length > 1 && row.every((h) => /^[A-Z][A-Za-z-]*(?: [A-Z][A-Za-z-]*)*$/.test(h.text)) && /  /.test(line);
    if (isHeader) {
      header = row;
      ages = row.flatMap((h, k) => (AGE_COLUMNS.has(h.text) ? [k] : []));
      return;
    }
    if (!line.trim()) return void (header = undefined);
    if (!header || !ages.length) return;
    const spans: Span[] = [];
    for (const k of ages) {
      const cell = row.length === header.length ? row[k] : row.find((c) => c.start === header![k].start);
      if (cell) spans.push({ start: cell.start, end: cell.start + cell.text.length, pattern: '\\S.*?' });
    }
    if (spans.length) out.set(i, spans);
  });
  return out;
}

/** One output line as a whole-line regular expression: literal text escaped, column gaps as ` +`. */
function linePattern(line: string, spans: Span[]): string {
  let re = '';
  let at = 0;
  const literal = (s: string) => escapeRe(s).replace(/ {2,}/g, ' +');
  for (const s of spans) {
    re += literal(line.slice(at, s.start)) + s.pattern;
    at = s.end;
  }
  return re + literal(line.slice(at));
}

/** The lines of an output as patterns, or undefined when nothing in it varies. */
export function outputPatterns(output: string, names: GeneratedNames, maskIPs: boolean): string[] | undefined {
  const lines = output.replace(/\n+$/, '').split('\n');
  const ages = ageSpans(lines);
  let varies = false;
  const patterns = lines.map((line, i) => {
    const spans = [...variableSpans(line, names, maskIPs)];
    for (const a of ages.get(i) ?? []) if (!spans.some((s) => s.start < a.end && a.start < s.end)) spans.push(a);
    spans.sort((a, b) => a.start - b.start);
    if (spans.length) varies = true;
    return linePattern(line, spans);
  });
  return varies ? patterns : undefined;
}

/** A doc string, indented for a step; ``` fences when the text holds """. */
function docString(text: string, indent: string): string[] {
  const fence = text.includes('"""') ? '```' : '"""';
  const body = text.replace(/\n+$/, '');
  return [indent + fence, ...(body ? body.split('\n').map((l) => (l ? indent + l : '')) : []), indent + fence];
}

/** The script's comment lines right above each command line: kept as Gherkin comments. */
function commentsAbove(text: string): Map<number, string[]> {
  const lines = text.split(/\r?\n/);
  const out = new Map<number, string[]>();
  let pending: string[] = [];
  lines.forEach((l, i) => {
    const t = l.trim();
    if (t.startsWith('#')) pending.push(t);
    else if (!t) pending = pending.length ? [...pending, ''] : pending;
    else {
      while (pending[pending.length - 1] === '') pending.pop();
      if (pending.length) out.set(i + 1, pending.filter((c) => c !== ''));
      pending = [];
    }
  });
  return out;
}

/** The steps that check one command's result. */
function checks(res: CommandResult, command: string, names: GeneratedNames, maskIPs: boolean): string[] {
  const I = '    ';
  const out: string[] = [];
  const expectOutput = (keyword: string, text: string) => {
    const patterns = outputPatterns(text, names, maskIPs);
    if (patterns) out.push(`${I}${keyword} the output lines match:`, ...docString(patterns.join('\n'), I + '  '));
    else out.push(`${I}${keyword} the output is:`, ...docString(text, I + '  '));
  };
  // A watch that `timeout` ends exits 124: the expected way for it to end, not a failure.
  const failed = res.code !== 0 && !(res.code === 124 && command.startsWith('timeout '));
  if (failed) {
    out.push(`${I}Then it fails with:`, ...docString(res.stderr, I + '  '));
    if (res.stdout) expectOutput('And', res.stdout);
    return out;
  }
  expectOutput('Then', res.stdout);
  if (res.stderr) out.push(`${I}And the error output is:`, ...docString(res.stderr, I + '  '));
  return out;
}

/** Plays the script and returns the feature that replays it. */
export function recordFeature(scriptPath: string, opts: RecordOptions): string {
  const text = readScript(scriptPath);
  const dir = path.dirname(path.resolve(scriptPath));
  const read = new Map<string, string>();
  const names = new GeneratedNames();
  const comments = commentsAbove(text);
  const body: string[] = [];
  const files = {
    readFile: (p: string) => {
      const t = fs.readFileSync(p, 'utf8');
      if (!read.has(p)) read.set(p, t);
      return t;
    },
    stat: (p: string) => {
      try {
        return fs.statSync(p).isDirectory() ? ('dir' as const) : ('file' as const);
      } catch {
        return undefined;
      }
    },
    readdir: (p: string) => fs.readdirSync(p),
  };
  let cluster: Cluster | undefined;
  playText(text, dir, {
    seed: opts.seed,
    config: opts.config,
    write: opts.write,
    files,
    onStart: (c) => {
      cluster = c;
    },
    onCommand: (step: PlayStep, command: string, res: CommandResult, c: Cluster) => {
      names.observe(c);
      for (const comment of comments.get(step.line) ?? []) body.push(`    ${comment}`);
      if (step.stdin !== undefined) body.push(`    When I run \`${command}\` with this input:`, ...docString(step.stdin, '      '));
      else body.push(`    When I run \`${command}\``);
      body.push(...checks(res, command, names, !!opts.maskIPs));
    },
  });
  void cluster;
  const script = path.basename(scriptPath);
  const given: string[] = [];
  if (opts.configText !== undefined) given.push('    Given a cluster with this config:', ...docString(opts.configText, '      '));
  else given.push(opts.seed === 1 ? '    Given a cluster' : `    Given a cluster with seed ${opts.seed}`);
  if (opts.configText !== undefined && opts.seed !== 1) given.push(`    And a cluster with seed ${opts.seed}`);
  for (const [p, t] of read) {
    const rel = path.relative(dir, p);
    given.push(`    And the file "${rel}":`, ...docString(t, '      '));
  }
  return [
    `Feature: ${script}, recorded`,
    `  Recorded by \`kubespec play --record-feature\` from ${script}${opts.seed === 1 ? '' : ` with --seed ${opts.seed}`}${opts.maskIPs ? ', IPs matched by pattern' : ''}:`,
    '  each command a step, its output checked as printed; generated name suffixes, ages, timestamps',
    '  and UIDs matched by pattern. Keep the checks that say what you mean to claim, name the',
    '  scenario for the claim, and tag it with the claim IDs of features/claims.md.',
    '',
    '  @recorded',
    `  Scenario: ${script} plays as recorded`,
    ...given,
    ...body,
    '',
  ].join('\n');
}
