Feature: kubectl apply of a 3-replica nginx Deployment ends in 3 running Pods
  The walkthrough of seed 000, end to end: `kubectl apply -f nginx.yaml` on a lab cluster of
  one control-plane node and two workers gives three nginx Pods, Running on the workers.

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

  @W03 @C20 @portable
  Scenario: The seed's manifest is accepted as a Deployment in apps/v1
    When I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    And the output is:
      """
      deployment.apps/nginx created
      """
    When I run `kubectl get deployment nginx -o jsonpath='{.apiVersion} {.spec.replicas} {.spec.selector.matchLabels.app} {.spec.template.spec.containers[0].name} {.spec.template.spec.containers[0].image}'`
    Then the output is:
      """
      apps/v1 3 nginx nginx nginx
      """

  @W19
  Scenario: A successful apply only means the API server accepted the object
    When I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    When I run `kubectl get pods`
    Then it succeeds
    And the output is:
      """
      """
    And the error output is:
      """
      No resources found in default namespace.
      """
    When 1m passes
    Then 3 pods labelled "app=nginx" are Running

  @W19
  Scenario: kubectl get pods -w shows the states changing after the apply
    When I run `kubectl apply -f nginx.yaml`
    And I run `timeout 40s kubectl get pods -w`
    Then the output contains "Pending"
    And the output contains "ContainerCreating"
    And the output contains "Running"

  @W18 @W09 @portable
  Scenario: Three nginx Pods run on the workers, and a deleted one comes back
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then 3 pods labelled "app=nginx" are Running
    And every pod labelled "app=nginx" runs on a worker node
    When I delete one pod labelled "app=nginx"
    Then it succeeds
    When 1m passes
    Then the deleted pod is gone and another pod took its place
    And 3 pods labelled "app=nginx" are Running

  @portable
  Scenario: Applying the same manifest again changes nothing
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    And the output is:
      """
      deployment.apps/nginx unchanged
      """
