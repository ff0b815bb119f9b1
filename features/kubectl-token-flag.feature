Feature: kubectl --token beside the kubeconfig's client certificate
  kind's kubeconfig (kubeadm's admin.conf) authenticates kubernetes-admin with a client
  certificate. `--token` does not replace that user, it adds a bearer token to it: kubectl sends
  both, and kube-apiserver's union authenticator tries x509 before bearer tokens, so the
  certificate decides and the token is never looked at, not even a bogus one. To be a token's
  identity, kubectl needs a kubeconfig without that user: `--kubeconfig=/dev/null` with the
  server's address (`-s`) and, having no CA to check it against, `--insecure-skip-tls-verify`.

  Background:
    Given a cluster

  @B35 @real-kubectl-1.28
  Scenario: With the kubeconfig's certificate, --token changes nothing: the request is kubernetes-admin's
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl --token=bogus auth whoami` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      ATTRIBUTE   VALUE
      Username    kubernetes-admin
      Groups      [kubeadm:cluster-admins system:authenticated]
      """
    When I run `kubectl --token=bogus --as=jane auth whoami` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      ATTRIBUTE   VALUE
      Username    jane
      Groups      [system:authenticated]
      """

  @B35
  Scenario: A ServiceAccount's token with the admin kubeconfig is still the admin; with no kubeconfig it is the ServiceAccount
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl create token builder`
    And I note the output
    And I run `kubectl --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}` with TOKEN replaced by the noted output
    Then the output is:
      """
      kubernetes-admin
      """
    When I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:default:builder
      """

  @B36
  Scenario Outline: With no kubeconfig, kubectl reaches the server only at the address given, over TLS it can check, with a credential: <case>
    When I run `kubectl --kubeconfig=/dev/null <flags> auth whoami`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | case                    | flags                                                                    | error                                                                                              |
      | no server               | --token=abc                                                              | The connection to the server localhost:8080 was refused - did you specify the right host or port? |
      | another port            | -s https://127.0.0.1:6444 --insecure-skip-tls-verify --token=abc         | The connection to the server 127.0.0.1:6444 was refused - did you specify the right host or port? |
      | no CA to check TLS with | -s https://127.0.0.1:6443 --token=abc                                    | Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority |
      | no credential           | -s https://127.0.0.1:6443 --insecure-skip-tls-verify                     | error: EOF                                                                                         |
      | an unknown token        | -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=abc         | error: You must be logged in to the server (Unauthorized)                                          |

  @B36
  Scenario: A command that needs no server works with no kubeconfig
    When I run `kubectl --kubeconfig=/dev/null create deployment web --image=nginx --dry-run=client -o name`
    Then the output is:
      """
      deployment.apps/web
      """
