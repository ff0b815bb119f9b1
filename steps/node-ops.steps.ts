import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';
import { ConfigError, parseClusterConfig } from '../model/cluster-config';

// Each regex must match some line (searched, not anchored), after the line the previous one matched.
Then('the output has lines matching, in order:', function (this: KubespecWorld, text: string) {
  const lines = this.output.split('\n');
  let at = 0;
  for (const re of text.trimEnd().split('\n')) {
    const rx = new RegExp(re);
    const i = lines.findIndex((l, k) => k >= at && rx.test(l));
    expect({ pattern: re, found: i >= 0 }).toEqual({ pattern: re, found: true });
    at = i + 1;
  }
});

// Node tools log to stderr (etcdctl's zap lines): checked apart from what they print on stdout.
Then('the error output contains {string}', function (this: KubespecWorld, text: string) {
  expect(this.last?.stderr).toContain(text);
});

interface NotedWorld extends KubespecWorld {
  noted?: string;
}

When('I note the output', function (this: NotedWorld) {
  this.noted = this.output;
});

Then('the output is the noted output', function (this: NotedWorld) {
  expect(this.noted).toBeDefined();
  expect(this.output).toBe(this.noted);
});

interface ConfigWorld extends KubespecWorld {
  configError?: string;
}

When('I give this cluster config:', function (this: ConfigWorld, text: string) {
  try {
    parseClusterConfig(text);
    this.configError = '';
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    this.configError = e.message;
  }
});

Then('the config is refused with {string}', function (this: ConfigWorld, message: string) {
  expect(this.configError).toBe(message);
});

// `crictl ps` rows: the POD ID column of each named container must be the same sandbox.
Then('the output lists {string} and {string} under one POD ID', function (this: KubespecWorld, a: string, b: string) {
  const lines = this.output.split('\n');
  const header = lines[0] ?? '';
  const col = header.indexOf('POD ID');
  expect(col).toBeGreaterThan(0);
  const podIdOf = (name: string) => {
    const row = lines.find((l) => l.split(/\s{2,}/)[4] === name);
    return row ? row.slice(col).split(/\s+/)[0] : undefined;
  };
  const [ia, ib] = [podIdOf(a), podIdOf(b)];
  expect(ia).toMatch(/^[0-9a-f]{13}$/);
  expect(ib).toBe(ia);
});
