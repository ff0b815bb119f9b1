Feature: Credentials the API server does not accept, and TokenReview
  A bearer token no authenticator knows is 401 Unauthorized, never anonymous, and kubectl says
  "You must be logged in to the server". A TokenReview asks the API server's own authenticators
  about a token, as a webhook token authenticator would: who it names, or that it names no one.

  Background:
    Given a cluster

  @U02
  Scenario: A token nobody issued: kubectl auth whoami is told to log in
    When I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=bogus auth whoami`
    Then it fails with:
      """
      error: You must be logged in to the server (Unauthorized)
      """

  @U03
  Scenario: A TokenReview of a component's token names the component; of an unknown token, no one
    When I run `kubectl create -f - -o jsonpath={.status}` with this input:
      """
      apiVersion: authentication.k8s.io/v1
      kind: TokenReview
      spec:
        token: scheduler-token
      """
    Then the output is:
      """
      {"authenticated":true,"user":{"groups":["system:authenticated"],"username":"system:kube-scheduler"}}
      """
    When I run `kubectl create -f - -o jsonpath={.status.authenticated}{.status.user}` with this input:
      """
      apiVersion: authentication.k8s.io/v1
      kind: TokenReview
      spec:
        token: bogus
      """
    Then the output is:
      """
      {}
      """
