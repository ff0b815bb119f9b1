/**
 * The bug zoo's switch: `KUBESPEC_MUTANT=<name>` turns on one deliberate bug, so the suite can
 * show it kills it (`npm run mutants`). Read once from the environment when this module loads:
 * the model never reads the environment anywhere else, and with no mutant set every switch is off.
 */
const ACTIVE = (typeof process !== 'undefined' && process.env?.KUBESPEC_MUTANT) || '';

/** Every deliberate bug, by name, and where it lives (the list scripts/mutants.js runs). */
export const MUTANTS = {
  'rs-misses-pod-delete': 'replicaset: the Pod delete handler never queues its ReplicaSet (edge-triggered, misses an event)',
  'rs-no-expectations': 'replicaset: syncs act on a stale cache, ignoring expectations (a create based on a stale read)',
  'rs-no-owner-reference': 'replicaset: created Pods carry no ownerReference',
  'rs-ignores-deletion-timestamp': 'replicaset: keeps creating Pods for a ReplicaSet being deleted',
  'rs-unbounded-burst': 'replicaset: creates every missing Pod at once and keeps going after a failure',
  'deployment-ignores-max-surge': 'deployment: a rollout scales the new ReplicaSet up to replicas at once',
  'deployment-ignores-max-unavailable': 'deployment: a rollout scales old ReplicaSets down to 0 at once',
  'gc-orphans': 'garbagecollector: never deletes dependents of a deleted owner',
  'scheduler-ignores-taints': 'scheduler: TaintToleration filter lets every Pod through',
  'scheduler-ignores-resources': 'scheduler: NodeResourcesFit filter lets every Pod through',
  'scheduler-ignores-node-selector': 'scheduler: NodeAffinity filter ignores nodeSelector',
  'apiserver-status-clobbers-spec': 'apiserver: a status update writes the whole object, spec included',
  'apiserver-noop-write-bumps-rv': 'apiserver: an update that changes nothing still writes a new resourceVersion',
  'informer-ignores-deletes': 'informer: DELETED watch events never leave the cache',
  'workqueue-drops-failures': 'workqueue: a key whose reconcile failed is never retried',
  'kubelet-never-restarts': 'kubelet: an exited container is never restarted, whatever the restartPolicy',
  'kube-proxy-leaks-endpoints': 'kube-proxy: endpoints that left a Service keep their KUBE-SEP rules',
  // Issue 15's classes, each killed by a scenario of features/paths.feature that watches the path.
  'fenceposts-round-unavailable-up': 'deployment: a percentage maxUnavailable rounds up (upstream rounds it down), so a rollout drops below its availability bound',
  'fenceposts-round-surge-down': 'deployment: a percentage maxSurge rounds down (upstream rounds it up), so a rollout never uses its whole surge',
  'daemonset-replaces-all-at-once': 'daemonset: a rolling update deletes the old Pod on every node at once, whatever maxUnavailable',
  'taint-eviction-ignores-toleration-seconds': 'tainteviction: a Pod that tolerates a NoExecute taint for tolerationSeconds is evicted at once',
  'endpointslice-terminating-stays-ready': 'endpointslice: the endpoint of a terminating Pod stays ready',
  'gc-foreground-deletes-owner-first': 'garbagecollector: a foreground deletion drops the owner before its dependents are gone',
  'gc-orphan-keeps-owner-references': "garbagecollector: orphaning leaves the deleted owner's reference on the dependents",
  'nodelifecycle-short-grace-period': 'nodelifecycle: a node is marked Unknown after half the node-monitor-grace-period',
  'nodelifecycle-keeps-pods-ready': 'nodelifecycle: the Pods of a node that stopped reporting stay Ready',
  'kubelet-onfailure-restarts-success': 'kubelet: restartPolicy OnFailure also restarts a container that exited 0',
  'kubelet-restart-backoff-constant': 'kubelet: the crash-loop back-off stays at 10s instead of doubling',
  // Issue 15, item 2: each killed by a property of features/properties.feature checking every etcd write.
  'scheduler-ignores-unschedulable': 'scheduler: NodeUnschedulable filter lets every Pod onto a cordoned node',
  'taint-eviction-fifth-of-toleration': 'tainteviction: a Pod tolerating a NoExecute taint is evicted after a fifth of its tolerationSeconds (300 s become 60 s)',
  'daemonset-max-unavailable-off-by-one': 'daemonset: a rolling update takes down one node more than maxUnavailable allows',
  'endpointslice-not-ready-endpoint-ready': 'endpointslice: the endpoint of a Pod that is not Ready (and not terminating) is marked ready',
  'kubelet-never-policy-restarts-failures': 'kubelet: restartPolicy Never still restarts a container that exited with a non-zero code',
  'apiserver-ignores-resource-version': 'apiserver: an update with a stale resourceVersion overwrites the newer object (no 409 Conflict)',
  'kubectl-apply-keeps-removed-fields': 'kubectl: apply never deletes a field removed from the manifest since the last apply',
  'validation-allows-negative-replicas': 'apiserver: a Deployment or ReplicaSet with negative spec.replicas passes validation',
  'rollout-undo-picks-latest': 'kubectl: rollout undo without --to-revision goes to the newest revision instead of the previous one',
  'statefulset-skips-ordering': 'statefulset: OrderedReady acts as Parallel, so web-1 starts before web-0 is Running and Ready',
  'job-counts-failed-as-succeeded': 'job: a Pod that failed is counted in status.succeeded, so a failing Job completes',
  'indexed-job-reuses-index': 'job: an Indexed Job hands out an index whose Pod is still running, so two Pods run the same index',
  'kubelet-ignores-readiness-probe': 'kubelet: a failing readiness probe leaves the container ready, so the Pod stays in its Service',
  'eviction-ignores-pdb': 'apiserver: the eviction subresource ignores PodDisruptionBudgets, so a drain takes every replica at once',
  // Issue 15, upstream tables (features/upstream-nodelifecycle.feature).
  'nodelifecycle-skips-nodes-never-ready': 'nodelifecycle: a Node that never posted Ready is never marked Unknown, however long after its creation',
  'nodelifecycle-no-never-updated-conditions': 'nodelifecycle: a Node marked Unknown does not get the pressure conditions its kubelet never posted',
  'scheduler-queue-add-skips-in-flight': 'scheduler: Add ignores a Pod whose scheduling attempt is in flight, so a re-created Pod waits for a later event',
  // Issue 15, zones and taints by condition (features/upstream-nodelifecycle.feature).
  'zone-state-ignores-threshold': 'nodelifecycle: a zone with more than two Nodes down is partially disrupted whatever the share of them, so a large zone stops evicting after three',
  'noschedule-taint-never-removed': 'nodelifecycle: a NoSchedule taint a condition called for stays after the condition clears, so a recovered Node takes no new Pods',
  // Issue 12 (features/node-authorizer.feature).
  'noderestriction-allows-any-pod': 'apiserver: NodeRestriction lets a kubelet update the status of any Pod, not only those bound to its node',
  // Issue 12 (features/impersonation-filter.feature).
  'impersonation-unchecked': 'apiserver: the impersonation filter never asks the authorizer, so anyone may act as anyone',
  // Issue 12 (features/rbac.feature).
  'rbac-ignores-rolebinding-namespace': 'apiserver: the RBAC authorizer applies a RoleBinding in every namespace, not only its own',
  // Issue 11 (features/pod-network.feature).
  'coredns-lists-unready-endpoints': "coredns: a headless Service's name also lists the endpoints that are not ready",
} as const;

export type MutantName = keyof typeof MUTANTS;

/** True when the named deliberate bug is switched on for this run. */
export function mutant(name: MutantName): boolean {
  return ACTIVE === name;
}

/** The mutant switched on for this run, if any (printed by property failures). */
export function activeMutant(): string {
  return ACTIVE;
}
