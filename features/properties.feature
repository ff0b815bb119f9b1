Feature: Properties: the reconcile loops converge, whatever the cluster, workload, faults and interleaving
  A scenario shows a reconcile loop once; a property shows it for every case fast-check
  generates within bounds: clusters of 1–6 nodes; Deployments (int and percentage maxSurge and
  maxUnavailable), ReplicaSets, DaemonSets (maxUnavailable) and bare Pods (every restart policy,
  containers that exit with a code), some behind a Service, some tolerating NoExecute taints for a
  while; user actions (scale, delete a Pod, edit the template, delete with Foreground, Background
  or Orphan propagation, cordon and uncordon, a NoExecute taint on and off, two clients writing
  from stale reads, kubectl apply of a manifest that then drops fields); crashed and restarted
  components, failed API requests, broken, delayed and repeated watch streams, nodes lost for
  less or more than the grace period; and the order in which ready components run.

  The bounds of a case: at most `workers` worker nodes (at least `min_workers`), `workloads`
  workloads of the `kinds` listed, `actions` user actions (at least `min_actions`) of the
  `actions_kinds` listed and `faults` faults of the `fault_kinds` listed. User actions and faults
  happen within the first `horizon` of virtual time; faults stop there (Anvil's assumption). After
  the horizon, every workload must reach its desired state (replicas Ready and available, one
  Pod per eligible node, deleted workloads and their dependents gone or orphaned) within
  `converge`, and then a further `quiet` period must see no write to etcd but kubelet Lease
  renewals and node heartbeats. `runs` is the share of KUBESPEC_PROPERTY_RUNS (default 25) a
  scenario with heavy cases runs.

  "Stays safe" is checked at every etcd write, on the path and not only at the end
  (steps/properties/safety*.ts): rollout bounds (at least replicas − maxUnavailable Pods Ready and
  at most replicas + maxSurge, percentages rounded as upstream rounds them) and DaemonSet bounds
  (at most maxUnavailable nodes without a Ready Pod); no Pod bound to a cordoned node or one whose
  taints it does not tolerate, none evicted before its tolerationSeconds; no ready endpoint for a
  Pod that is terminating or not Ready; foreground and orphan deletion order (deleted means gone);
  no acknowledged write lost; fields an applied manifest dropped are gone; restart policies
  obeyed. Every run checks all of them, except the lower bounds (Pods Ready, nodes with a Ready
  Pod), checked only in runs without faults whose only actions are template edits, concurrent
  writes and reapplies, where nothing else may take Pods away; the text after "stays safe" names the invariants the
  scenario's bounds exercise. The seed is fixed, and KUBESPEC_SEED varies it. A failure prints
  how to replay it and writes the shrunk case as a feature under reports/counterexamples/.

  Jobs, CronJobs and StatefulSets have properties of their own (steps/properties/batch-*.ts,
  with the bounds `jobs`, `cronjobs` and `statefulsets`): each generated Job must end Complete
  or Failed with the counts its program and limits lead to, each CronJob (suspended after a few
  minutes) with nothing running and no more finished Jobs than its history limits, and each
  StatefulSet with exactly its ordinals Running and Ready and their claims; their invariants are
  checked at every etcd write too (steps/properties/safety-batch.ts).

  @property @W09 @W18 @C24 @N60
  Scenario: Eventually stable reconciliation, and safety at every step
    Given the property bounds:
      | bound     | value |
      | workers   | 5     |
      | workloads | 3     |
      | actions   | 4     |
      | faults    | 3     |
      | horizon   | 30s   |
      | converge  | 2m    |
      | quiet     | 1m    |
    Then every generated cluster converges on its desired state, stays quiet and stays safe: every invariant, under every kind of fault

  @property @W09 @S40
  Scenario: A rollout keeps replicas − maxUnavailable Pods Ready and at most replicas + maxSurge, percentages rounded as upstream
    Given the property bounds:
      | bound         | value                  |
      | workers       | 4                      |
      | min_workers   | 3                      |
      | workloads     | 2                      |
      | kinds         | Deployment, DaemonSet  |
      | actions       | 3                      |
      | min_actions   | 1                      |
      | actions_kinds | editTemplate           |
      | faults        | 0            |
      | horizon       | 30s          |
      | converge      | 2m           |
      | quiet         | 30s          |
    Then every generated cluster converges on its desired state, stays quiet and stays safe: the rollout and DaemonSet bounds, while templates change

  @property @S41
  Scenario: Cordoned, NoExecute-tainted and lost nodes: no Pod bound where it may not go, none evicted before its tolerationSeconds, no ready endpoint for a Pod that is going
    Given the property bounds:
      | bound         | value                                    |
      | workers       | 3                                        |
      | min_workers   | 2                                        |
      | workloads     | 2                                        |
      | kinds         | Deployment, ReplicaSet, Pod              |
      | actions       | 5                                        |
      | min_actions   | 3                                        |
      | actions_kinds | cordon, taint, scale, deletePod          |
      | faults        | 1                                        |
      | fault_kinds   | nodeLoss                                 |
      | horizon       | 20s                                      |
      | converge      | 2m                                       |
      | quiet         | 20s                                      |
    Then every generated cluster converges on its desired state, stays quiet and stays safe: no Pod bound or kept where it may not be, no ready endpoint for a Pod that is going

  @property @S42
  Scenario: Deleted means gone, no acknowledged write is lost, an applied manifest's removed fields are gone, and restart policies hold
    Given the property bounds:
      | bound         | value                                                |
      | workers       | 2                                                    |
      | workloads     | 3                                                    |
      | actions       | 4                                                    |
      | actions_kinds | deleteWorkload, concurrentWrites, reapply, deletePod |
      | runs          | 0.6                                                  |
      | faults        | 0                                                    |
      | horizon       | 20s                                                  |
      | converge      | 2m                                                   |
      | quiet         | 20s                                                  |
    Then every generated cluster converges on its desired state, stays quiet and stays safe: deleted means gone, no write lost, dropped fields gone, restart policies obeyed

  @property @C24
  Scenario: Failed API requests are retried until the controllers converge, in slow-start batches
    Given the property bounds:
      | bound         | value            |
      | workers       | 3                |
      | workloads     | 2                |
      | actions       | 3                |
      | actions_kinds | scale, deletePod |
      | faults        | 3                |
      | fault_kinds   | api              |
      | horizon       | 20s              |
      | converge      | 2m               |
      | quiet         | 30s              |
    Then every generated cluster converges on its desired state, stays quiet and stays safe: the controllers retry failed requests until they converge

  @property
  Scenario: The MVCC store against a far simpler model
    Given the property bounds:
      | bound    | value |
      | commands | 40    |
    Then the etcd store agrees with a simple model of revisions, watches and compaction

  @property
  Scenario: Applying the same manifests twice changes nothing, and a status write never changes spec
    Then applying the same generated manifests twice changes nothing
    And writing back an object as read, or its status with another spec, leaves its spec and resourceVersion alone

  @property
  Scenario: Bad input never crashes the model and changes nothing when rejected
    Then no generated bad input crashes the model, goes without a Kubernetes error, or changes etcd when rejected

  @property @J54
  Scenario: Generated Jobs end Complete or Failed with the counts their programs and limits lead to, whatever the faults
    # Completions 1–4, parallelism 1–3, backoffLimit 0–2, restartPolicy Never or OnFailure,
    # NonIndexed or Indexed, programs that succeed, fail, or fail on some indexes.
    Given the property bounds:
      | bound        | value                                 |
      | workers      | 3                                     |
      | jobs         | 2                                     |
      | statefulsets | 0                                     |
      | faults       | 2                                     |
      | fault_kinds  | crash, crashMidReconcile, api, watch  |
      | horizon      | 20s                                   |
      | converge     | 5m                                    |
      | runs         | 0.12                                  |
    Then every generated Job, CronJob and StatefulSet converges and stays safe: at most parallelism active Pods, one Pod per running index, succeeded never going down

  @property @T50
  Scenario: Generated StatefulSets scale up in order and down from the highest ordinal, and keep their claims, whatever the faults
    Given the property bounds:
      | bound        | value                                 |
      | workers      | 3                                     |
      | jobs         | 0                                     |
      | statefulsets | 2                                     |
      | faults       | 2                                     |
      | fault_kinds  | crash, crashMidReconcile, api, watch  |
      | horizon      | 30s                                   |
      | converge     | 3m                                    |
      | runs         | 0.12                                  |
    Then every generated Job, CronJob and StatefulSet converges and stays safe: web-n only after web-0 … web-(n-1) were Running and Ready, scale-down from the highest ordinal, no claim deleted

  @property @J55
  Scenario: Generated CronJobs keep their concurrency policy and history limits, whatever the faults
    # Every minute for a few minutes, then suspended: quick, slow (longer than the minute) or failing Jobs.
    Given the property bounds:
      | bound        | value                                 |
      | workers      | 2                                     |
      | jobs         | 0                                     |
      | statefulsets | 0                                     |
      | cronjobs     | 2                                     |
      | faults       | 2                                     |
      | fault_kinds  | crash, crashMidReconcile, api, watch  |
      | horizon      | 20s                                   |
      | converge     | 5m                                    |
      | runs         | 0.12                                  |
    Then every generated Job, CronJob and StatefulSet converges and stays safe: never two Jobs running under Forbid or Replace, no more finished Jobs kept than the history limits
