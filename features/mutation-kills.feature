Feature: The scheduler's arithmetic, as upstream's unit tests pin it
  `npm run mutate` (StrykerJS over model/scheduler and the other control-plane folders) changes
  the model one operator at a time and runs the features that reach the change. These mutants
  survived the cluster-level scenarios: a cluster of a few nodes never searches a partial list
  of nodes, rarely ties two nodes, never normalizes a score upside down. Each scenario calls the
  scheduler's decision directly with the cases of the kube-scheduler v1.32 unit test it names;
  rows marked "(formula)" are further points of the same formula at its boundaries.

  @S80
  Scenario: A scheduling cycle stops looking once it found enough feasible nodes (TestNumFeasibleNodesToFind)
    # Fewer than 100 nodes: all of them; then 50% - nodes/125, at least 5%, at least 100 nodes.
    Then numFeasibleNodesToFind gives:
      | nodes | feasible to find | source    |
      | 10    | 10               | upstream  |
      | 1000  | 420              | upstream  |
      | 6000  | 300              | upstream  |
      | 99    | 99               | (formula) |
      | 100   | 100              | (formula) |
      | 199   | 100              | (formula) |
      | 250   | 120              | (formula) |
      | 5625  | 281              | (formula) |
      | 5700  | 285              | (formula) |
      | 6250  | 312              | (formula) |

  @S81
  Scenario: Scores are scaled to 0-100 by the highest, or turned around (TestDefaultNormalizeScore)
    Then DefaultNormalizeScore gives:
      | reverse | scores            | normalized        |
      | false   | 1, 2, 3, 4        | 25, 50, 75, 100   |
      | true    | 1, 2, 3, 4        | 75, 50, 25, 0     |
      | false   | 1000, 10, 20, 30  | 100, 1, 2, 3      |
      | true    | 1000, 10, 20, 30  | 0, 99, 98, 97     |
      | false   | 1, 1, 1, 1        | 100, 100, 100, 100 |
      | false   | 1000, 1, 1, 1     | 100, 0, 0, 0      |
      | true    | 0, 1, 1, 1        | 100, 0, 0, 0      |
      | false   | 0, 0              | 0, 0              |
      | true    | 0, 0              | 100, 100          |

  @S82
  Scenario: The highest total score wins, and every node tied for it is a possible pick (TestSelectHost)
    Then selectHost picks, over seeds 1 to 60:
      | scores                                                    | picked                     |
      | node1.1=1, node2.1=2                                      | node2.1                    |
      | node1.1=1, node1.2=2, node1.3=2, node2.1=2                | node1.2, node1.3, node2.1  |
      | node1.1=3, node1.2=3, node2.1=2, node3.1=1, node1.3=3     | node1.1, node1.2, node1.3  |
      | node1=5                                                   | node1                      |

  @S83
  Scenario: Balanced allocation prefers the node whose cpu and memory would be used alike (TestNodeResourcesBalancedAllocation)
    # Requests as cpu/memory per container (+ between containers); memory in bytes, as upstream's.
    Then NodeResourcesBalancedAllocation scores the Pod's nodes:
      | pod                   | node  | allocatable | pods on it                                     | score |
      | 1000m/2000+2000m/3000 | node1 | 4000/10000  | -                                              | 87    |
      | 1000m/2000+2000m/3000 | node2 | 6000/10000  | -                                              | 100   |
      | 1000m/2000+2000m/3000 | node1 | 10000/20000 | 1000m/0+2000m/0                                | 82    |
      | 1000m/2000+2000m/3000 | node2 | 10000/20000 | 1000m/2000+2000m/3000                          | 95    |
      | 1000m/2000+2000m/3000 | node2 | 10000/50000 | 1000m/2000+2000m/3000                          | 80    |
      | 1000m/0+2000m/0       | node1 | 6000/10000  | 1000m/0+2000m/0                                | 50    |
      | 1000m/0+2000m/0       | node2 | 6000/10000  | 1000m/2000+2000m/3000                          | 75    |
    # The case with nvidia.com/gpu as a third resource: cpu, memory, gpu.
    And balancedResourceScore gives:
      | requested       | allocatable       | score |
      | 3000, 5000, 4   | 3500, 40000, 8    | 70    |
      | 3000, 5000, 1   | 3500, 40000, 8    | 65    |
      | 3000, 5000      | 3500, 40000       | 63    |
      | 3000, 0         | 0, 40000          | 100   |
