Feature: A node whose kubelet stops: NotReady, tainted, its Pods evicted and replaced, then back
  The kubelet's heartbeat is its Lease in kube-node-lease, renewed every 10 s. The node
  lifecycle controller in kube-controller-manager checks the heartbeats every 5 s; a node not
  heard from for 40 s (node-monitor-grace-period) gets its conditions set to Unknown and the
  node.kubernetes.io/unreachable taints: NoSchedule keeps new Pods away, NoExecute lets the taint
  eviction controller evict the Pods there once their toleration (300 s, which the API server
  gives every Pod) runs out. Their ReplicaSet replaces them on the other nodes. The containers
  keep running meanwhile: they belong to containerd, not to the kubelet.

  Background:
    Given a cluster
    When I run `kubectl create deployment nginx --image=nginx --replicas=3`
    And 30s pass
    Then 3 pods labelled "app=nginx" are Running

  @C03 @C16
  Scenario: The node turns NotReady 40 s after its kubelet stops, and gets the unreachable taints
    When I run `on k8s-worker-1 systemctl stop kubelet`
    And 30s pass
    And I run `kubectl get node k8s-worker-1`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-worker-1 +Ready +<none> +\d+s +v1.32.2
      """
    When 20s pass
    And I run `kubectl get nodes`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-master +Ready +control-plane +\d+s +v1.32.2
      k8s-worker-1 +NotReady +<none> +\d+s +v1.32.2
      k8s-worker-2 +Ready +<none> +\d+s +v1.32.2
      """
    # The NoExecute taint comes on the node lifecycle controller's pass after the one that marked it (5 s).
    When 5s pass
    And I run `kubectl describe node k8s-worker-1`
    Then the output contains "Taints:             node.kubernetes.io/unreachable:NoExecute"
    And the output contains "                    node.kubernetes.io/unreachable:NoSchedule"
    And the output has lines matching, in order:
      """
      ^  MemoryPressure +Unknown +.* +NodeStatusUnknown +Kubelet stopped posting node status\.$
      ^  Ready +Unknown +.* +NodeStatusUnknown +Kubelet stopped posting node status\.$
      """
    And the output contains "Normal  NodeNotReady"
    And the output contains "node-controller  Node k8s-worker-1 status is now: NodeNotReady"
    # Its containers keep running: containerd runs them, not the kubelet.
    When I run `on k8s-worker-1 crictl ps -a --name nginx`
    Then it succeeds
    And the output contains "Running"
    And the output does not contain "Exited"

  @C16 @C03
  Scenario: No new Pods go to a node the node controller marked as failed
    When I run `on k8s-worker-1 systemctl stop kubelet`
    And 1m passes
    And I run `kubectl create deployment web --image=nginx --replicas=4`
    And 30s pass
    Then 4 pods labelled "app=web" are Running
    And pods labelled "app=web" are bound to "k8s-worker-2"

  @W18 @C03
  Scenario: After the toleration runs out, the Pods are evicted and replaced on the other node; the kubelet's return clears the taints
    When I run `on k8s-worker-1 systemctl stop kubelet`
    And 6m pass
    Then 3 pods labelled "app=nginx" are Running
    And the pods labelled "app=nginx" are spread over 1 node
    # One event per Pod the scheduler had put on k8s-worker-1 (a tie between the workers, broken at random).
    When I run `kubectl get events --field-selector reason=TaintManagerEviction -o custom-columns=REASON:.reason,MESSAGE:.message,FROM:.source.component`
    Then the output has lines matching, in order:
      """
      ^REASON +MESSAGE +FROM$
      ^TaintManagerEviction +Marking for deletion Pod default/nginx-[a-z0-9]+-[a-z0-9]{5} +taint-eviction-controller$
      """
    # The evicted Pods stay Terminating: only their node's kubelet can confirm their containers stopped.
    When I run `kubectl get pods -o wide`
    Then the output contains "Terminating"
    When I run `on k8s-worker-1 systemctl start kubelet`
    And 30s pass
    And I run `kubectl get nodes k8s-worker-1`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-worker-1 +Ready +<none> +\d+m\d*s? +v1.32.2
      """
    When I run `kubectl describe node k8s-worker-1`
    Then the output contains "Taints:             <none>"
    When I run `kubectl get pods`
    Then the output does not contain "Terminating"
    And 3 pods labelled "app=nginx" are Running
