Feature: The path, not only the end: what the cluster does on the way
  A cluster that ends up right can still be wrong on the way: a rollout that briefly drops
  below its availability bound, a DaemonSet update that replaces every Pod at once, an eviction
  that comes early, an endpoint that stays ready while its Pod shuts down, an owner deleted
  before its dependents. These scenarios watch it happen: every row that `kubectl get -w`
  prints, and the trace of API requests and etcd writes with their virtual times.

  Background:
    Given a cluster

  @S60
  Scenario: A rolling update never drops below maxUnavailable nor goes beyond maxSurge, percentages rounded as upstream does
    # 25% of 10 replicas: maxSurge rounds up to 3, maxUnavailable rounds down to 2. So at every
    # moment at least 10 - 2 = 8 Pods are ready and at most 10 + 3 = 13 are wanted.
    # The controller counts availability from the ReplicaSets' statuses, which lag behind their
    # specs: just after a scale-down the old ReplicaSet's status still counts the Pods it is
    # deleting. Upstream never scales down on such a count: cleanupUnhealthyReplicas fails the
    # sync ("got invalid request to scale down … 3 -> 4") while an old ReplicaSet reports more
    # available Pods than it wants, and the retry comes once the status has caught up.
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 10
        strategy:
          rollingUpdate:
            maxSurge: 25%
            maxUnavailable: 25%
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    And 1m passes
    And I run `kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}'`
    And I run `timeout 2m kubectl get rs -w`
    Then at every row of the watch, the ReplicaSets have at least 8 ready and at most 13 desired replicas in total
    # The controller uses the whole surge at once: 3 new Pods beside the 10 old ones.
    And some row of the watch has exactly 13 desired replicas in total
    And the deployment "web" has 10 updated replicas

  @S61
  Scenario: A DaemonSet rolling update replaces its Pods one node at a time (maxUnavailable 1)
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: agent
      spec:
        selector:
          matchLabels: {app: agent}
        template:
          metadata:
            labels: {app: agent}
          spec:
            tolerations:
              - {key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}
            containers:
              - name: agent
                image: nginx
      """
    And 30s pass
    And I run `kubectl patch daemonset agent -p '{"spec":{"template":{"spec":{"containers":[{"name":"agent","image":"nginx:1.27"}]}}}}'`
    And I run `timeout 2m kubectl get pods -l app=agent -o wide -w`
    Then at every row of the watch, at most 1 node has no ready pod
    When I run `kubectl get daemonset agent -o jsonpath='{.status.updatedNumberScheduled} {.status.numberAvailable}'`
    Then the output is:
      """
      3 3
      """

  @S62
  Scenario: A NoExecute taint evicts a Pod that does not tolerate it at once, and one that tolerates it for 60 s after 60 s
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: patient
      spec:
        nodeName: k8s-worker-1
        tolerations:
          - {key: dedicated, operator: Equal, value: db, effect: NoExecute, tolerationSeconds: 60}
        containers:
          - name: app
            image: nginx
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: intolerant
      spec:
        nodeName: k8s-worker-1
        containers:
          - name: app
            image: nginx
      """
    And 20s pass
    And I run `kubectl patch node k8s-worker-1 -p '{"spec":{"taints":[{"key":"dedicated","value":"db","effect":"NoExecute"}]}}'`
    And 2m pass
    Then the trace shows, in order, with the time since the row before:
      | kind | actor                   | verb   | target                     | after |
      | api  | kubectl                 | patch  | nodes/k8s-worker-1         |       |
      | api  | kube-controller-manager | delete | pods/default/intolerant    | 0s    |
      | api  | kube-controller-manager | delete | pods/default/patient       | 60s   |
    When I run `kubectl get events --field-selector reason=TaintManagerEviction -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message`
    Then the output is:
      """
      OBJECT       MESSAGE
      intolerant   Marking for deletion Pod default/intolerant
      patient      Marking for deletion Pod default/patient
      """

  @S63
  Scenario: While its Pod shuts down, an endpoint is terminating and not ready, then leaves the EndpointSlice
    # sleep ignores SIGTERM: the Pod stays Terminating for its whole 30 s grace period.
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 2
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            terminationGracePeriodSeconds: 30
            containers:
              - name: app
                image: busybox
                command: [sleep, "3600"]
      """
    And I run `kubectl expose deployment web --port 80`
    And 30s pass
    And I run `kubectl scale deployment web --replicas=1`
    And I run `timeout 1m kubectl get endpointslices -l kubernetes.io/service-name=web -w -o custom-columns=POD:.endpoints[*].targetRef.name,READY:.endpoints[*].conditions.ready,TERMINATING:.endpoints[*].conditions.terminating`
    Then at every row of the watch, no endpoint is both ready and terminating
    And the watch shows an endpoint turn ready=false, terminating=true, then leave the slice

  @S64
  Scenario: A foreground deletion keeps the owner, with its finalizer, until every dependent is gone
    When I run `kubectl create deployment web --image=nginx --replicas=3`
    And 30s pass
    And I run `kubectl delete deployment web --cascade=foreground --wait=false`
    And I run `kubectl get deployment web -o jsonpath='{.metadata.finalizers} {.metadata.deletionTimestamp}'`
    Then the output lines match:
      """
      \["foregroundDeletion"\] \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ
      """
    And 3 pods labelled "app=web" exist
    When 1m passes
    Then etcd deleted every key under "/registry/pods/default/web-" before the key "/registry/deployments/default/web"
    And etcd deleted every key under "/registry/replicasets/default/web-" before the key "/registry/deployments/default/web"
    And etcd holds no key under "/registry/deployments/default/web"

  @S65
  Scenario: An orphaning deletion leaves the dependents, with no ownerReferences
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl delete deployment web --cascade=orphan`
    And 1m passes
    Then etcd holds no key under "/registry/deployments/default/web"
    And etcd holds 1 key under "/registry/replicasets/default/web-"
    And 2 pods labelled "app=web" are Running
    When I run `kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} owned by [{.metadata.ownerReferences[*].kind}]{"\n"}{end}'`
    Then the output lines match:
      """
      web-[a-z0-9]+ owned by \[\]
      """

  @S66
  Scenario: A node lost beyond its grace period: conditions Unknown, its Pods not ready, the unreachable taints, then evictions 300 s later
    When I run `kubectl create deployment web --image=nginx --replicas=3`
    And 30s pass
    And I run `on k8s-worker-1 systemctl stop kubelet`
    And I run `timeout 2m kubectl get node k8s-worker-1 -w -o 'custom-columns=NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status,REASON:.status.conditions[?(@.type=="Ready")].reason,TAINTS:.spec.taints[*].key'`
    Then the output is:
      """
      NAME           READY   REASON         TAINTS
      k8s-worker-1   True    KubeletReady   <none>
      NAME           READY     REASON              TAINTS
      k8s-worker-1   Unknown   NodeStatusUnknown   <none>
      NAME           READY     REASON              TAINTS
      k8s-worker-1   Unknown   NodeStatusUnknown   node.kubernetes.io/unreachable
      NAME           READY     REASON              TAINTS
      k8s-worker-1   Unknown   NodeStatusUnknown   node.kubernetes.io/unreachable,node.kubernetes.io/unreachable
      """
    When 5m pass
    # The kubelet's last Lease renewal came up to 10 s before it stopped; the controller looks
    # every 5 s and acts once 40 s (node-monitor-grace-period) passed since it saw the renewal.
    # The NoSchedule taint follows the Node's update at once; the NoExecute one follows the Ready
    # status a pass observed before its own update, so it comes with the next pass, 5 s later,
    # and the evictions 300 s after that.
    Then the trace shows, in order, with the time since the row before:
      | kind    | actor                   | verb   | target                    | after     |
      | process | kubelet/k8s-worker-1    | exit   | k8s-worker-1/             |           |
      | api     | kube-controller-manager | update | nodes/status/k8s-worker-1 | 30s..56s  |
      | api     | kube-controller-manager | update | pods/status/default/web-  | 0s        |
      | api     | kube-controller-manager | update | nodes/k8s-worker-1        | 0s        |
      | api     | kube-controller-manager | update | nodes/k8s-worker-1        | 5s        |
      | api     | kube-controller-manager | delete | pods/default/web-         | 300s      |

  @S67
  Scenario Outline: The restart policy and the exit code decide whether the kubelet starts a container again
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: job
      spec:
        restartPolicy: <policy>
        containers:
          - name: main
            image: busybox
            command: [sh, -c, "exit <code>"]
      """
    And I run `timeout 1m kubectl get pods -w`
    Then every row of pod "job" in the watch has 0 restarts
    And the last row of pod "job" in the watch has the status "<status>"
    When I run `kubectl get pod job -o jsonpath='{.status.phase} {.status.containerStatuses[0].state.terminated.exitCode}'`
    Then the output is:
      """
      <phase> <code>
      """

    Examples:
      | policy    | code | status    | phase     |
      | Never     | 3    | Error     | Failed    |
      | Never     | 0    | Completed | Succeeded |
      | OnFailure | 0    | Completed | Succeeded |

  @S68
  Scenario Outline: A container that keeps exiting is restarted after a back-off that doubles from 10 s
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: crasher
      spec:
        restartPolicy: <policy>
        containers:
          - name: main
            image: busybox
            command: [sh, -c, "exit <code>"]
      """
    And I run `timeout 4m kubectl get pods -w`
    # The first restart comes at once; then 10 s, 20 s, 40 s, 80 s of back-off, each counted from
    # the exit and met at the kubelet's next sync.
    Then the watch shows pod "crasher" start again after these waits:
      | restart | at least | less than |
      | 1       | 0s       | 10s       |
      | 2       | 10s      | 20s       |
      | 3       | 20s      | 40s       |
      | 4       | 40s      | 80s       |
      | 5       | 80s      | 160s      |
    And the last row of pod "crasher" in the watch has the status "CrashLoopBackOff"

    Examples:
      | policy    | code |
      | Always    | 0    |
      | OnFailure | 1    |

  @S69
  Scenario: Two writers with the same read: the second gets 409 Conflict, and the first one's write stays
    When I run `kubectl create deployment web --image=nginx --replicas=1`
    And I run `kubectl get deployment web -o jsonpath={.metadata.resourceVersion}`
    And I note the output
    And I run `kubectl patch deployment web --type=merge -p '{"metadata":{"resourceVersion":"RV"},"spec":{"replicas":2}}'` with RV replaced by the noted output
    Then it succeeds
    When I run `kubectl patch deployment web --type=merge -p '{"metadata":{"resourceVersion":"RV"},"spec":{"replicas":5}}'` with RV replaced by the noted output
    Then it fails with:
      """
      Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again
      """
    When I run `kubectl get deployment web -o jsonpath={.spec.replicas}`
    Then the output is:
      """
      2
      """

  @S70
  Scenario: kubectl apply of a manifest without a field it applied before removes that field
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web, tier: frontend}
        annotations: {team: blue}
      spec:
        replicas: 1
        minReadySeconds: 5
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        labels: {app: web}
      spec:
        replicas: 1
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    Then the output is:
      """
      deployment.apps/web configured
      """
    When I run `kubectl get deployment web -o jsonpath='labels {.metadata.labels}, team [{.metadata.annotations.team}], minReadySeconds [{.spec.minReadySeconds}]'`
    Then the output is:
      """
      labels {"app":"web"}, team [], minReadySeconds []
      """
