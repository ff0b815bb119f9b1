Feature: The whole flow, and why it is not a chain of calls
  kubectl apply, the API server validates, etcd stores the Deployment, the Deployment controller
  creates the ReplicaSet, the ReplicaSet controller creates 3 Pods, the scheduler picks nodes,
  kubelets notice their Pods, the runtime starts containers. That order is one of cause; each
  component only reads, watches and writes state through the API server, and several act at once.

  Background:
    Given a cluster
    And the file "nginx.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
              - name: nginx
                image: nginx
      """

  @W15 @C24
  Scenario: The steps happen in the order of cause
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then the trace shows, in order:
      | kind  | actor                   | verb            | target                              |
      | api   | kubectl                 | create          | deployments/default                 |
      | etcd  | kube-apiserver          | put             | /registry/deployments/default/nginx |
      | watch | kube-controller-manager | ADDED           | deployments/default/nginx           |
      | api   | kube-controller-manager | create          | replicasets/default                 |
      | etcd  | kube-apiserver          | put             | /registry/replicasets/default/nginx- |
      | api   | kube-controller-manager | create          | pods/default                        |
      | etcd  | kube-apiserver          | put             | /registry/pods/default/nginx-       |
      | watch | kube-scheduler          | ADDED           | pods/default/nginx-                 |
      | api   | kube-scheduler          | create          | pods/binding/default/nginx-         |
      | watch | kubelet                 | ADDED           | pods/default/nginx-                 |
      | cri   | containerd              | RunPodSandbox   | pods/default/nginx-                 |
      | cri   | containerd              | StartContainer  | pods/default/nginx-                 |
      | api   | kubelet                 | update          | pods/status/default/nginx-          |
    And 3 pods labelled "app=nginx" are Running

  @W16 @C24
  Scenario: Components never call each other: every hand-off is a write to the API server seen through a watch
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then every etcd access in the trace was made by "kube-apiserver"
    And every hand-off between components in the trace is an API write followed by a watch event

  @W16 @C24
  Scenario: Several components act at the same time
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then "kube-controller-manager" update "replicasets/status" before "kubelet" update its last "pods/status"
    And "kube-scheduler" create "pods/binding" before "kubelet" update its last "pods/status"
