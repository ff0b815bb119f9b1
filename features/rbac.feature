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

  @B03
  Scenario: A user bound to view reads what is there but cannot delete it: Forbidden in kube-apiserver's words, and nothing changes
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl create rolebinding jane-view --clusterrole=view --user=jane`
    And I run `kubectl get deployment web --as=jane -o name`
    Then the output is:
      """
      deployment.apps/web
      """
    When I run `kubectl delete deployment web --as=jane`
    Then it fails with:
      """
      Error from server (Forbidden): deployments.apps "web" is forbidden: User "jane" cannot delete resource "deployments" in API group "apps" in the namespace "default"
      """
    When I run `kubectl get secrets --as=jane`
    Then it fails with:
      """
      Error from server (Forbidden): secrets is forbidden: User "jane" cannot list resource "secrets" in API group "" in the namespace "default"
      """
    When I run `kubectl get deployment web -o name`
    Then the output is:
      """
      deployment.apps/web
      """

  @B04
  Scenario: A RoleBinding grants only in its own namespace, a ClusterRoleBinding everywhere
    When I run `kubectl create namespace shop`
    And I run `kubectl create rolebinding bob-edit --clusterrole=edit --user=bob -n shop`
    And I run `kubectl create configmap prices --from-literal=apple=1 -n shop --as=bob`
    Then the output is:
      """
      configmap/prices created
      """
    When I run `kubectl create configmap prices --from-literal=apple=1 -n default --as=bob`
    Then it fails with:
      """
      error: failed to create configmap: configmaps is forbidden: User "bob" cannot create resource "configmaps" in API group "" in the namespace "default"
      """
    When I run `kubectl get nodes --as=bob`
    Then it fails with:
      """
      Error from server (Forbidden): nodes is forbidden: User "bob" cannot list resource "nodes" in API group "" at the cluster scope
      """
    When I run `kubectl create clusterrolebinding ops-view --clusterrole=view --group=ops`
    And I run `kubectl get configmaps -A --as=bob --as-group=ops -o name`
    Then the output contains "configmap/prices"

  @B05
  Scenario: A binding to a role that does not exist grants nothing, and kube-apiserver says so after the Forbidden
    When I run `kubectl create rolebinding carol-ghost --clusterrole=ghost --user=carol`
    And I run `kubectl get pods --as=carol`
    Then it fails with:
      """
      Error from server (Forbidden): pods is forbidden: User "carol" cannot list resource "pods" in API group "" in the namespace "default": RBAC: clusterrole.rbac.authorization.k8s.io "ghost" not found
      """

  @B06
  Scenario: Rules match verbs, API groups, resources, subresources by "*/name", resource names and non-resource URL prefixes
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: scaler
      rules:
      - apiGroups: ["*"]
        resources: ["*/scale"]
        verbs: ["get", "update", "patch"]
      - apiGroups: ["apps"]
        resources: ["deployments"]
        resourceNames: ["web"]
        verbs: ["get"]
      - nonResourceURLs: ["/healthz/*", "/version"]
        verbs: ["get"]
      """
    And I run `kubectl create clusterrolebinding dave-scales --clusterrole=scaler --user=dave`
    And I run `kubectl scale deployment web --replicas=2 --as=dave`
    Then the output is:
      """
      deployment.apps/web scaled
      """
    When I run `kubectl get deployment other --as=dave`
    Then it fails with:
      """
      Error from server (Forbidden): deployments.apps "other" is forbidden: User "dave" cannot get resource "deployments" in API group "apps" in the namespace "default"
      """
    Given a client presenting a certificate for "CN=dave"
    Then getting the path "/healthz/etcd" is allowed
    And getting the path "/version" is allowed
    And getting the path "/metrics" is 403 Forbidden: forbidden: User "dave" cannot get path "/metrics"

  @B07 @CT52
  Scenario: kube-apiserver creates the bootstrap policy of 1.32 at start, as upstream's testdata lists it
    Then the cluster's bootstrap RBAC policy is upstream's (steps/fixtures/upstream/rbac-bootstrap-policy.json)
    When I run `kubectl get clusterrolebinding kubeadm:cluster-admins system:kube-scheduler system:node-proxier kubeadm:node-proxier -o wide`
    Then the output lines match:
      """
      NAME +ROLE +AGE +USERS +GROUPS +SERVICEACCOUNTS
      kubeadm:cluster-admins +ClusterRole/cluster-admin +\d+s +kubeadm:cluster-admins +
      system:kube-scheduler +ClusterRole/system:kube-scheduler +\d+s +system:kube-scheduler +
      system:node-proxier +ClusterRole/system:node-proxier +\d+s +system:kube-proxy +
      kubeadm:node-proxier +ClusterRole/system:node-proxier +\d+s +kube-system/kube-proxy
      """

  @B08
  Scenario: The ClusterRole aggregation controller adds a labelled role's rules to edit, and a user of edit can use them at once
    When I run `kubectl create rolebinding erin-edit --clusterrole=edit --user=erin`
    And I run `kubectl get roles --as=erin`
    Then it fails with:
      """
      Error from server (Forbidden): roles.rbac.authorization.k8s.io is forbidden: User "erin" cannot list resource "roles" in API group "rbac.authorization.k8s.io" in the namespace "default"
      """
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: rbac.authorization.k8s.io/v1
      kind: ClusterRole
      metadata:
        name: role-reader
        labels:
          rbac.authorization.k8s.io/aggregate-to-edit: "true"
      rules:
      - apiGroups: ["rbac.authorization.k8s.io"]
        resources: ["roles"]
        verbs: ["get", "list", "watch"]
      """
    And 2s pass
    And I run `kubectl get roles --as=erin -o name`
    Then it succeeds
    When I run `kubectl get clusterrole edit -o jsonpath={.rules[0]}`
    Then the output is:
      """
      {"apiGroups":["rbac.authorization.k8s.io"],"resources":["roles"],"verbs":["get","list","watch"]}
      """

  @B09
  Scenario: The scheduler works only because of its ClusterRoleBinding: without it, Pods stay Pending and kube-scheduler logs the Forbidden
    When I run `kubectl delete clusterrolebinding system:kube-scheduler`
    And I run `kubectl run web --image=nginx`
    And 20s pass
    And I run `kubectl get pod web -o jsonpath={.status.phase}`
    Then the output is:
      """
      Pending
      """
    When I run `kubectl logs -n kube-system kube-scheduler-k8s-master`
    Then the output has lines matching, in order:
      """
      ^E\S+ \S+ +1 schedule_one.go:1058\] "Error scheduling pod; retrying" err="running Bind plugin \\"DefaultBinder\\": pods \\"web\\" is forbidden: User \\"system:kube-scheduler\\" cannot create resource \\"pods/binding\\" in API group \\"\\" in the namespace \\"default\\"" pod="default/web"$
      """

  @B10
  Scenario: Nobody grants what they do not hold: a Role or a binding beyond the user's own rules is Forbidden, unless the user may escalate or bind
    When I run `kubectl create rolebinding jane-admin --clusterrole=admin --user=jane`
    And I run `kubectl create role pod-killer --verb=delete --resource=pods --as=jane`
    Then the output is:
      """
      role.rbac.authorization.k8s.io/pod-killer created
      """
    When I run `kubectl create role node-reader --verb=get,list --resource=nodes,pods/log --as=jane`
    Then it fails with:
      """
      Error from server (Forbidden): roles.rbac.authorization.k8s.io "node-reader" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:
      {APIGroups:[""], Resources:["nodes"], Verbs:["get" "list"]}
      """
    When I run `kubectl create rolebinding bob-admin --clusterrole=cluster-admin --user=bob --as=jane`
    Then it fails with:
      """
      error: failed to create rolebinding: rolebindings.rbac.authorization.k8s.io "bob-admin" is forbidden: user "jane" (groups=["system:authenticated"]) is attempting to grant RBAC permissions not currently held:
      {APIGroups:["*"], Resources:["*"], Verbs:["*"]}
      {NonResourceURLs:["*"], Verbs:["*"]}
      """
    When I run `kubectl create rolebinding bob-edit --clusterrole=edit --user=bob --as=jane`
    Then it succeeds
    When I run `kubectl create clusterrole escalator --verb=escalate,bind --resource=roles.rbac.authorization.k8s.io,clusterroles.rbac.authorization.k8s.io`
    And I run `kubectl create rolebinding jane-escalates --clusterrole=escalator --user=jane`
    And I run `kubectl create role node-reader --verb=get,list --resource=nodes --as=jane`
    Then it succeeds
    When I run `kubectl create rolebinding bob-admin --clusterrole=cluster-admin --user=bob --as=jane`
    Then it succeeds

  @B11 @property
  Scenario: For random Roles, ClusterRoles, bindings and requests, RBAC allows exactly what a plain reference of the rules allows
    Then for random RBAC objects and requests, the RBAC authorizer allows exactly what the reference allows

  @B12 @property
  Scenario: A request RBAC denies is 403 Forbidden and changes nothing in etcd
    Then a write RBAC denies is 403 Forbidden and leaves etcd as it was

  @B13
  Scenario: Each controller of kube-controller-manager runs as its own ServiceAccount: the ReplicaSet controller without its binding creates no Pods until the binding is back
    When I run `kubectl delete clusterrolebinding system:controller:replicaset-controller`
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And 10s pass
    And I run `kubectl get rs -l app=web`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +AGE
      web-\S+ +2 +0 +0 +\d+s
      """
    When I run `kubectl create clusterrolebinding system:controller:replicaset-controller --clusterrole=system:controller:replicaset-controller --serviceaccount=kube-system:replicaset-controller`
    And 30s pass
    And I run `kubectl get rs -l app=web`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +AGE
      web-\S+ +2 +2 +2 +\d+s
      """

  @B14
  Scenario: kube-proxy runs as its ServiceAccount and may do what system:node-proxier allows, through kubeadm's kubeadm:node-proxier binding
    When I run `kubectl auth can-i list endpointslices.discovery.k8s.io --as=system:serviceaccount:kube-system:kube-proxy`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i delete pods --as=system:serviceaccount:kube-system:kube-proxy`
    Then the output is:
      """
      no
      """
    And it fails
    When I run `kubectl delete clusterrolebinding kubeadm:node-proxier`
    And I run `kubectl auth can-i list endpointslices.discovery.k8s.io --as=system:serviceaccount:kube-system:kube-proxy`
    Then the output is:
      """
      no
      """
    And it fails

  @B16
  Scenario: kube-apiserver reconciles the bootstrap roles at each start: a rule taken from an auto-updated role comes back, broken down, and nothing is removed
    When I run `kubectl patch clusterrole system:node-proxier --type=json -p '[{"op":"remove","path":"/rules/3"}]'`
    And I run `kubectl auth can-i list endpointslices.discovery.k8s.io --as=system:serviceaccount:kube-system:kube-proxy`
    Then the output is:
      """
      no
      """
    And it fails
    When I run `on k8s-master pkill -f kube-apiserver`
    And 60s pass
    And I run `kubectl auth can-i list endpointslices.discovery.k8s.io --as=system:serviceaccount:kube-system:kube-proxy`
    Then the output is:
      """
      yes
      """
    When I run `kubectl get clusterrole system:node-proxier -o jsonpath={.rules[3]}`
    Then the output is:
      """
      {"apiGroups":["discovery.k8s.io"],"resources":["endpointslices"],"verbs":["list"]}
      """
    When I run `kubectl get clusterrole system:node-proxier -o jsonpath={.rules[4]}`
    Then the output is:
      """
      {"apiGroups":["discovery.k8s.io"],"resources":["endpointslices"],"verbs":["watch"]}
      """
