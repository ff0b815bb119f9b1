// Cucumber profiles. One TypeScript loader only: ts-node, transpiling with SWC (no type check
// here; the type check is a separate `tsc --noEmit` step of `npm test`).
process.env.TS_NODE_SWC = 'true';
const common = {
  requireModule: ['ts-node/register'],
  require: ['steps/**/*.ts'],
  paths: ['features/**/*.feature'],
  format: ['progress'],
  formatOptions: { snippetInterface: 'synchronous' },
  worldParameters: { propertyRuns: Number(process.env.KUBESPEC_PROPERTY_RUNS || 25) },
};

module.exports = {
  default: { ...common },
  // What CI runs: the same features, with HTML, JUnit and message reports in reports/.
  ci: {
    ...common,
    format: [
      'progress',
      'html:reports/cucumber.html',
      'junit:reports/junit.xml',
      'message:reports/messages.ndjson',
    ],
  },
  // A dry run: scripts/lint-steps.js reads its messages and fails on undefined or ambiguous steps.
  lint: {
    ...common,
    dryRun: true,
    format: ['message:reports/lint.ndjson'],
  },
};
