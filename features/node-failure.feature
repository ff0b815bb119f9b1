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

  @KL29 @CT23
  Scenario: A deleted Node stays gone: its kubelet logs that it is not found, the Pod GC deletes its Pods after the quarantine, and a kubelet restart registers it again
    Upstream 1.32's kubelet registers its Node once (registrationCompleted is never reset): with
    the Node deleted, each status sync fails five times with "error getting node" (the first try
    reads the node lister, whose NotFound says "node", the others the API server's, "nodes"). The
    garbage collector deletes the Node's Lease with it, and the lease controller creates none
    without a Node to own it. The Pod garbage collector finds the Pods bound to a node it does not
    know, waits out the 40 s quarantine, confirms with a GET that the Node is gone, marks each
    Pod Failed with the DisruptionTarget condition and deletes it with grace period 0; the
    kubelet then stops its containers, and the ReplicaSet replaces the Pods on the other node.
    When I run `kubectl delete node k8s-worker-2`
    Then the output is:
      """
      node "k8s-worker-2" deleted
      """
    When 30s pass
    And I run `kubectl get nodes -o name`
    Then the output is:
      """
      node/k8s-master
      node/k8s-worker-1
      """
    When I run `kubectl get leases -n kube-node-lease -o name`
    Then the output is:
      """
      lease.coordination.k8s.io/k8s-master
      lease.coordination.k8s.io/k8s-worker-1
      """
    # Still in quarantine: the Pods bound to the deleted node are there, and run.
    When I run `kubectl get pods -l app=nginx --field-selector spec.nodeName=k8s-worker-2 -o custom-columns=PHASE:.status.phase`
    Then the output is:
      """
      PHASE
      Running
      Running
      """
    When I run `on k8s-worker-2 journalctl -u kubelet --no-pager`
    Then the output has lines matching, in order:
      """
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:567\] "Error updating node status, will retry" err="error getting node \\"k8s-worker-2\\": node \\"k8s-worker-2\\" not found"$
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:567\] "Error updating node status, will retry" err="error getting node \\"k8s-worker-2\\": nodes \\"k8s-worker-2\\" not found"$
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:567\] "Error updating node status, will retry" err="error getting node \\"k8s-worker-2\\": nodes \\"k8s-worker-2\\" not found"$
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:567\] "Error updating node status, will retry" err="error getting node \\"k8s-worker-2\\": nodes \\"k8s-worker-2\\" not found"$
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:567\] "Error updating node status, will retry" err="error getting node \\"k8s-worker-2\\": nodes \\"k8s-worker-2\\" not found"$
      E0101 [\d:.]+ +\d+ kubelet_node_status\.go:541\] "Unable to update node status" err="update node status exceeds retry count"$
      E0101 [\d:.]+ +\d+ nodelease\.go:49\] "Failed to get node when trying to set owner ref to the node lease" err="nodes \\"k8s-worker-2\\" not found" node="k8s-worker-2"$
      """
    And the output has 1 line matching "Attempting to register node"
    When 40s pass
    And I run `kubectl get pods -l app=nginx -o custom-columns=NODE:.spec.nodeName,PHASE:.status.phase`
    Then the output is:
      """
      NODE           PHASE
      k8s-worker-1   Running
      k8s-worker-1   Running
      k8s-worker-1   Running
      """
    And the trace shows, in order:
      | kind | actor                   | verb   | target                              |
      | api  | kubectl                 | delete | nodes/k8s-worker-2                  |
      | api  | kube-controller-manager | delete | leases/kube-node-lease/k8s-worker-2 |
      | api  | kube-controller-manager | get    | nodes/k8s-worker-2                  |
      | api  | kube-controller-manager | patch  | pods/status/default/nginx-          |
      | api  | kube-controller-manager | delete | pods/default/nginx-                 |
    When I run `on k8s-worker-2 crictl ps -a -q`
    Then the output is:
      """
      """
    When I run `kubectl logs -n kube-system kube-controller-manager-k8s-master`
    Then the output has lines matching, in order:
      """
      "Started controller" controller="pod-garbage-collector-controller"$
      "Starting GC controller" logger="pod-garbage-collector-controller"$
      Caches are synced for GC$
      gc_controller\.go:\d+\] "PodGC is force deleting Pod" logger="pod-garbage-collector-controller" pod="default/nginx-[a-z0-9]+-[a-z0-9]{5}"$
      gc_controller\.go:\d+\] "Forced deletion of orphaned Pod succeeded" logger="pod-garbage-collector-controller" pod="default/nginx-[a-z0-9]+-[a-z0-9]{5}"$
      """
    # A restarted kubelet registers its Node again: the node, its Lease and its daemon Pods are back.
    When I run `on k8s-worker-2 systemctl restart kubelet`
    And 30s pass
    And I run `kubectl get nodes k8s-worker-2`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-worker-2 +Ready +<none> +\d+s +v1\.32\.2
      """
    When I run `kubectl get leases -n kube-node-lease k8s-worker-2 -o name`
    Then the output is:
      """
      lease.coordination.k8s.io/k8s-worker-2
      """
    When I run `kubectl get pods -A --field-selector spec.nodeName=k8s-worker-2 -o custom-columns=NAMESPACE:.metadata.namespace,PHASE:.status.phase --sort-by=.metadata.namespace`
    Then the output is:
      """
      NAMESPACE      PHASE
      kube-flannel   Running
      kube-system    Running
      """
