Feature: The impersonation filter checks every part of what is asked for
  kube-apiserver's impersonation filter runs after authentication: it authorizes the
  authenticated user for the verb `impersonate` on the user (or ServiceAccount), on each group
  and on the UID asked for, and the first refusal is the request's 403, before the request
  itself is authorized. Here on the model's kubectl, so each case costs nothing (the admin's
  case also runs with the real kubectl against `kubespec up` in the portable run).

  Background:
    Given a cluster

  @U25
  Scenario: bob may not impersonate, so acting as jane is refused before jane's rights are looked at
    When "bob" runs `kubectl get pods --as=jane`
    Then it fails with:
      """
      Error from server (Forbidden): users "jane" is forbidden: User "bob" cannot impersonate resource "users" in API group "" at the cluster scope
      """

  @U25 @portable
  Scenario: The admin may impersonate; then jane's own rights decide
    When I run `kubectl get pods --as=jane`
    Then it fails with:
      """
      Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"
      """
    When I run `kubectl auth whoami --as=jane --as-group=system:masters --as-group=qa`
    Then the output is:
      """
      ATTRIBUTE   VALUE
      Username    jane
      Groups      [system:masters qa system:authenticated]
      """
