Feature: Node lifecycle taints by condition, and each zone's eviction rate
  The node lifecycle controller keeps a NoSchedule taint on a Node for each condition that
  keeps new Pods away (Ready False or Unknown, memory, disk or PID pressure, the network
  unavailable) and for a cordon, and takes it off when the condition clears. The NoExecute
  taint, which makes the taint eviction controller evict the Node's Pods, is rationed: in each
  zone a token bucket lets one Node be tainted every 10 s (--node-eviction-rate 0.1); a zone
  with more than two Nodes and at least 55 % of them not Ready is partially disrupted and, unless
  it has more than 50 Nodes (then one every 100 s), is not tainted at all; and when every zone is
  down the controller assumes it is the one cut off, and taints nothing until a Node is back.
  (pkg/controller/nodelifecycle, Kubernetes v1.32.)

  @S93
  Scenario: Nodes lost in a mostly healthy zone are tainted NoExecute one every 10 s; once most of the zone is down, no more
    Given a cluster with this config:
      """
      kind: Cluster
      nodes:
        - role: control-plane
        - role: worker
        - role: worker
        - role: worker
        - role: worker
        - role: worker
      """
    When I run `on k8s-worker-1 systemctl stop kubelet`
    And I run `on k8s-worker-2 systemctl stop kubelet`
    And I run `on k8s-worker-3 systemctl stop kubelet`
    And 90s pass
    And I run `kubectl get nodes -o custom-columns='NAME:.metadata.name,UNKNOWN:.status.conditions[?(@.type=="Ready")].lastTransitionTime,NOSCHEDULE:.spec.taints[?(@.effect=="NoSchedule")].timeAdded,NOEXECUTE:.spec.taints[?(@.effect=="NoExecute")].timeAdded'`
    # Unknown 40 s after the last heartbeat, with the NoSchedule taint at once; the NoExecute
    # taints on the next pass (5 s), then one per token of the zone's bucket (10 s).
    Then the times in the output are, in seconds after the earliest of them:
      | NAME         | UNKNOWN | NOSCHEDULE | NOEXECUTE |
      | k8s-worker-1 | 0       | 0          | 5         |
      | k8s-worker-2 | 0       | 0          | 15        |
      | k8s-worker-3 | 0       | 0          | 25        |
    # Four of six is over 55 %: the zone is partially disrupted, and a zone of 50 Nodes or fewer then gets no NoExecute taint.
    When I run `on k8s-worker-4 systemctl stop kubelet`
    And 3m pass
    And I run `kubectl get nodes -o custom-columns='NAME:.metadata.name,UNKNOWN:.status.conditions[?(@.type=="Ready")].lastTransitionTime,NOSCHEDULE:.spec.taints[?(@.effect=="NoSchedule")].timeAdded,NOEXECUTE:.spec.taints[?(@.effect=="NoExecute")].timeAdded'`
    Then the times in the output are, in seconds after the earliest of them:
      | NAME         | UNKNOWN | NOSCHEDULE | NOEXECUTE |
      | k8s-worker-4 | 0       | 0          | <none>    |

  @S94
  Scenario: With every Node down nothing is tainted NoExecute nor evicted; once one is back, the others are tainted 10 s apart
    Given a cluster
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `on k8s-master systemctl stop kubelet`
    And I run `on k8s-worker-1 systemctl stop kubelet`
    And I run `on k8s-worker-2 systemctl stop kubelet`
    And 6m pass
    And I run `kubectl get nodes -o custom-columns='NAME:.metadata.name,STATUS:.status.conditions[?(@.type=="Ready")].status,NOSCHEDULE:.spec.taints[?(@.key=="node.kubernetes.io/unreachable")].effect,NOEXECUTE:.spec.taints[?(@.effect=="NoExecute")].key'`
    Then the output lines match:
      """
      NAME +STATUS +NOSCHEDULE +NOEXECUTE
      k8s-master +Unknown +NoSchedule +<none>
      k8s-worker-1 +Unknown +NoSchedule +<none>
      k8s-worker-2 +Unknown +NoSchedule +<none>
      """
    When I run `kubectl get events --field-selector reason=TaintManagerEviction`
    Then the output is:
      """
      """
    And 2 pods labelled "app=web" are Running
    When I run `on k8s-master systemctl start kubelet`
    And 70s pass
    And I run `kubectl get nodes -o custom-columns='NAME:.metadata.name,STATUS:.status.conditions[?(@.type=="Ready")].status,NOEXECUTE:.spec.taints[?(@.effect=="NoExecute")].timeAdded'`
    Then the times in the output are, in seconds after the earliest of them:
      | NAME         | STATUS  | NOEXECUTE |
      | k8s-master   | True    | <none>    |
      | k8s-worker-1 | Unknown | 0         |
      | k8s-worker-2 | Unknown | 10        |

  @S90
  Scenario: A cordon and a NetworkUnavailable condition each give their NoSchedule taint, which goes when they clear
    Given a cluster
    When I run `kubectl cordon k8s-worker-1`
    And 1s pass
    And I run `kubectl describe node k8s-worker-1`
    Then the output has lines matching, in order:
      """
      ^Taints: +node.kubernetes.io/unschedulable:NoSchedule$
      ^Unschedulable: +true$
      """
    When I run `kubectl uncordon k8s-worker-1`
    And 1s pass
    And I run `kubectl describe node k8s-worker-1`
    Then the output has lines matching, in order:
      """
      ^Taints: +<none>$
      ^Unschedulable: +false$
      """
    # A network plugin (or the route controller) reports the Node's network as down.
    When I run `kubectl patch node k8s-worker-2 --subresource=status -p '{"status":{"conditions":[{"type":"NetworkUnavailable","status":"True","reason":"NoRouteCreated","message":"Node created without a route"}]}}'`
    And 1s pass
    And I run `kubectl describe node k8s-worker-2`
    Then the output has lines matching, in order:
      """
      ^Taints: +node.kubernetes.io/network-unavailable:NoSchedule$
      ^  NetworkUnavailable +True +.* +NoRouteCreated +Node created without a route$
      """
    When I run `kubectl create deployment web --image=nginx --replicas=3`
    And 30s pass
    Then 3 pods labelled "app=web" are Running
    And pods labelled "app=web" are bound to "k8s-worker-1"
    # The kubelet's own status updates leave the condition alone; clearing it clears the taint.
    When 1m passes
    And I run `kubectl patch node k8s-worker-2 --subresource=status -p '{"status":{"conditions":[{"type":"NetworkUnavailable","status":"False","reason":"RouteCreated","message":"RouteController created a route"}]}}'`
    And 1s pass
    And I run `kubectl describe node k8s-worker-2`
    Then the output has lines matching, in order:
      """
      ^Taints: +<none>$
      ^  NetworkUnavailable +False +.* +RouteCreated +RouteController created a route$
      """

  @S95
  Scenario: In a zone of more than 50 Nodes with most of them down, the NoExecute taints come one every 100 s
    Given a control plane with 60 Nodes in one zone, their kubelets renewing their Leases every 10s
    # 40 of 60 is over 55 %: the zone is partially disrupted, and large, so the secondary rate (0.01/s) applies.
    When the kubelets of the first 40 of them stop and 10m pass
    Then the Nodes tainted NoExecute were tainted, in seconds after the first of them: "0, 100, 200, 300, 400, 500"

  @S95
  Scenario: In a zone of more than 50 Nodes with a third of them down, the NoExecute taints come one every 10 s
    Given a control plane with 60 Nodes in one zone, their kubelets renewing their Leases every 10s
    When the kubelets of the first 20 of them stop and 2m pass
    Then the Nodes tainted NoExecute were tainted, in seconds after the first of them: "0, 10, 20, 30, 40, 50, 60"

  @S96
  Scenario: A DaemonSet's Pods tolerate the condition taints, the network-unavailable one only with the host's network
    Given a cluster
    When I run `kubectl patch node k8s-worker-2 --subresource=status -p '{"status":{"conditions":[{"type":"NetworkUnavailable","status":"True","reason":"NoRouteCreated","message":"Node created without a route"}]}}'`
    And 1s pass
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: agent
      spec:
        selector:
          matchLabels:
            app: agent
        template:
          metadata:
            labels:
              app: agent
          spec:
            containers:
            - name: agent
              image: busybox
              command: ["sleep", "infinity"]
      ---
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: hostagent
      spec:
        selector:
          matchLabels:
            app: hostagent
        template:
          metadata:
            labels:
              app: hostagent
          spec:
            hostNetwork: true
            containers:
            - name: agent
              image: busybox
              command: ["sleep", "infinity"]
      """
    And 30s pass
    And I run `kubectl get ds`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +UP-TO-DATE +AVAILABLE +NODE SELECTOR +AGE
      agent +1 +1 +1 +1 +1 +<none> +30s
      hostagent +2 +2 +2 +2 +2 +<none> +30s
      """
    And pods labelled "app=agent" are bound to "k8s-worker-1"
    When I run `kubectl get pods -l app=hostagent -o jsonpath={.items[0].spec.tolerations[*].key}`
    Then the output is:
      """
      node.kubernetes.io/not-ready node.kubernetes.io/unreachable node.kubernetes.io/disk-pressure node.kubernetes.io/memory-pressure node.kubernetes.io/pid-pressure node.kubernetes.io/unschedulable node.kubernetes.io/network-unavailable
      """
