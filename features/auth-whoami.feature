Feature: kubectl auth whoami: who the API server says you are
  `kubectl auth whoami` creates an authentication.k8s.io/v1 SelfSubjectReview; the API server
  answers with the user it authenticated (and impersonated), as its authorizer will see it, and
  stores nothing. The real kubectl 1.32 and the model's kubectl print the same table.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @U01 @real-kubectl-1.28
  Scenario: The admin of admin.conf is kubernetes-admin in kubeadm:cluster-admins
    When I run `kubectl auth whoami` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      ATTRIBUTE   VALUE
      Username    kubernetes-admin
      Groups      [kubeadm:cluster-admins system:authenticated]
      """

  @U01 @real-kubectl-1.28
  Scenario: whoami -o yaml prints the SelfSubjectReview itself
    When I run `kubectl auth whoami -o yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output lines match:
      """
      apiVersion: authentication.k8s.io/v1
      kind: SelfSubjectReview
      metadata:
        creationTimestamp: "2026-01-01T10:00:\d\dZ"
      status:
        userInfo:
          groups:
          - kubeadm:cluster-admins
          - system:authenticated
          username: kubernetes-admin
      """

  @U01 @real-kubectl-1.28
  Scenario: whoami -o json in the Go struct's field order, -o name of a nameless object
    When I run `kubectl auth whoami -o json --as=jane --as-uid=7 --as-group=system:masters` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output has lines matching, in order:
      """
      "kind": "SelfSubjectReview"
      "apiVersion": "authentication.k8s.io/v1"
      "username": "jane"
      "uid": "7"
      "groups"
      """
    When I run `kubectl auth whoami -o name` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      selfsubjectreview.authentication.k8s.io/<unknown>
      """
