Feature: The scheduler's node tree as upstream's own tests have it
  kube-scheduler's cache keeps the node names grouped by zone, the zone being the node's region
  and zone labels ("region:\x00:zone"; the topology.kubernetes.io labels, else the deprecated
  failure-domain.beta.kubernetes.io ones; "" with neither). Its list takes one node from each zone
  in turn, zones in the order they first appeared, so that the nodes a scheduling cycle examines
  first are spread over the zones. These are the cases of
  pkg/scheduler/internal/cache/node_tree_test.go (v1.32) on the model's NodeTree, with its nodes:

  Background:
    Given upstream's node tree test nodes:
      | node    | topology region | topology zone | beta region | beta zone |
      | node-0  |                 |               |             |           |
      | node-1  | region-1        |               |             |           |
      | node-2  |                 | zone-2        |             |           |
      | node-3  | region-1        | zone-2        |             |           |
      | node-4  | region-1        | zone-2        |             |           |
      | node-5  | region-1        | zone-3        |             |           |
      | node-6  | region-2        | zone-2        |             |           |
      | node-7  | region-2        | zone-2        |             |           |
      | node-8  | region-2        | zone-2        |             |           |
      | node-9  | region-2        | zone-2        | region-2    | zone-2    |
      | node-10 |                 |               | region-2    | zone-3    |

  @SC08
  Scenario: Adding nodes groups them by zone (TestNodeTree_AddNode)
    Then adding the nodes gives the tree:
      | test                                                                   | add                   | tree                                                                                                                  |
      | single node no labels                                                  | node-0                | "": node-0                                                                                                            |
      | same node specified twice                                              | node-0, node-0        | "": node-0                                                                                                            |
      | mix of nodes with and without proper labels                            | node-0 .. node-3      | "": node-0; "region-1:\x00:": node-1; ":\x00:zone-2": node-2; "region-1:\x00:zone-2": node-3                           |
      | mix of nodes with and without proper labels and some zones with multiple nodes | node-0 .. node-6 | "": node-0; "region-1:\x00:": node-1; ":\x00:zone-2": node-2; "region-1:\x00:zone-2": node-3, node-4; "region-1:\x00:zone-3": node-5; "region-2:\x00:zone-2": node-6 |
      | nodes also using deprecated zone/region label                          | node-9, node-10       | "region-2:\x00:zone-2": node-9; "region-2:\x00:zone-3": node-10                                                       |

  @SC08
  Scenario: Removing nodes empties their zones, and a node not in the tree changes nothing (TestNodeTree_RemoveNode)
    Then removing nodes from the tree gives:
      | test                                                         | existing         | remove           | tree                                                                                                       |
      | remove a single node with no labels                          | node-0 .. node-6 | node-0           | "region-1:\x00:": node-1; ":\x00:zone-2": node-2; "region-1:\x00:zone-2": node-3, node-4; "region-1:\x00:zone-3": node-5; "region-2:\x00:zone-2": node-6 |
      | remove a few nodes including one from a zone with multiple nodes | node-0 .. node-6 | node-1 .. node-3 | "": node-0; "region-1:\x00:zone-2": node-4; "region-1:\x00:zone-3": node-5; "region-2:\x00:zone-2": node-6 |
      | remove all nodes                                             | node-0 .. node-6 | node-0 .. node-6 |                                                                                                            |
      | remove non-existing node                                     |                  | node-0 .. node-4 |                                                                                                            |

  @SC08
  Scenario: An update that changes a node's zone moves it to the end of its new zone (TestNodeTree_UpdateNode)
    Then updating a node in the tree gives:
      | test                          | existing         | update                                   | tree                                                                                                                        |
      | update a node without label   | node-0 .. node-6 | node-0 region-1 zone-2                   | "region-1:\x00:": node-1; ":\x00:zone-2": node-2; "region-1:\x00:zone-2": node-3, node-4, node-0; "region-1:\x00:zone-3": node-5; "region-2:\x00:zone-2": node-6 |
      | update the only existing node | node-0           | node-0 region-1 zone-2                   | "region-1:\x00:zone-2": node-0                                                                                              |
      | update non-existing node      | node-0           | node-new region-1 zone-2                 | "": node-0; "region-1:\x00:zone-2": node-new                                                                                |
      | update keeping its zone (the model's, not upstream's) | node-3, node-4   | node-3 region-1 zone-2                   | "region-1:\x00:zone-2": node-3, node-4                                                                                      |

  @SC08
  Scenario: The list takes one node from each zone in turn (TestNodeTree_List, TestNodeTreeMultiOperations)
    Then the tree lists, after these operations:
      | test                                | operations                                                             | list                                                                     |
      | empty tree                          |                                                                        |                                                                          |
      | one node                            | add node-0                                                             | node-0                                                                   |
      | four nodes                          | add node-0 .. node-3                                                   | node-0, node-1, node-2, node-3                                           |
      | all nodes                           | add node-0 .. node-8                                                   | node-0, node-1, node-2, node-3, node-5, node-6, node-4, node-7, node-8   |
      | add and remove all nodes            | add node-2 .. node-4, remove node-2 .. node-4                          |                                                                          |
      | add and remove some nodes           | add node-2 .. node-4, remove node-2                                    | node-3, node-4                                                           |
      | remove three nodes                  | add node-2 .. node-4, remove node-2 .. node-4, add node-5              | node-5                                                                   |
      | add more nodes to an exhausted zone | add node-4 .. node-8, add node-3                                       | node-4, node-5, node-6, node-3, node-7, node-8                           |
      | remove zone and add new             | add node-3, add node-4, remove node-3, add node-6, add node-7, remove node-4 | node-6, node-7                                                     |
