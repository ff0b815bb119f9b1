Feature: The scheduler's Node events as upstream's own tests have it
  A Node update wakes the Pods waiting in the scheduling queue only when it changes what
  scheduling plugins look at: spec.unschedulable or the taints, allocatable resources, labels,
  annotations, or a condition's status (not its reason, message or heartbeat). These are the
  cases of pkg/scheduler/eventhandlers_test.go (steps/fixtures/upstream/scheduler-eventhandlers.json).

  @S89
  Scenario: Node updates become the scheduling events upstream's TestNodeSchedulingPropertiesChange says
    Then every case of upstream's scheduler-eventhandlers table nodeSchedulingPropertiesChange holds on the model
