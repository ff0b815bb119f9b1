Feature: The ReplicaSet controller passes Kubernetes' own unit tests
  What a ReplicaSet reports (fully labelled, ready, available Pods and the ReplicaFailure
  condition), how it batches creates so that a failing quota costs a few requests, and which
  Pods it deletes first when it scales down are pinned by tables beside the controller and in
  pkg/controller. Their cases run here against the model's functions
  (steps/fixtures/upstream/replicaset.json says which upstream files and versions).

  @S04
  Scenario Outline: The ReplicaSet's status and slow-start batches as upstream's tests pin them: <table>
    Then every case of upstream's replicaset test <table> holds on the model

    Examples:
      | table                     |
      | calculateStatus           |
      | calculateStatusConditions |
      | slowStartBatch            |

  @S05
  Scenario Outline: Which Pods a ReplicaSet deletes first, as upstream's ranking tests pin it: <table>
    Then every case of upstream's replicaset test <table> holds on the model

    Examples:
      | table                                |
      | getPodsToDelete                      |
      | sortingActivePods                    |
      | sortingActivePodsWithRanksEquality   |
      | sortingActivePodsWithRanksInequality |
