Feature: Diagnosis by phase
  A Pod that stays Pending points at scheduling: no node fits. A Pod that has a node but stays
  ContainerCreating points at the kubelet, the runtime, the image pull or the network.

  Background:
    Given a cluster

  @W17
  Scenario: Pending with no node means the scheduler found no node that fits
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: huge
        labels:
          app: huge
      spec:
        containers:
          - name: app
            image: nginx
            resources:
              requests:
                memory: 64Gi
      """
    And 1m passes
    And I run `kubectl get pod huge -o wide`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      huge +0/1 +Pending +0 +60s +<none> +<none> +<none> +<none>
      """
    When I run `kubectl describe pod huge`
    Then the output contains "Warning  FailedScheduling"
    And the output contains "0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient memory."

  @W17
  Scenario: ContainerCreating on a node means the node's side is still working (here, a slow image pull)
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: slow
        labels:
          app: slow
      spec:
        containers:
          - name: app
            image: nginx
      """
    And 1s passes
    And I run `kubectl get pod slow -o wide`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      slow +0/1 +ContainerCreating +0 +1s +(<none>|10\.244\.[12]\.\d+) +k8s-worker-[12] +<none> +<none>
      """
    When I run `kubectl describe pod slow`
    Then the output contains "Pulling image \"nginx\""

  @W17
  Scenario: An image that cannot be pulled keeps the Pod on its node, not Running
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: typo
        labels:
          app: typo
      spec:
        containers:
          - name: app
            image: nginx:no-such-tag
      """
    And 1m passes
    Then pod labelled "app=typo" is Pending
    When I run `kubectl get pod typo`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      typo +0/1 +(ErrImagePull|ImagePullBackOff) +0 +60s
      """
    When I run `kubectl describe pod typo`
    Then the output contains "Failed to pull image \"nginx:no-such-tag\""
