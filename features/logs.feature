Feature: kubectl logs: a container's log, read through the API server from the node's kubelet
  `kubectl logs` is a GET of the Pod's `log` subresource. kube-apiserver picks the container,
  then proxies the request to the kubelet of the Pod's node (port 10250), which reads the
  container's log from the CRI runtime. A container that has not started yet has no log: the
  kubelet answers 400 Bad Request and says why.

  Background:
    Given a cluster

  @C16
  Scenario: kube-controller-manager's log lists the controllers it started in its one process
    When I run `kubectl logs -n kube-system kube-controller-manager-k8s-master`
    Then it succeeds
    And the output has lines matching, in order:
      """
      I\d{4} [\d:.]+ +1 controllermanager.go:\d+\] "Starting" version="v1.32.2"
      "Started controller" controller="garbage-collector-controller"
      "Started controller" controller="deployment-controller"
      "Started controller" controller="replicaset-controller"
      "Started controller" controller="daemonset-controller"
      "Started controller" controller="node-lifecycle-controller"
      "Started controller" controller="taint-eviction-controller"
      """

  @C17 @C01
  Scenario: No cloud provider in a local lab: the cloud controllers are skipped and a LoadBalancer gets no address
    When I run `kubectl get pods -n kube-system -o name`
    Then the output does not contain "cloud-controller-manager"
    When I run `kubectl logs -n kube-system kube-controller-manager-k8s-master`
    Then the output contains "\"Skipping a cloud provider controller\" controller=\"cloud-node-lifecycle-controller\""
    And the output contains "\"Skipping a cloud provider controller\" controller=\"service-lb-controller\""
    And the output contains "\"Skipping a cloud provider controller\" controller=\"node-route-controller\""
    When I run `kubectl create service loadbalancer web --tcp=80:80`
    And 1m passes
    And I run `kubectl get service web`
    Then the output lines match:
      """
      NAME +TYPE +CLUSTER-IP +EXTERNAL-IP +PORT\(S\) +AGE
      web +LoadBalancer +10\.\d+\.\d+\.\d+ +<pending> +80:3\d{4}/TCP +\d+s
      """

  @E14
  Scenario: A container's log, the last lines of it, and one that has not started yet
    When I run `kubectl create deployment web --image=nginx`
    And 2s pass
    And I run `kubectl logs deploy/web`
    Then it fails with an error containing "is waiting to start: ContainerCreating"
    When 30s pass
    And I run `kubectl logs deploy/web --tail 1`
    Then it succeeds
    And the output lines match:
      """
      \d{4}/\d\d/\d\d [\d:]+ \[notice\] 1#1: start worker process \d+
      """

  @E15
  Scenario: kubectl's errors for a container that does not exist or has no previous instance
    When I run `kubectl logs -n kube-system etcd-k8s-master -c nginx`
    Then it fails with:
      """
      Error from server (BadRequest): container nginx is not valid for pod etcd-k8s-master
      """
    When I run `kubectl logs -n kube-system etcd-k8s-master -p`
    Then it fails with:
      """
      Error from server (BadRequest): previous terminated container "etcd" in pod "etcd-k8s-master" not found
      """
    When I run `kubectl logs`
    Then it fails with:
      """
      error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.
      POD or TYPE/NAME is a required argument for the logs command
      See 'kubectl logs -h' for help and examples
      """

  @E16
  Scenario: The previous instance of a container that keeps exiting
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: crash
      spec:
        containers:
          - name: app
            image: busybox
            command: ["sh", "-c", "echo starting; exit 1"]
      """
    And 1m passes
    And I run `kubectl logs crash -p`
    Then it succeeds
    And the output is:
      """
      starting
      """
