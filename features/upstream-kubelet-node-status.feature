Feature: The kubelet's Node registration and status updates as upstream's node status tests have them
  The kubelet registers its Node with its capacity and allocatable (hugepages at 0 added, names in
  order), its addresses, its port 10250, the runtime's version, the runtime's images (largest first,
  at most 50, at most 5 names each) and its conditions. When the Node exists already it reads it,
  gives it the attach/detach annotation and its default labels (leaving other labels) and writes it
  only if that changed anything; any other failure leaves it unregistered, tried again after the
  back-off. Every 10 s it computes the status and writes it when it changed or 5 minutes passed, a
  failed write tried again at once, up to 5 tries. These are the cases of
  pkg/kubelet/kubelet_node_status_test.go and pkg/kubelet/nodestatus/setters_test.go (Kubernetes
  v1.32) on the model's node status manager (steps/fixtures/upstream/kubelet-node-status.json).

  @KL24
  Scenario: Registration, the status written, its report frequency and its retries (TestUpdateNewNodeStatus, TestUpdateExistingNodeStatus, TestUpdateNodeStatusWithLease, TestTryRegisterWithApiServer, TestUpdateDefaultLabels)
    Then every case of upstream's kubelet table nodeStatus holds on the model
