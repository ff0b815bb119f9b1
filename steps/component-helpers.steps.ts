import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KObject } from '../model/api/meta';
import type { FieldError } from '../model/api/status';
import { findMatchingUntoleratedTaint, matchNodeSelectorTerms, type Taint } from '../model/componenthelpers/scheduling/corev1/helpers';
import { getRequiredNodeAffinity, newNodeSelector, newPreferredSchedulingTerms, nodeSelectorRequirementsAsSelector } from '../model/componenthelpers/scheduling/corev1/nodeaffinity';
import { ROOT } from './world';

/** steps/fixtures/component-helpers-upstream-cases.json: component-helpers' own test tables. */
function cases(table: string): any[] {
  const file = path.join(__dirname, 'fixtures', 'component-helpers-upstream-cases.json');
  const all = JSON.parse(fs.readFileSync(file, 'utf8'))[table];
  if (!Array.isArray(all) || all.length === 0) throw new Error(`no table "${table}" in ${file}`);
  return all;
}

/** What upstream's tests compare of a field.Error (cmpopts ignores BadValue). */
function errorsOf(errs: FieldError[]): { type: string; field: string; detail: string }[] {
  return errs.map((e) => ({ type: e.type, field: e.field, detail: e.detail }));
}

type Check = (c: any) => string | undefined;

/** Runs one upstream table; every case that disagrees is listed. */
function runTable(table: string, check: Check): void {
  const failures: string[] = [];
  for (const c of cases(table)) {
    const problem = check(c);
    if (problem) failures.push(`${c.name ?? c.description}: ${problem}`);
  }
  expect(failures).toEqual([]);
}

const same = (got: unknown, want: unknown): string | undefined => (JSON.stringify(got) === JSON.stringify(want) ? undefined : `got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);

const CHECKS: Record<string, Check> = {
  // TestNodeSelectorMatch: NewNodeSelector's errors, else Match.
  nodeSelectorMatch: (c) => {
    const { selector, errors } = newNodeSelector(c.nodeSelector);
    if (c.wantErrors) return same(errorsOf(errors), c.wantErrors);
    return same({ errors: errorsOf(errors), match: selector.match(c.node as KObject | null).matches }, { errors: [], match: c.wantMatch });
  },
  // TestPreferredSchedulingTermsScore: NewPreferredSchedulingTerms' errors, else Score.
  preferredSchedulingTermsScore: (c) => {
    const { terms, errors } = newPreferredSchedulingTerms(c.terms);
    if (c.wantErrors) return same(errorsOf(errors), c.wantErrors);
    if (!terms) return `unexpected errors ${JSON.stringify(errorsOf(errors))}`;
    return same(terms.score(c.node as KObject), c.wantScore);
  },
  // TestNodeSelectorRequirementsAsSelector, at the path "root".
  requirementsAsSelector: (c) => same(errorsOf(nodeSelectorRequirementsAsSelector(c.requirements, 'root').errors), c.wantErrors),
  // TestPodMatchesNodeSelectorAndAffinityTerms: GetRequiredNodeAffinity(pod).Match(node).
  podMatchesNodeSelectorAndAffinityTerms: (c) => same(getRequiredNodeAffinity(c.pod as KObject).match(c.node as KObject).matches, c.want),
  // TestMatchNodeSelectorTerms (helpers.go's MatchNodeSelectorTerms).
  matchNodeSelectorTerms: (c) => {
    const before = JSON.stringify(c.nodeSelector);
    const got = matchNodeSelectorTerms(c.node as KObject | null, c.nodeSelector).matches;
    // TestMatchNodeSelectorTermsStateless: matching never reorders or rewrites the selector.
    if (JSON.stringify(c.nodeSelector) !== before) return 'the node selector was modified';
    return same(got, c.want);
  },
  // TestFindMatchingUntoleratedTaint: "all"/"none"/an effect as the inclusion filter, null for none given.
  findMatchingUntoleratedTaint: (c) => {
    const filter = c.filter === null ? undefined : c.filter === 'all' ? () => true : c.filter === 'none' ? () => false : (t: Taint) => t.effect === c.filter;
    return same(findMatchingUntoleratedTaint(c.taints, c.tolerations, filter) === undefined, c.expectTolerated);
  },
};

Then("every case of component-helpers' {word} table gives upstream's result", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`unknown table "${table}": one of ${Object.keys(CHECKS).join(', ')}`);
  runTable(table, check);
});

/** The import specifiers of a TypeScript file (static imports and require calls). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from\s+|require\(\s*|import\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

Then('no module under {string} imports from {string}', function (under: string, forbidden: string) {
  const root = path.join(ROOT, under);
  const target = path.join(ROOT, forbidden);
  expect(fs.existsSync(root) && fs.existsSync(target)).toBe(true);
  const offenders: string[] = [];
  for (const file of tsFiles(root)) {
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const resolved = path.resolve(path.dirname(file), spec);
      if (resolved === target || resolved.startsWith(target + path.sep)) offenders.push(`${path.relative(ROOT, file)} imports ${spec}`);
    }
  }
  expect(offenders).toEqual([]);
});
