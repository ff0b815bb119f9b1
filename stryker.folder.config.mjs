// StrykerJS over one of the four folders, with only the scenarios that exercise that folder
// (issue 15, item 4). The whole `mutate` profile on a folder takes hours on a small machine; a
// folder's own features, with perTest coverage (each mutant runs only the scenarios that reached
// it in the dry run), take minutes to an hour, and the incremental file makes the next run cost
// only what changed.
//   STRYKER_FOLDER=scheduler nice -n 10 npx stryker run stryker.folder.config.mjs
//   (or `npm run mutate:scheduler`; one file: add --mutate model/scheduler/eventhandlers.ts)
// The incremental file is tracked (test/stryker/<folder>.incremental.json, not reports/): a
// scheduled CI run starts from it and tests again only the mutants whose code, or whose covering
// feature files, changed. Step definitions are not in it: after changing steps/, add --force.
import base from './stryker.config.mjs';

/**
 * Parts of a folder too big for one run on a small machine (model/controllers: every cluster
 * scenario runs the Deployment controller, so a surviving mutant there re-runs a hundred of
 * them; model/apiserver: about 8,000 mutants). A part mutates some subfolders against the
 * features written for them, and keeps its own tracked file
 * (test/stryker/<folder>.<part>.incremental.json), saved when the part ends; `npm run
 * mutate:report` adds the parts up. A mutant that only another feature would kill counts
 * as surviving here: a part's score is a lower bound of the folder's.
 *   STRYKER_FOLDER=controllers STRYKER_PART=deployment npx stryker run stryker.folder.config.mjs
 */
const C = 'model/controllers';
const A = 'model/apiserver';
const PARTS = {
  controllers: {
    // The Deployment controller apart from the ReplicaSet controller and the shared util: a
    // surviving mutant re-runs rollouts.feature's clusters, and a part banks its results only
    // when it ends (together they did not end within a two-core session).
    deployment: {
      mutate: [`${C}/deployment/**/*.ts`],
      features: ['features/upstream-deployment.feature', 'features/upstream-deployment-controller.feature', 'features/rollouts.feature', 'features/controllers.feature'],
    },
    replicaset: {
      mutate: [`${C}/replicaset/**/*.ts`, `${C}/util/**/*.ts`, `${C}/*.ts`],
      features: [
        'features/upstream-replicaset.feature',
        'features/upstream-replicaset-controller.feature',
        'features/upstream-deployment.feature',
        'features/upstream-controller-util.feature',
        'features/controllers.feature',
        'features/logs.feature',
        'features/controller-serviceaccounts.feature',
      ],
    },
    daemonset: {
      mutate: [`${C}/daemonset/**/*.ts`],
      // kube-proxy and flannel are DaemonSets: their features, and drain's, watch the controller too.
      features: [
        'features/upstream-daemonset.feature',
        'features/daemonsets.feature',
        'features/daemonset-history.feature',
        'features/node-maintenance.feature',
        'features/node-lifecycle-taints.feature',
        'features/kube-proxy.feature',
        'features/kube-proxy-experiment.feature',
      ],
    },
    nodes: {
      mutate: [`${C}/nodelifecycle/**/*.ts`, `${C}/tainteviction/**/*.ts`, `${C}/nodeipam/**/*.ts`, `${C}/garbagecollector/**/*.ts`, `${C}/podgc/**/*.ts`],
      features: [
        'features/upstream-nodelifecycle.feature',
        'features/upstream-tainteviction.feature',
        'features/upstream-podgc.feature',
        'features/upstream-nodeipam.feature',
        'features/upstream-garbagecollector.feature',
        'features/node-failure.feature',
        'features/node-lifecycle-taints.feature',
      ],
    },
    workloads: {
      mutate: [`${C}/job/**/*.ts`, `${C}/cronjob/**/*.ts`, `${C}/statefulset/**/*.ts`],
      features: [
        'features/upstream-job.feature',
        'features/upstream-cronjob.feature',
        'features/upstream-statefulset.feature',
        'features/upstream-statefulset-controller.feature',
        'features/jobs.feature',
        'features/indexed-jobs.feature',
        'features/cronjobs.feature',
        'features/statefulsets.feature',
      ],
    },
    // The services part of the first run (49.0 %, 2026-12-02) split in four after the upstream
    // tables of CT44-CT51: with every cluster feature that reads Services, PDBs or volumes (kube-proxy,
    // pod-network, statefulsets, rbac...), each surviving mutant re-ran about 130 scenarios and a
    // --force run of the whole part did 800 of 2,587 mutants in 30 minutes. Each part now reads its
    // controller's upstream tables and the few cluster features written for it.
    endpointslice: {
      mutate: [`${C}/endpointslice/**/*.ts`],
      features: [
        'features/upstream-endpointslice.feature',
        'features/upstream-endpointslice-controller.feature',
        'features/services.feature',
        // Endpoint conditions while a Pod starts, is not ready and terminates.
        'features/pod-network.feature',
      ],
    },
    disruption: {
      mutate: [`${C}/disruption/**/*.ts`],
      // Drain against PodDisruptionBudgets.
      features: ['features/upstream-disruption.feature', 'features/node-maintenance.feature'],
    },
    storage: {
      mutate: [`${C}/volume/**/*.ts`],
      // The local-path provisioner's PV, events, reclaim policies and the claims it leaves alone (CT51).
      features: ['features/upstream-pv-binder.feature', 'features/storage.feature', 'features/local-path-provisioner.feature'],
    },
    services: {
      mutate: [`${C}/namespace/**/*.ts`, `${C}/clusterroleaggregation/**/*.ts`, `${C}/rootcacertpublisher/**/*.ts`, `${C}/serviceaccount/**/*.ts`],
      features: [
        'features/upstream-namespace.feature',
        // The aggregation, ServiceAccount and root CA publisher controllers' own upstream tests.
        'features/upstream-controller-publishers.feature',
        'features/namespaces.feature',
        'features/controller-serviceaccounts.feature',
        // kube-root-ca.crt in every namespace.
        'features/serviceaccounts.feature',
        // The aggregated admin, edit and view roles.
        'features/rbac.feature',
      ],
    },
  },
  apiserver: {
    // Authorization apart from authentication: every request of every cluster scenario passes
    // both, so a surviving mutant re-ran all thirteen features (the joint part did not end
    // within a session).
    // The RBAC and Node authorizers and the review APIs; the bootstrap policy's role tables
    // (string literals, two thirds of the folder's mutants) are their own part.
    authorization: {
      mutate: [`${A}/authorization/**/*.ts`, `!${A}/authorization/bootstrap-policy/**`, `${A}/reviews/**/*.ts`],
      features: [
        // Upstream's RBAC, escalation and review tables (AP29-AP34) first: they kill fastest.
        'features/upstream-rbac.feature',
        'features/upstream-reviews.feature',
        'features/upstream-node-authorizer.feature',
        'features/rbac.feature',
        'features/rbac-rule-evaluation.feature',
        'features/rbac-validation.feature',
        'features/namespace-authorization.feature',
        'features/auth-can-i-answers.feature',
        'features/auth-unauthorized.feature',
        'features/node-authorizer.feature',
      ],
    },
    // The role tables are string literals checked against upstream's testdata without a cluster
    // (CT52) and the post-start hook's reconciliation against upstream's tables (CT53): with the
    // cluster features here, each surviving mutant would re-run every boot.
    'bootstrap-policy': {
      mutate: [`${A}/authorization/bootstrap-policy/**/*.ts`],
      features: ['features/upstream-bootstrap-policy.feature'],
    },
    authentication: {
      mutate: [`${A}/authentication/**/*.ts`, `${A}/serviceaccount-token/**/*.ts`],
      features: [
        'features/authentication.feature',
        'features/impersonation-filter.feature',
        'features/impersonation-headers.feature',
        'features/auth-unauthorized.feature',
        'features/auth-whoami-serviceaccount.feature',
        'features/serviceaccounts.feature',
        'features/pod-api-access.feature',
      ],
    },
    validation: {
      mutate: [`${A}/validation/**/*.ts`, `${A}/admission/**/*.ts`, `${A}/defaults*.ts`, `${A}/admission-storageclass.ts`, `${A}/pod-qos.ts`, `${A}/object-meta.ts`],
      features: [
        'features/validation.feature',
        'features/upstream-core-validation.feature',
        'features/upstream-pod-qos.feature',
        'features/upstream-defaults.feature',
        'features/upstream-admission.feature',
        'features/objectmeta-validation.feature',
        'features/bad-input.feature',
        // Short features that reach what the others do not: RBAC objects, NodeRestriction, and
        // the StatefulSet and Job tables. (The cluster features that create Secrets, StatefulSets
        // or Jobs would re-run for every surviving Pod validation mutant: hours.)
        'features/rbac-validation.feature',
        'features/node-authorizer.feature',
        // NodeRestriction's own tables (AP37).
        'features/upstream-node-authorizer.feature',
        'features/upstream-statefulset.feature',
        'features/upstream-job.feature',
      ],
    },
    printers: {
      mutate: [`${A}/printers/**/*.ts`, `${A}/table.ts`],
      features: ['features/upstream-printers.feature', 'features/server-side-printing.feature', 'features/kubectl-printers.feature', 'features/kubectl-events.feature'],
    },
    encoding: {
      mutate: [`${A}/decoding/**/*.ts`, `${A}/openapi/**/*.ts`, `${A}/fieldmanager/**/*.ts`],
      features: [
        'features/api-decoding.feature',
        'features/protobuf.feature',
        'features/server-side-apply.feature',
        'features/strategic-merge-patch.feature',
        'features/managed-fields-paths.feature',
        'features/kubectl-patch.feature',
        'features/bad-input.feature',
        'features/discovery.feature',
      ],
    },
    // The registry: the verbs' handlers, storage, watch and the watch cache, field selectors.
    storage: {
      mutate: [
        `${A}/handlers/**/*.ts`,
        `${A}/request.ts`,
        `${A}/objects.ts`,
        `${A}/deletion-finalizers.ts`,
        `${A}/storage-hooks.ts`,
        `${A}/watch.ts`,
        `${A}/watchcache.ts`,
        `${A}/cache-store.ts`,
        `${A}/decoded-event.ts`,
        `${A}/pagination.ts`,
        `${A}/compactor.ts`,
        `${A}/fieldlabels.ts`,
      ],
      features: [
        'features/upstream-registry.feature',
        'features/api-server.feature',
        'features/selectors.feature',
        'features/etcd-compaction.feature',
        'features/http-api.feature',
      ],
    },
    // The server around the registry, and the strategies of a few resources: the other top-level files.
    server: {
      mutate: [
        `${A}/*.ts`,
        `!${A}/defaults*.ts`,
        `!${A}/admission-storageclass.ts`,
        `!${A}/pod-qos.ts`,
        `!${A}/object-meta.ts`,
        `!${A}/table.ts`,
        `!${A}/request.ts`,
        `!${A}/objects.ts`,
        `!${A}/deletion-finalizers.ts`,
        `!${A}/storage-hooks.ts`,
        `!${A}/watch.ts`,
        `!${A}/watchcache.ts`,
        `!${A}/cache-store.ts`,
        `!${A}/decoded-event.ts`,
        `!${A}/pagination.ts`,
        `!${A}/compactor.ts`,
        `!${A}/fieldlabels.ts`,
      ],
      features: [
        'features/request-info.feature',
        'features/discovery.feature',
        'features/http-api.feature',
        'features/api-server.feature',
        // ClusterIP and NodePort allocation, evictions against budgets, the kubelet's proxied endpoints.
        'features/services.feature',
        'features/node-maintenance.feature',
        'features/upstream-disruption.feature',
        'features/logs.feature',
        'features/upstream-job.feature',
      ],
    },
  },
};

/** A folder's features: its parts' features, each once, and any others. */
function featuresOf(parts, others = []) {
  return [...new Set([...Object.values(parts).flatMap((p) => p.features), ...others])];
}

/** Per folder: what is mutated, and the features that test it (globs, as cucumber-js takes them). */
const FOLDERS = {
  scheduler: {
    mutate: ['model/scheduler/**/*.ts'],
    features: [
      'features/upstream-scheduler-*.feature',
      'features/upstream-scheduling-queue.feature',
      'features/scheduling.feature',
      'features/scheduling-resources.feature',
      'features/scheduler-*.feature',
      'features/mutation-kills.feature',
    ],
  },
  kubelet: {
    mutate: ['model/node/kubelet/**/*.ts'],
    features: [
      'features/upstream-kubelet.feature',
      // every upstream-kubelet-* table: pod workers, probes, static and mirror Pods, lease, volumes
      'features/upstream-kubelet-*.feature',
      'features/kubelet-*.feature',
      'features/pods.feature',
      'features/probes.feature',
      'features/static-pods.feature',
      'features/node-agents.feature',
      'features/failures.feature',
      // exec, logs, configuration volumes, projected tokens, service env: server.ts, exec-inspect.ts,
      // volumes.ts, token-manager.ts, service-env.ts are reached only from these.
      'features/configuration.feature',
      'features/logs.feature',
      'features/remote-command.feature',
      'features/service-env.feature',
      'features/serviceaccounts.feature',
      'features/pod-api-access.feature',
      'features/storage.feature',
      'features/pod-network.feature',
      'features/mutation-kills.feature',
    ],
  },
  // The two folders measured in parts: every part's features, and what no part takes.
  controllers: { mutate: ['model/controllers/**/*.ts'], features: featuresOf(PARTS.controllers, ['features/paths.feature']) },
  apiserver: { mutate: ['model/apiserver/**/*.ts'], features: featuresOf(PARTS.apiserver) },
};

const name = process.env.STRYKER_FOLDER;
const whole = FOLDERS[name];
if (!whole) throw new Error(`STRYKER_FOLDER must be one of ${Object.keys(FOLDERS).join(', ')} (got ${name})`);
const partName = process.env.STRYKER_PART;
const parts = PARTS[name] ?? {};
if (partName && !parts[partName]) throw new Error(`STRYKER_PART for ${name} must be one of ${Object.keys(parts).join(', ') || '(none)'} (got ${partName})`);
const folder = partName ? parts[partName] : whole;
const id = partName ? `${name}.${partName}` : name;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: folder.mutate,
  // The `mutate-upstream` profile only for its settings (steps, no formatter); the paths are these.
  // STRYKER_FEATURES=a.feature,b.feature narrows a restricted run to the features that matter for
  // the files it mutates (a quick check while killing survivors; mutants reached only by the other
  // features then show as not covered, so never track such a run's results).
  cucumber: {
    profile: 'mutate-upstream',
    features: process.env.STRYKER_FEATURES ? process.env.STRYKER_FEATURES.split(',') : folder.features,
  },
  // Timeouts are on the wall clock: a helper's work beside the run (two cores) makes a slow
  // scenario time out and count as detected. A wider margin costs only the few true
  // infinite-loop mutants some seconds each.
  timeoutFactor: 4,
  timeoutMS: 20000,
  incremental: true,
  incrementalFile: `test/stryker/${id}.incremental.json`,
  // A mutant reached only while modules load (a top-level constant) would need every scenario of
  // the folder re-run in a fresh process; they are reported as ignored instead of tested.
  ignoreStatic: true,
  // The controllers folder's dry run (every feature once, with coverage) passes Stryker's default
  // 5 minutes on a shared two-core machine, and a timed-out dry run ends the whole run.
  dryRunTimeoutMinutes: 30,
  // One worker: the machine is shared, and two cucumber processes on two cores gain little.
  concurrency: Number(process.env.STRYKER_CONCURRENCY || 1),
  tempDirName: `reports/stryker-tmp-${id}`,
  htmlReporter: { fileName: `reports/mutation/${id}/index.html` },
  jsonReporter: { fileName: `reports/mutation/${id}/mutation.json` },
};
