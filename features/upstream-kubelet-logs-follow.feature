Feature: kubectl logs --follow as the kubelet's ReadLogs serves it
  Following a container's log the kubelet sends what the file holds (the last tailLines of it when
  asked), then each line as it is written, with its RFC3339Nano time when timestamps are asked,
  until the container is no longer running; a container removed has its file unlinked, but what
  was read stays read. When the kubelet itself stops, the proxied stream breaks. An init
  container's status is found as a container's is. These follow pkg/kubelet/kuberuntime/logs
  (ReadLogs with follow) and validateContainerLogStatus (Kubernetes v1.32), with rows of our own,
  run on the model's followContainerLog and containerForLogs
  (steps/fixtures/upstream/kubelet-logs-follow.json).

  @KL03
  Scenario: Lines sent as they are written, from the tail asked, until the container stops, is removed or the kubelet stops (ReadLogs follow)
    Then every case of upstream's kubelet table followLogs holds on the model

  @KL03
  Scenario: An init container's log is found by its status among the init containers' (validateContainerLogStatus)
    Then every case of upstream's kubelet table logStatus holds on the model
