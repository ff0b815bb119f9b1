Feature: DaemonSets run one Pod on every matching node; kube-proxy is one
  kube-proxy runs as the DaemonSet `kube-proxy` in `kube-system` (as kubeadm installs it), with
  node selector `kubernetes.io/os=linux`. The DaemonSet controller in kube-controller-manager
  creates one Pod per matching node, pinned to it by a node affinity the scheduler honours.
  The seed's experiment: a node selector no node has takes every kube-proxy Pod away, and a
  JSON patch removing it brings them back.

  Background:
    Given a cluster

  @C07 @W14 @portable
  Scenario: kube-proxy runs on every node as a Pod of the DaemonSet kube-proxy
    Over HTTP the cluster is as old as the server that serves every portable scenario, so the age may be minutes.
    Then every node runs one pod labelled "k8s-app=kube-proxy" in "kube-system", controlled by the DaemonSet "kube-proxy"
    When I run `kubectl get daemonset -n kube-system`
    Then the output lines match:
      """
      NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE
      kube-proxy   3         3         3       3            3           kubernetes.io/os=linux   ((\d+m)?\d+s|\d+m)
      """
    When I run `kubectl describe pod -n kube-system -l k8s-app=kube-proxy`
    Then the output contains "Controlled By:  DaemonSet/kube-proxy"
    And the output contains "Priority Class Name:  system-node-critical"
    And the output contains "node.kubernetes.io/not-ready:NoExecute op=Exists"

  @C07
  Scenario: The DaemonSet controller says what it did, and the Pods carry its revision hash
    When I run `kubectl describe daemonset kube-proxy -n kube-system`
    Then the output contains "Desired Number of Nodes Scheduled: 3"
    And the output contains "Number of Nodes Misscheduled: 0"
    And the output contains "Pods Status:  3 Running / 0 Waiting / 0 Succeeded / 0 Failed"
    And the output contains "Node-Selector:  kubernetes.io/os=linux"
    And the output contains "Annotations:    deprecated.daemonset.template.generation: 1"
    And the output contains "daemonset-controller  Created pod: kube-proxy-"
    When I run `kubectl get pods -n kube-system -l k8s-app=kube-proxy -o jsonpath='{range .items[*]}{.metadata.labels.pod-template-generation} {.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key}{"\n"}{end}'`
    Then the output is:
      """
      1 metadata.name
      1 metadata.name
      1 metadata.name
      """

  @C08 @C10
  Scenario: A node selector no node has takes kube-proxy away; removing it brings it back
    When I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"stopped":"true"}}}}}'`
    Then the output is:
      """
      daemonset.apps/kube-proxy patched
      """
    When 30s pass
    And I run `kubectl get daemonset -n kube-system`
    Then the output lines match:
      """
      NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR                         AGE
      kube-proxy   0         0         0       0            0           kubernetes.io/os=linux,stopped=true   \d+s
      """
    And no pod labelled "k8s-app=kube-proxy" is left in "kube-system"
    When I run `kubectl get events -n kube-system --field-selector reason=SuccessfulDelete -o custom-columns=REASON:.reason,FROM:.reportingComponent`
    Then the output is:
      """
      REASON             FROM
      SuccessfulDelete   daemonset-controller
      SuccessfulDelete   daemonset-controller
      SuccessfulDelete   daemonset-controller
      """
    When I run `kubectl patch daemonset kube-proxy -n kube-system --type json -p='[{"op": "remove", "path": "/spec/template/spec/nodeSelector/stopped"}]'`
    Then the output is:
      """
      daemonset.apps/kube-proxy patched
      """
    When 30s pass
    Then every node runs one pod labelled "k8s-app=kube-proxy" in "kube-system", controlled by the DaemonSet "kube-proxy"
    When I run `kubectl get daemonset kube-proxy -n kube-system`
    Then the output lines match:
      """
      NAME         DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR            AGE
      kube-proxy   3         3         3       3            3           kubernetes.io/os=linux   \d+s
      """

  @C08
  Scenario: The same patch twice changes nothing the second time
    When I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"stopped":"true"}}}}}'`
    And I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"stopped":"true"}}}}}'`
    Then the output is:
      """
      daemonset.apps/kube-proxy patched (no change)
      """

  @E07
  Scenario: A changed Pod template rolls out to every node
    When I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"metadata":{"labels":{"rollout":"two"}}}}}'`
    And 1m passes
    Then every node runs one pod labelled "k8s-app=kube-proxy,rollout=two" in "kube-system", controlled by the DaemonSet "kube-proxy"
    When I run `kubectl get daemonset kube-proxy -n kube-system -o jsonpath='{.status.desiredNumberScheduled} {.status.updatedNumberScheduled} {.status.numberAvailable} {.status.observedGeneration}'`
    Then the output is:
      """
      3 3 3 2
      """

  @C21
  Scenario: Flannel runs as a DaemonSet in kube-flannel, on every node through its required node affinity
    Then every node runs one pod labelled "app=flannel" in "kube-flannel", controlled by the DaemonSet "kube-flannel-ds"
    When I run `kubectl get daemonset -n kube-flannel`
    Then the output lines match:
      """
      NAME              DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      kube-flannel-ds   3         3         3       3            3           <none>          \d+s
      """

  @CT20
  Scenario: Every status a DaemonSet sync writes is upstream's count over every node, through a surge rollout, taints, labels, a failed and a succeeded Pod, a stopped kubelet, a deleted node and its kubelet restarted
    The controller keeps the counts of the nodes it need not look at again and counts only the
    others (model/controllers/daemonset/node-tally.ts, for speed). After each of its syncs here,
    upstream's count over every node (updateDaemonSetStatus) must give the status the sync wrote.
    Given every DaemonSet sync has its status checked against a count over every node
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: agent
      spec:
        selector:
          matchLabels:
            app: agent
        updateStrategy:
          rollingUpdate:
            maxSurge: 1
            maxUnavailable: 0
        template:
          metadata:
            labels:
              app: agent
          spec:
            containers:
            - name: agent
              image: busybox:1.36
              command: ["sleep", "3600"]
      ---
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: edge
      spec:
        selector:
          matchLabels:
            app: edge
        template:
          metadata:
            labels:
              app: edge
          spec:
            nodeSelector:
              tier: edge
            containers:
            - name: edge
              image: nginx:1.25
      """
    And 30s pass
    And I run `kubectl label nodes k8s-worker-1 tier=edge`
    And I run `kubectl set image daemonset/agent agent=busybox:1.36.1`
    And 1m passes
    And the pod of the DaemonSet "agent" on "k8s-worker-1" is marked Failed
    And the pod of the DaemonSet "edge" on "k8s-worker-1" is marked Succeeded
    And 30s pass
    And I run `kubectl get pods --field-selector=status.phase=Failed`
    Then the error output is:
      """
      No resources found in default namespace.
      """
    When I run `kubectl get pods --field-selector=status.phase=Succeeded`
    Then the error output is:
      """
      No resources found in default namespace.
      """
    When I run `kubectl get events --field-selector type!=Normal -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason,FROM:.source.component --sort-by=.involvedObject.name`
    Then the output is:
      """
      OBJECT   REASON            FROM
      agent    FailedDaemonPod   daemonset-controller
      """
    When I run `kubectl get events --field-selector reason=SucceededDaemonPod -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason,FROM:.source.component`
    Then the output is:
      """
      OBJECT   REASON               FROM
      edge     SucceededDaemonPod   daemonset-controller
      """
    When I run `kubectl get daemonset edge`
    Then the output lines match:
      """
      NAME   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      edge   1         1         1       1            1           tier=edge       \d+m(\d+s)?
      """
    When I run `kubectl taint nodes k8s-worker-1 dedicated=x:NoSchedule`
    And I run `kubectl label nodes k8s-worker-1 tier-`
    And 5s pass
    And I run `kubectl get daemonset agent -o jsonpath='{.status.desiredNumberScheduled} {.status.currentNumberScheduled} {.status.updatedNumberScheduled} {.status.numberMisscheduled}'`
    Then the output is:
      """
      1 1 1 1
      """
    When I run `kubectl set image daemonset/agent agent=busybox:1.37`
    And 1m passes
    And I run `kubectl get daemonset agent -o jsonpath='{.status.desiredNumberScheduled} {.status.currentNumberScheduled} {.status.updatedNumberScheduled} {.status.numberMisscheduled}'`
    Then the output is:
      """
      1 1 1 0
      """
    When I run `kubectl get pods -l app=agent -o custom-columns=NODE:.spec.nodeName,IMAGE:.spec.containers[0].image --sort-by=.spec.nodeName`
    Then the output is:
      """
      NODE           IMAGE
      k8s-worker-2   busybox:1.37
      """
    # updatedNumberScheduled is omitempty: with no Pod up to date the field is not there.
    When I run `kubectl taint nodes k8s-worker-2 dedicated=x:NoExecute`
    And 1m passes
    And I run `kubectl get daemonset agent -o jsonpath='{.status.desiredNumberScheduled} {.status.currentNumberScheduled} {.status.updatedNumberScheduled} {.status.numberMisscheduled}'`
    Then the output is:
      """
      0 0  0
      """
    When I run `kubectl taint nodes k8s-worker-1 dedicated-`
    And I run `kubectl taint nodes k8s-worker-2 dedicated-`
    And 1m passes
    And I run `kubectl get pods -l app=agent -o custom-columns=NODE:.spec.nodeName,IMAGE:.spec.containers[0].image --sort-by=.spec.nodeName`
    Then the output is:
      """
      NODE           IMAGE
      k8s-worker-1   busybox:1.37
      k8s-worker-2   busybox:1.37
      """
    When I run `kubectl delete pods -l app=agent --field-selector spec.nodeName=k8s-worker-1 --wait=false`
    And 1s passes
    And I run `kubectl get pods -l app=agent --field-selector spec.nodeName=k8s-worker-1 --sort-by=.metadata.creationTimestamp -o custom-columns=IMAGE:.spec.containers[0].image,DELETING:.metadata.deletionTimestamp`
    Then the output lines match:
      """
      IMAGE +DELETING
      busybox:1.37 +\S+Z
      busybox:1.37 +<none>
      """
    When 30s pass
    And I run `on k8s-worker-2 systemctl stop kubelet`
    And 2m pass
    And I run `on k8s-worker-2 systemctl start kubelet`
    And 1m passes
    # A deleted Node stays gone (its kubelet does not register it again); its Pod is no longer
    # counted, and the Pod garbage collector deletes it once the node's 40 s quarantine is over.
    And I run `kubectl delete node k8s-worker-2`
    And 5s pass
    And I run `kubectl get daemonset agent -o jsonpath='{.status.desiredNumberScheduled} {.status.currentNumberScheduled} {.status.numberReady}'`
    Then the output is:
      """
      1 1 1
      """
    When I run `kubectl get pods -l app=agent -o custom-columns=NODE:.spec.nodeName,PHASE:.status.phase --sort-by=.spec.nodeName`
    Then the output is:
      """
      NODE           PHASE
      k8s-worker-1   Running
      k8s-worker-2   Running
      """
    When 1m passes
    And I run `kubectl get pods -l app=agent -o custom-columns=NODE:.spec.nodeName,PHASE:.status.phase --sort-by=.spec.nodeName`
    Then the output is:
      """
      NODE           PHASE
      k8s-worker-1   Running
      """
    # A restarted kubelet registers its Node again, and the DaemonSet runs its Pod there again.
    When I run `on k8s-worker-2 systemctl restart kubelet`
    And 1m passes
    And I run `kubectl get pods -l app=agent -o custom-columns=NODE:.spec.nodeName,PHASE:.status.phase --sort-by=.spec.nodeName`
    Then the output is:
      """
      NODE           PHASE
      k8s-worker-1   Running
      k8s-worker-2   Running
      """
    Then every DaemonSet sync wrote the status a count over every node gives, in 50 or more syncs with a node not settled
    When I run `kubectl get daemonset agent`
    Then the output lines match:
      """
      NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      agent   2         2         2       2            2           <none>          \d+m(\d+s)?
      """

  @CT17
  Scenario: With minReadySeconds a DaemonSet's Pods count as available only that long after they became ready
    The Pods are ready about six seconds after their creation (the image is pulled first). The
    controller looks again minReadySeconds after it wrote a status with ready Pods not yet available,
    so AVAILABLE follows as soon as the ten seconds are over (16 s after the apply, not at a resync).
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: slow
      spec:
        minReadySeconds: 10
        selector:
          matchLabels:
            app: slow
        template:
          metadata:
            labels:
              app: slow
          spec:
            containers:
            - name: slow
              image: nginx:1.25
      """
    And 10s pass
    And I run `kubectl get daemonset slow`
    Then the output is:
      """
      NAME   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      slow   2         2         2       2            0           <none>          10s
      """
    When 6s pass
    And I run `kubectl get daemonset slow`
    Then the output is:
      """
      NAME   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE
      slow   2         2         2       2            2           <none>          16s
      """
