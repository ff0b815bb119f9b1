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

  @CT40 @C16
  Scenario: kube-controller-manager's startup log: each controller started, its caches waited for, then synced
    When I run `kubectl logs -n kube-system kube-controller-manager-k8s-master`
    Then it succeeds
    And the output has lines matching, in order:
      """
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Starting" version="v1\.32\.2"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Skipping a cloud provider controller" controller="cloud-node-lifecycle-controller"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Skipping a cloud provider controller" controller="service-lb-controller"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Skipping a cloud provider controller" controller="node-route-controller"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="garbage-collector-controller"$
      ^I[\d :.]+ 1 garbagecollector.go:\d+\] "Starting controller" logger="garbage-collector-controller" controller="garbagecollector"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for garbage collector$
      ^I[\d :.]+ 1 graph_builder.go:\d+\] "Running" logger="garbage-collector-controller" component="GraphBuilder"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="deployment-controller"$
      ^I[\d :.]+ 1 deployment_controller.go:\d+\] "Starting controller" logger="deployment-controller" controller="deployment"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for deployment$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="replicaset-controller"$
      ^I[\d :.]+ 1 replica_set.go:\d+\] "Starting controller" logger="replicaset-controller" name="replicaset"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for ReplicaSet$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="endpointslice-controller"$
      ^I[\d :.]+ 1 endpointslice_controller.go:\d+\] "Starting endpoint slice controller" logger="endpointslice-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for endpoint_slice$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="pod-garbage-collector-controller"$
      ^I[\d :.]+ 1 gc_controller.go:\d+\] "Starting GC controller" logger="pod-garbage-collector-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for GC$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="daemonset-controller"$
      ^I[\d :.]+ 1 daemon_controller.go:\d+\] "Starting daemon sets controller" logger="daemonset-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for daemon sets$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="statefulset-controller"$
      ^I[\d :.]+ 1 stateful_set.go:\d+\] "Starting stateful set controller" logger="statefulset-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for stateful set$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="persistentvolume-binder-controller"$
      ^I[\d :.]+ 1 pv_controller_base.go:\d+\] "Starting persistent volume controller" logger="persistentvolume-binder-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for persistent volume$
      ^I[\d :.]+ 1 range_allocator.go:\d+\] "No Secondary Service CIDR provided\. Skipping filtering out secondary service addresses" logger="node-ipam-controller"$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="node-ipam-controller"$
      ^I[\d :.]+ 1 node_ipam_controller.go:\d+\] "Starting ipam controller" logger="node-ipam-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for node$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="node-lifecycle-controller"$
      ^I[\d :.]+ 1 node_lifecycle_controller.go:\d+\] "Sending events to api server" logger="node-lifecycle-controller"$
      ^I[\d :.]+ 1 node_lifecycle_controller.go:\d+\] "Starting node controller" logger="node-lifecycle-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for taint$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="taint-eviction-controller"$
      ^I[\d :.]+ 1 taint_eviction.go:\d+\] "Starting" logger="taint-eviction-controller" controller="taint-eviction-controller"$
      ^I[\d :.]+ 1 taint_eviction.go:\d+\] "Sending events to api server" logger="taint-eviction-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for taint-eviction-controller$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="job-controller"$
      ^I[\d :.]+ 1 job_controller.go:\d+\] "Starting job controller" logger="job-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for job$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="cronjob-controller"$
      ^I[\d :.]+ 1 cronjob_controllerv2.go:\d+\] "Starting cronjob controller v2" logger="cronjob-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for cronjob$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="disruption-controller"$
      ^I[\d :.]+ 1 disruption.go:\d+\] "Starting disruption controller" logger="disruption-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for disruption$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="namespace-controller"$
      ^I[\d :.]+ 1 namespace_controller.go:\d+\] "Starting namespace controller" logger="namespace-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for namespace$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="clusterrole-aggregation-controller"$
      ^I[\d :.]+ 1 clusterroleaggregation_controller.go:\d+\] "Starting ClusterRoleAggregator controller" logger="clusterrole-aggregation-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for ClusterRoleAggregator$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="serviceaccount-controller"$
      ^I[\d :.]+ 1 serviceaccounts_controller.go:\d+\] "Starting service account controller" logger="serviceaccount-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for service account$
      ^I[\d :.]+ 1 controllermanager.go:\d+\] "Started controller" controller="root-ca-certificate-publisher-controller"$
      ^I[\d :.]+ 1 publisher.go:\d+\] "Starting root CA cert publisher controller" logger="root-ca-certificate-publisher-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for crt configmap$
      """
    And the output has lines matching, in order:
      """
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for garbage collector$
      ^I[\d :.]+ 1 garbagecollector.go:\d+\] "All resource monitors have synced\. Proceeding to collect garbage" logger="garbage-collector-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for deployment$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for ReplicaSet$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for endpoint_slice$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for GC$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for daemon sets$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for stateful set$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for persistent volume$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for node$
      ^I[\d :.]+ 1 range_allocator.go:\d+\] "Sending events to api server" logger="node-ipam-controller"$
      ^I[\d :.]+ 1 range_allocator.go:\d+\] "Starting range CIDR allocator" logger="node-ipam-controller"$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Waiting for caches to sync for cidrallocator$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for cidrallocator$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for taint$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for taint-eviction-controller$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for job$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for cronjob$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for disruption$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for namespace$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for ClusterRoleAggregator$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for service account$
      ^I[\d :.]+ 1 shared_informer.go:\d+\] Caches are synced for crt configmap$
      """

  @CT40
  Scenario: kube-controller-manager started while kube-apiserver is down waits 10 s for /healthz, then exits
    # kube-apiserver is a static Pod: moving its manifest away stops it; killing kube-controller-manager restarts it.
    When I run `on k8s-master mv /etc/kubernetes/manifests/kube-apiserver.yaml /root/`
    And 20s pass
    And I run `on k8s-master pkill -f kube-controller-manager`
    And 9.5s pass
    And I run `on k8s-master crictl ps -a --name kube-controller-manager`
    Then the output has 1 line matching "Running +kube-controller-manager +1 "
    When 1s passes
    And I run `on k8s-master crictl ps -a --name kube-controller-manager`
    Then the output has 1 line matching "Exited +kube-controller-manager +1 "
    When I run `on k8s-master mv /root/kube-apiserver.yaml /etc/kubernetes/manifests/`
    And 1m passes
    And I run `kubectl logs -n kube-system kube-controller-manager-k8s-master --previous`
    Then the output lines match:
      """
      I[\d :.]+ 1 controllermanager.go:\d+\] "Starting" version="v1\.32\.2"
      I[\d :.]+ 1 controllermanager.go:\d+\] "Golang settings" GOGC="" GOMAXPROCS="" GOTRACEBACK=""
      E[\d :.]+ 1 controllermanager.go:\d+\] "Error building controller context" err="failed to wait for apiserver being healthy: timed out waiting for the condition: failed to get apiserver /healthz status: Get \\"https://172\.18\.0\.2:6443/healthz\\": dial tcp 172\.18\.0\.2:6443: connect: connection refused"
      """
    When I run `kubectl logs -n kube-system kube-controller-manager-k8s-master`
    Then the output has 1 line matching "\"Started controller\" controller=\"replicaset-controller\""

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
