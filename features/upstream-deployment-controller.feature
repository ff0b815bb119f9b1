Feature: The whole Deployment controller passes Kubernetes' own controller tests
  The Deployment controller watches Deployments, ReplicaSets and Pods. A Deployment's add, update
  or delete queues it; a ReplicaSet's add queues the Deployment its controller reference names (by
  kind, name and UID), an orphan's every Deployment selecting it; a ReplicaSet's update (a new
  resourceVersion) queues its owner, and a former owner when the reference moved, and an orphan's
  selecting Deployments when its labels or reference changed; a ReplicaSet's delete queues its
  owner; a Pod's delete queues a Recreate Deployment once it has no Pods left. A sync of a
  Deployment selecting everything only warns (SelectingAll) and records its observedGeneration;
  one being deleted only writes its status; otherwise it adopts matching orphans, releases what it
  no longer selects, says in Progressing that it is paused or resumed, and creates its ReplicaSet
  named by the template's hash (FNV-32a over the template and the collision count). Upstream's
  deployment_controller_test.go and controller_utils_test.go's TestComputeHash (kubernetes v1.32)
  check these through fakes; their cases run here on the whole controller on a fake control plane
  (steps/fixtures/upstream/deployment-controller-whole.json says which upstream test each case follows).

  @CT41
  Scenario Outline: The Deployment controller as deployment_controller_test.go pins it: <table>
    Then every case of upstream's whole deployment controller test <table> holds on the model

    Examples:
      | table    |
      | handlers |
      | sync     |
      | hash     |
