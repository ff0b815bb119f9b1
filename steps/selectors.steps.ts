/**
 * Upstream's own tables for label and field selectors (steps/fixtures/selectors-upstream-cases.json,
 * ported from apimachinery's selector_test.go, labels_test.go and meta/v1 helpers_test.go), run
 * against the model's parsers. Each step collects every mismatch and fails with the list.
 */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { lexTokens, newRequirement, parseOperatorToken, type Requirement } from '../model/api/labels/selector';
import { fieldRequiresExactMatch, matchesFieldSet } from '../model/api/fields/selector';
import {
  escapeValue,
  fieldSelectorString,
  labelSelectorAsMap,
  labelSelectorAsSelector,
  matchesLabels,
  parseFieldSelector,
  parseLabelSelector,
  selectorString,
  unescapeValue,
} from '../model/api/selectors';
import { eachCase, errorOf } from './upstream/fixtures';

const cases = () => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'selectors-upstream-cases.json'), 'utf8'));

const q = JSON.stringify;

Then("every case of apimachinery's label selector parse tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.parseGood as string[], (s) => {
    const err = errorOf(() => parseLabelSelector(s));
    if (err) return `${q(s)}: ${err}`;
    const out = selectorString(parseLabelSelector(s));
    return out === s.replace(/ /g, '') ? undefined : `${q(s)} restrings as ${q(out)}`;
  });
  eachCase(c.parseBad as { in: string; error?: string }[], (t) => {
    const err = errorOf(() => parseLabelSelector(t.in));
    if (err === undefined) return `${q(t.in)} parsed`;
    return t.error === undefined || err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
  });
  eachCase(c.deterministic as [string, string][], ([a, b]) =>
    selectorString(parseLabelSelector(a)) === selectorString(parseLabelSelector(b)) ? undefined : `${a} and ${b} differ`,
  );
  eachCase(c.setSelectorParser as { in: string; valid: boolean; out?: string; error?: string }[], (t) => {
    const err = errorOf(() => parseLabelSelector(t.in));
    if (t.valid && err) return `${q(t.in)}: ${err}`;
    if (!t.valid) return err === undefined ? `${q(t.in)} parsed` : t.error && err !== t.error ? `${q(t.in)}: ${q(err)}, want ${q(t.error)}` : undefined;
    const out = selectorString(parseLabelSelector(t.in));
    return t.out === undefined || out === t.out ? undefined : `${q(t.in)} parses as ${q(out)}, want ${q(t.out)}`;
  });
});

Then("every case of apimachinery's label selector lexer and operator tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.lexer as { in: string; tokens: string[] }[], (t) => {
    const got = lexTokens(t.in);
    return q(got) === q(t.tokens) ? undefined : `${q(t.in)}: ${q(got)}, want ${q(t.tokens)}`;
  });
  eachCase(c.parseOperator as { in: string; error?: string }[], (t) => {
    const err = errorOf(() => parseOperatorToken(t.in));
    return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
  });
});

Then("every case of apimachinery's requirement tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.requirements as { key: string; op: string; values: string[]; error?: string; errorField?: string }[], (t) => {
    const err = errorOf(() => newRequirement(t.key, t.op, t.values));
    const name = `${t.key.slice(0, 20)} ${t.op} ${q(t.values).slice(0, 40)}`;
    if (t.error !== undefined) return err === t.error ? undefined : `${name}: ${q(err)}, want ${q(t.error)}`;
    if (t.errorField !== undefined) return err?.startsWith(`${t.errorField}: Invalid value: `) ? undefined : `${name}: ${q(err)}, want an Invalid value of ${t.errorField}`;
    return err === undefined ? undefined : `${name}: ${err}`;
  });
  eachCase(c.toString as { requirements: [string, string, string[]][]; out: string }[], (t) => {
    const sel: Requirement[] = t.requirements.map(([k, op, vs]) => newRequirement(k, op, vs));
    const out = selectorString(sel);
    return out === t.out ? undefined : `${q(out)}, want ${q(t.out)}`;
  });
});

Then("every case of apimachinery's label selector matching tables gives upstream's result", function () {
  eachCase(cases().matches as { selector: string; labels: Record<string, string>; match: boolean }[], (t) =>
    matchesLabels(parseLabelSelector(t.selector), t.labels) === t.match ? undefined : `${q(t.selector)} on ${q(t.labels)}: want ${t.match}`,
  );
});

Then("every case of apimachinery's LabelSelector conversion tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.labelSelectorAsSelector as { in: any; nothing?: boolean; out?: string; error?: string }[], (t) => {
    let got: ReturnType<typeof labelSelectorAsSelector> = null;
    const err = errorOf(() => (got = labelSelectorAsSelector(t.in)));
    if (t.error !== undefined) return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
    if (err) return `${q(t.in)}: ${err}`;
    if (t.nothing) return got === null ? undefined : `${q(t.in)}: want Nothing`;
    return got !== null && selectorString(got) === t.out ? undefined : `${q(t.in)}: ${q(got && selectorString(got))}, want ${q(t.out)}`;
  });
  eachCase(c.labelSelectorAsMap as { in: any; out?: any; errorContains?: string }[], (t) => {
    let got: unknown;
    const err = errorOf(() => (got = labelSelectorAsMap(t.in)));
    if (t.errorContains) return err?.includes(t.errorContains) ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.errorContains)}`;
    return err === undefined && q(got) === q(t.out) ? undefined : `${q(t.in)}: ${err ?? q(got)}, want ${q(t.out)}`;
  });
});

Then("every case of apimachinery's field selector tables gives upstream's result", function () {
  const f = cases().fields;
  eachCase(f.parseGood as string[], (s) => {
    const err = errorOf(() => parseFieldSelector(s));
    if (err) return `${q(s)}: ${err}`;
    const out = fieldSelectorString(parseFieldSelector(s));
    return out === s ? undefined : `${q(s)} restrings as ${q(out)}`;
  });
  eachCase(f.parseBad as { in: string; error?: string }[], (t) => {
    const err = errorOf(() => parseFieldSelector(t.in));
    if (err === undefined) return `${q(t.in)} parsed`;
    return t.error === undefined || err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
  });
  eachCase(f.deterministic as [string, string][], ([a, b]) =>
    fieldSelectorString(parseFieldSelector(a)) === fieldSelectorString(parseFieldSelector(b)) ? undefined : `${a} and ${b} differ`,
  );
  eachCase(f.escape as [string, string][], ([raw, escaped]) => {
    if (escapeValue(raw) !== escaped) return `escape ${q(raw)}: ${q(escapeValue(raw))}, want ${q(escaped)}`;
    const back = errorOf(() => unescapeValue(escaped)) ?? unescapeValue(escaped);
    return back === raw ? undefined : `unescape ${q(escaped)}: ${q(back)}, want ${q(raw)}`;
  });
  eachCase(f.invalidEscapes as { in: string; error: string }[], (t) => {
    const err = errorOf(() => unescapeValue(t.in));
    return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
  });
  eachCase(f.matches as { selector: string; fields: Record<string, string>; match: boolean }[], (t) =>
    matchesFieldSet(parseFieldSelector(t.selector), t.fields) === t.match ? undefined : `${q(t.selector)} on ${q(t.fields)}: want ${t.match}`,
  );
  eachCase(f.requiresExactMatch as { selector: string; field: string; value?: string; found: boolean }[], (t) => {
    const v = fieldRequiresExactMatch(parseFieldSelector(t.selector), t.field);
    return (v !== undefined) === t.found && (!t.found || v === t.value) ? undefined : `${q(t.selector)} on ${t.field}: ${q(v)}`;
  });
});
