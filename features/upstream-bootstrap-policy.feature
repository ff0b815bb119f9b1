Feature: kube-apiserver's bootstrap RBAC policy and its reconciliation pass Kubernetes' own tests
  Each time kube-apiserver starts, its rbac/bootstrap-roles hook makes sure the default policy
  is there: the ClusterRoles of users and components (cluster-admin, admin, edit and view, the
  roles of nodes, kube-scheduler, kube-controller-manager, kube-proxy and the discovery
  endpoints), one ClusterRole system:controller:<name> for each controller of
  kube-controller-manager bound to its ServiceAccount kube-system/<name>, the bindings of the
  users and groups, and the Roles and RoleBindings of kube-system and kube-public (leader
  locking, the bootstrap signer, the token cleaner). Upstream keeps all of it, object by object
  and rule by rule, in plugin/pkg/auth/authorizer/rbac/bootstrappolicy/testdata; here it is
  kubernetes v1.32's, with its default feature gates (steps/fixtures/upstream/
  rbac-bootstrap-policy.json says where each file was read and what gated roles are left out).
  An object that is already there is reconciled rather than replaced: in the union mode the
  hook uses, the labels, annotations, rules, aggregation selectors and subjects it lacks are
  added, nothing an administrator added is taken away, a binding to another role is recreated,
  and an object annotated rbac.authorization.kubernetes.io/autoupdate: "false" is left alone,
  as pkg/registry/rbac/reconciliation's reconcile_role_test.go and
  reconcile_rolebindings_test.go pin it (steps/fixtures/upstream/rbac-reconciliation.json).

  @CT52
  Scenario: kube-apiserver writes the bootstrap policy of 1.32 as upstream's testdata lists it
    Given an empty etcd on which kube-apiserver's rbac/bootstrap-roles hook has run
    Then its ClusterRoles, ClusterRoleBindings, Roles and RoleBindings are upstream's 1.32 policy, object by object

  @CT53
  Scenario Outline: An existing policy object reconciled in union mode, as reconcile_role_test.go and reconcile_rolebindings_test.go pin it: <table>
    Then every case of upstream's rbac reconciliation test <table> holds on the model

    Examples:
      | table                                 |
      | computeReconciledRole                 |
      | computeReconciledRoleAggregationRules |
      | diffSubjectLists                      |
      | computeReconciledRoleBinding          |

  @CT53
  Scenario: On its next start kube-apiserver gives the policy back what it lacks and takes nothing away
    When an administrator edits the bootstrap policy and kube-apiserver starts again
    Then the hook gave back what the policy lacked, kept what was added, and left the opted-out role alone
