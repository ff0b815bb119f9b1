Feature: One Pod through kube-scheduler's scheduling and binding cycles
  kube-scheduler pops one Pod at a time, filters and scores the nodes for it, assumes it on the
  chosen node and binds it with a pods/binding request, then records a Scheduled Event. A Pod
  it cannot place gets a FailedScheduling Event and its PodScheduled condition set to False
  (reason Unschedulable when no node fits or none exists, SchedulerError when something failed)
  and waits in the queue. These are the cases of pkg/scheduler/schedule_one_test.go (v1.32:
  TestSchedulerScheduleOne, TestSchedulerBinding, TestUpdatePod), run on kube-scheduler alone
  on a fake API server, read through the API and kube-scheduler's log.

  @SC01
  Scenario: A Pod is bound to the only node, logged at --v=5 as kube-scheduler logs it (bind assumed pod scheduled)
    Given kube-scheduler at --v=5 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "foo" is bound to "node1"
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I eventhandlers.go:77] "Add event for node" node="node1"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/foo"
      I default_binder.go:53] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/foo" node="node1"
      I cache.go:389] "Finished binding for pod, can be expired" podKey="<uid>" pod="default/foo"
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/foo" node="node1" evaluatedNodes=1 feasibleNodes=1
      I eventhandlers.go:231] "Add event for scheduled pod" pod="default/foo"
      I eventhandlers.go:201] "Delete event for unscheduled pod" pod="default/foo"
      """
    And kube-scheduler wrote, since the last look:
      | create | pods/binding | foo       |
      | create | events       | Scheduled |
    And the Events are:
      | Pod | foo | Normal | Scheduled | Binding | Successfully assigned default/foo to node1 | |
    # kube-scheduler runs on the control-plane node k8s-master: the instance is named after its host.
    And every Event is reported by "default-scheduler" as "default-scheduler-k8s-master"

  @SC02
  Scenario: With no node registered the Pod is Unschedulable, and is tried again after its back-off, when a Node has registered (no nodes available)
    Given kube-scheduler at --v=3 on a fake API server
    When the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/foo"
      I schedule_one.go:1051] "Unable to schedule pod; no nodes are registered to the cluster; waiting" pod="default/foo"
      I schedule_one.go:1118] "Updating pod condition" pod="default/foo" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      """
    And kube-scheduler wrote, since the last look:
      | create | events      | FailedScheduling |
      | patch  | pods/status | foo              |
    And the Pod "foo"'s PodScheduled condition is:
      | status  | False         |
      | reason  | Unschedulable |
      | message | no nodes available to schedule pods |
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 2s
    Then the Pod "foo" is bound to "node1"
    And kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:77] "Add event for node" node="node1"
      I default_binder.go:53] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/foo" node="node1"
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/foo" node="node1" evaluatedNodes=1 feasibleNodes=1
      I eventhandlers.go:231] "Add event for scheduled pod" pod="default/foo"
      I eventhandlers.go:201] "Delete event for unscheduled pod" pod="default/foo"
      """

  @SC03
  Scenario: A failed binding is forgotten, retried after its back-off and then bound (bind error)
    Given kube-scheduler at --v=2 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      ---
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And the next 1 "create pods/binding" request of kube-scheduler fails with 500 InternalError: "binder"
    And kube-scheduler's clock moves on 100ms
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      E framework.go:1218] "Plugin Failed" err="binder" plugin="DefaultBinder" pod="default/foo" node="node1"
      E schedule_one.go:1058] "Error scheduling pod; retrying" err="running Bind plugin \"DefaultBinder\": binder" pod="default/foo"
      """
    And kube-scheduler wrote, since the last look:
      | create | pods/binding | foo              |
      | create | events       | FailedScheduling |
      | patch  | pods/status  | foo              |
    And the Pod "foo"'s PodScheduled condition is:
      | status  | False          |
      | reason  | SchedulerError |
      | message | running Bind plugin "DefaultBinder": binder |
    When kube-scheduler's clock moves on 2s
    Then the Pod "foo" is bound to "node1"
    And kube-scheduler's log since the last look reads:
      """
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/foo" node="node1" evaluatedNodes=1 feasibleNodes=1
      """
    And the Events are:
      | Pod | foo | Warning | FailedScheduling | Scheduling | running Bind plugin "DefaultBinder": binder | |
      | Pod | foo | Normal  | Scheduled        | Binding    | Successfully assigned default/foo to node1  | |

  @SC04
  Scenario: A Pod being deleted is not scheduled (deleting pod)
    Given kube-scheduler at --v=3 on a fake API server
    When the test creates:
      """
      kind: Pod
      metadata: {name: foo, finalizers: [example.com/hold]}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    And the test deletes the Pod "foo"
    And kube-scheduler's clock moves on 3s
    Then kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/foo"
      I schedule_one.go:1051] "Unable to schedule pod; no nodes are registered to the cluster; waiting" pod="default/foo"
      I schedule_one.go:1118] "Updating pod condition" pod="default/foo" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      I schedule_one.go:438] "Skip schedule deleting pod" pod="default/foo"
      """
    And the Events are:
      | Pod | foo | Warning | FailedScheduling | Scheduling | no nodes available to schedule pods    | |
      | Pod | foo | Warning | FailedScheduling | Scheduling | skip schedule deleting pod: default/foo | |

  @SC05
  Scenario: The PodScheduled condition is written only when it changes, keeping its lastTransitionTime while it stays False (TestUpdatePod)
    Given kube-scheduler at --v=2 on a fake API server
    When the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: "2"}}}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then kube-scheduler wrote, since the last look:
      | create | events      | FailedScheduling |
      | patch  | pods/status | foo              |
    And the Pod "foo"'s PodScheduled condition is:
      | status             | False                               |
      | reason             | Unschedulable                       |
      | message            | no nodes available to schedule pods |
      | lastTransitionTime | 2026-01-01T10:00:00Z                |
    # Tried again after 1 s and 2 s of back-off: the same failure, the same condition, no write.
    When kube-scheduler's clock moves on 4s
    Then kube-scheduler wrote, since the last look:
      | patch | events | foo.1886930fd59b0fc0 |
    When the test creates:
      """
      kind: Node
      metadata: {name: small}
      status: {allocatable: {cpu: "1", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 5s
    Then kube-scheduler wrote, since the last look:
      | create | events      | FailedScheduling |
      | patch  | pods/status | foo              |
    And the Pod "foo"'s PodScheduled condition is:
      | status             | False                |
      | reason             | Unschedulable        |
      | message            | 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod. |
      | lastTransitionTime | 2026-01-01T10:00:00Z |
    And the Events are:
      | Pod | foo | Warning | FailedScheduling | Scheduling | no nodes available to schedule pods | 2 |
      | Pod | foo | Warning | FailedScheduling | Scheduling | 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod. | |

  @SC06
  Scenario: A FailedScheduling Event's note is cut to 1024 bytes, the condition's message is not
    Given kube-scheduler at --v=0 on a fake API server
    When the test creates 30 Nodes with a taint each, "a-long-taint-key-for-node-<i>=v:NoSchedule"
    And kube-scheduler's clock moves on 1s
    And the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then the Event of Pod "foo" with reason FailedScheduling is its PodScheduled message cut to 1024 bytes

  @SC07
  Scenario: A Node update brings back a waiting Pod only when it concerns the plugin that rejected it (TestAddAllEventHandlers)
    Given kube-scheduler at --v=4 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I eventhandlers.go:77] "Add event for node" node="node1"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/foo"
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/foo" err="0/1 nodes are available: 1 node(s) had untolerated taint {dedicated: db}. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
      I schedule_one.go:1118] "Updating pod condition" pod="default/foo" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      I eventhandlers.go:161] "Update event for unscheduled pod" pod="default/foo"
      """
    # Another taint the Pod does not tolerate either: TaintToleration's hint says it is no use.
    When the test patches the Node "node1" with:
      """
      spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}, {key: zone, value: a, effect: NoSchedule}]}
      """
    And kube-scheduler's clock moves on 30s
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:95] "Update event for node" node="node1"
      """
    # A new label is nothing TaintToleration looks at: the Pod stays where it waits.
    When the test patches the Node "node1" with:
      """
      metadata: {labels: {disk: ssd}}
      """
    And kube-scheduler's clock moves on 30s
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:95] "Update event for node" node="node1"
      """
    When the test patches the Node "node1" with:
      """
      spec: {taints: null}
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "foo" is bound to "node1"
    And kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:95] "Update event for node" node="node1"
      I default_binder.go:53] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/foo" node="node1"
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/foo" node="node1" evaluatedNodes=1 feasibleNodes=1
      I eventhandlers.go:231] "Add event for scheduled pod" pod="default/foo"
      I eventhandlers.go:201] "Delete event for unscheduled pod" pod="default/foo"
      """

  @SC14
  Scenario: A node's room is its allocatable, not its capacity, less what its Pods request (cpu, memory, ephemeral storage)
    Given kube-scheduler at --v=0 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status:
        capacity: {cpu: "4", memory: 8Gi, ephemeral-storage: 20Gi, pods: "110"}
        allocatable: {cpu: "2", memory: 4Gi, ephemeral-storage: 10Gi, pods: "110"}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: big}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: "3"}}}]}
      ---
      kind: Pod
      metadata: {name: disk1}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {ephemeral-storage: 6Gi}}}]}
      """
    And kube-scheduler's clock moves on 1s
    And the test creates:
      """
      kind: Pod
      metadata: {name: disk2}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {ephemeral-storage: 6Gi}}}]}
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "disk1" is bound to "node1"
    And the Pod "big" is not bound
    And the Pod "disk2" is not bound
    And the Events are:
      | Pod | big   | Warning | FailedScheduling | Scheduling | 0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.               | |
      | Pod | disk1 | Normal  | Scheduled        | Binding    | Successfully assigned default/disk1 to node1                                                                                                | |
      | Pod | disk2 | Warning | FailedScheduling | Scheduling | 0/1 nodes are available: 1 Insufficient ephemeral-storage. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod. | |

  @SC15
  Scenario: A bound Pod's deletion makes room for a waiting one; a Pod for another scheduler is left alone; a deleted Node takes no more Pods
    Given kube-scheduler at --v=3 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status: {allocatable: {cpu: "2", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: a}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: 1500m}}}]}
      ---
      kind: Pod
      metadata: {name: other}
      spec: {schedulerName: my-scheduler, containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: b}
      spec: {containers: [{name: app, image: nginx, resources: {requests: {cpu: "1"}}}]}
      ---
      kind: Pod
      metadata: {name: picky}
      spec: {nodeSelector: {disk: ssd}, containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "a" is bound to "node1"
    And the Pod "b" is not bound
    And the Pod "other" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I eventhandlers.go:77] "Add event for node" node="node1"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/a"
      I default_binder.go:53] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/a" node="node1"
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/a" node="node1" evaluatedNodes=1 feasibleNodes=1
      I eventhandlers.go:231] "Add event for scheduled pod" pod="default/a"
      I eventhandlers.go:201] "Delete event for unscheduled pod" pod="default/a"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/b"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/picky"
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/b" err="0/1 nodes are available: 1 Insufficient cpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod."
      I schedule_one.go:1118] "Updating pod condition" pod="default/b" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/picky" err="0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling."
      I schedule_one.go:1118] "Updating pod condition" pod="default/picky" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      """
    # The deletion below frees cpu, which NodeResourcesFit rejected b for; picky (NodeAffinity) is not tried again.
    When the test deletes the Pod "a"
    And kube-scheduler's clock moves on 2s
    Then the Pod "b" is bound to "node1"
    And kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:273] "Delete event for scheduled pod" pod="default/a"
      I default_binder.go:53] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/b" node="node1"
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/b" node="node1" evaluatedNodes=1 feasibleNodes=1
      I eventhandlers.go:231] "Add event for scheduled pod" pod="default/b"
      I eventhandlers.go:201] "Delete event for unscheduled pod" pod="default/b"
      """
    When the test deletes the Node "node1"
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: c}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then kube-scheduler's log since the last look reads:
      """
      I eventhandlers.go:121] "Delete event for node" node="node1"
      I eventhandlers.go:141] "Add event for unscheduled pod" pod="default/c"
      I schedule_one.go:1051] "Unable to schedule pod; no nodes are registered to the cluster; waiting" pod="default/c"
      I schedule_one.go:1118] "Updating pod condition" pod="default/c" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      """

  @SC16
  Scenario: In a cluster of 200 nodes a cycle stops after 100 feasible ones, and the next cycle starts where it stopped (TestSchedulerSchedulePod, nextStartNodeIndex)
    # Fewer than 100 nodes are all examined; from 100 on, 50% less one per 125 nodes, at least 100.
    Given kube-scheduler at --v=2 on a fake API server
    When the test creates 200 Nodes "node<i>" with allocatable cpu 4
    And kube-scheduler's clock moves on 1s
    Then kube-scheduler's log since the last look matches:
      """
      I server.go:166\] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168\] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243\] "Starting DynamicServingCertificateController"
      """
    When the test creates:
      """
      kind: Pod
      metadata: {name: first}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then kube-scheduler's log since the last look matches:
      """
      I schedule_one.go:314\] "Successfully bound pod to node" pod="default/first" node="node[0-9]+" evaluatedNodes=100 feasibleNodes=100
      """
    When the test creates:
      """
      kind: Pod
      metadata: {name: second}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then the Pod "first" is bound to one of node1 to node100
    And the Pod "second" is bound to one of node101 to node200

  @SC17
  Scenario: An API error reading a Pod's claim is a PreFilter error, and a failed condition update is logged (error pod failed scheduling)
    Given kube-scheduler at --v=0 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 100ms
    And the next 1 "get persistentvolumeclaims" request of kube-scheduler fails with 500 InternalError: "etcdserver: request timed out"
    And the next 1 "patch pods/status" request of kube-scheduler fails with 500 InternalError: "etcdserver: leader changed"
    And the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec:
        containers: [{name: app, image: nginx}]
        volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
      """
    And kube-scheduler's clock moves on 100ms
    Then the Pod "foo" is not bound
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      E schedule_one.go:1058] "Error scheduling pod; retrying" err="running PreFilter plugin \"VolumeBinding\": etcdserver: request timed out" pod="default/foo"
      E schedule_one.go:1095] "Error updating pod" err="etcdserver: leader changed" pod="default/foo"
      """
    And kube-scheduler wrote, since the last look:
      | create | events      | FailedScheduling |
      | patch  | pods/status | foo              |
    And the Events are:
      | Pod | foo | Warning | FailedScheduling | Scheduling | running PreFilter plugin "VolumeBinding": etcdserver: request timed out | |

  @SC06
  Scenario: A FailedScheduling note of exactly 1024 bytes is kept whole
    Given kube-scheduler at --v=0 on a fake API server
    When the test creates 9 Nodes with a taint each, "example.com/taint-<i>=vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv:NoSchedule"
    And the test creates:
      """
      kind: Node
      metadata: {name: node10}
      spec: {taints: [{key: example.com/taint-10, value: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvv, effect: NoSchedule}]}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 1s
    And the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}]}
      """
    And kube-scheduler's clock moves on 100ms
    Then the Event of Pod "foo" with reason FailedScheduling is its PodScheduled message, whole, at 1024 bytes

  @SC05
  Scenario: Only the PodScheduled condition is compared and written; the Pod's other conditions stay as they are
    Given kube-scheduler at --v=0 on a fake API server
    When the test creates:
      """
      kind: Pod
      metadata: {name: foo}
      spec: {containers: [{name: app, image: nginx}], readinessGates: [{conditionType: example.com/ready}]}
      """
    And the test patches the Pod "foo" with:
      """
      status: {conditions: [{type: example.com/ready, status: "False", reason: Waiting, lastTransitionTime: "2025-12-31T00:00:00Z"}]}
      """
    And kube-scheduler's clock moves on 100ms
    And kube-scheduler's clock moves on 4s
    # One condition write for the first failure; the retries failing alike write none.
    Then kube-scheduler wrote, since the last look:
      | create | events      | FailedScheduling     |
      | patch  | pods/status | foo                  |
      | patch  | events      | foo.1886930fd59b0fc0 |
    And the Pod "foo"'s PodScheduled condition is:
      | status             | False                               |
      | reason             | Unschedulable                       |
      | message            | no nodes available to schedule pods |
      | lastTransitionTime | 2026-01-01T10:00:00Z                |
    And the Pod "foo"'s condition example.com/ready is still False, Waiting, since 2025-12-31T00:00:00Z

  @SC18
  Scenario: PreFilter narrows a pinned Pod to its node and rejects before any node is filtered (TestNodeAffinity's PreFilterResult, findNodesThatFitPod)
    # A DaemonSet's Pod is pinned to its node by a metadata.name field requirement: NodeAffinity's
    # PreFilter returns that node alone, and the others count as "didn't satisfy plugin(s)
    # [NodeAffinity]". A PreFilter rejection (terms that conflict, a claim that does not exist)
    # is printed once, before the preemption verdict, instead of a count per node.
    Given kube-scheduler at --v=2 on a fake API server
    When the test creates:
      """
      kind: Node
      metadata: {name: node1}
      spec: {taints: [{key: dedicated, value: db, effect: NoSchedule}]}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And the test creates:
      """
      kind: Node
      metadata: {name: node2}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And the test creates:
      """
      kind: Node
      metadata: {name: node3}
      status: {allocatable: {cpu: "4", memory: 8Gi, pods: "110"}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: on-node1}
      spec:
        containers: [{name: app, image: nginx}]
        affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node1]}]}]}}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: on-node2}
      spec:
        containers: [{name: app, image: nginx}]
        affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node2]}]}]}}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: on-node9}
      spec:
        containers: [{name: app, image: nginx}]
        affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node9]}]}]}}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: torn}
      spec:
        containers: [{name: app, image: nginx}]
        affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchFields: [{key: metadata.name, operator: In, values: [node1]}, {key: metadata.name, operator: In, values: [node2]}]}]}}}
      """
    And kube-scheduler's clock moves on 100ms
    And the test creates:
      """
      kind: Pod
      metadata: {name: no-claim}
      spec:
        containers: [{name: app, image: nginx}]
        volumes: [{name: data, persistentVolumeClaim: {claimName: data}}]
      """
    And kube-scheduler's clock moves on 1s
    Then the Pod "on-node2" is bound to "node2"
    And the Pod "on-node1" is not bound
    And the Events are:
      | Pod | no-claim | Warning | FailedScheduling | Scheduling | 0/3 nodes are available: persistentvolumeclaim "data" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling. | |
      | Pod | on-node1 | Warning | FailedScheduling | Scheduling | 0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling. | |
      | Pod | on-node2 | Normal  | Scheduled        | Binding    | Successfully assigned default/on-node2 to node2 | |
      | Pod | on-node9 | Warning | FailedScheduling | Scheduling | 0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling. | |
      | Pod | torn     | Warning | FailedScheduling | Scheduling | 0/3 nodes are available: pod affinity terms conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling. | |
    # on-node2 is filtered against node2 alone: one node evaluated, one feasible.
    And kube-scheduler's log since the last look reads:
      """
      I server.go:166] "Starting Kubernetes Scheduler" version="v1.32.2"
      I server.go:168] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      I tlsconfig.go:243] "Starting DynamicServingCertificateController"
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/on-node1" err="0/3 nodes are available: 1 node(s) had untolerated taint {dedicated: db}, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
      I schedule_one.go:314] "Successfully bound pod to node" pod="default/on-node2" node="node2" evaluatedNodes=1 feasibleNodes=1
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/on-node9" err="0/3 nodes are available: 3 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/torn" err="0/3 nodes are available: pod affinity terms conflict. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
      I schedule_one.go:1055] "Unable to schedule pod; no fit; waiting" pod="default/no-claim" err="0/3 nodes are available: persistentvolumeclaim \"data\" not found. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling."
      """
