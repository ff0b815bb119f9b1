Feature: The scheduler's plugins as upstream's own tests have them
  Each filter and score plugin of the default profile answers as the tables beside its code in
  Kubernetes v1.32 (pkg/scheduler/framework/plugins/*/..._test.go) say: the reasons a node is
  rejected and their order, the scores, and which Node changes may make a rejected Pod
  schedulable (the QueueingHints). The cases are in steps/fixtures/upstream/scheduler-*.json,
  each file naming the upstream tests it follows.

  @SP01
  Scenario Outline: NodeResourcesFit reports every resource a node is short of, as fit_test.go's <table> has it
    Then every case of upstream's noderesources plugin test <table> holds on the model

    Examples:
      | table                     |
      | enoughRequests            |
      | notEnoughRequests         |
      | storageRequests           |
      | restartableInitContainers |

  @SP02
  Scenario Outline: NodeResourcesFit and BalancedAllocation score nodes as upstream's <table> cases do
    Then every case of upstream's noderesources plugin test <table> holds on the model

    Examples:
      | table                 |
      | fitScore              |
      | leastAllocated        |
      | leastRequestedScore   |
      | balancedAllocation    |
      | balancedResourceScore |

  @SP03
  Scenario Outline: A Node change requeues a Pod NodeResourcesFit rejected only when it may now fit (<table>)
    Then every case of upstream's noderesources plugin test <table> holds on the model

    Examples:
      | table                              |
      | eventsToRegister                   |
      | isSchedulableAfterNodeChange       |
      | isFit                              |
      | haveAnyRequestedResourcesIncreased |

  @SP04
  Scenario Outline: TaintToleration keeps Pods off nodes with taints they do not tolerate and prefers fewer PreferNoSchedule taints (<table>)
    Then every case of upstream's node plugin test <table> holds on the model

    Examples:
      | table       |
      | taintFilter |
      | taintScore  |
      | taintHint   |

  @SP05
  Scenario Outline: NodeUnschedulable and NodeName keep Pods off cordoned and other-named nodes (<table>)
    Then every case of upstream's node plugin test <table> holds on the model

    Examples:
      | table                 |
      | nodeUnschedulable     |
      | nodeUnschedulableHint |
      | nodeName              |
      | nodeNameHint          |

  @SP06
  Scenario Outline: NodeAffinity filters on the required terms and scores the preferred ones (<table>)
    Then every case of upstream's node plugin test <table> holds on the model

    Examples:
      | table                 |
      | nodeAffinityPreFilter |
      | nodeAffinityFilter    |
      | nodeAffinityScore     |
      | nodeAffinityHint      |

  @SP07
  Scenario: DefaultPreemption explains why evicting lower-priority Pods would not help, as TestPostFilter's messages say
    Then every case of upstream's preemption plugin test postFilter holds on the model

  @SP08
  Scenario Outline: VolumeBinding keeps a Pod off every node for missing or unbound Immediate claims, off nodes its volumes exclude, and waits for binding (<table>)
    Then every case of upstream's preemption plugin test <table> holds on the model

    Examples:
      | table         |
      | volumeBinding |
      | preBind       |
