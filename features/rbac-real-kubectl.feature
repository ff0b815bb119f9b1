Feature: RBAC as the real kubectl 1.32 sees it
  The real kubectl, talking to the served model over HTTPS, prints Roles, ClusterRoles and their
  bindings, describes their rules, and reports an RBAC denial exactly as the model's kubectl does.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @B15 @real-kubectl-1.28
  Scenario: kubectl get and describe print the bootstrap roles and a binding alike
    When I run `kubectl get clusterrole view edit admin cluster-admin` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl describe clusterrole view` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "namespaces/status                            []                 []              [get list watch]"
    When I run `kubectl create role pod-reader --verb=get,list --resource=pods,deployments.apps/scale --resource-name=web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl describe role pod-reader` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create rolebinding jane-reads --role=pod-reader --user=jane --serviceaccount=default:builder` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl describe rolebinding jane-reads` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get rolebinding jane-reads -o wide` with the real kubectl and the model's kubectl
    Then both print the same output

  @B15 @real-kubectl-1.28
  Scenario: A request RBAC denies reads the same with the real kubectl
    When I run `kubectl create clusterrolebinding jane-view --clusterrole=view --user=jane` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl delete pod nothing --as=jane` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output contains "pods \"nothing\" is forbidden: User \"jane\" cannot delete resource \"pods\" in API group \"\" in the namespace \"default\""
    When I run `kubectl get secrets --as=jane` with the real kubectl and the model's kubectl
    Then both fail with the same error
