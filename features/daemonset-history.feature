Feature: A DaemonSet keeps its history as ControllerRevisions
  The DaemonSet controller stores each Pod template its DaemonSet has had as a ControllerRevision
  named `<daemonset>-<hash>` (pkg/controller/daemon/update.go): the revision's data is the patch
  that puts that template back, its `controller-revision-hash` label is the hash the Pods of that
  template carry, and its number grows with each change. `kubectl rollout history` lists them
  and `kubectl rollout undo` sends an old revision's patch back, which renumbers that revision
  instead of making a new one. Beyond revisionHistoryLimit, the oldest revisions no Pod uses go.

  Background:
    Given a cluster
    And the file "agent.yaml":
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
              image: nginx:1.25
      """

  @R80
  Scenario: Each template is a revision, and the Pods carry the current revision's hash
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl set image daemonset/agent agent=nginx:1.26`
    And 1m passes
    And I run `kubectl get controllerrevisions -l app=agent --sort-by=.revision`
    Then the output lines match:
      """
      NAME +CONTROLLER +REVISION +AGE
      agent-[a-z0-9]+ +daemonset.apps/agent +1 +\S+
      agent-[a-z0-9]+ +daemonset.apps/agent +2 +\S+
      """
    And every pod labelled "app=agent" carries the "controller-revision-hash" of the newest revision of daemonset "agent"
    And the newest revision of daemonset "agent" is named after its "controller-revision-hash" label and stores the template with image "nginx:1.26"

  @R81
  Scenario: rollout history lists the revisions with the change-cause each was made with
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl annotate daemonset agent kubernetes.io/change-cause="image 1.26"`
    And I run `kubectl set image daemonset/agent agent=nginx:1.26`
    And 1m passes
    And I run `kubectl rollout history daemonset/agent`
    Then the output is:
      """
      daemonset.apps/agent 
      REVISION  CHANGE-CAUSE
      1         <none>
      2         image 1.26

      """
    When I run `kubectl rollout history ds agent --revision=1`
    Then the output is:
      """
      daemonset.apps/agent with revision #1
      Pod Template:
        Labels:	app=agent
        Containers:
         agent:
          Image:	nginx:1.25
          Port:	<none>
          Host Port:	<none>
          Environment:	<none>
          Mounts:	<none>
        Volumes:	<none>
        Node-Selectors:	<none>
        Tolerations:	<none>

      """
    When I run `kubectl rollout history daemonset/agent --revision=5`
    Then it fails with:
      """
      error: unable to find the specified revision
      """

  @R82
  Scenario: rollout undo puts the previous template back by renumbering its revision
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl set image daemonset/agent agent=nginx:1.26`
    And 1m passes
    And I run `kubectl rollout undo daemonset/agent`
    Then the output is:
      """
      daemonset.apps/agent rolled back
      """
    # One Pod per worker: the control-plane node's taint keeps the DaemonSet off it.
    When 1m passes
    And I run `kubectl get pods -l app=agent -o jsonpath='{range .items[*]}{.spec.containers[0].image}{"\n"}{end}'`
    Then the output is:
      """
      nginx:1.25
      nginx:1.25
      """
    When I run `kubectl rollout history daemonset/agent`
    Then the output is:
      """
      daemonset.apps/agent 
      REVISION  CHANGE-CAUSE
      2         <none>
      3         <none>

      """
    And every pod labelled "app=agent" carries the "controller-revision-hash" of the newest revision of daemonset "agent"
    When I run `kubectl rollout undo daemonset/agent --to-revision=3`
    Then the output is:
      """
      daemonset.apps/agent skipped rollback (current template already matches revision 3)
      """
    When I run `kubectl rollout undo daemonset/agent --to-revision=9`
    Then it fails with:
      """
      error: unable to find specified revision 9 in history
      """

  @R83
  Scenario: Beyond revisionHistoryLimit the oldest revisions go
    When I run `kubectl apply -f agent.yaml`
    And I run `kubectl patch daemonset agent -p '{"spec":{"revisionHistoryLimit":1}}'`
    And 1m passes
    And I run `kubectl set image daemonset/agent agent=nginx:1.26`
    And 1m passes
    And I run `kubectl set image daemonset/agent agent=nginx:1.27`
    And 1m passes
    And I run `kubectl set image daemonset/agent agent=nginx:1.28`
    And 1m passes
    And I run `kubectl rollout history daemonset/agent`
    Then the output is:
      """
      daemonset.apps/agent 
      REVISION  CHANGE-CAUSE
      3         <none>
      4         <none>

      """

  @R84
  Scenario: The real kubectl 1.32 prints the same DaemonSet history, revision and undo
    Given the real kubectl talks to the cluster over HTTPS
    And the real kubectl is 1.32 or newer (the rollout messages of 1.32)
    When I run `kubectl apply -f -` with the real kubectl and the model's kubectl, with this input:
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
            containers:
            - name: agent
              image: nginx:1.25
      """
    Then both print the same output
    When 1m passes
    And I run `kubectl set image ds/agent agent=nginx:1.26` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl rollout history daemonset/agent` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout history daemonset/agent --revision=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout history daemonset/agent --revision=7` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl rollout undo daemonset/agent --dry-run=client` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout undo daemonset/agent --to-revision=9` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl rollout undo daemonset/agent` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl rollout history daemonset/agent` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      daemonset.apps/agent 
      REVISION  CHANGE-CAUSE
      2         <none>
      3         <none>

      """

  @R85
  Scenario: Deleting a DaemonSet with --cascade=orphan leaves its Pods and revisions behind, owned by nobody
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl delete daemonset agent --cascade=orphan`
    Then the output is:
      """
      daemonset.apps "agent" deleted
      """
    When I run `kubectl get daemonsets,controllerrevisions -l app=agent`
    Then the output lines match:
      """
      NAME +CONTROLLER +REVISION +AGE
      controllerrevision.apps/agent-[a-z0-9]+ +<none> +1 +\S+
      """
    When I run `kubectl get pods -l app=agent -o jsonpath='{range .items[*]}{.metadata.ownerReferences}{"."}{end}'`
    Then the output is:
      """
      ..
      """

  @CT43
  Scenario: Applied again after --cascade=orphan, the DaemonSet adopts the Pods and the revision it left: no Pod is made again
    The orphans' labels still match the new DaemonSet's selector (a new object: a new UID), so its
    first sync claims them, a patch that adds its controller reference to each after one live
    re-read of the DaemonSet; the Pods carry the adopted revision's hash, so nothing rolls.
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl delete daemonset agent --cascade=orphan`
    And 5s pass
    And I run `kubectl apply -f agent.yaml`
    And 10s pass
    And I run `kubectl get daemonset agent`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +UP-TO-DATE +AVAILABLE +NODE SELECTOR +AGE
      agent +2 +2 +2 +2 +2 +<none> +10s
      """
    When I run `kubectl get controllerrevisions -l app=agent`
    Then the output lines match:
      """
      NAME +CONTROLLER +REVISION +AGE
      agent-[a-z0-9]+ +daemonset.apps/agent +1 +75s
      """
    When I run `kubectl get pods -l app=agent -o custom-columns=OWNER:.metadata.ownerReferences[0].name,RESTARTS:.status.containerStatuses[0].restartCount --sort-by=.spec.nodeName`
    Then the output is:
      """
      OWNER   RESTARTS
      agent   0
      agent   0
      """
    When I run `kubectl get pods -l app=agent`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      agent-[a-z0-9]{5} +1/1 +Running +0 +75s
      agent-[a-z0-9]{5} +1/1 +Running +0 +75s
      """
    When I run `kubectl get events --field-selector reason=SuccessfulCreate -o custom-columns=REASON:.reason,OBJECT:.involvedObject.kind`
    Then the output is:
      """
      REASON             OBJECT
      SuccessfulCreate   DaemonSet
      SuccessfulCreate   DaemonSet
      """

  @CT43
  Scenario: A Pod relabelled out of its DaemonSet's selector is released: it keeps running, owned by nobody, and its node gets a new Pod
    The DaemonSet's sync claims its Pods: one it controls whose labels its selector no longer picks
    is released (a patch that removes its controller reference), and the node, now without a Pod
    of the DaemonSet, gets one. The usual way to take a Pod aside for debugging.
    When I run `kubectl apply -f agent.yaml`
    And 1m passes
    And I run `kubectl label pods -l app=agent app=debug --overwrite`
    And 30s pass
    And I run `kubectl get pods -o custom-columns=APP:.metadata.labels.app,OWNER:.metadata.ownerReferences[0].kind,NODE:.spec.nodeName,PHASE:.status.phase --sort-by=.metadata.labels.app`
    Then the output lines match:
      """
      APP +OWNER +NODE +PHASE
      agent +DaemonSet +k8s-worker-[12] +Running
      agent +DaemonSet +k8s-worker-[12] +Running
      debug +<none> +k8s-worker-[12] +Running
      debug +<none> +k8s-worker-[12] +Running
      """
    When I run `kubectl get daemonset agent`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +UP-TO-DATE +AVAILABLE +NODE SELECTOR +AGE
      agent +2 +2 +2 +2 +2 +<none> +90s
      """

  @CT19
  Scenario: A revision event wakes its DaemonSet: a deleted current revision is made again, a removed hash label is put back
    As update.go's addHistory, updateHistory and deleteHistory do, a ControllerRevision's event
    enqueues the DaemonSet that controls it; its sync makes the current revision again (numbered
    above the old ones) and labels a revision without the hash label with the revision's name.
    When I run `kubectl apply -f agent.yaml`
    And 30s pass
    And I run `kubectl set image daemonset/agent agent=nginx:1.26`
    And 30s pass
    And I run `kubectl get controllerrevisions -l app=agent --sort-by=.revision -o jsonpath='{range .items[*]}{.revision} {.metadata.name} {.metadata.labels.controller-revision-hash}{"\n"}{end}'`
    Then the output lines match:
      """
      1 agent-(\w+) \1
      2 agent-(\w+) \1
      """
    When I run `kubectl label controllerrevisions -l app=agent controller-revision-hash-`
    And 1s passes
    And I run `kubectl get controllerrevisions -l app=agent --sort-by=.revision -o jsonpath='{range .items[*]}{.revision} {.metadata.name} {.metadata.labels.controller-revision-hash}{"\n"}{end}'`
    Then the output lines match:
      """
      1 (agent-\w+) \1
      2 (agent-\w+) \1
      """
    When I run `kubectl delete controllerrevisions -l app=agent`
    And 1s passes
    And I run `kubectl get controllerrevisions -l app=agent --sort-by=.revision -o jsonpath='{range .items[*]}{.revision} {.metadata.name}{"\n"}{end}'`
    Then the output lines match:
      """
      1 agent-\w+
      """
