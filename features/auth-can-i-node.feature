Feature: kubectl auth can-i --list for a kubelet: the Node authorizer cannot enumerate
  A kubelet's rights depend on what is bound to its node (the Node authorizer's graph), so the
  Node authorizer does not list them: its RulesFor answers "incomplete" with an error for a node
  user, which SelfSubjectRulesReview reports as status.incomplete and status.evaluationError and
  kubectl prints as a warning, above the rules RBAC could list (those of system:nodes and
  system:authenticated).

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @B30 @real-kubectl-1.28
  Scenario: can-i --list as a node warns that the list may be incomplete, and lists what RBAC grants the node
    When I run `kubectl auth can-i --list --as=system:node:k8s-worker-1 --as-group=system:nodes` with the real kubectl and the model's kubectl
    Then both print the same output
    And the error output is:
      """
      Warning: the list may be incomplete: node authorizer does not support user rule resolution
      """
    And the output contains "certificatesigningrequests.certificates.k8s.io/selfnodeclient   []                  []               [create]"

  @B30
  Scenario: A SelfSubjectRulesReview of a user who is not a node is complete
    When I run `kubectl auth can-i --list --as=jane`
    Then the error output is:
      """
      """
