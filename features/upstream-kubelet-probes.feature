Feature: The kubelet's probe manager as upstream's prober tests have it
  The probe manager keeps one worker per container and probe of each Pod it is given; a Pod
  removed stops its workers and no other Pod's. A worker waits a part of its period before its
  first probe, so that workers made together do not probe together. It probes nothing once the
  Pod has succeeded or failed, or for liveness once it is being deleted, and nothing after its
  container left the Pod's spec; a container that is not running is not probed and is not ready.
  A result that does not change asks for no new status. After a failed liveness or startup probe
  kills the container (the kubelet logs it as kuberuntime_container.go does), the worker is on
  hold until the runtime shows a new container ID, and counts its failures from zero again. A
  container that just started is probed at once for startup and readiness. An HTTP or TCP probe
  connects to its host or the Pod's IP, on a port given as a number, a name of the container's
  ports or a number in a string; any other port is an error: the probe errs, the event says so,
  and its result is thrown away. An HTTP status from 200 to 399 is a success. An exec probe's
  command expands the container's static env. These are the cases of
  pkg/kubelet/prober/prober_manager_test.go, worker_test.go and prober_test.go (Kubernetes v1.32),
  run on the model's ProbeManager and runProbe (steps/fixtures/upstream/kubelet-prober.json).

  @KL16
  Scenario: Workers per Pod and container, what ends them, hold and results (TestAddRemovePods, TestDoProbe, TestOnHoldOnLivenessOrStartupCheckFailure, TestResultRunOnLivenessCheckFailure)
    Then every case of upstream's kubelet table probeManager holds on the model

  @KL20
  Scenario: Where an HTTP or TCP probe connects, what counts as success, and the command an exec probe runs (TestGetURLParts, TestGetTCPAddrParts, TestProbe)
    Then every case of upstream's kubelet table probeHandlers holds on the model

  @KL16
  Scenario: A worker's first probe waits a part of its period, different for different Pods (worker.run)
    Then every case of upstream's kubelet table probeFirstWait holds on the model
