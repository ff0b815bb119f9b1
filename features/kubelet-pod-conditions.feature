Feature: The Pod's Ready and ContainersReady conditions as upstream's kubelet tests have them
  ContainersReady is True when every container has a status and is ready; otherwise it is False
  with ContainersNotReady and the containers of unknown and of unready status named in Go's list
  format. Without any status it is UnknownContainerStatuses; once the Pod has Succeeded it is
  PodCompleted, once it has Failed PodFailed. Ready says the same, and then waits for every
  readiness gate's condition to be True (ReadinessGatesNotReady with each gate's reason). These
  are the cases of pkg/kubelet/status/generate_test.go (Kubernetes v1.32) without init containers,
  run on the model's functions (steps/fixtures/upstream/kubelet-conditions.json).

  @KL04
  Scenario: ContainersReady from the containers' statuses and the phase (TestGenerateContainersReadyCondition)
    Then every case of upstream's kubelet table containersReadyCondition holds on the model

  @KL04
  Scenario: Ready from the containers and the readiness gates (TestGeneratePodReadyCondition)
    Then every case of upstream's kubelet table podReadyCondition holds on the model
