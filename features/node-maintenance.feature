Feature: Node maintenance: cordon, drain through the Eviction API, PodDisruptionBudgets, taints
  Taking a node out for maintenance is kubectl's work on top of the API: `kubectl cordon` sets
  the Node's spec.unschedulable (the node lifecycle controller adds the
  node.kubernetes.io/unschedulable taint), `kubectl drain` cordons, sorts the node's Pods (it
  refuses DaemonSet-managed Pods, Pods with emptyDir data and Pods no controller would replace,
  unless told otherwise) and evicts the rest through the pods/eviction subresource. The API
  server refuses an eviction with 429 when a PodDisruptionBudget allows no disruption (the
  disruption controller keeps disruptionsAllowed up to date), and drain tries again every five
  seconds. `kubectl taint` adds and removes the taints the scheduler and the taint eviction
  controller act on.

  Background:
    Given a cluster

  @N01
  Scenario: cordon marks a node unschedulable, the node lifecycle controller taints it, uncordon undoes both
    When I run `kubectl cordon k8s-worker-1`
    Then the output is:
      """
      node/k8s-worker-1 cordoned
      """
    When 1s passes
    And I run `kubectl get nodes`
    Then the output lines match:
      """
      NAME           STATUS                     ROLES           AGE   VERSION
      k8s-master     Ready                      control-plane   \d+s   v1.32.2
      k8s-worker-1   Ready,SchedulingDisabled   <none>          \d+s   v1.32.2
      k8s-worker-2   Ready                      <none>          \d+s   v1.32.2
      """
    When I run `kubectl get node k8s-worker-1 -o jsonpath='{.spec.unschedulable} {.spec.taints[*].key}:{.spec.taints[*].effect}'`
    Then the output is:
      """
      true node.kubernetes.io/unschedulable:NoSchedule
      """
    When I run `kubectl cordon k8s-worker-1`
    Then the output is:
      """
      node/k8s-worker-1 already cordoned
      """
    When I run `kubectl uncordon k8s-worker-1`
    Then the output is:
      """
      node/k8s-worker-1 uncordoned
      """
    When 1s passes
    And I run `kubectl get node k8s-worker-1 -o jsonpath='[{.spec.unschedulable}] [{.spec.taints}]'`
    Then the output is:
      """
      [] []
      """
    When I run `kubectl uncordon k8s-worker-1 --dry-run=client`
    Then the output is:
      """
      node/k8s-worker-1 already uncordoned (dry run)
      """

  @N02
  Scenario: A new Pod is not scheduled onto a cordoned node
    When I run `kubectl cordon k8s-worker-1`
    And I run `kubectl create deployment web --image=nginx --replicas=4`
    And 30s pass
    Then 4 pods labelled "app=web" are Running
    When I run `kubectl get pods -l app=web -o jsonpath='{range .items[*]}{.spec.nodeName}{"\n"}{end}'`
    Then the output is:
      """
      k8s-worker-2
      k8s-worker-2
      k8s-worker-2
      k8s-worker-2
      """

  @N02
  Scenario: The scheduler alone keeps new Pods off a cordoned node, before any taint says so
    # With kube-controller-manager stopped, nothing adds node.kubernetes.io/unschedulable: only
    # the scheduler's NodeUnschedulable filter reads spec.unschedulable.
    When I run `on k8s-master mv /etc/kubernetes/manifests/kube-controller-manager.yaml /tmp/`
    And 30s pass
    And I run `kubectl cordon k8s-worker-1`
    And I run `kubectl get node k8s-worker-1 -o jsonpath='{.spec.unschedulable} taints={.spec.taints}'`
    Then the output is:
      """
      true taints=
      """
    When I run `kubectl run a --image=nginx`
    And I run `kubectl run b --image=nginx`
    And I run `kubectl run c --image=nginx`
    And I run `kubectl run d --image=nginx`
    And 20s pass
    And I run `kubectl get pods -o wide`
    Then the output has 4 lines matching " Running .* k8s-worker-2 "
    And the output has 0 lines matching "k8s-worker-1"

  @N03
  Scenario: Bad cordon and drain input is refused in kubectl's words and changes nothing
    When I run `kubectl cordon`
    Then it fails with:
      """
      error: USAGE: cordon NODE [flags]
      See 'kubectl cordon -h' for help and examples
      """
    When I run `kubectl drain nope`
    Then it fails with:
      """
      Error from server (NotFound): nodes "nope" not found
      """
    When I run `kubectl drain k8s-worker-1 --foo`
    Then it fails with:
      """
      Error: unknown flag: --foo
      See 'kubectl drain --help' for usage.
      """
    When I run `kubectl drain k8s-worker-1 -l kubernetes.io/os=linux`
    Then it fails with:
      """
      error: cannot specify both a node name and a --selector option
      See 'kubectl drain -h' for help and examples
      """
    When I run `kubectl drain k8s-worker-1 --pod-selector=a=b=c`
    Then it fails with:
      """
      error: --pod-selector=<pod_selector> must be a valid label selector
      """
    When I run `kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}={.spec.unschedulable};{end}'`
    Then the output is:
      """
      k8s-master=;k8s-worker-1=;k8s-worker-2=;
      """

  @N04
  Scenario: drain refuses DaemonSet-managed Pods unless told to ignore them, after cordoning
    When I run `kubectl drain k8s-worker-1`
    Then it fails
    And the output is:
      """
      node/k8s-worker-1 cordoned
      """
    And the error output lines match:
      """
      error: unable to drain node "k8s-worker-1" due to error: cannot delete DaemonSet-managed Pods \(use --ignore-daemonsets to ignore\): kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+, continuing command...
      There are pending nodes to be drained:
       k8s-worker-1
      cannot delete DaemonSet-managed Pods \(use --ignore-daemonsets to ignore\): kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+
      """

  @N05
  Scenario: drain evicts the node's Pods, which their ReplicaSet replaces elsewhere
    # k8s-worker-2 cordoned while the Deployment starts: both Pods land on k8s-worker-1.
    When I run `kubectl cordon k8s-worker-2`
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl uncordon k8s-worker-2`
    Then 2 pods labelled "app=web" run on "k8s-worker-1"
    When I run `kubectl drain k8s-worker-1 --ignore-daemonsets`
    Then it succeeds
    And the error output lines match:
      """
      Warning: ignoring DaemonSet-managed Pods: kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+
      """
    And the output lines match:
      """
      node/k8s-worker-1 cordoned
      evicting pod default/web-\w+-\w+
      evicting pod default/web-\w+-\w+
      pod/web-\w+-\w+ evicted
      pod/web-\w+-\w+ evicted
      node/k8s-worker-1 drained
      """
    When 30s pass
    Then 2 pods labelled "app=web" are Running
    And no pod labelled "app=web" runs on "k8s-worker-1"

  @N06
  Scenario: drain refuses a Pod no controller would replace, and --force deletes it with a warning
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: lone
      spec:
        nodeName: k8s-worker-2
        containers:
        - name: nginx
          image: nginx
      """
    And 20s pass
    And I run `kubectl drain k8s-worker-2 --ignore-daemonsets`
    Then it fails
    And the error output lines match:
      """
      error: unable to drain node "k8s-worker-2" due to error: cannot delete cannot delete Pods that declare no controller \(use --force to override\): default/lone, continuing command...
      There are pending nodes to be drained:
       k8s-worker-2
      cannot delete cannot delete Pods that declare no controller \(use --force to override\): default/lone
      """
    When I run `kubectl drain k8s-worker-2 --ignore-daemonsets --force`
    Then it succeeds
    And the error output lines match:
      """
      Warning: deleting Pods that declare no controller: default/lone; ignoring DaemonSet-managed Pods: kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+
      """
    And the output is:
      """
      node/k8s-worker-2 already cordoned
      evicting pod default/lone
      pod/lone evicted
      node/k8s-worker-2 drained
      """

  @N07
  Scenario: drain refuses a Pod with emptyDir data unless --delete-emptydir-data
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: cache
      spec:
        replicas: 1
        selector:
          matchLabels: {app: cache}
        template:
          metadata:
            labels: {app: cache}
          spec:
            nodeName: k8s-worker-1
            volumes:
            - name: scratch
              emptyDir: {}
            containers:
            - name: nginx
              image: nginx
              volumeMounts:
              - {name: scratch, mountPath: /scratch}
      """
    And 20s pass
    And I run `kubectl drain k8s-worker-1 --ignore-daemonsets`
    Then it fails
    And the error output lines match:
      """
      error: unable to drain node "k8s-worker-1" due to error: cannot delete Pods with local storage \(use --delete-emptydir-data to override\): default/cache-\w+-\w+, continuing command...
      There are pending nodes to be drained:
       k8s-worker-1
      cannot delete Pods with local storage \(use --delete-emptydir-data to override\): default/cache-\w+-\w+
      """
    When I run `kubectl drain k8s-worker-1 --ignore-daemonsets --delete-emptydir-data --dry-run=client`
    Then it succeeds
    And the output lines match:
      """
      node/k8s-worker-1 already cordoned \(dry run\)
      evicting pod default/cache-\w+-\w+ \(dry run\)
      node/k8s-worker-1 drained \(dry run\)
      """
    And 1 pod labelled "app=cache" is Running

  @N08
  Scenario: The disruption controller computes a PodDisruptionBudget's status from the Pods it selects
    When I run `kubectl create deployment web --image=nginx --replicas=3`
    And I run `kubectl create pdb web --selector=app=web --min-available=2`
    Then the output is:
      """
      poddisruptionbudget.policy/web created
      """
    When 30s pass
    And I run `kubectl get pdb`
    Then the output lines match:
      """
      NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
      web    2               N/A               1                     \d+s
      """
    When I run `kubectl get pdb web -o jsonpath='{.status.currentHealthy} {.status.desiredHealthy} {.status.expectedPods} {.status.disruptionsAllowed} {.status.observedGeneration}'`
    Then the output is:
      """
      3 2 3 1 1
      """
    When I run `kubectl get pdb web -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason} [{.message}]{end}'`
    Then the output is:
      """
      DisruptionAllowed=True SufficientPods []
      """
    When I run `kubectl scale deployment web --replicas=2`
    And 10s pass
    And I run `kubectl get pdb web -o jsonpath='{.status.currentHealthy} {.status.disruptionsAllowed} {.status.conditions[0].status} {.status.conditions[0].reason}'`
    Then the output is:
      """
      2 0 False InsufficientPods
      """

  @N09
  Scenario: A percentage or maxUnavailable counts the scale of the Pods' controller
    When I run `kubectl create deployment web --image=nginx --replicas=4`
    And I run `kubectl create pdb half --selector=app=web --max-unavailable=50%`
    And 30s pass
    And I run `kubectl get pdb half -o jsonpath='{.status.expectedPods} {.status.desiredHealthy} {.status.disruptionsAllowed}'`
    Then the output is:
      """
      4 2 2
      """
    When I run `kubectl get pdb half`
    Then the output lines match:
      """
      NAME   MIN AVAILABLE   MAX UNAVAILABLE   ALLOWED DISRUPTIONS   AGE
      half   N/A             50%               2                     \d+s
      """

  @N10 @N11
  Scenario: A drain that would violate a PodDisruptionBudget retries every 5s until the ReplicaSet has made up for the evicted Pod
    When I run `kubectl cordon k8s-worker-2`
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And I run `kubectl create pdb web --selector=app=web --min-available=1`
    And 30s pass
    And I run `kubectl uncordon k8s-worker-2`
    Then 2 pods labelled "app=web" run on "k8s-worker-1"
    When I run `kubectl drain k8s-worker-1 --ignore-daemonsets`
    Then it succeeds
    And every error output line matches one of:
      """
      Warning: ignoring DaemonSet-managed Pods: kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+
      error when evicting pods/"web-\w+-\w+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget.
      """
    And the error output has at least 1 line matching "^error when evicting pods/.* \(will retry after 5s\)"
    And the output has 2 lines matching "^pod/web-\w+-\w+ evicted$"
    And the last line of the output is:
      """
      node/k8s-worker-1 drained
      """
    And 2 pods labelled "app=web" are Running

  @N12
  Scenario: The eviction subresource answers 429 with the budget's numbers when no disruption is allowed
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And I run `kubectl create pdb web --selector=app=web --min-available=2`
    And 30s pass
    And the admin evicts the first pod labelled "app=web"
    Then the eviction fails with 429 TooManyRequests: "Cannot evict pod as it would violate the pod's disruption budget." caused by DisruptionBudget "The disruption budget web needs 2 healthy pods and has 2 currently"
    And 2 pods labelled "app=web" are Running
    When I run `kubectl patch pdb web --type merge -p '{"spec":{"minAvailable":1}}'`
    And 5s pass
    And the admin evicts the first pod labelled "app=web"
    Then the eviction succeeds
    When I run `kubectl get pdb web -o jsonpath='{.status.disruptionsAllowed}'`
    Then the output is:
      """
      0
      """

  @N13
  Scenario: A drain that cannot get past a budget gives up at --timeout, and the Pods stay
    When I run `kubectl cordon k8s-worker-1`
    And I run `kubectl create deployment web --image=nginx --replicas=1`
    And I run `kubectl create pdb web --selector=app=web --max-unavailable=0`
    And 30s pass
    And I run `kubectl drain k8s-worker-2 --ignore-daemonsets --timeout=12s`
    Then it fails
    And the error output lines match:
      """
      Warning: ignoring DaemonSet-managed Pods: kube-flannel/kube-flannel-ds-\w+, kube-system/kube-proxy-\w+
      error when evicting pods/"web-\w+-\w+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget.
      error when evicting pods/"web-\w+-\w+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget.
      error when evicting pods/"web-\w+-\w+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget.
      There are pending pods in node "k8s-worker-2" when an error occurred: error when evicting pods/"web-\w+-\w+" -n "default": global timeout reached: 12s
      pod/web-\w+-\w+
      error: unable to drain node "k8s-worker-2" due to error: error when evicting pods/"web-\w+-\w+" -n "default": global timeout reached: 12s, continuing command...
      There are pending nodes to be drained:
       k8s-worker-2
      error when evicting pods/"web-\w+-\w+" -n "default": global timeout reached: 12s
      """
    And 1 pod labelled "app=web" is Running

  @N30
  Scenario: kubectl create poddisruptionbudget, cordon, drain and taint read flags and arguments as kubectl 1.32 does
    # test/kubectl-corpus/lines.txt, group "maintenance": generators and usage errors, no server needed.
    When the model's kubectl runs the corpus group "maintenance"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @N14
  Scenario: kubectl taint adds, overwrites and removes taints, in kubectl's words
    When I run `kubectl taint nodes k8s-worker-2 dedicated=db:NoSchedule`
    Then the output is:
      """
      node/k8s-worker-2 tainted
      """
    When I run `kubectl taint nodes k8s-worker-2 dedicated=web:NoSchedule`
    Then it fails with:
      """
      error: node k8s-worker-2 already has dedicated taint(s) with same effect(s) and --overwrite is false
      """
    When I run `kubectl taint nodes k8s-worker-2 dedicated=web:NoSchedule --overwrite`
    Then the output is:
      """
      node/k8s-worker-2 modified
      """
    When I run `kubectl taint nodes k8s-worker-2 spot:PreferNoSchedule`
    And I run `kubectl get node k8s-worker-2 -o jsonpath='{range .spec.taints[*]}{.key}={.value}:{.effect}{"\n"}{end}'`
    Then the output is:
      """
      spot=:PreferNoSchedule
      dedicated=web:NoSchedule
      """
    When I run `kubectl taint nodes k8s-worker-2 dedicated-`
    Then the output is:
      """
      node/k8s-worker-2 untainted
      """
    When I run `kubectl taint nodes k8s-worker-2 dedicated-`
    Then it fails with:
      """
      error: taint "dedicated" not found
      """
    When I run `kubectl taint nodes k8s-worker-2 spot:PreferNoSchedule-`
    And I run `kubectl get node k8s-worker-2 -o jsonpath='[{.spec.taints}]'`
    Then the output is:
      """
      []
      """

  @N15
  Scenario: Bad taint specs are refused before any change
    When I run `kubectl taint nodes k8s-worker-2 a=b:Sometimes`
    Then it fails with:
      """
      error: invalid taint effect: Sometimes, unsupported taint effect
      See 'kubectl taint -h' for help and examples
      """
    When I run `kubectl taint nodes k8s-worker-2 a=b`
    Then it fails with an error containing "error: invalid taint spec: a=b, name part must consist of alphanumeric characters"
    When I run `kubectl taint nodes k8s-worker-2 a=b:NoSchedule a-`
    Then it fails with:
      """
      error: can not both modify and remove the following taint(s) in the same command: a=
      """
    When I run `kubectl taint pods web a=b:NoSchedule`
    Then it fails with:
      """
      error: invalid resource type pods, only node types are supported
      """
    When I run `kubectl taint nodes nope a=b:NoSchedule`
    Then it fails with:
      """
      Error from server (NotFound): nodes "nope" not found
      """
    When I run `kubectl get node k8s-worker-2 -o jsonpath='[{.spec.taints}]'`
    Then the output is:
      """
      []
      """

  @N16
  Scenario: A NoSchedule taint keeps new Pods off the node unless they tolerate it
    When I run `kubectl taint nodes k8s-worker-1 dedicated=db:NoSchedule`
    And I run `kubectl create deployment web --image=nginx --replicas=3`
    And 30s pass
    Then 3 pods labelled "app=web" are Running
    And no pod labelled "app=web" runs on "k8s-worker-1"

  @N17
  Scenario: A NoExecute taint evicts the Pods that do not tolerate it at once, and those with tolerationSeconds when it runs out
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: patient
        labels: {app: patient}
      spec:
        nodeName: k8s-worker-1
        tolerations:
        - {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
        containers:
        - {name: nginx, image: nginx}
      """
    And I run `kubectl cordon k8s-worker-2`
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl uncordon k8s-worker-2`
    Then 2 pods labelled "app=web" run on "k8s-worker-1"
    And 1 pod labelled "app=patient" runs on "k8s-worker-1"
    When I run `kubectl taint nodes k8s-worker-1 maintenance=now:NoExecute`
    And 5s pass
    Then no pod labelled "app=web" runs on "k8s-worker-1"
    And 1 pod labelled "app=patient" runs on "k8s-worker-1"
    When I run `kubectl get events --field-selector reason=TaintManagerEviction -o jsonpath='{range .items[*]}{.involvedObject.name} {.message}{"\n"}{end}'`
    Then the output contains "Marking for deletion Pod default/web-"
    When 50s pass
    Then 1 pod labelled "app=patient" is Running
    When 15s pass
    Then 0 pods labelled "app=patient" exist

  @N18 @N11
  Scenario: examples/maintenance.play drains and uncordons a worker with a PodDisruptionBudget in the way
    When I play "examples/maintenance.play"
    Then the transcript has lines matching, in order:
      """
      \$ kubectl get pdb web
      web    2               N/A               1                     30s
      \$ kubectl drain k8s-worker-1 --ignore-daemonsets
      node/k8s-worker-1 already cordoned
      error when evicting pods/"web-\w+-\w+" -n "default" \(will retry after 5s\): Cannot evict pod as it would violate the pod's disruption budget.
      node/k8s-worker-1 drained
      k8s-worker-1   Ready,SchedulingDisabled   <none>          \d+s   v1.32.2
      .*\$ kubectl uncordon k8s-worker-1
      node/k8s-worker-1 uncordoned
      k8s-worker-1   Ready    <none>          \d+s   v1.32.2
      """

  @N19 @real-kubectl-1.32
  Scenario: The real kubectl 1.32 cordons, taints and drains a node of the model alike
    # The evictions themselves are left out: the real drain runs one goroutine per Pod, so the
    # order of its "evicted" lines varies from run to run.
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl cordon k8s-worker-2` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create deployment web --image=nginx --replicas=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When 30s pass
    And I run `kubectl uncordon k8s-worker-2` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl taint nodes k8s-worker-2 dedicated=db:NoSchedule` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl taint nodes k8s-worker-2 dedicated=web:NoSchedule` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl create pdb web --selector=app=web --max-unavailable=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When 5s pass
    And I run `kubectl get pdb web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl drain k8s-worker-1` with the real kubectl and the model's kubectl
    Then both fail with the same error
