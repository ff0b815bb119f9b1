@portable
Feature: A client-node informer follows the walkthrough's Pods
  An informer lists, then watches from the list's resourceVersion, and keeps a cache that its
  handlers see change. Run through @kubernetes/client-node against any kubeconfig (the
  `portable` profile), or as the model's own informer in process, it sees exactly the states of
  the nginx Pods that `kubectl get pods -w` prints while the Deployment comes up.

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

  @H40
  Scenario: The informer sees the nginx Pods go through exactly the states kubectl get pods -w shows
    Given an informer on the pods labelled "app=nginx"
    When I run `kubectl apply -f nginx.yaml`
    And I run `timeout 60s kubectl get pods -l app=nginx -w`
    Then the informer saw 3 pods go from Pending to Running with 1/1 containers ready
    And for each pod, the watch printed the STATUS and READY changes the informer saw

  @H41
  Scenario: The informer's cache follows a deleted Pod and its replacement
    Given an informer on the pods labelled "app=nginx"
    When I run `kubectl apply -f nginx.yaml`
    Then within 2m the deployment "nginx" has 3 available replicas
    And within 1m the informer's cache holds the pods labelled "app=nginx" that the API lists
    When I delete one pod labelled "app=nginx"
    Then it succeeds
    And within 2m the deployment "nginx" has 3 available replicas
    And within 1m the informer's cache holds the pods labelled "app=nginx" that the API lists
    And the informer saw the deleted pod go
