Feature: The RBAC authorizer and its escalation checks pass Kubernetes' own tests
  kube-apiserver's RBAC authorizer allows a request when a rule the user holds matches it: the
  rules of every ClusterRoleBinding and, in a namespace, every RoleBinding of that namespace that
  names the user, one of its groups or its ServiceAccount; a rule matches by verb, API group,
  resource (a "*/sub" rule any resource's subresource) and name, or by non-resource URL (exact, or
  a prefix ending in "*"). Writing a Role or ClusterRole needs `escalate` or every rule in it
  already held, writing a binding needs `bind` on its role or, again, its rules held, checked
  piece by piece (Covers) and refused with the missing rules compacted; system:masters is never
  checked, and the garbage collector may always change owner references and finalizers. The rows
  are kubernetes v1.32's own unit tests, every one the model can run (steps/fixtures/upstream/
  rbac-authorizer.json and rbac-escalation.json say which files, what is left out and why, and
  which rows are kubespec's, marked "(kubespec)", following upstream's code where its tables have
  none).

  @AP29
  Scenario Outline: The authorizer answers as rbac_test.go, subject_locator_test.go and helpers_test.go say: <table>
    Then every case of upstream's RBAC evaluation table <table> holds on the model

    Examples:
      | table             |
      | authorizer        |
      | ruleMatches       |
      | resourceMatches   |
      | subjectLocator    |
      | authorizerReasons |
      | rbacStore         |

  @AP30
  Scenario Outline: The rules a user holds, and how one rule set covers another, as rule_test.go, policy_comparator_test.go and policy_compact_test.go say: <table>
    Then every case of upstream's RBAC <kind> table <table> holds on the model

    Examples:
      | kind       | table                |
      | evaluation | defaultRuleResolver  |
      | evaluation | appliesTo            |
      | evaluation | rbacRulesFor         |
      | escalation | covers               |
      | escalation | nonResourceURLCovers |
      | escalation | compactRules         |
      | escalation | isSimpleResourceRule |

  @AP31
  Scenario Outline: The RBAC storages refuse escalation as storage_test.go, helpers_test.go and escalation_check.go say: <table>
    Then every case of upstream's RBAC escalation table <table> holds on the model

    Examples:
      | table                  |
      | isOnlyMutatingGCFields |
      | roleEscalation         |
      | clusterRoleEscalation  |
      | policyBasedStorage     |
