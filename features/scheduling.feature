Feature: kube-scheduler picks a node for each new Pod and binds it through the API server
  New Pods have no node. The scheduler watches for them through the API server, filters the
  nodes by CPU and memory, nodeSelector, affinity, taints and tolerations, scores the rest, and
  records its choice as a binding. It never starts containers.

  Background:
    Given a cluster

  @W10 @W11 @C19
  Scenario: Each new Pod is bound to a worker through pods/binding
    When I run `kubectl create deployment nginx --image=nginx --replicas=3`
    And 1m passes
    Then the trace shows, in order:
      | kind  | actor          | verb    | target         |
      | watch | kube-scheduler | ADDED   | pods/default/nginx- |
      | api   | kube-scheduler | create  | pods/binding/default/nginx- |
    And "kube-scheduler" made no create request for "pods/default"
    And every pod labelled "app=nginx" runs on a worker node
    When I run `kubectl get events --field-selector reason=Scheduled -o custom-columns=FROM:.reportingComponent,MESSAGE:.message`
    Then the output lines match:
      """
      FROM +MESSAGE
      default-scheduler +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-[12]
      default-scheduler +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-[12]
      default-scheduler +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-[12]
      """

  @W11 @portable
  Scenario: Two Pods may share a node
    When I run `kubectl create deployment nginx --image=nginx --replicas=3`
    And 1m passes
    Then the pods labelled "app=nginx" are spread over 2 nodes

  @W10 @C19 @portable
  Scenario Outline: A Pod that fits nowhere stays Pending with the scheduler's reason
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: picky
        labels:
          app: picky
      spec:
        <constraint>
        containers:
          - name: app
            image: nginx
            resources:
              requests:
                cpu: <cpu>
      """
    And 30s pass
    Then pod labelled "app=picky" is Pending
    And no pod labelled "app=picky" is bound to a node
    When I run `kubectl get events --field-selector involvedObject.name=picky -o custom-columns=REASON:.reason,MESSAGE:.message`
    Then the output contains "FailedScheduling"
    And the output contains "<message>"

    Examples:
      | constraint                    | cpu  | message                                                                                                                                                  |
      | nodeSelector: {disktype: ssd} | 100m | 0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. |
      | restartPolicy: Always         | 64   | 0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient cpu.                                  |

  @W10 @C19
  Scenario Outline: The scheduler honours <rule>
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: placed
        labels:
          app: placed
      spec:
        <spec>
        <more>
        containers:
          - name: app
            image: nginx
      """
    And 30s pass
    Then pod labelled "app=placed" is bound to "<node>"

    Examples:
      | rule                   | spec                                                                                                                                                                   | more                                                   | node         |
      | nodeSelector           | nodeSelector: {kubernetes.io/hostname: k8s-worker-2}                                                                                                                   | restartPolicy: Always                                  | k8s-worker-2 |
      | required node affinity | affinity: {nodeAffinity: {requiredDuringSchedulingIgnoredDuringExecution: {nodeSelectorTerms: [{matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [k8s-worker-1]}]}]}}} | restartPolicy: Always                                  | k8s-worker-1 |
      | a toleration           | tolerations: [{key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}]                                                                      | nodeSelector: {node-role.kubernetes.io/control-plane: ""} | k8s-master   |

  @W10 @C19
  Scenario: A Pending Pod is scheduled once a node that fits appears
    Given a cluster with this config:
      """
      kind: Cluster
      apiVersion: kind.x-k8s.io/v1alpha4
      nodes:
        - role: control-plane
        - role: worker
          labels:
            disktype: hdd
      """
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: db
        labels:
          run: db
      spec:
        nodeSelector:
          disktype: ssd
        containers:
          - name: db
            image: nginx
      """
    And 30s pass
    Then pod labelled "run=db" is Pending
    When I run `kubectl label node k8s-worker-1 disktype=ssd --overwrite`
    And 30s pass
    Then pod labelled "run=db" is bound to "k8s-worker-1"
