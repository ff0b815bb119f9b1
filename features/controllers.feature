Feature: Controllers turn the desired state into Pods, and keep it so
  The Deployment controller creates a ReplicaSet for the Deployment; the ReplicaSet controller
  compares the Pods it has with `replicas` and creates the difference. Each works as a loop:
  observe, compare, act, repeat.

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

  @W08
  Scenario: The Deployment controller creates a ReplicaSet, and the ReplicaSet controller 3 Pods
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then "kube-controller-manager" created 1 replicasets in the namespace "default"
    And "kube-controller-manager" created 3 pods in the namespace "default"
    And the pods labelled "app=nginx" are owned by a ReplicaSet owned by the deployment "nginx"
    And the deployment "nginx" has 3 available replicas

  @W08 @portable
  Scenario: The ReplicaSet's events tell what its controller did
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl describe deployment nginx`
    Then the output contains "Scaled up replica set nginx-"
    When I run `kubectl get events --field-selector reason=SuccessfulCreate -o custom-columns=REASON:.reason,FROM:.reportingComponent`
    Then the output is:
      """
      REASON             FROM
      SuccessfulCreate   replicaset-controller
      SuccessfulCreate   replicaset-controller
      SuccessfulCreate   replicaset-controller
      """

  @W09 @W18
  Scenario: Desired 3, actual 2: the ReplicaSet controller creates one more
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then "kube-controller-manager" created 3 pods in the namespace "default"
    When I delete one pod labelled "app=nginx"
    And 1m passes
    Then "kube-controller-manager" created 4 pods in the namespace "default"
    And 3 pods labelled "app=nginx" are Running

  @W09 @portable
  Scenario: The loop also removes what is too much
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl scale deployment nginx --replicas=1`
    Then it succeeds
    When 1m passes
    Then 1 pod labelled "app=nginx" is Running
    And the deployment "nginx" has 1 available replicas

  @E04
  Scenario: Deleting the Deployment deletes its ReplicaSet and Pods (garbage collection)
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl delete deployment nginx`
    Then it succeeds
    When 1m passes
    Then etcd holds no key under "/registry/replicasets/default/"
    And etcd holds no key under "/registry/pods/default/"

  @E05
  Scenario: A new image rolls out through a new ReplicaSet
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl apply -f -` with this input:
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
                image: nginx:1.27
      """
    Then the output is:
      """
      deployment.apps/nginx configured
      """
    And I run `kubectl rollout status deployment/nginx --timeout=5m`
    Then it succeeds
    And the output contains "deployment \"nginx\" successfully rolled out"
    And etcd holds 2 keys under "/registry/replicasets/default/"
    And 3 pods labelled "app=nginx" are Running
