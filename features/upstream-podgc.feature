Feature: The Pod garbage collector as upstream's own tests have it
  kube-controller-manager's pod-garbage-collector-controller force-deletes, every 20 s: the
  terminated Pods beyond --terminated-pod-gc-threshold (evicted ones first, then the oldest; a
  threshold of 0 turns this off), terminating Pods on a Node that is not Ready and carries the
  node.kubernetes.io/out-of-service taint, Pods bound to a Node that does not exist (a name the
  node informer does not know waits out a 40 s quarantine, then a GET must answer NotFound), and
  terminating Pods bound to no node. A Pod not yet Succeeded or Failed is first patched to Failed
  (an orphaned one with the DisruptionTarget condition), then deleted with grace period 0.
  These tables are those of kubernetes v1.32's pkg/controller/podgc/gc_controller_test.go
  (TestGCTerminated, TestGCOrphaned, TestGCUnscheduledTerminating, TestGCTerminating,
  TestGCInspectingPatchedPodBeforeDeletion; the stored version that calls NewPodGC without a
  controller name, as 1.32 does, before the newer rows about Pods held by finalizers), run on the
  model's PodGCController against an API server of its own (steps/upstream/podgc.ts). As upstream's
  tests do, each runs one gc pass (or the one function named) and reads the deletes and the
  pods/status patches the controller sent.
  A Pod is written `name@node Phase [Evicted] [deleting]`: no @node is a Pod bound to no node, no
  phase is Pending (the API server's default), Evicted is the kubelet's eviction reason on a Failed
  Pod, and deleting gives it a deletionTimestamp (a finalizer keeps it). The i-th Pod is created
  an hour after the one before it, as upstream's creationTime is. A node is written
  `name Ready|NotReady [key[=value]:Effect ...]`, `out-of-service` standing for
  node.kubernetes.io/out-of-service.

  @CT23
  Scenario: The terminated Pods beyond the threshold go, evicted then oldest first (TestGCTerminated)
    The fake clientset holds node "node"; the node informer is empty, as in upstream's test.
    Then one Pod GC pass with this threshold deletes these Pods:
      | test                                                                        | threshold | pods                                      | deleted |
      | delete pod a which is PodFailed and pod b which is PodSucceeded             | 1         | a Failed, b Succeeded, c Failed           | a, b    |
      | threshold = 0, disables terminated pod deletion                             | 0         | a Failed, b Succeeded                     |         |
      | threshold = 1, delete pod a which is PodFailed and pod b which is PodSucceeded | 1      | a Failed, b Succeeded, c Failed           | a, b    |
      | threshold = 1, delete pod b which is PodSucceeded                           | 1         | a Running, b Succeeded, c Failed          | b       |
      | threshold = 1, delete pod a which is PodFailed                              | 1         | a Failed, b Succeeded                     | a       |
      | threshold = 5, don't delete pod                                             | 5         | a Failed, b Succeeded                     |         |
      | (unnamed) an evicted Pod goes first, then the oldest                        | 1         | a Failed, b Succeeded, c Failed Evicted   | a, c    |
      | (unnamed) an evicted Pod goes first                                         | 1         | a Running, b Succeeded, c Failed Evicted  | c       |

  @CT23
  Scenario: Pods bound to a Node missing after the quarantine and a GET are patched to Failed and deleted (TestGCOrphaned)
    Each case runs a gc pass (which deletes nothing yet), lets `delay` pass, checks how many node
    names are ready in the quarantine queue, makes the node changes (`client` is the API server,
    `informer` the node informer the controller reads), and runs a second pass.
    Then two Pod GC passes, `delay` apart, delete and patch these Pods:
      | test                                        | informer nodes       | client nodes         | pods                                                       | delay | queued | changes         | deleted    | patched |
      | nodes present in lister                     | existing1, existing2 |                      | a@existing1 Running, b@existing2 Failed, c@existing2 Succeeded | 80s   | 0      |                 |            |         |
      | nodes present in client                     |                      | existing1, existing2 | a@existing1 Running, b@existing2 Failed, c@existing2 Succeeded | 80s   | 2      |                 |            |         |
      | no nodes                                    |                      |                      | a@deleted Failed, b@deleted Succeeded                      | 80s   | 1      |                 | a, b       |         |
      | no nodes, one running pod                   |                      |                      | a@deleted Failed, b@deleted Succeeded, c@deleted Running   | 80s   | 1      |                 | a, b, c    | c       |
      | quarantine not finished                     |                      |                      | a@deleted Failed                                           | 20s   | 0      |                 |            |         |
      | wrong nodes                                 | existing             |                      | a@deleted Running                                          | 80s   | 1      |                 | a          | a       |
      | some nodes missing                          | existing             |                      | a@deleted Failed, b@existing Failed, c@deleted Succeeded, d@deleted Running | 80s | 1 |         | a, c, d    | d       |
      | node added to client after quarantine       |                      |                      | a@node Running                                             | 80s   | 1      | client +node    |            |         |
      | node added to informer after quarantine     |                      |                      | a@node Failed                                              | 80s   | 1      | informer +node  |            |         |
      | node deleted from client after quarantine   |                      | node                 | a@node Failed                                              | 80s   | 1      | client -node    | a          |         |
      | node deleted from informer after quarantine | node                 |                      | a@node Succeeded                                           | 80s   | 0      | informer -node  |            |         |

  @CT23
  Scenario: Terminating Pods bound to no node go, in any phase (TestGCUnscheduledTerminating)
    Then gcUnscheduledTerminating deletes and patches these Pods:
      | test                                           | pods                                                          | deleted | patched |
      | Unscheduled pod in any phase must be deleted   | a Failed deleting, b Succeeded deleting, c Running deleting   | a, b, c | c       |
      | Scheduled pod in any phase must not be deleted | a Failed, b@node Succeeded, c@node Running deleting           |         |         |

  @CT23
  Scenario: Terminating Pods on a NotReady Node tainted out-of-service go, whatever the taint's value and effect (TestGCTerminating)
    Then one Pod GC pass over these nodes deletes and patches these Pods:
      | test                                                                                                 | nodes                                                                                                                                                                                                  | pods | deleted | patched |
      | pods have deletion timestamp set and the corresponding nodes are not ready                           | worker-0 NotReady, worker-1 NotReady                                                                                                                                                                   | a@worker-0 deleting, b@worker-1 deleting | | |
      | some pods have deletion timestamp and/or phase set and some of the corresponding nodes have an outofservice taint that are not ready | worker-0 NotReady out-of-service:NoExecute, worker-1 NotReady, worker-2 Ready, worker-3 NotReady out-of-service:NoSchedule, worker-4 NotReady out-of-service:PreferNoSchedule, worker-5 NotReady out-of-service=any-value:NoExecute | a1@worker-0, b1@worker-0 deleting, c1@worker-0 Pending, d1@worker-0 Running, e1@worker-0 Unknown, a2@worker-1, b2@worker-1 deleting, c2@worker-1 Pending, d2@worker-1 Running, e2@worker-1 Unknown, a3@worker-2, b3@worker-2 deleting, c3@worker-2 Pending, d3@worker-2 Running, e3@worker-2 Unknown, a4@worker-3, b4@worker-3 deleting, c4@worker-3 Pending, d4@worker-3 Running, e4@worker-3 Unknown, a5@worker-3, b5@worker-4 deleting, c5@worker-4 Pending, d5@worker-4 Running, e5@worker-4 Unknown, a6@worker-5, b6@worker-5 deleting, c6@worker-5 Pending, d6@worker-5 Running, e6@worker-5 Unknown | b1, b4, b5, b6 | b1, b4, b5, b6 |
      | pods deleted from node tainted out-of-service                                                        | worker NotReady out-of-service:NoExecute                                                                                                                                                               | a@worker Running deleting, b@worker Failed deleting, c@worker Succeeded deleting | a, b, c | a |

  @CT23
  Scenario: An orphaned Pod is patched to Failed with the DisruptionTarget condition before its delete with grace period 0 (TestGCInspectingPatchedPodBeforeDeletion)
    With no quarantine, the Running Pod test-pod bound to the missing node deleted-node, Ready, is
    found orphaned at once; a finalizer keeps it after the delete so that its status can be read.
    (Upstream's testPod and deletedNode are not valid names for the API server: test-pod and
    deleted-node here.)
    Then one Pod GC pass without quarantine leaves test-pod with this status, deleted with grace period 0:
      """
      {"phase": "Failed", "conditions": [{"type": "Ready", "status": "True"}, {"type": "DisruptionTarget", "status": "True", "reason": "DeletionByPodGC", "message": "PodGC: node no longer exists"}]}
      """

  @CT38
  Scenario: Passes on the controller's own node informer: what counts as terminated and evicted, the order of the force deletes, Ready out-of-service Nodes, failures and the log, as gc_controller.go has it
    Rows gc_controller_test.go has no case for, following gc_controller.go (v1.32): Pending and
    Unknown Pods are not terminated; only a Failed Pod with reason Evicted counts as evicted; the
    oldest go first whatever their names; nothing is logged when no terminated Pod is beyond the
    threshold (Pods created at the same instant: by name); terminating Pods on a NotReady out-of-service Node go evicted first, then oldest
    (a Ready one keeps them, whatever its other conditions); a Pod on a Node the lister does not
    know logs "Failed to get node"; a failed patch, delete or GET goes to utilruntime.HandleError
    ("Unhandled Error") and the pass goes on. `fail` makes the controller's first request of that
    verb and resource fail with a 500; `quarantine` is the quarantine waited before a second pass
    (none: no quarantine, one pass). The patch column is the first pods/status patch, as the
    two-way strategic merge patch writes it.
    Then Pod GC passes on its own node informer delete, in order, and log:
      | test                                                          | threshold | quarantine | nodes                                                  | pods                                                   | fail         | deleted | log | not logged | patch |
      | Pending and Unknown Pods are not terminated                   | 1         |            | node Ready                                             | a@node Pending, b@node Unknown, c@node Failed, d@node Succeeded |   | c       | I gc_controller.go:204] "Garbage collecting pods" logger="pod-garbage-collector-controller" numPods=1 ;; I gc_controller.go:342] "PodGC is force deleting Pod" logger="pod-garbage-collector-controller" pod="default/c" | | |
      | a Succeeded Pod with reason Evicted is not evicted            | 1         |            | node Ready                                             | a@node Failed, b@node Succeeded Evicted                |              | a       |     |            |       |
      | the oldest first, whatever the names                          | 1         |            | node Ready                                             | b@node Failed, a@node Failed                           |              | b       |     |            |       |
      | created at the same instant: the name decides                 | 1         |            | node Ready                                             | b@node Failed, a@node Failed sametime                  |              | a       |     |            |       |
      | created at the same instant, names in order                   | 1         |            | node Ready                                             | a@node Failed, b@node Failed sametime                  |              | a       |     |            |       |
      | no more terminated Pods than the threshold: nothing, no log   | 2         |            | node Ready                                             | a@node Failed, b@node Succeeded                        |              |         |     | Garbage collecting pods |  |
      | terminating on out-of-service: evicted first, then the oldest | 0         |            | worker NotReady out-of-service:NoExecute               | a@worker Running deleting, b@worker Failed deleting, c@worker Failed Evicted deleting | | c, a, b |  |    |       |
      | a Ready out-of-service Node keeps its terminating Pods        | 0         |            | worker Ready out-of-service:NoExecute                  | a@worker Running deleting                              |              |         |     |            |       |
      | Ready beside another condition True: still Ready              | 0         |            | worker Ready +MemoryPressure out-of-service:NoExecute  | a@worker Running deleting                              |              |         |     |            |       |
      | NotReady beside another condition True: still NotReady        | 0         |            | worker NotReady +MemoryPressure out-of-service:NoExecute | a@worker Running deleting                            |              | a       |     |            |       |
      | a terminating Pod on a Node the lister does not know          | 0         | 30s        | node Ready                                             | a@gone Running deleting                                |              |         | E gc_controller.go:151] "Failed to get node" err="node \"gone\" not found" logger="pod-garbage-collector-controller" node="gone" | | |
      | a terminating Pod bound to no node                            | 0         |            |                                                        | a Running deleting                                     |              | a       | I gc_controller.go:310] "Forced deletion of unscheduled terminating Pod succeeded" logger="pod-garbage-collector-controller" pod="default/a" | | |
      | an orphaned Pod after the quarantine                          | 0         | 41s        | node Ready                                             | a@gone Running                                         |              | a       | I gc_controller.go:258] "Forced deletion of orphaned Pod succeeded" logger="pod-garbage-collector-controller" pod="default/a" | | |
      | an orphaned Pod whose Node's GET fails                        | 0         | 41s        | node Ready                                             | a@gone Running                                         | get nodes    |         | E gc_controller.go:276] "Error while getting node" err="injected get failure" logger="pod-garbage-collector-controller" node="gone" | Forced deletion | |
      | a failed delete of a terminated Pod                           | 1         |            | node Ready                                             | a@node Failed, b@node Failed                           | delete pods  |         | E gc_controller.go:214] "Unhandled Error" err="injected delete failure" logger="UnhandledError" | | |
      | a failed patch of a terminating Pod on out-of-service         | 0         |            | worker NotReady out-of-service:NoExecute               | a@worker Running deleting, b@worker Running deleting   | patch pods/status | b  | E gc_controller.go:180] "Unhandled Error" err="injected patch failure" logger="UnhandledError" | | |
      | a failed patch of an orphaned Pod                             | 0         | none       |                                                        | a@gone Running, b@gone Running                         | patch pods/status | b  | E gc_controller.go:255] "Unhandled Error" err="injected patch failure" logger="UnhandledError" | Forced deletion of orphaned Pod succeeded" logger="pod-garbage-collector-controller" pod="default/a" | |
      | a failed delete of an unscheduled terminating Pod             | 0         |            |                                                        | a Running deleting                                     | delete pods  |         | E gc_controller.go:307] "Unhandled Error" err="injected delete failure" logger="UnhandledError" | Forced deletion of unscheduled | |
      | the orphan's patch: phase Failed and DisruptionTarget added    | 0         | none       |                                                        | a@gone Running Ready=True                              |              | a       |     |            | {"metadata": {"uid": "<uid of a>"}, "status": {"phase": "Failed", "$setElementOrder/conditions": [{"type": "Ready"}, {"type": "DisruptionTarget"}], "conditions": [{"type": "DisruptionTarget", "status": "True", "reason": "DeletionByPodGC", "message": "PodGC: node no longer exists", "lastTransitionTime": "<now>"}]}} |
      | the orphan's patch: a DisruptionTarget False turned True       | 0         | none       |                                                        | a@gone Running Ready=True DisruptionTarget=False       |              | a       |     |            | {"metadata": {"uid": "<uid of a>"}, "status": {"phase": "Failed", "$setElementOrder/conditions": [{"type": "Ready"}, {"type": "DisruptionTarget"}], "conditions": [{"type": "DisruptionTarget", "status": "True", "reason": "DeletionByPodGC", "message": "PodGC: node no longer exists", "lastTransitionTime": "<now>"}]}} |
      | the orphan's patch: a DisruptionTarget True keeps its time     | 0         | none       |                                                        | a@gone Running DisruptionTarget=True Ready=True        |              | a       |     |            | {"metadata": {"uid": "<uid of a>"}, "status": {"phase": "Failed", "$setElementOrder/conditions": [{"type": "DisruptionTarget"}, {"type": "Ready"}], "conditions": [{"type": "DisruptionTarget", "status": "True", "reason": "DeletionByPodGC", "message": "PodGC: node no longer exists", "lastTransitionTime": "<creation>"}]}} |
      | the orphan's patch: the Pod GC's own condition already there   | 0         | none       |                                                        | a@gone Running Ready=True DisruptionTarget=ByPodGC     |              | a       |     |            | {"metadata": {"uid": "<uid of a>"}, "status": {"phase": "Failed"}} |
