Feature: The Deployment controller passes Kubernetes' own unit tests
  Kubernetes keeps table-driven tests beside its Deployment controller: the arithmetic of a
  rolling update (maxSurge, maxUnavailable and how they round), which ReplicaSet is the new
  one, when a rollout is complete, progressing or timed out, how a scaled Deployment spreads
  the new size over its ReplicaSets, which old ReplicaSets are cleaned up. Their cases are
  facts about Kubernetes; here they run against the model's own functions
  (steps/fixtures/upstream/deployment-*.json say which upstream file and version each follows).

  @S01
  Scenario Outline: deploymentutil as upstream's deployment_util_test.go pins it: <table>
    Then every case of upstream's deployment util test <table> holds on the model

    Examples:
      | table                         |
      | equalIgnoreHash               |
      | findNewReplicaSet             |
      | findOldReplicaSets            |
      | getReplicaCountForReplicaSets |
      | resolveFenceposts             |
      | newRSNewReplicas              |
      | getCondition                  |
      | setCondition                  |
      | removeCondition               |
      | deploymentComplete            |
      | deploymentProgressing         |
      | deploymentTimedOut            |
      | maxUnavailable                |
      | minAvailable                  |
      | replicasAnnotationsNeedUpdate |
      | getReplicaSetFraction         |
      | annotationUtils               |

  @S02
  Scenario Outline: A rolling update's steps as upstream's rolling_test.go pins them: <table>
    Then every case of upstream's deployment controller test <table> holds on the model

    Examples:
      | table                                   |
      | reconcileNewReplicaSet                  |
      | reconcileOldReplicaSets                 |
      | cleanupUnhealthyReplicas                |
      | scaleDownOldReplicaSetsForRollingUpdate |

  @S03
  Scenario Outline: Scaling, cleanup, Recreate and progress as upstream's sync, recreate and progress tests pin them: <table>
    Then every case of upstream's deployment controller test <table> holds on the model

    Examples:
      | table                  |
      | scale                  |
      | cleanupDeployment      |
      | cleanupDeploymentOrder |
      | oldPodsRunning         |
      | requeueStuckDeployment |
      | syncRolloutStatus      |

  # Not upstream table tests: what v1.32's sync.go, recreate.go, rolling.go and progress.go write, case by case
  # (steps/fixtures/upstream/deployment-sync.json), on a fake clientset that records every write and event.
  @CT42
  Scenario Outline: The Deployment controller's sync, Recreate, RollingUpdate and progress steps write what v1.32 writes: <table>
    Then every case of the Deployment sync table <table> holds on the model

    Examples:
      | table                                   |
      | getNewReplicaSet                        |
      | calculateStatus                         |
      | scaleReplicaSet                         |
      | rolloutRecreate                         |
      | rolloutRolling                          |
      | scaleDownOldReplicaSetsForRollingUpdate |
      | syncRolloutStatusConditions             |
      | cleanupDeploymentKeeps                  |
      | scaleRecreate                           |
