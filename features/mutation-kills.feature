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

  @S84
  Scenario: At --v=5 kube-scheduler logs each Pod's way through the queue, the cycle and the binding
    # kind starts kube-scheduler at the default verbosity (0), where these lines are not printed;
    # the static Pod's manifest takes klog's --v like any other flag.
    Given a cluster
    When I run `on k8s-master sed -i 's/- --leader-elect=true/- --leader-elect=true\n    - --v=5/' /etc/kubernetes/manifests/kube-scheduler.yaml`
    And 1m passes
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: small
      spec:
        containers:
        - name: app
          image: nginx
          resources:
            requests:
              cpu: 100m
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: huge
      spec:
        containers:
        - name: app
          image: nginx
          resources:
            requests:
              cpu: "64"
      """
    And 30s passes
    And I run `kubectl delete pod huge small`
    And 10s passes
    And I run `kubectl logs -n kube-system kube-scheduler-k8s-master | grep -v 'for scheduled pod' | grep default/`
    Then the output lines match:
      """
      I0101 [0-9:.]+ +1 eventhandlers.go:141\] "Add event for unscheduled pod" pod="default/small"
      I0101 [0-9:.]+ +1 eventhandlers.go:141\] "Add event for unscheduled pod" pod="default/huge"
      I0101 [0-9:.]+ +1 default_binder.go:53\] "Attempting to bind pod to node" logger="Bind.DefaultBinder" pod="default/small" node="k8s-worker-[12]"
      I0101 [0-9:.]+ +1 cache.go:389\] "Finished binding for pod, can be expired" podKey="[0-9a-f-]{36}" pod="default/small"
      I0101 [0-9:.]+ +1 schedule_one.go:314\] "Successfully bound pod to node" pod="default/small" node="k8s-worker-[12]" evaluatedNodes=3 feasibleNodes=2
      I0101 [0-9:.]+ +1 schedule_one.go:1055\] "Unable to schedule pod; no fit; waiting" pod="default/huge" err="0/3 nodes are available: 1 node\(s\) had untolerated taint \{node-role.kubernetes.io/control-plane: \}, 2 Insufficient cpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod."
      I0101 [0-9:.]+ +1 schedule_one.go:1118\] "Updating pod condition" pod="default/huge" conditionType="PodScheduled" conditionStatus="False" conditionReason="Unschedulable"
      I0101 [0-9:.]+ +1 eventhandlers.go:201\] "Delete event for unscheduled pod" pod="default/small"
      I0101 [0-9:.]+ +1 eventhandlers.go:161\] "Update event for unscheduled pod" pod="default/huge"
      I0101 [0-9:.]+ +1 eventhandlers.go:201\] "Delete event for unscheduled pod" pod="default/huge"
      """
    When I run `kubectl logs -n kube-system kube-scheduler-k8s-master | grep default/small`
    Then the output has 1 line matching "eventhandlers.go:231\] \"Add event for scheduled pod\" pod=\"default/small\"$"
    And the output has 1 line matching "eventhandlers.go:273\] \"Delete event for scheduled pod\" pod=\"default/small\"$"
    # Updates: the kubelet's status writes, then the graceful deletion's deletionTimestamp.
    And the output has 4 lines matching "eventhandlers.go:253\] \"Update event for scheduled pod\" pod=\"default/small\"$"
