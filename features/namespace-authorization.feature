Feature: A Namespace is authorized in itself
  kube-apiserver's RequestInfo reads /api/v1/namespaces/NAME as a request in the namespace NAME
  (k8s.io/apiserver's requestinfo.go; TestGetAPIRequestInfo: GET /api/v1/namespaces/other is verb
  get, namespace "other", resource namespaces, name other). So a RoleBinding in a namespace may
  let a user read or change that Namespace object, and a refusal says "in the namespace", while a
  list of all namespaces stays at the cluster scope.

  Background:
    Given a cluster

  @AP13
  Scenario: A RoleBinding in a namespace lets its user get that Namespace, and no other
    When I run `kubectl create namespace shop`
    And I run `kubectl create role ns-reader --verb=get --resource=namespaces -n shop`
    And I run `kubectl create rolebinding bob-reads-ns --role=ns-reader --user=bob -n shop`
    And I run `kubectl get namespace shop --as=bob -o name`
    Then the output is:
      """
      namespace/shop
      """
    When I run `kubectl get namespace default --as=bob`
    Then it fails with:
      """
      Error from server (Forbidden): namespaces "default" is forbidden: User "bob" cannot get resource "namespaces" in API group "" in the namespace "default"
      """
    When I run `kubectl get namespaces --as=bob`
    Then it fails with:
      """
      Error from server (Forbidden): namespaces is forbidden: User "bob" cannot list resource "namespaces" in API group "" at the cluster scope
      """
