Feature: The Job controller's backoff and Indexed Jobs pass Kubernetes' own unit tests
  After a failed Pod the Job controller waits before it creates the next one: 10 s, doubling with
  each failure since the last success, up to 6 minutes, counted from when the last Pod finished
  (its containers' finish, else when it turned not Ready, else when it was asked to go). An Indexed
  Job keeps the indexes that succeeded as ordered intervals, hands out the lowest free indexes,
  and of two Pods with one index keeps the more advanced. Upstream pins these in tables beside
  the controller; they run here against the model's functions (steps/fixtures/upstream/job.json
  says which upstream files and versions). One sync of the controller over a Job and its Pods -
  the Pods it creates and deletes, the finalizers it removes, the status and conditions it
  writes - follows TestControllerSyncJob's rows (steps/fixtures/upstream/job-sync.json); so do
  TestSyncJobPastDeadline and TestJobBackoffForOnFailure (a Job past its deadline or its OnFailure
  restarts), TestSyncOrphanPod (which Pods lose the finalizer when no running Job controls them) and
  TestWatchJobs, TestWatchPods and TestJobBackoff (when a watched change reaches a sync), with the
  whole controller running on its informers. The order in which it deletes active Pods is
  controller_utils_test.go's TestSortingActivePods.

  @CT04
  Scenario Outline: A Job's pod failure backoff, as backoff_utils_test.go pins it: <table>
    Then every case of upstream's job test <table> holds on the model

    Examples:
      | table                |
      | newBackoffRecord     |
      | finishedTime         |
      | remainingBackoffTime |

  @CT05
  Scenario Outline: An Indexed Job's indexes, as indexed_job_utils_test.go pins them: <table>
    Then every case of upstream's job test <table> holds on the model

    Examples:
      | table                               |
      | calculateSucceededIndexes           |
      | intervalsHaveIndex                  |
      | firstPendingIndexes                 |
      | appendDuplicatedIndexPodsForRemoval |
      | podGenerateNameWithIndex            |

  @CT14
  Scenario: One sync of a Job over its Pods, as TestControllerSyncJob pins it
    Then every row of upstream's TestControllerSyncJob holds for one sync of the model's Job controller

  @CT26
  Scenario Outline: A Job past its deadline or its backoff limit, as <table> pins it
    Then every row of upstream's job controller test <table> holds on the model's Job controller

    Examples:
      | table               |
      | pastDeadline        |
      | backoffForOnFailure |

  @CT27
  Scenario: A Pod no running Job controls loses its job-tracking finalizer, as TestSyncOrphanPod pins it
    Then every row of upstream's job controller test syncOrphanPod holds on the model's Job controller

  @CT14
  Scenario: A change through the Job or Pod watch reaches syncJob when upstream's does, as TestWatchJobs, TestWatchPods and TestJobBackoff pin it
    Then every row of upstream's job controller test watch holds on the model's Job controller

  @CT14
  Scenario: The Job controller deletes its active Pods in controller.ActivePods' order, as TestSortingActivePods pins it
    Then every case of upstream's job test sortingActivePods holds on the model
