Feature: Taint eviction as upstream's own tests have it
  The taint eviction controller deletes a Pod from a Node with a NoExecute taint it does not
  tolerate at once, and one it tolerates for tolerationSeconds once the shortest of those has
  passed since it saw the taint; a taint removed in time cancels the eviction, and a toleration
  lengthened meanwhile does not postpone it. These are the cases of
  pkg/controller/tainteviction/taint_eviction_test.go, run on the model's controller against an
  API server of its own (steps/fixtures/upstream/tainteviction.json).

  @S20
  Scenario: The shortest tolerationSeconds decides, and none means forever (TestGetMinTolerationTime)
    Then every case of upstream's tainteviction table minTolerationTime holds on the model

  @S21
  Scenario: Pods and Nodes created, updated and deleted are evicted when upstream's tests say
    Then every case of upstream's tainteviction table cases holds on the model

  @CT37
  Scenario: Evictions and their cancellations are recorded as Events, and the Pod gets the DisruptionTarget condition before its delete, as taint_eviction.go has it
    "Marking for deletion Pod <ns>/<name>" when an eviction runs; "Cancelling deletion of Pod
    <ns>/<name>" when a waiting eviction is cancelled: its taint removed, its toleration made
    infinite, a taint it does not tolerate added, or the Pod deleted (none when nothing waited).
    The pods/status patch carries the Pod's UID and the DisruptionTarget condition (reason
    DeletionByTaintManager), tried up to five times. A taint whose value, timeAdded or order
    changes counts as a Node change; a Pod update counts only when its tolerations or node change
    (a Pod deleted with a grace period keeps its waiting eviction); an eviction scheduled at the
    same instant as a shorter toleration's is replaced by it; one that has run stays until it is
    cancelled, so a tolerated taint added later schedules nothing, as timed_workers.go keeps it.
    Then every case of upstream's tainteviction table events holds on the model
