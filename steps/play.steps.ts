import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import * as path from 'node:path';
import { runPlay } from '../cli/play';
import type { KubespecWorld } from './world';

const ROOT = path.join(__dirname, '..');

When('I play {string} with seed {int} twice', function (this: KubespecWorld, script: string, seed: number) {
  (this as any).transcripts = [runPlay(path.join(ROOT, script), { seed }), runPlay(path.join(ROOT, script), { seed })];
});

When('I play {string} with seed {int} and with seed {int}', function (this: KubespecWorld, script: string, a: number, b: number) {
  (this as any).transcripts = [runPlay(path.join(ROOT, script), { seed: a }), runPlay(path.join(ROOT, script), { seed: b })];
});

Then('both transcripts are identical', function (this: KubespecWorld) {
  const [a, b] = (this as any).transcripts as string[];
  expect(a.length).toBeGreaterThan(0);
  expect(b).toBe(a);
});

Then('the transcripts differ', function (this: KubespecWorld) {
  const [a, b] = (this as any).transcripts as string[];
  expect(b).not.toBe(a);
});

/** The last `kubectl get pods` table of each transcript lists 3 nginx Pods Running on workers. */
Then('both transcripts end with 3 Running nginx Pods', function (this: KubespecWorld) {
  for (const t of (this as any).transcripts as string[]) {
    const blocks = t.split(/^\$ /m);
    const lastGet = [...blocks].reverse().find((b) => b.startsWith('kubectl get pods'));
    expect(lastGet).toBeDefined();
    const rows = lastGet!.split('\n').filter((l) => /^nginx-/.test(l));
    expect(rows.length).toBe(3);
    for (const r of rows) {
      expect(r).toMatch(/\s1\/1\s+Running\s/);
      expect(r).toMatch(/k8s-worker-[12]/);
    }
  }
});
