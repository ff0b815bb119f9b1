Feature: managedFields of the objects the cluster starts with
  Every write through kube-apiserver records who set which fields (metadata.managedFields), the
  cluster's own objects included: the RBAC bootstrap policy and the system namespaces are written
  by kube-apiserver's loopback client ("kube-apiserver", Update), kubeadm init's RBAC objects by
  "kubeadm", and the rules of an aggregated ClusterRole (admin, edit, view, or any with an
  aggregationRule) by the clusterrole-aggregation controller, a forced server-side apply that owns
  .rules and nothing else. `kubectl get … --show-managed-fields` shows them.

  Background:
    Given a cluster

  @B37 @real-kubectl-1.28
  Scenario: The admin ClusterRole's managedFields, as the real kubectl prints them
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl get clusterrole admin -o yaml --show-managed-fields` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "manager: kube-apiserver"

  @B37
  Scenario Outline: <object> was written by <managers>
    When I run `kubectl get <object> -o jsonpath={.metadata.managedFields[*].manager}/{.metadata.managedFields[*].operation} --show-managed-fields`
    Then the output is:
      """
      <managers>
      """

    Examples:
      | object                                        | managers                                                 |
      | clusterrole admin                             | kube-apiserver/Update                                    |
      | clusterrole system:basic-user                 | kube-apiserver/Update                                    |
      | clusterrolebinding system:controller:job-controller | kube-apiserver/Update                              |
      | clusterrolebinding kubeadm:cluster-admins     | kubeadm/Update                                           |
      | namespace kube-system                         | kube-apiserver/Update                                    |
      | service kubernetes -n default                 | kube-apiserver/Update                                    |

  @B37
  Scenario: Without --show-managed-fields kubectl hides them
    When I run `kubectl get clusterrole admin -o jsonpath={.metadata.managedFields}`
    Then the output is:
      """
      """

  @B38
  Scenario: The aggregation controller's forced apply takes .rules from whoever created an aggregated role
    When I run `kubectl create -f -` with this input:
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: monitoring
      aggregationRule:
        clusterRoleSelectors:
        - matchLabels:
            rbac.example.com/aggregate-to-monitoring: "true"
      """
    And I run `kubectl create clusterrole pod-reader --verb=get,list --resource=pods`
    And I run `kubectl label clusterrole pod-reader rbac.example.com/aggregate-to-monitoring=true`
    And 5s pass
    And I run `kubectl get clusterrole monitoring -o 'jsonpath={range .metadata.managedFields[*]}{.manager}:{.operation}:{.fieldsV1}{"\n"}{end}' --show-managed-fields`
    Then the output is:
      """
      clusterrole-aggregation-controller:Apply:{"f:rules":{}}
      kubectl-create:Update:{"f:aggregationRule":{".":{},"f:clusterRoleSelectors":{}}}
      """
