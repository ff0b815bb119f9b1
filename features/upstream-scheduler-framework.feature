Feature: The scheduling framework's plugin runs as upstream's own tests have them
  A profile's plugins run at extension points: PreFilter (a plugin may Skip, and its Filter is then
  not run for this Pod), Filter (a node's first rejecting plugin is its reason), PreScore (Skip
  leaves the plugin's Score out; an error ends the cycle with "running PreScore plugin ...") and
  Score, whose scores each node sums weighted by the plugin's weight (a plugin of weight 0 does
  not score). A Status is a code and its reasons, its message the reasons joined with ", ". These
  are the cases of pkg/scheduler/framework/runtime/framework_test.go (v1.32: TestRunScorePlugins,
  TestRunPreScorePlugins, TestRunFilterPlugins, TestPreFilterPlugins) and
  pkg/scheduler/framework/interface_test.go (TestStatus, TestIsRejected), with upstream's fake
  plugins: each plugin's part says what it returns.

  @SC13
  Scenario: Each node's score is the weighted sum of the plugins' scores (TestRunScorePlugins)
    # "name×weight: node=score, ...", PreScore "skip" or "error <msg>" after a "/".
    Then the framework scores the nodes n1 and n2:
      | test                                       | plugins                                                       | totals                                         |
      | single Score plugin                        | score1×1: n1=1, n2=2                                          | n1=1, n2=2                                     |
      | single Score plugin with weight            | score1×3: n1=1, n2=2                                          | n1=3, n2=6                                     |
      | multiple Score plugins                     | score1×1: n1=1, n2=2; score2×3: n1=3, n2=5                    | n1=10, n2=17                                   |
      | a plugin of weight 0 does not score        | score1×1: n1=1, n2=2; score2×0: n1=50, n2=50                  | n1=1, n2=2                                     |
      | skipped prescore plugin                    | score1×1: n1=1, n2=2; score2×3: n1=3, n2=5 / skip             | n1=1, n2=2                                     |
      | all prescore plugins skipped               | score1×1: n1=1, n2=2 / skip; score2×3: n1=3, n2=5 / skip      | n1=0, n2=0                                     |
      | prescore plugin Error                      | score1×1: n1=1, n2=2 / error injected status                  | running PreScore plugin "score1": injected status |

  @SC13
  Scenario: A node's first rejecting filter is its reason; a filter a PreFilter skipped does not run (TestRunFilterPlugins, TestPreFilterPlugins)
    # "name: result" per filter plugin; "prefilter skip" on a plugin skips its Filter for the Pod.
    Then the framework filters a node:
      | test                                        | plugins                                                                      | result                                     |
      | all filters pass                            | TestPlugin1: success; TestPlugin2: success                                   | Success                                    |
      | the first rejecting filter is the reason    | TestPlugin1: success; TestPlugin2: unschedulable fake; TestPlugin3: unschedulable other | Unschedulable "fake" from TestPlugin2 |
      | an unresolvable rejection                   | TestPlugin1: unschedulable-unresolvable fake                                 | UnschedulableAndUnresolvable "fake" from TestPlugin1 |
      | a filter skipped at PreFilter does not run  | TestPlugin1: unschedulable fake, prefilter skip; TestPlugin2: success        | Success                                    |
      | a PreFilter that does not skip              | TestPlugin1: unschedulable fake, prefilter success; TestPlugin2: success     | Unschedulable "fake" from TestPlugin1      |

  @SC18
  Scenario: PreFilter plugins narrow the nodes, reject or fail the cycle (TestRunPreFilterPlugins)
    # "name: answer" per PreFilter plugin: "nodes A B" is a PreFilterResult; the result says the
    # status, the nodes left, and which plugins ran. Unschedulable lets the others run (preemption
    # may help), UnschedulableAndUnresolvable and errors stop at once, and results intersect.
    Then the framework's PreFilter plugins decide:
      | test                                                  | plugins                                                       | result                                                                                     |
      | all PreFilter plugins succeed                         | A: success; B: skip                                           | Success; ran A,B                                                                           |
      | Unschedulable, and the next plugin still runs         | A: unschedulable fake; B: success                             | Unschedulable "fake" from A; ran A,B                                                        |
      | UnschedulableAndUnresolvable stops the other plugins  | A: unschedulable-unresolvable fake; B: success                | UnschedulableAndUnresolvable "fake" from A; ran A                                           |
      | another code is an error, and stops                   | A: error boom; B: success                                     | Error "running PreFilter plugin "A": boom" from A; ran A                                    |
      | two results intersect                                 | A: nodes node1 node2; B: nodes node2 node3; C: success        | Success nodes [node2]; ran A,B,C                                                            |
      | no node left by one plugin                            | A: nodes                                                      | UnschedulableAndUnresolvable "node(s) didn't satisfy plugin A" nodes []; ran A                    |
      | no node left by two: the others do not run            | B: nodes node1; A: nodes node2; C: success                    | UnschedulableAndUnresolvable "node(s) didn't satisfy plugin(s) [A B] simultaneously" nodes []; ran B,A |
      | a skip leaves the nodes as they were                  | A: skip; B: nodes node1                                       | Success nodes [node1]; ran A,B                                                              |

  @SC13
  Scenario: A Status's message is its reasons joined, and only Unschedulable ones reject (TestStatus, TestIsRejected)
    Then a framework Status reads:
      | code                         | reasons                    | message                      | success | rejected |
      | Success                      |                            |                              | true    | false    |
      | Error                        | unknown error              | unknown error                | false   | false    |
      | Unschedulable                | Insufficient cpu           | Insufficient cpu             | false   | true     |
      | UnschedulableAndUnresolvable | a, b                       | a, b                         | false   | true     |
      | Wait                         |                            |                              | false   | false    |
      | Skip                         |                            |                              | false   | false    |

  @SC13
  Scenario: Which resource names are extended and which are scalar (v1helper.IsExtendedResourceName, schedutil.IsScalarResourceName)
    Then resource names are classified:
      | name                              | extended | scalar |
      | cpu                               | false    | false  |
      | memory                            | false    | false  |
      | example.com/foo                   | true     | true   |
      | nvidia.com/gpu                    | true     | true   |
      | kubernetes.io/foo                 | false    | true   |
      | requests.example.com/foo          | false    | false  |
      | example.com/-foo                  | false    | false  |
      | hugepages-2Mi                     | false    | true   |
      | attachable-volumes-aws-ebs        | false    | true   |
