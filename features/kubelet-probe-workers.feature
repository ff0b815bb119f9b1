Feature: A probe worker's verdict as upstream's prober tests have it
  The kubelet runs one worker per container and probe, once a period. Nothing is probed before
  initialDelaySeconds: readiness stays false, liveness true, startup unknown. A verdict changes
  only after successThreshold successes or failureThreshold failures in a row; each failure
  records Unhealthy with the probe's output. A failed liveness or startup probe kills the
  container (with the probe's terminationGracePeriodSeconds, else the Pod's), and the worker waits
  for the new container; readiness never kills; a startup probe stops once it succeeded. These are
  the cases of pkg/kubelet/prober/worker_test.go (Kubernetes v1.32) and the kill and hold of
  prober_manager.go's worker, run on the model (steps/fixtures/upstream/kubelet-prober.json).

  @KL09
  Scenario: Thresholds, the initial delay and what a failure kills (TestSuccessThreshold, TestFailureThreshold, TestInitialDelay)
    Then every case of upstream's kubelet table probeWorker holds on the model
