Feature: A Pod is the unit: its containers share one sandbox, one IP, one network namespace
  A Pod's containers run in one sandbox (the pause container holds its network namespace):
  the Pod has one IP, and its containers reach each other on localhost.

  Background:
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        nodeSelector:
          kubernetes.io/hostname: k8s-worker-1
        containers:
          - name: nginx
            image: nginx
          - name: sidecar
            image: curlimages/curl
            command: ["sleep", "infinity"]
      """
    And 30s pass

  @C12
  Scenario: Two containers, one sandbox, one IP
    When I run `kubectl get pod web -o wide`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      web +2/2 +Running +0 +\d+s +10\.244\.1\.\d+ +k8s-worker-1 +<none> +<none>
      """
    When I run `kubectl get pod web -o jsonpath='{.status.podIPs[*].ip}'`
    Then the output lines match:
      """
      10\.244\.1\.\d+
      """
    When I run `on k8s-worker-1 crictl ps --pod web`
    Then it succeeds
    And the output lists "nginx" and "sidecar" under one POD ID
    When I run `on k8s-worker-1 crictl pods`
    Then the output has lines matching, in order:
      """
      ^POD ID +CREATED +STATE +NAME +NAMESPACE +ATTEMPT +RUNTIME$
      ^[0-9a-f]{13} +.* +Ready +web +default +0 +\(default\)$
      """

  @C12
  Scenario: One container reaches the other on localhost
    When I run `kubectl exec web -c sidecar -- curl -s http://localhost:80/`
    Then it succeeds
    And the output contains "<title>Welcome to nginx!</title>"
    When I run `kubectl exec web -c sidecar -- curl -s http://127.0.0.1:8080/`
    Then it fails with:
      """
      command terminated with exit code 7
      """

  @E17
  Scenario: kubectl logs of a two-container Pod defaults to the first container and says so
    When I run `kubectl logs web --tail 1`
    Then it succeeds
    And the error output is:
      """
      Defaulted container "nginx" out of: nginx, sidecar
      """
    When I run `kubectl logs web -c sidecar`
    Then it succeeds
    And the output is:
      """
      """
