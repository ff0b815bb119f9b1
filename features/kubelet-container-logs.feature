Feature: Which container instance the kubelet reads for `kubectl logs`, as upstream's test has it
  From the Pod's status the kubelet picks the instance to read: the running container, a
  terminated one (or, when the next did not start, the last terminated one), with `--previous`
  the last terminated one; otherwise it answers why there is nothing to read: the container is
  not in the status, is terminated without a container, or is still waiting to start (an image
  that cannot be pulled, or backing off, in its own words). These are the cases of
  pkg/kubelet/kubelet_pods_test.go TestValidateContainerLogStatus (Kubernetes v1.32), with the
  id read or the error's words, run on the model's function (steps/fixtures/upstream/kubelet-logs.json).

  @KL03
  Scenario: The instance read for the current and the previous container, or why there is none (TestValidateContainerLogStatus)
    Then every case of upstream's kubelet table validateContainerLogStatus holds on the model

  @KL03
  Scenario: The lines read: every one, the last tailLines, with RFC3339Nano timestamps when asked (ReadLogs)
    Then every case of upstream's kubelet table readLogs holds on the model
