/**
 * Validation as upstream's: apimachinery's name tables (validation_test.go) run against the
 * model's checks, and fixture objects sent through the model's API whose Status causes must
 * read as kube-apiserver 1.32's (steps/fixtures/validation-*.json).
 */
import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ADMIN_TOKEN } from '../model/cluster';
import { resourceByName } from '../model/api/registry';
import { StatusError } from '../model/api/status';
import * as names from '../model/api/validation';
import type { KubespecWorld } from './world';

const FIXTURES = path.join(__dirname, 'fixtures');
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8'));

type Check = (v: string) => string[];
const CHECKS: Record<string, Check> = {
  isDNS1123Label: names.isDNS1123Label,
  isDNS1123Subdomain: names.isDNS1123Subdomain,
  isDNS1035Label: names.isDNS1035Label,
  isValidPortName: names.isValidPortName,
  isQualifiedName: names.isQualifiedName,
  isValidLabelValue: names.isValidLabelValue,
  isConfigMapKey: names.isConfigMapKey,
  isValidPercent: names.isValidPercent,
};

Then("upstream's good and bad values of {word} are judged as upstream judges them", function (this: KubespecWorld, fn: string) {
  const fixture = load('validation-names.json');
  const wrong: string[] = [];
  if (fn === 'isValidPortNum') {
    for (const v of fixture.ports.good as number[]) if (names.isValidPortNum(v).length) wrong.push(`${v} rejected`);
    for (const v of fixture.ports.bad as number[]) if (!names.isValidPortNum(v).length) wrong.push(`${v} accepted`);
  } else {
    const check = CHECKS[fn];
    const table = fixture.names[fn];
    expect({ fn, known: check !== undefined && table !== undefined }).toEqual({ fn, known: true });
    for (const v of table.good as string[]) if (check(v).length) wrong.push(`${JSON.stringify(v)} rejected: ${check(v).join('; ')}`);
    for (const v of table.bad as string[]) if (!check(v).length) wrong.push(`${JSON.stringify(v)} accepted`);
  }
  expect(wrong).toEqual([]);
});

Then('each name check says what upstream says of its example', function (this: KubespecWorld) {
  const { messages } = load('validation-names.json') as { messages: [string, string, string[]][] };
  const got = messages.map(([fn, value]) => [fn, value, CHECKS[fn](value)]);
  expect(got).toEqual(messages);
});

/** What the API answered for one fixture case: the causes as "field: message", or the error. */
function attempt(world: KubespecWorld, verb: 'create' | 'patch', resource: string, body: any, name?: string, dryRun = false): string[] {
  const r = resourceByName(resource)!;
  try {
    world.cluster.apiserver.handle({
      verb,
      token: ADMIN_TOKEN,
      resource,
      namespace: r.namespaced ? 'default' : undefined,
      name,
      body,
      // Strategic, as kubectl patch sends: a Pod's containers merge by name, keeping the volume mounts
      // the ServiceAccount admission plugin added (a merge patch would replace the list and be refused).
      ...(verb === 'patch' ? { patchType: 'strategic' as const } : {}),
      ...(dryRun ? { query: { dryRun: 'All' } } : {}),
    });
    return [];
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    const s = e.status;
    if (s.code !== 422 || s.reason !== 'Invalid') return [`${s.code} ${s.reason}: ${s.message}`];
    const causes = (s.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);
    // The message aggregates the same errors: one bare, several in brackets.
    const agg = causes.length === 1 ? causes[0] : `[${causes.join(', ')}]`;
    expect(s.message).toBe(`${r.kind}${r.group ? '.' + r.group : ''} ${JSON.stringify(s.details?.name ?? '')} is invalid: ${agg}`);
    return causes;
  }
}

interface Case {
  title: string;
  resource: string;
  object: any;
  patch?: any;
  causes: string[];
}

When('each object of the validation fixture is created through the API, as a dry run', function (this: KubespecWorld) {
  const cases = load('validation-objects.json').create as Case[];
  (this as any).validationResults = cases.map((c) => ({ title: c.title, causes: attempt(this, 'create', c.resource, c.object, undefined, true) }));
  (this as any).validationExpected = cases.map((c) => ({ title: c.title, causes: c.causes }));
});

When('each object of the validation fixture is created, then patched', function (this: KubespecWorld) {
  const cases = load('validation-objects.json').update as Case[];
  const results = cases.map((c, i) => {
    // A name of its own per case, so each update meets the object it created.
    const object = { ...c.object, metadata: { ...c.object.metadata, name: `update-${i}` } };
    const created = attempt(this, 'create', c.resource, object);
    expect({ title: c.title, created }).toEqual({ title: c.title, created: [] });
    return { title: c.title, causes: attempt(this, 'patch', c.resource, c.patch, object.metadata.name) };
  });
  (this as any).validationResults = results;
  (this as any).validationExpected = cases.map((c) => ({ title: c.title, causes: c.causes }));
});

Then('each is answered with upstream\'s Status causes', function (this: KubespecWorld) {
  const w = this as any;
  expect(w.validationResults.length).toBeGreaterThan(0);
  expect(w.validationResults).toEqual(w.validationExpected);
});
