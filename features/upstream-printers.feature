Feature: The API server prints table rows as upstream's printer tests have them
  `kubectl get` asks the API server for a Table; the API server's printers make each row. A Pod's
  READY counts ready containers and started sidecars, its STATUS is the phase unless a container's
  waiting or terminated reason, an init container's progress (Init:1/2), scheduling gates or a
  deletion say more, and RESTARTS adds when the last restart was ("4 (20s ago)"); a finished Pod's
  row is marked Completed. The cases are Kubernetes v1.32's pkg/printers/internalversion/
  printers_test.go, run on the model's printers (steps/fixtures/upstream/printers.json).

  @AP05
  Scenario: A Pod's READY, STATUS and RESTARTS (TestPrintPod)
    Then the API server's table printer prints every row of upstream's TestPrintPod

  @AP05
  Scenario: Sidecars count as containers once started, and an init container's progress shows in STATUS (TestPrintPodWithRestartableInitContainer)
    Then the API server's table printer prints every row of upstream's TestPrintPodWithRestartableInitContainer
