// A quick mutation score for one file against upstream's unit-test tables only (the Cucumber
// `mutate-upstream` profile: features/upstream-*.feature, a second or two per run), where the
// full `npm run mutate` profile takes hours on a small machine. One file at a time:
//   nice -n 19 npx stryker run stryker.upstream.config.mjs --mutate model/scheduler/queue/scheduling-queue.ts
import base from './stryker.config.mjs';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  cucumber: { profile: 'mutate-upstream' },
  incremental: false,
  concurrency: 1,
  timeoutMS: 5000,
  htmlReporter: { fileName: 'reports/mutation-upstream/index.html' },
  jsonReporter: { fileName: 'reports/mutation-upstream/mutation.json' },
};
