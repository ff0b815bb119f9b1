Feature: The kubelet reports its Node's conditions and records their changes as events
  Every 10 seconds the kubelet computes its Node's status: the pressure conditions (False, with
  the kubelet's reasons and messages) and Ready, True while the container runtime and its network
  are ready, otherwise False with why. It records an event for each pressure condition's first
  value and for each change of Ready (NodeReady, NodeNotReady), as kubelet v1.32's node status
  setters do; `Starting` and `NodeAllocatableEnforced` come with its start.

  Background:
    Given a cluster

  @KL11
  Scenario: A worker's Node is Ready, goes NotReady while containerd is down, and Ready again
    When 20s pass
    And I run `kubectl get events --field-selector involvedObject.name=k8s-worker-1 -o custom-columns=TYPE:.type,REASON:.reason,FROM:.source.component,MESSAGE:.message`
    Then the output lines match:
      """
      TYPE +REASON +FROM +MESSAGE
      Normal +Starting +kubelet +Starting kubelet\.
      Normal +NodeHasSufficientMemory +kubelet +Node k8s-worker-1 status is now: NodeHasSufficientMemory
      Normal +NodeHasNoDiskPressure +kubelet +Node k8s-worker-1 status is now: NodeHasNoDiskPressure
      Normal +NodeHasSufficientPID +kubelet +Node k8s-worker-1 status is now: NodeHasSufficientPID
      Normal +NodeAllocatableEnforced +kubelet +Updated Node Allocatable limit across pods
      Normal +NodeReady +kubelet +Node k8s-worker-1 status is now: NodeReady
      """
    When I run `kubectl get node k8s-worker-1 -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'`
    Then the output is:
      """
      MemoryPressure=False KubeletHasSufficientMemory: kubelet has sufficient memory available
      DiskPressure=False KubeletHasNoDiskPressure: kubelet has no disk pressure
      PIDPressure=False KubeletHasSufficientPID: kubelet has sufficient PID available
      Ready=True KubeletReady: kubelet is posting ready status
      """
    When I run `on k8s-worker-1 systemctl stop containerd`
    And 20s pass
    And I run `kubectl get node k8s-worker-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].message}'`
    Then the output is:
      """
      container runtime is down
      """
    When I run `kubectl get events --field-selector involvedObject.name=k8s-worker-1,reason=NodeNotReady -o custom-columns=TYPE:.type,MESSAGE:.message`
    Then the output lines match:
      """
      TYPE +MESSAGE
      Normal +Node k8s-worker-1 status is now: NodeNotReady
      """
    When I run `on k8s-worker-1 systemctl start containerd`
    And 20s pass
    And I run `kubectl get node k8s-worker-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}'`
    Then the output is:
      """
      KubeletReady
      """
    When I run `kubectl get events --field-selector involvedObject.name=k8s-worker-1,reason=NodeReady -o jsonpath='{.items[0].count}'`
    Then the output is:
      """
      2
      """
