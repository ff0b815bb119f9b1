Feature: Impersonation: kubectl --as, --as-group, --as-uid
  A user allowed the `impersonate` verb may act as another user, group or ServiceAccount: kubectl
  sends Impersonate-User, Impersonate-Group and Impersonate-Uid headers, and kube-apiserver's
  impersonation filter, between authentication and authorization, checks each of them with the
  authorizer (users, groups, serviceaccounts, uids) before the request goes on as the
  impersonated user. A user without the verb gets the filter's Forbidden, naming what it asked for.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @U20 @real-kubectl-1.28
  Scenario: The admin acts as jane in system:masters; the groups asked for replace the admin's
    When I run `kubectl auth whoami --as=jane --as-group=system:masters --as-uid=1234` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      ATTRIBUTE   VALUE
      Username    jane
      UID         1234
      Groups      [system:masters system:authenticated]
      """

  @U21 @real-kubectl-1.28
  Scenario: Requests made as jane are authorized as jane, and Forbidden says so
    When I run `kubectl get pods --as=jane` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"
      """

  @U22 @real-kubectl-1.28
  Scenario Outline: A user without the impersonate verb is refused by the filter: <flags>
    When I run `kubectl create configmap settings <flags>` as "bob" with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: failed to create configmap: <message>
      """

    Examples:
      | flags                                        | message                                                                                                                               |
      | --as=jane                                    | users "jane" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope                        |
      | --as=system:serviceaccount:kube-system:default | serviceaccounts "default" is forbidden: User "bob" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system" |

  @U23 @real-kubectl-1.28
  Scenario: Groups or a UID without a user: client-go refuses before any request, naming the kubeconfig's user
    When I run `kubectl get pods --as-group=system:masters` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: requesting uid, groups or user-extra for kind-kubespec without impersonating a user
      """

  @U24 @real-kubectl-1.28
  Scenario: Impersonating a ServiceAccount gives it its groups: system:serviceaccounts and its namespace's
    When I run `kubectl auth whoami --as=system:serviceaccount:kube-system:coredns` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      ATTRIBUTE   VALUE
      Username    system:serviceaccount:kube-system:coredns
      Groups      [system:serviceaccounts system:serviceaccounts:kube-system system:authenticated]
      """
