Feature: ServiceAccounts and their tokens
  A ServiceAccount is an identity for processes rather than people. kube-apiserver issues it bound
  tokens through the TokenRequest API (the token subresource of serviceaccounts): JWTs signed
  RS256 with the cluster's service-account key, for the audiences asked (the API server's own
  when none), expiring on the cluster's clock. The ServiceAccount token authenticator accepts
  them while they are valid and their ServiceAccount still exists, as the user
  system:serviceaccount:<namespace>:<name> in system:serviceaccounts and
  system:serviceaccounts:<namespace>.

  Background:
    Given a cluster

  @V10
  Scenario: kubectl create token prints a JWT with upstream's claims
    When I run `kubectl create serviceaccount builder`
    Then the output is:
      """
      serviceaccount/builder created
      """
    When I run `kubectl create token builder`
    Then the output is a JWT signed RS256 whose claims are:
      | iss                                 | "https://kubernetes.default.svc.cluster.local"   |
      | aud                                 | ["https://kubernetes.default.svc.cluster.local"] |
      | sub                                 | "system:serviceaccount:default:builder"          |
      | kubernetes~io.namespace             | "default"                                        |
      | kubernetes~io.serviceaccount.name   | "builder"                                        |
      | exp - iat                           | 3600                                             |
    When I run `kubectl create token builder --duration=2h --audience=https://vault.example.com`
    Then the output is a JWT signed RS256 whose claims are:
      | aud       | ["https://vault.example.com"] |
      | exp - iat | 7200                          |

  @V11
  Scenario: A ServiceAccount's token authenticates as the ServiceAccount, which may do only what it is granted
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl create token builder`
    And I note the output
    And I run `kubectl --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}/{.status.userInfo.groups}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:default:builder/["system:serviceaccounts","system:serviceaccounts:default","system:authenticated"]
      """
    When I run `kubectl --token=TOKEN get pods` with TOKEN replaced by the noted output
    Then it fails with:
      """
      Error from server (Forbidden): pods is forbidden: User "system:serviceaccount:default:builder" cannot list resource "pods" in API group "" in the namespace "default"
      """

  @V12
  Scenario: A token stops working when it expires on the cluster's clock, or when its ServiceAccount is deleted
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl create token builder --duration=10m`
    And I note the output
    And 9m pass
    And I run `kubectl --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:default:builder
      """
    # exp is checked with go-jose's leeway of a minute.
    When 2m pass
    And I run `kubectl --token=TOKEN auth whoami` with TOKEN replaced by the noted output
    Then it fails with:
      """
      error: You must be logged in to the server (Unauthorized)
      """
    When I run `kubectl create token builder`
    And I note the output
    And I run `kubectl delete serviceaccount builder`
    And I run `kubectl --token=TOKEN auth whoami` with TOKEN replaced by the noted output
    Then it fails with:
      """
      error: You must be logged in to the server (Unauthorized)
      """

  @V13
  Scenario Outline: kubectl create token refuses what kubectl or the API server refuses, in their words
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl create token <args>`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | args                                                  | error                                                                                                                                                   |
      | nobody                                                | error: failed to create token: serviceaccounts "nobody" not found                                                                                       |
      | builder --duration=5m                                 | error: failed to create token: TokenRequest.authentication.k8s.io "builder" is invalid: spec.expirationSeconds: Invalid value: 300: may not specify a duration less than 10 minutes |
      | builder --duration=90500ms                            | error: --duration cannot be expressed in units less than seconds                                                                                        |
      | builder --duration=-1h                                | error: --duration must be greater than or equal to 0                                                                                                    |
      | builder --audience=                                   | error: --audience must not be an empty string                                                                                                           |
      | builder --bound-object-name=web                       | error: --bound-object-name can only be set if --bound-object-kind is provided                                                                           |
      | builder --bound-object-kind=Deployment                | error: supported --bound-object-kind values are Node, Pod, Secret                                                                                       |
      | builder --bound-object-kind=Pod                       | error: --bound-object-name is required if --bound-object-kind is provided                                                                               |
      | builder --bound-object-kind=Pod --bound-object-name=x | error: failed to create token: pods "x" not found                                                                                                       |
      | builder a                                             | error: exactly one NAME is required, got 2\nSee 'kubectl create token -h' for help and examples                                                         |
