Feature: The whole ReplicaSet controller passes Kubernetes' own controller tests
  The ReplicaSet controller watches ReplicaSets and Pods. A Pod's add queues the ReplicaSet its
  controller reference names (by kind, name and UID) and counts as an observed creation, or as a
  deletion when the Pod is already being deleted; an orphan queues every ReplicaSet of its
  namespace that selects it. A Pod's update queues its owner (and a former owner when the
  reference moved; an orphan's selecting ReplicaSets when its labels or reference changed), and
  once more minReadySeconds and a second later when it turned Ready; an update that gives a Pod
  its deletionTimestamp, and a deletion however it arrives, counts as the deletion. A sync claims
  the active Pods (adopting orphans, releasing what it no longer selects, never for a ReplicaSet
  being deleted), creates in slow-start batches or deletes the cheapest Pods (ranked against the
  Pods its sibling ReplicaSets select) unless expectations are pending, writes status only when it changed
  (retried once on a fresh read) with a ReplicaFailure condition while creates or deletes fail,
  and fails (re-queued with back-off) when an API call failed. Upstream's replica_set_test.go
  (kubernetes v1.32) checks these through fakes; its cases run here on the whole controller on a
  fake control plane with its informers and work queue, at exact virtual times
  (steps/fixtures/upstream/replicaset-controller.json says which upstream test each case follows).

  @CT39
  Scenario Outline: The ReplicaSet controller as replica_set_test.go pins it: <table>
    Then every case of upstream's replicaset controller test <table> holds on the model

    Examples:
      | table      |
      | handlers   |
      | controller |
