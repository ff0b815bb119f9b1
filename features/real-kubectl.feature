Feature: The real kubectl and the model's kubectl print the same

  The model's API server, served over HTTPS, is driven by the real kubectl (a binary nobody here
  wrote) and by the model's own kubectl, with the same command line against the same state.
  Every line must match, and so must the exit status: a difference is a bug in the model.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @H60
  Scenario: kubectl apply -f creates the walkthrough's Deployment, and its Pods come up
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl get pods -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "nginx-"
