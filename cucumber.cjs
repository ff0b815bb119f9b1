// Cucumber profiles. One TypeScript loader only: ts-node, transpiling with SWC (tsconfig.json's
// "ts-node": {"swc": true}; ts-node ignores a TS_NODE_SWC variable). No type check here: that is
// the separate `tsc --noEmit` step of `npm test`.
const common = {
  requireModule: ['ts-node/register'],
  require: ['steps/**/*.ts'],
  // No `paths` here: Cucumber would merge them with the command line's, so `cucumber-js x.feature`
  // would run everything. Without any, it runs features/**/*.feature.
  format: ['progress'],
  formatOptions: { snippetInterface: 'synchronous' },
  worldParameters: { propertyRuns: Number(process.env.KUBESPEC_PROPERTY_RUNS || 25) },
};

module.exports = {
  default: { ...common },
  // What CI runs: the same features, with HTML, JUnit and message reports in reports/.
  ci: {
    ...common,
    // Two workers for the two cores CI has (scenarios share nothing but the repository's files).
    parallel: Number(process.env.KUBESPEC_PARALLEL || 2),
    format: [
      'progress',
      'html:reports/cucumber.html',
      'junit:reports/junit.xml',
      'message:reports/messages.ndjson',
    ],
  },
  // The properties with 100 times the runs (KUBESPEC_PROPERTY_RUNS × 100).
  soak: {
    ...common,
    paths: ['features/properties.feature'],
    worldParameters: { propertyRuns: 100 * Number(process.env.KUBESPEC_PROPERTY_RUNS || 25) },
  },
  // What scripts/mutants.js runs against each deliberate bug: the properties and the controller,
  // scheduling and API features, stopping at the first failure (a killed mutant).
  mutants: {
    ...common,
    paths: [
      'features/properties.feature',
      'features/controllers.feature',
      'features/scheduling.feature',
      'features/api-server.feature',
      'features/walkthrough.feature',
      'features/failures.feature',
      'features/kube-proxy.feature',
      'features/paths.feature',
      'features/jobs.feature',
      'features/indexed-jobs.feature',
      'features/schema-property.feature',
      'features/statefulsets.feature',
      'features/probes.feature',
      'features/node-maintenance.feature',
      'features/rollouts.feature',
      'features/pod-network.feature',
      'features/node-authorizer.feature',
      'features/impersonation-filter.feature',
      'features/rbac.feature',
      'features/node-lifecycle-taints.feature',
      // upstream's unit-test tables (a second or two): kill the mutants their cases exposed
      'features/upstream-*.feature',
    ],
    format: ['summary'],
    failFast: true,
  },
  // What `npm run mutate` (stryker.config.mjs) runs against each syntactic mutant of
  // model/{controllers,scheduler,apiserver,node/kubelet}: the features that exercise that code in
  // seconds (no real kubectl, no properties), quiet, as Stryker adds its own formatter.
  mutate: {
    ...common,
    paths: [
      'features/scheduling.feature',
      'features/scheduling-resources.feature',
      'features/component-helpers.feature',
      'features/controllers.feature',
      'features/daemonsets.feature',
      'features/node-failure.feature',
      'features/failures.feature',
      'features/api-server.feature',
      'features/validation.feature',
      'features/pods.feature',
      'features/services.feature',
      'features/kubelet-and-runtime.feature',
      'features/static-pods.feature',
      'features/node-agents.feature',
      'features/walkthrough.feature',
      'features/flow.feature',
      'features/server-side-apply.feature',
      'features/strategic-merge-patch.feature',
      'features/mutation-kills.feature',
      'features/scheduler-*.feature',
      // upstream's own unit-test tables, run on the model's functions (issue 15, item 1)
      'features/upstream-*.feature',
    ],
    format: [],
  },
  // stryker.upstream.config.mjs: upstream's unit-test tables alone, for a quick score of one file.
  'mutate-upstream': {
    ...common,
    paths: ['features/upstream-*.feature'],
    format: [],
  },
  // The @portable scenarios against the cluster of the kubeconfig in KUBESPEC_KUBECONFIG, through
  // @kubernetes/client-node and the real kubectl (steps/drivers/client-node.ts; scripts/portable.sh).
  portable: {
    ...common,
    tags: '@portable',
    worldParameters: { ...common.worldParameters, driver: 'client-node' },
  },
  // A dry run: scripts/lint-steps.js reads its messages and fails on undefined or ambiguous steps.
  lint: {
    ...common,
    dryRun: true,
    format: ['message:reports/lint.ndjson'],
  },
};
