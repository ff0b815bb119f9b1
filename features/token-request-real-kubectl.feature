Feature: The real kubectl's `kubectl create token` against the served model
  kubectl's typed client sends the TokenRequest to the serviceaccounts/token subresource as
  protobuf (application/vnd.kubernetes.protobuf): the API server decodes it as an
  authentication.k8s.io/v1 TokenRequest, not as the ServiceAccount the URL names, and answers with
  a token of that account.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @B34 @real-kubectl-1.28
  Scenario: The real kubectl creates a token as the model's kubectl does
    When I run `kubectl create serviceaccount builder` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create token builder --duration=2h -o jsonpath={.kind}/{.spec.expirationSeconds}/{.status.token}` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | /eyJ[A-Za-z0-9_.-]+$ |
    And the output lines match:
      """
      TokenRequest/7200/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+
      """
