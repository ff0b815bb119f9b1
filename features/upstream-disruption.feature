Feature: The disruption controller passes Kubernetes' own unit tests
  The disruption controller keeps each PodDisruptionBudget's status in line with the Pods it
  selects: currentHealthy counts the Ready Pods not being deleted and not promised to an
  eviction that is still in time; an integer minAvailable is the number that must stay healthy
  of the Pods there are, while a percentage, or any maxUnavailable, is taken of the scale of the
  controllers owning them (rounded up) - a Pod without a controller then leaves the budget with
  no disruption allowed and an UnmanagedPods event, and one whose controller cannot be found
  fails the sync safe. A budget that expects no Pod allows no disruption. The controller also sets
  a Pod's DisruptionTarget condition back to False once it has been True two minutes without the
  Pod being deleted. Upstream pins this in kubernetes v1.32's
  pkg/controller/disruption/disruption_test.go; its tests run here, step by step, against the
  model's controller (steps/fixtures/upstream/disruption.json says what was left out and why).

  @CT10
  Scenario: A budget's counts as disruption_test.go follows them through each sync
    Then every case of upstream's disruption test cases holds on the model

  @CT11
  Scenario Outline: Which controller's scale a budget counts, as disruption_test.go's finder tests pin it: <table>
    Then every case of upstream's disruption test <table> holds on the model

    Examples:
      | table                    |
      | basicFinderFunctions     |
      | deploymentFinderFunction |

  @CT46
  Scenario Outline: The disruption controller's handlers, status writes, fail-safe and stale DisruptionTarget cleanup, as disruption_test.go pins them: <table>
    Then every case of upstream's disruption controller test <table> holds on the model

    Examples:
      | table                 |
      | controllerCases       |
      | stalePodDisruption    |
      | scaleFinderNoResource |
