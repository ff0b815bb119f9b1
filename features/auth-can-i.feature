Feature: kubectl auth can-i: may I do this?
  `kubectl auth can-i VERB TYPE[/NAME]` resolves TYPE through discovery as kubectl's REST mapper
  does and creates an authorization.k8s.io/v1 SelfSubjectAccessReview in the current namespace
  (none with -A); the API server answers with its own authorizer chain and stores nothing.
  kubectl prints yes (exit 0) or no (exit 1), and warns, without refusing, about a type the server
  does not have, a verb it does not know, or a cluster-scoped type asked about in a namespace.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @U15 @real-kubectl-1.28
  Scenario: A SubjectAccessReview asks about someone else: a kubelet may not read a Secret no Pod of its node uses
    When I run `kubectl create -f - --validate=false -o yaml` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: authorization.k8s.io/v1
      kind: SubjectAccessReview
      spec:
        user: system:node:k8s-worker-1
        groups: ["system:nodes", "system:authenticated"]
        resourceAttributes:
          verb: get
          resource: secrets
          namespace: default
          name: db-password
      """
    Then both print the same output
    And the output contains "allowed: false"
    And the output contains "reason: no relationship found between node 'k8s-worker-1' and this object"

  @U15 @real-kubectl-1.28
  Scenario: A SubjectAccessReview: a kubelet may read its own Node
    When I run `kubectl create -f - --validate=false -o jsonpath={.status}` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: authorization.k8s.io/v1
      kind: SubjectAccessReview
      spec:
        user: system:node:k8s-worker-1
        groups: ["system:nodes", "system:authenticated"]
        resourceAttributes:
          verb: get
          resource: nodes
          name: k8s-worker-1
      """
    Then both print the same output
    And the output is:
      """
      {"allowed":true}
      """

  @U16 @real-kubectl-1.28
  Scenario: A SubjectAccessReview that names no one is invalid, in the API server's words
    When I run `kubectl create -f - --validate=false` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: authorization.k8s.io/v1
      kind: SubjectAccessReview
      spec:
        resourceAttributes:
          verb: get
          resource: pods
      """
    Then both fail with the same error
    And the error output is:
      """
      The SubjectAccessReview "" is invalid: spec.user: Invalid value: "": at least one of user or group must be specified
      """

  @U17 @real-kubectl-1.28
  Scenario: A kubelet's can-i is the Node authorizer's answer, its reason after "no"
    When I run `kubectl auth can-i get secrets/db-password --as=system:node:k8s-worker-1 --as-group=system:nodes` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no - no relationship found between node 'k8s-worker-1' and this object
      """
    When I run `kubectl auth can-i get nodes/k8s-worker-1 --as=system:node:k8s-worker-1 --as-group=system:nodes` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      yes
      """

  @U18 @real-kubectl-1.28
  Scenario: A user with no binding may do nothing but ask: no, and the exit status says so
    When I run `kubectl auth can-i list pods` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no
      """
    When I run `kubectl auth can-i create selfsubjectaccessreviews.authorization.k8s.io` as "jane" with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      yes
      """

  @U18 @real-kubectl-1.28
  Scenario: A group's RoleBinding to view answers for its members, in its namespace only, for reading only
    When I run `kubectl create rolebinding qa-view --clusterrole=view --group=qa -n default` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl auth can-i list pods --as=jane --as-group=qa` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      yes
      """
    When I run `kubectl auth can-i list pods --as=jane --as-group=qa -n kube-system` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no
      """
    When I run `kubectl auth can-i delete pods --as=jane --as-group=qa` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no
      """

  @U19 @real-kubectl-1.28
  Scenario: --list prints the rules a user holds in the namespace: jane, with the bootstrap policy's only
    When I run `kubectl auth can-i --list` as "jane" with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      Resources                                       Non-Resource URLs   Resource Names   Verbs
      selfsubjectreviews.authentication.k8s.io        []                  []               [create]
      selfsubjectaccessreviews.authorization.k8s.io   []                  []               [create]
      selfsubjectrulesreviews.authorization.k8s.io    []                  []               [create]
                                                      [/api/*]            []               [get]
                                                      [/api]              []               [get]
                                                      [/apis/*]           []               [get]
                                                      [/apis]             []               [get]
                                                      [/healthz]          []               [get]
                                                      [/healthz]          []               [get]
                                                      [/livez]            []               [get]
                                                      [/livez]            []               [get]
                                                      [/openapi/*]        []               [get]
                                                      [/openapi]          []               [get]
                                                      [/readyz]           []               [get]
                                                      [/readyz]           []               [get]
                                                      [/version/]         []               [get]
                                                      [/version/]         []               [get]
                                                      [/version]          []               [get]
                                                      [/version]          []               [get]
      """

  @U19 @real-kubectl-1.28
  Scenario Outline: --list for the admin, and for a group bound in one namespace: <line>
    When I run `kubectl create rolebinding qa-edit --clusterrole=edit --group=qa -n default` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `<line>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | line                                                            |
      | kubectl auth can-i --list                                       |
      | kubectl auth can-i --list --no-headers -n kube-system           |
      | kubectl auth can-i --list --as=jane --as-group=qa               |
      | kubectl auth can-i --list --as=jane --as-group=qa -n kube-system |

  @U18 @real-kubectl-1.28
  Scenario: A ServiceAccount's RoleBinding answers for it, in its namespace; another namespace's account of the same name is someone else
    When I run `kubectl create rolebinding sa-view --clusterrole=view --serviceaccount=default:default` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl auth can-i list pods --as=system:serviceaccount:default:default` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      yes
      """
    When I run `kubectl auth can-i list pods --as=system:serviceaccount:default:default -n kube-system` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no
      """
    When I run `kubectl auth can-i list pods --as=system:serviceaccount:kube-system:default` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the output is:
      """
      no
      """

  @U16 @real-kubectl-1.28
  Scenario: A LocalSubjectAccessReview asks within its own namespace only
    When I run `kubectl create -f - --validate=false -o jsonpath={.status}` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: authorization.k8s.io/v1
      kind: LocalSubjectAccessReview
      metadata:
        namespace: default
      spec:
        user: jane
        groups: ["system:masters"]
        resourceAttributes:
          namespace: default
          verb: list
          resource: pods
      """
    Then both print the same output
    And the output is:
      """
      {"allowed":true,"reason":"RBAC: allowed by ClusterRoleBinding \"cluster-admin\" of ClusterRole \"cluster-admin\" to Group \"system:masters\""}
      """
    When I run `kubectl create -f - --validate=false` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: authorization.k8s.io/v1
      kind: LocalSubjectAccessReview
      metadata:
        namespace: default
      spec:
        user: jane
        resourceAttributes:
          namespace: kube-system
          verb: list
          resource: pods
      """
    Then both fail with the same error
    And the error output is:
      """
      The LocalSubjectAccessReview "" is invalid: spec.resourceAttributes.namespace: Invalid value: "kube-system": must match metadata.namespace
      """
