Feature: Who is asking: certificates, tokens and anonymous requests
  `kubespec up` serves the API over HTTPS as a kind cluster does: a cluster CA made at start, a
  serving certificate for the addresses kubectl dials, and the admin client certificate that
  kubeadm 1.29+ writes into admin.conf. kube-apiserver maps a request's credentials to a user and
  groups before it authorizes it: a client certificate signed by the cluster CA names the user
  (CN) and the groups (O), a bearer token the identity it was issued to, and a request with
  neither is system:anonymous, which may read the health and version endpoints and nothing else.
  Here the certificates are presented in a real TLS handshake and judged by the model's API server.

  Background:
    Given a cluster

  @H01
  Scenario: The cluster CA signs a serving certificate for every name kubectl may dial
    Given the PKI `kubespec up` makes
    Then the "cluster CA" has the subject "CN=kubernetes"
    And the "cluster CA" is a CA, self-signed, valid for 3650 days
    And the "serving certificate" is issued and signed by the cluster CA
    And the "serving certificate" has the subject "CN=kube-apiserver"
    And the "serving certificate" is for serverAuth, valid for 365 days
    And the "serving certificate" has the subject alternative names:
      | IP  | 127.0.0.1                            |
      | IP  | ::1                                  |
      | DNS | localhost                            |
      | DNS | kubernetes                           |
      | DNS | kubernetes.default                   |
      | DNS | kubernetes.default.svc               |
      | DNS | kubernetes.default.svc.cluster.local |
      | IP  | 10.96.0.1                            |

  @H01
  Scenario: admin.conf's client certificate is kubernetes-admin in kubeadm:cluster-admins
    Given the PKI `kubespec up` makes
    Then the "admin certificate" is issued and signed by the cluster CA
    And the "admin certificate" has the subject "O=kubeadm:cluster-admins, CN=kubernetes-admin"
    And the "admin certificate" is for clientAuth, valid for 365 days

  @H01
  Scenario: The kubeconfig is kind's: cluster, user and context kind-kubespec, credentials embedded
    When `kubespec up` writes the kubeconfig for "https://127.0.0.1:6443"
    Then the kubeconfig reads:
      """
      apiVersion: v1
      clusters:
      - cluster:
          certificate-authority-data: <ca>
          server: https://127.0.0.1:6443
        name: kind-kubespec
      contexts:
      - context:
          cluster: kind-kubespec
          user: kind-kubespec
        name: kind-kubespec
      current-context: kind-kubespec
      kind: Config
      preferences: {}
      users:
      - name: kind-kubespec
        user:
          client-certificate-data: <admin cert>
          client-key-data: <admin key>
      """
    And the kubeconfig file is readable by its owner only

  @H02
  Scenario: The admin certificate's identity may do anything, through kubeadm:cluster-admins
    Given a client presenting the admin certificate
    Then it is authenticated as "kubernetes-admin" in the groups "kubeadm:cluster-admins, system:authenticated"
    When it asks to list pods in the namespace "default"
    Then it is allowed
    When it asks to list pods in all namespaces
    Then it is allowed
    When it asks to list nodes
    Then it is allowed
    When it asks to get the path "/metrics"
    Then it is allowed

  @H02
  Scenario: A certificate in system:masters is allowed too; the certificate's CN is the user
    Given a client presenting a certificate for "CN=jane, O=system:masters"
    Then it is authenticated as "jane" in the groups "system:masters, system:authenticated"
    When it asks to list pods in all namespaces
    Then it is allowed
    When it asks to create configmaps in the namespace "default"
    Then it is allowed

  @H02
  Scenario: A certificate's organizations are the user's groups, and groups without a binding grant only discovery
    Given a client presenting a certificate for "CN=jane, O=developers, O=qa"
    Then it is authenticated as "jane" in the groups "developers, qa, system:authenticated"
    When it asks to list pods in the namespace "default"
    Then the API server answers 403 Forbidden with:
      """
      pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"
      """
    And getting the path "/apis/apps/v1" is allowed
    And getting the path "/openapi/v3" is allowed
    And getting the path "/metrics" is 403 Forbidden: forbidden: User "jane" cannot get path "/metrics"

  @H03
  Scenario: An unknown bearer token is 401 Unauthorized, not anonymous
    Given a client sending the header "Authorization: Bearer bogus"
    When it asks to list pods in the namespace "default"
    Then the API server answers 401 Unauthorized with:
      """
      Unauthorized
      """
    When it asks to get the path "/version"
    Then the API server answers 401 Unauthorized with:
      """
      Unauthorized
      """

  @H03
  Scenario: A certificate the cluster CA did not sign is 401 Unauthorized, whatever it claims
    Given a client presenting a certificate for "CN=kubernetes-admin, O=system:masters" signed by another CA
    When it asks to list pods in the namespace "default"
    Then the API server answers 401 Unauthorized with:
      """
      Unauthorized
      """

  @H03
  Scenario: A bearer token the API server issued names its component
    Given a client sending the header "Authorization: Bearer scheduler-token"
    Then it is authenticated as "system:kube-scheduler" in the groups "system:authenticated"

  @H04
  Scenario Outline: Without credentials the request is system:anonymous, and Forbidden says so: <verb> <what>
    Given a client presenting no credentials
    Then it is authenticated as "system:anonymous" in the groups "system:unauthenticated"
    When it asks to <verb> <what>
    Then the API server answers 403 Forbidden with:
      """
      <message>
      """

    Examples:
      | verb   | what                                       | message                                                                                                                                      |
      | list   | pods in the namespace "default"            | pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"                             |
      | list   | pods in all namespaces                     | pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" at the cluster scope                                  |
      | get    | pods "nginx" in the namespace "default"    | pods "nginx" is forbidden: User "system:anonymous" cannot get resource "pods" in API group "" in the namespace "default"                      |
      | watch  | pods in the namespace "kube-system"        | pods is forbidden: User "system:anonymous" cannot watch resource "pods" in API group "" in the namespace "kube-system"                        |
      | create | configmaps in the namespace "default"      | configmaps is forbidden: User "system:anonymous" cannot create resource "configmaps" in API group "" in the namespace "default"               |
      | get    | nodes "k8s-master"                         | nodes "k8s-master" is forbidden: User "system:anonymous" cannot get resource "nodes" in API group "" at the cluster scope                     |
      | list   | deployments in the namespace "default"     | deployments.apps is forbidden: User "system:anonymous" cannot list resource "deployments" in API group "apps" in the namespace "default"      |
      | delete | namespaces "default"                       | namespaces "default" is forbidden: User "system:anonymous" cannot delete resource "namespaces" in API group "" in the namespace "default"     |

  @H04
  Scenario Outline: Anonymous may read health and version (system:public-info-viewer), not discovery: <path>
    Given a client presenting no credentials
    Then getting the path "<path>" is <answer>

    Examples:
      | path       | answer                                                                  |
      | /version   | allowed                                                                 |
      | /healthz   | allowed                                                                 |
      | /livez     | allowed                                                                 |
      | /readyz    | allowed                                                                 |
      | /api       | 403 Forbidden: forbidden: User "system:anonymous" cannot get path "/api" |
      | /apis      | 403 Forbidden: forbidden: User "system:anonymous" cannot get path "/apis" |
      | /openapi/v2 | 403 Forbidden: forbidden: User "system:anonymous" cannot get path "/openapi/v2" |
