Feature: kubectl auth whoami with a ServiceAccount's token
  A bound ServiceAccount token names the ServiceAccount, its UID, its groups, and the token's ID
  as the extra authentication.kubernetes.io/credential-id; whoami prints each, one row per
  extra key, as a real cluster answers.

  Background:
    Given a cluster

  @U04
  Scenario: whoami shows the ServiceAccount's UID and the token's credential ID
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl create token builder`
    And I note the output
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami` with TOKEN replaced by the noted output
    Then the output has lines matching, in order:
      """
      ATTRIBUTE +VALUE
      Username +system:serviceaccount:default:builder
      UID +[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}
      Groups +\[system:serviceaccounts system:serviceaccounts:default system:authenticated\]
      Extra: authentication.kubernetes.io/credential-id +\[JTI=[0-9a-f-]{36}\]
      """

  @U04
  Scenario: Impersonating the ServiceAccount by name carries no UID and no extra: those come from its token
    When I run `kubectl create serviceaccount builder`
    And I run `kubectl auth whoami --as=system:serviceaccount:default:builder`
    Then the output is:
      """
      ATTRIBUTE   VALUE
      Username    system:serviceaccount:default:builder
      Groups      [system:serviceaccounts system:serviceaccounts:default system:authenticated]
      """
