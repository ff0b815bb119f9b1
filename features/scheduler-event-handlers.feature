Feature: Which Pods kube-scheduler takes from its informers
  kube-scheduler's event handlers split the Pods it watches in two: those bound to a node feed
  its cache (they use the node's room), the unbound ones that name its profile
  (spec.schedulerName default-scheduler) go to its scheduling queue. A Pod that names another
  scheduler is someone else's: kube-scheduler neither binds it nor writes anything about it.

  Background:
    Given a cluster

  @S100
  Scenario: A Pod for another scheduler stays Pending and untouched, one for default-scheduler is bound
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: custom
      spec:
        schedulerName: my-scheduler
        containers:
        - name: app
          image: nginx
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: named
      spec:
        schedulerName: default-scheduler
        containers:
        - name: app
          image: nginx
      """
    And 30s pass
    And I run `kubectl get pods -o 'custom-columns=NAME:.metadata.name,SCHEDULER:.spec.schedulerName,NODE:.spec.nodeName,SCHEDULED:.status.conditions[?(@.type=="PodScheduled")].status'`
    Then the output lines match:
      """
      NAME +SCHEDULER +NODE +SCHEDULED
      custom +my-scheduler +<none> +<none>
      named +default-scheduler +k8s-worker-[12] +True
      """
    When I run `kubectl get events --field-selector involvedObject.name=custom -o name`
    Then the output is:
      """
      """
