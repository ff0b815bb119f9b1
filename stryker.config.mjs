// StrykerJS: syntactic mutation testing of the model's control plane (issue 15, item 4).
// `npm run mutate` mutates the four folders below and runs, for each mutant, only the scenarios of
// the Cucumber `mutate` profile (cucumber.cjs) that reached it in the dry run (perTest coverage),
// stopping at the first failure. Incremental: reports/stryker-incremental.json keeps the results,
// so a re-run tests only the mutants whose code or covering scenarios changed.
// One folder: `npm run mutate -- --mutate 'model/scheduler/**/*.ts'`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'cucumber',
  cucumber: { profile: 'mutate' },
  // Mutants that do not type-check are dropped before any scenario runs.
  checkers: ['typescript'],
  // The bug zoo's switches are not mutated (stryker.bug-zoo-ignorer.mjs says why).
  plugins: ['@stryker-mutator/*', './stryker.bug-zoo-ignorer.mjs'],
  ignorers: ['bug-zoo'],
  // Only the model (what is mutated and what it imports): faster, and steps/ do not matter here.
  tsconfigFile: 'stryker.tsconfig.json',
  mutate: [
    'model/controllers/**/*.ts',
    'model/scheduler/**/*.ts',
    'model/apiserver/**/*.ts',
    'model/node/kubelet/**/*.ts',
  ],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  concurrency: 2,
  // The sandbox lives under reports/ (ignored by git); the reports themselves are not copied into it.
  tempDirName: 'reports/stryker-tmp',
  ignorePatterns: ['reports', 'bench', '.git'],
  reporters: ['html', 'clear-text', 'progress', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: false },
  // Virtual time: a mutant that loops forever never returns, so the timeout is on the wall clock.
  timeoutMS: 10000,
  timeoutFactor: 2,
  thresholds: { high: 90, low: 80, break: null },
};
