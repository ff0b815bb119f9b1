Feature: RBAC: Roles, ClusterRoles and their bindings decide who may do what
  kube-apiserver serves rbac.authorization.k8s.io/v1: Roles and RoleBindings in a namespace,
  ClusterRoles and ClusterRoleBindings for the whole cluster, stored in etcd like every other
  object. The RBAC authorizer reads them on every request: a request is allowed when a rule
  of a role bound to the user, one of its groups or its ServiceAccount allows it, and is
  Forbidden otherwise, in kube-apiserver's words.

  Background:
    Given a cluster

  @B01
  Scenario: kubectl create role|clusterrole|rolebinding|clusterrolebinding store the objects, and kubectl prints them as 1.32 does
    When I run `kubectl create clusterrole pod-reader --verb=get,list --resource=pods`
    Then the output is:
      """
      clusterrole.rbac.authorization.k8s.io/pod-reader created
      """
    When I run `kubectl create clusterrolebinding read-pods --clusterrole=pod-reader --user=jane --group=devs --serviceaccount=default:builder`
    Then it succeeds
    When I run `kubectl create role deploy-reader --verb=get --resource=deployments.apps,pods/log`
    Then it succeeds
    When I run `kubectl create rolebinding bob-reads --role=deploy-reader --user=bob`
    Then it succeeds
    When I run `kubectl get clusterroles pod-reader`
    Then the output lines match:
      """
      NAME         CREATED AT
      pod-reader   \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ
      """
    When I run `kubectl get clusterrolebinding read-pods -o wide`
    Then the output lines match:
      """
      NAME        ROLE                     AGE   USERS   GROUPS   SERVICEACCOUNTS
      read-pods   ClusterRole/pod-reader   \d+s\s+jane    devs     default/builder
      """
    When I run `kubectl get rolebindings`
    Then the output lines match:
      """
      NAME        ROLE                 AGE
      bob-reads   Role/deploy-reader   \d+s
      """
    When I run `kubectl get role deploy-reader -o jsonpath={.rules}`
    Then the output is:
      """
      [{"apiGroups":[""],"resources":["pods/log"],"verbs":["get"]},{"apiGroups":["apps"],"resources":["deployments"],"verbs":["get"]}]
      """

  @B02
  Scenario: Invalid RBAC objects are refused with pkg/apis/rbac/validation's messages, and a binding's roleRef never changes
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: Role
      metadata:
        name: broken
      rules:
      - verbs: []
        resources: [pods]
      - verbs: [get]
        nonResourceURLs: [/healthz]
      """
    Then it fails with:
      """
      The Role "broken" is invalid: 
      * rules[0].verbs: Required value: verbs must contain at least one value
      * rules[0].apiGroups: Required value: resource rules must supply at least one api group
      * rules[1].nonResourceURLs: Invalid value: []string{"/healthz"}: namespaced rules cannot apply to non-resource URLs
      """
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRoleBinding
      metadata:
        name: odd
      roleRef:
        apiGroup: rbac.authorization.k8s.io
        kind: Role
        name: a/b
      subjects:
      - kind: Robot
        name: r2d2
      - kind: ServiceAccount
        name: builder
      """
    Then it fails with:
      """
      The ClusterRoleBinding "odd" is invalid: 
      * roleRef.kind: Unsupported value: "Role": supported values: "ClusterRole"
      * roleRef.name: Invalid value: "a/b": may not contain '/'
      * subjects[0].kind: Unsupported value: "Robot": supported values: "ServiceAccount", "User", "Group"
      * subjects[1].namespace: Required value
      """
    When I run `kubectl create rolebinding bob-views --clusterrole=view --user=bob`
    Then it succeeds
    When I run `kubectl patch rolebinding bob-views --type=merge -p '{"roleRef":{"name":"edit"}}'`
    Then it fails with:
      """
      The RoleBinding "bob-views" is invalid: roleRef: Invalid value: rbac.RoleRef{APIGroup:"rbac.authorization.k8s.io", Kind:"ClusterRole", Name:"edit"}: cannot change roleRef
      """
