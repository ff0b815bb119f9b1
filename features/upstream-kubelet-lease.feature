Feature: The kubelet's node lease as upstream's lease controller tests have it
  The kubelet's heartbeat is a Lease named after its node in kube-node-lease, owned by the Node
  once it is registered, held by the node for 40 s and renewed every 10 s. A renewal updates the
  Lease last written without reading it first; when that fails it reads the Lease (or creates it)
  and updates that, reading again after each conflict, up to 5 updates. With the API server away
  nothing is renewed until the next interval. These are the cases of component-helpers'
  apimachinery/lease/controller_test.go (Kubernetes v1.32) on the model's node lease controller
  (steps/fixtures/upstream/kubelet-lease.json).

  @KL18
  Scenario: The Lease made, renewed, read again after a conflict, and retried (TestNewNodeLease, TestUpdateUsingLatestLease, TestRetryUpdateNodeLease)
    Then every case of upstream's kubelet table nodeLease holds on the model
