/**
 * Upstream's own tables for resource.Quantity and intstr.IntOrString
 * (steps/fixtures/quantity-upstream-cases.json, ported from apimachinery's quantity_test.go and
 * intstr_test.go and the deployment controller's util tests), run against the model.
 */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseQuantity, parseQuantityString, Quantity, quantityFromJSON, type Format } from '../model/api/quantity';
import { getScaledValueFromIntOrPercent, intOrPercentValue, resolveFenceposts } from '../model/controllers/util/intstr';
import { eachCase, errorOf } from './upstream/fixtures';

const cases = () => JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'quantity-upstream-cases.json'), 'utf8'));
const q = JSON.stringify;

/** "901e-2" as a Quantity of that exact value. */
function decimal(value: string, format: Format): Quantity {
  const [u, e] = value.split('e');
  return new Quantity(BigInt(u), Number(e), format);
}

Then("every case of apimachinery's quantity parse tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.parse as { in: string; value: string; format: Format }[], (t) => {
    for (const [sign, input] of [
      ['', t.in],
      ['-', `-${t.in}`],
      ['+', `+${t.in}`],
    ]) {
      const err = errorOf(() => parseQuantity(input));
      if (err) return `${q(input)}: ${err}`;
      const got = parseQuantity(input);
      const want = decimal(t.value, t.format);
      if (sign === '-') want.neg();
      if (got.cmp(want) !== 0) return `${q(input)}: ${got.unscaled}e${got.exp}, want ${t.value}`;
      if (got.format !== t.format) return `${q(input)}: format ${got.format}, want ${t.format}`;
    }
    return undefined;
  });
  eachCase(c.invalid as { in: string; error: string }[], (t) => {
    const err = errorOf(() => parseQuantity(t.in));
    return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
  });
  eachCase(c.parseQuantityString as { in: string; positive: boolean; value: string; num: string; denom: string; suffix: string }[], (t) => {
    const { positive, value, num, denom, suffix } = parseQuantityString(t.in);
    const got = { positive, value, num, denom, suffix };
    const want = { positive: t.positive, value: t.value, num: t.num, denom: t.denom, suffix: t.suffix };
    return q(got) === q(want) ? undefined : `${q(t.in)}: ${q(got)}, want ${q(want)}`;
  });
});

Then("every case of apimachinery's quantity string tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.string as { value: string; format: Format; expect: string; alternate?: string }[], (t) => {
    const got = decimal(t.value, t.format).toString();
    if (got !== t.expect) return `${t.value} ${t.format}: ${q(got)}, want ${q(t.expect)}`;
    if (!decimal(t.value, t.format).isZero()) {
      const neg = decimal(t.value, t.format);
      neg.neg();
      if (neg.toString() !== `-${t.expect}`) return `-${t.value} ${t.format}: ${q(neg.toString())}, want ${q(`-${t.expect}`)}`;
    }
    if (parseQuantity(t.expect).toString() !== t.expect) return `${q(t.expect)} does not keep its canonical text`;
    if (t.alternate !== undefined && parseQuantity(t.alternate).toString() !== t.expect)
      return `${q(t.alternate)}: ${q(parseQuantity(t.alternate).toString())}, want ${q(t.expect)}`;
    return undefined;
  });
  eachCase(c.parseEmit as [string, string][], ([input, want]) => {
    for (const [i, w] of [
      [input, want],
      [`-${input}`, `-${want}`],
    ]) {
      const got = parseQuantity(i).toString();
      if (got !== w) return `${q(i)}: ${q(got)}, want ${q(w)}`;
    }
    return undefined;
  });
  eachCase(c.jsonWhitespace as [string | number, string][], ([raw, want]) => {
    const got = quantityFromJSON(raw)?.toString();
    return got === want ? undefined : `${q(raw)}: ${q(got)}, want ${q(want)}`;
  });
});

Then("every case of apimachinery's quantity rounding and scaling tables gives upstream's result", function () {
  const c = cases();
  eachCase(c.roundUp as { in: string; scale: number; value: string; ok: boolean }[], (t) => {
    const got = parseQuantity(t.in);
    const ok = got.roundUp(t.scale);
    if (ok !== t.ok) return `${t.in} at ${t.scale}: ok ${ok}, want ${t.ok}`;
    return got.cmp(decimal(t.value, 'DecimalSI')) === 0 ? undefined : `${t.in} at ${t.scale}: ${got}, want ${t.value}`;
  });
  eachCase(c.scaledValue as { from: number; to: number; expect: number }[], (t) => {
    const got = new Quantity(1n, t.from, 'DecimalSI').scaledValue(t.to);
    return got === t.expect ? undefined : `1e${t.from} at ${t.to}: ${got}, want ${t.expect}`;
  });
  eachCase(c.approximateFloat64 as [string, number][], ([s, want]) => {
    const got = parseQuantity(s).asApproximateFloat64();
    return got === want ? undefined : `${s}: ${got}, want ${want}`;
  });
});

Then("every case of apimachinery's int-or-string tables gives upstream's result", function () {
  const c = cases().intstr;
  eachCase(c.intOrPercentSafely as { in: number | string; value?: number; percent?: boolean; error?: string }[], (t) => {
    let got: { value: number; isPercent: boolean } | undefined;
    const err = errorOf(() => (got = intOrPercentValue(t.in)));
    if (t.error !== undefined) return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
    return got && got.value === t.value && got.isPercent === t.percent ? undefined : `${q(t.in)}: ${err ?? q(got)}`;
  });
  eachCase(c.scaled as { in: number | string | null; total: number; roundUp: boolean; value?: number; error?: string }[], (t) => {
    let got: number | undefined;
    const err = errorOf(() => (got = getScaledValueFromIntOrPercent(t.in, t.total, t.roundUp)));
    if (t.error !== undefined) return err === t.error ? undefined : `${q(t.in)}: ${q(err)}, want ${q(t.error)}`;
    return got === t.value ? undefined : `${q(t.in)} of ${t.total}: ${err ?? got}, want ${t.value}`;
  });
  eachCase(c.fenceposts as { maxSurge: unknown; maxUnavailable: unknown; desired: number; surge?: number; unavailable?: number; error?: boolean }[], (t) => {
    let got: { surge: number; unavailable: number } | undefined;
    const err = errorOf(() => (got = resolveFenceposts(t.maxSurge, t.maxUnavailable, t.desired)));
    const name = `${q(t.maxSurge)}/${q(t.maxUnavailable)} of ${t.desired}`;
    if (t.error) return err !== undefined ? undefined : `${name}: want an error`;
    return got && got.surge === t.surge && got.unavailable === t.unavailable ? undefined : `${name}: ${err ?? q(got)}`;
  });
});
