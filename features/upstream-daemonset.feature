Feature: The DaemonSet controller passes Kubernetes' own unit tests
  A DaemonSet's rolling update replaces its Pods node by node: without surge it deletes old
  Pods while at most maxUnavailable nodes lack an available Pod; with maxSurge it starts the
  new Pod beside the old one and deletes the old one once the new one is available. Upstream
  pins each sync of such an update, the resolution of maxSurge and maxUnavailable, and which
  nodes should run a daemon Pod, in tables that run here against the model's functions
  (steps/fixtures/upstream/daemonset.json says which upstream files and versions).

  @S06
  Scenario: Rolling updates, with maxUnavailable and with maxSurge, sync by sync as upstream's update_test.go pins them
    Then every case of upstream's daemonset test updates holds on the model

  @S07
  Scenario: maxSurge and maxUnavailable resolved against the nodes as upstream's TestGetUnavailableNumbers pins them
    Then every case of upstream's daemonset test getUnavailableNumbers holds on the model

  @S08
  Scenario: Which nodes run a daemon Pod, as upstream's TestNodeShouldRunDaemonPod pins it
    Then every case of upstream's daemonset test nodeShouldRunDaemonPod holds on the model
