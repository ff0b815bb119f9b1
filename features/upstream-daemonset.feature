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

  @CT17
  Scenario: The status counts every node as upstream's TestNumberReadyStatus and TestObservedGeneration, and updateDaemonSetStatus, have it
    Desired nodes, scheduled ones, misscheduled ones (a Pod where the node selector no longer matches,
    or under an untolerated NoSchedule taint), and per node its oldest Pod for ready, available
    (minReadySeconds) and up to date (hash or template generation); an unchanged status is not written.
    Then every case of upstream's daemonset test status holds on the model

  @CT18
  Scenario Outline: A daemon Pod's template, tolerations, node pinning and freshness as upstream's daemonset_util_test.go has them (<table>)
    The daemon tolerations replace a template toleration that matches one (dropping its
    tolerationSeconds); the required node affinity becomes metadata.name In [node] alone.
    Then every case of upstream's daemonset test <table> holds on the model

    Examples:
      | table                |
      | isPodUpdated         |
      | createPodTemplate    |
      | daemonPodTolerations |
      | replaceNodeAffinity  |
      | targetNodeName       |

  @CT19
  Scenario: One sync kills failed daemon Pods, keeps one Pod per node (two while surging), respects terminating Pods and tainted nodes and rolls out within maxUnavailable and maxSurge, as upstream's daemon_controller_test.go and update.go have it
    Then every case of upstream's daemonset test manage holds on the model

  @CT19
  Scenario: A DaemonSet's history as update.go keeps it: snapshot, renumbering, deduplication, hash collisions and cleanup
    Then every case of upstream's daemonset test history holds on the model

  @CT21 @CT43
  Scenario: The controller's event handlers queue a DaemonSet when, and only when, upstream's TestUpdateNode, TestAddPod, TestUpdatePod, TestDeletePod and TestDeleteNoDaemonPod say, minReadySeconds included
    A node update queues a DaemonSet only when it changes whether the DaemonSet should run or keep
    running a Pod there; a Pod's events queue the DaemonSet whose UID its controller reference
    names (both, when the reference moves), an orphan's add or relabelling every DaemonSet whose
    selector picks it (TestAddPodOrphan, TestUpdatePodOrphanWithNewLabels), a resync nothing; with minReadySeconds a Pod turning
    ready queues its DaemonSet again minReadySeconds and a second later. Checked on the whole
    controller, its informers and work queue, at exact virtual times.
    Then every case of upstream's daemonset controller test handlers holds on the model

  @CT22 @CT43
  Scenario: The controller waits for its caches, forgets a recreated DaemonSet's expectations, leaves one being deleted alone, replaces a terminating failed Pod at once, retries a failed sync, times a surge rollout by minReadySeconds, and adopts and releases Pods and revisions
    Then every case of upstream's daemonset controller test controller holds on the model
