Feature: Node health as upstream's own tests have it
  Every 5 s the node lifecycle controller looks at each Node's heartbeats. A Node not heard
  from (no new Ready heartbeat, no renewed Lease) for 40 s gets its Ready, MemoryPressure,
  DiskPressure and PIDPressure conditions set to Unknown, those its kubelet never posted added
  as Unknown ("Kubelet never posted node status."); a Node that never posted Ready at all gets
  the same 60 s after its creation; the Pods of a Node that was Ready are marked not ready.
  These are the cases of pkg/controller/nodelifecycle/node_lifecycle_controller_test.go, run on
  the model's controller against an API server of its own (steps/fixtures/upstream/nodelifecycle.json).

  @S85
  Scenario: Conditions go Unknown, and Pods not ready, when upstream's monitorNodeHealth tests say
    Then every case of upstream's nodelifecycle table monitorNodeHealth holds on the model


  @S85
  Scenario: The NoExecute taints follow the Ready status as upstream's TestApplyNoExecuteTaints, TestSwapUnreachableNotReadyTaints and TestApplyNoExecuteTaintsToNodesEnqueueTwice say
    Then every case of upstream's nodelifecycle table taints holds on the model
  @S85
  Scenario: A Node whose kubelet never reports is marked Unknown 60 s after its creation
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Node
      metadata:
        name: ghost
      """
    And 50s pass
    And I run `kubectl get node ghost -o custom-columns=NAME:.metadata.name,CONDITIONS:.status.conditions[*].type,TAINTS:.spec.taints[*].key`
    Then the output lines match:
      """
      NAME +CONDITIONS +TAINTS
      ghost +<none> +<none>
      """
    When 20s pass
    And I run `kubectl describe node ghost`
    Then the output has lines matching, in order:
      """
      ^Taints: +node.kubernetes.io/unreachable:NoExecute$
      ^ +node.kubernetes.io/unreachable:NoSchedule$
      ^  Ready +Unknown +.* +NodeStatusNeverUpdated +Kubelet never posted node status\.$
      ^  MemoryPressure +Unknown +.* +NodeStatusNeverUpdated +Kubelet never posted node status\.$
      ^  DiskPressure +Unknown +.* +NodeStatusNeverUpdated +Kubelet never posted node status\.$
      ^  PIDPressure +Unknown +.* +NodeStatusNeverUpdated +Kubelet never posted node status\.$
      """

  @S90
  Scenario: The NoSchedule taints follow the Node's conditions as upstream's TestTaintsNodeByCondition says
    Then every case of upstream's nodelifecycle table taintsByCondition holds on the model

  @S91
  Scenario: Each zone's state follows the share of its Nodes not Ready as upstream's TestMonitorNodeHealth says
    Then every case of upstream's nodelifecycle table zoneStates holds on the model

  @S92
  Scenario: The tainting queue hands out each Node once, in order, as upstream's rate_limited_queue_test.go says
    Then every case of upstream's nodelifecycle table rateLimitedQueue holds on the model

  @CT33
  Scenario: The tainting queue's heap, token bucket and bookkeeping, value by value on a manual clock
    Values due at the same time come out in container/heap's order, not the order added; a value
    put back waits its delay and a nanosecond; Add and Remove say whether they changed anything, a
    processed value stays in the set until removed; one token per 1/QPS seconds, SwapLimiter to
    another rate drains the new bucket when the old one had no token left, and the never limiter
    lets nothing through.
    Then every case of upstream's nodelifecycle table rateLimitedQueueModel holds on the model

  @CT34
  Scenario: Pods marked not ready once, with their events, and tried again after a failed update
    Only the Ready condition of the Pods on the Node that are still Ready goes False; the Node gets
    one NodeNotReady event and one status update however many passes find it silent; a Pod update
    that fails is tried again on the next pass while the Node is not Ready (not for a Pod gone).
    Then every case of upstream's nodelifecycle table monitorNodeHealthModel holds on the model

  @CT35
  Scenario: Taints on first sight, at the grace period's edge, through failed writes, and at each zone's rate
    A Node never heard from is queued for the unreachable taint in the pass that marks it Unknown;
    a Node seen for the first time (again after it was made anew) loses the controller's stale
    taints; a Node is Unknown only once more than 40 s have passed; a failed status update is tried
    five times in the pass, a conflicting taint write too, any other failure waits for the next
    pass or tick; each zone's bucket paces its own Nodes, the secondary rate starting drained; with
    every zone down the NoExecute taints come off until a Node is back.
    Then every case of upstream's nodelifecycle table taintsModel holds on the model

  @S91
  Scenario: Zone keys from either set of labels, the thresholds' edges, and each zone's tainting rate
    A zone is keyed by the failure-domain.beta labels, else the GA ones, a region or a zone alone
    making a key too; 55 % not Ready is a partial disruption; a zone of exactly 20 Nodes (the
    large-cluster threshold here) gets no NoExecute taints while partially disrupted, a larger one
    the secondary rate, and a fully disrupted one the normal rate again while another zone is
    healthy; with every zone down nothing is tainted until one comes back.
    Then every case of upstream's nodelifecycle table zoneStatesModel holds on the model

  @S90
  Scenario: The NoSchedule pass takes off only the controller's own taints no condition calls for, and writes nothing when all is in place
    Then every case of upstream's nodelifecycle table taintsByConditionModel holds on the model
