/**
 * The play-fuzz property (@property): generated play scripts run through `kubespec play` in
 * process. Whatever the script, the play ends with 0 (it ran), 1 (a line it cannot run) or 2
 * (usage), and prints no JavaScript internals; 70 is a model bug and fails the property with
 * the script that found it.
 */
import { Then } from '@cucumber/cucumber';
import fc from 'fast-check';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runKubespecPlay } from './play-run';
import { playScript } from './properties/play-scripts';
import type { KubespecWorld } from './world';

/** What a JavaScript engine or a careless template prints, never kubectl or a node tool. */
const INTERNALS: [string, RegExp][] = [
  ['undefined', /\bundefined\b/],
  ['[object Object]', /\[object \w+\]/],
  ['a stack frame', /^\s+at .*[(:]\d+/m],
  ['an engine message', /Cannot (read|set) properties of|is not a function|is not iterable|is not defined|Cannot create property|Maximum call stack|in JSON at position|Unexpected token|Invalid time value|Invalid array length/],
  ['NaN', /\bNaN\b/],
];

/** A quarter of the world's property runs: each run boots a cluster and plays up to 8 lines. */
const runsOf = (w: KubespecWorld) => Math.max(3, Math.round(w.parameters.propertyRuns / 4));

Then('no generated play script crashes the play or prints JavaScript internals', { timeout: 15 * 60_000 }, function (this: KubespecWorld) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubespec-fuzz-'));
  const file = path.join(dir, 'fuzz.play');
  try {
    fc.assert(
      fc.property(playScript, (script) => {
        fs.writeFileSync(file, script + '\n');
        const run = runKubespecPlay([file]);
        const printed = run.stdout + run.stderr;
        if (![0, 1, 2].includes(run.status)) throw new Error(`the play exited ${run.status}:\n${run.stderr}\n--- script ---\n${script}`);
        // The script's own text is echoed in the transcript: look only at what the play printed.
        const own = printed.replace(/^\$ .*$/gm, '');
        for (const [what, re] of INTERNALS) {
          const scriptHas = re.test(script);
          if (!scriptHas && re.test(own)) throw new Error(`the play printed ${what}:\n${printed}\n--- script ---\n${script}`);
        }
      }),
      { seed: Number(process.env.KUBESPEC_SEED ?? 20260113), numRuns: runsOf(this), endOnFailure: true },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
