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
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}/{.status.userInfo.groups}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:default:builder/["system:serviceaccounts","system:serviceaccounts:default","system:authenticated"]
      """
    When I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN get pods` with TOKEN replaced by the noted output
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
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:default:builder
      """
    # exp is checked with go-jose's leeway of a minute.
    When 2m pass
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami` with TOKEN replaced by the noted output
    Then it fails with:
      """
      error: You must be logged in to the server (Unauthorized)
      """
    When I run `kubectl create token builder`
    And I note the output
    And I run `kubectl delete serviceaccount builder`
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami` with TOKEN replaced by the noted output
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

  @V20
  Scenario: Every namespace gets the ServiceAccount default and the ConfigMap kube-root-ca.crt, and keeps them
    When I run `kubectl create namespace team`
    And 3s pass
    And I run `kubectl get serviceaccounts,configmaps -n team -o name`
    Then the output is:
      """
      serviceaccount/default
      configmap/kube-root-ca.crt
      """
    When I run `kubectl get configmap kube-root-ca.crt -n team -o jsonpath={.metadata.annotations}`
    Then the output is:
      """
      {"kubernetes.io/description":"Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters."}
      """
    # The ServiceAccount controller puts a deleted default back.
    When I run `kubectl delete serviceaccount default -n team`
    And 3s pass
    And I run `kubectl get serviceaccounts -n team -o name`
    Then the output is:
      """
      serviceaccount/default
      """

  @V21
  Scenario: A Pod runs as the ServiceAccount default, with the projected volume kube-api-access-<5 chars> in every container
    When I run `kubectl run web --image=nginx`
    And I run `kubectl get pod web -o jsonpath={.spec.serviceAccountName}/{.spec.volumes[0].name}`
    Then the output lines match:
      """
      default/kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}
      """
    When I run `kubectl get pod web -o jsonpath={.spec.containers[0].volumeMounts}`
    Then the output lines match:
      """
      \[\{"mountPath":"/var/run/secrets/kubernetes\.io/serviceaccount","name":"kube-api-access-[a-z0-9]{5}","readOnly":true\}\]
      """
    When I run `kubectl get pod web -o jsonpath={.spec.volumes[0].projected}`
    Then the output is:
      """
      {"defaultMode":420,"sources":[{"serviceAccountToken":{"expirationSeconds":3607,"path":"token"}},{"configMap":{"items":[{"key":"ca.crt","path":"ca.crt"}],"name":"kube-root-ca.crt"}},{"downwardAPI":{"items":[{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.namespace"},"path":"namespace"}]}}]}
      """

  # root_ca_cert_publisher.go: a deleted or edited kube-root-ca.crt is put back as it was published; another
  # ConfigMap is not its business.
  @V20
  Scenario: kube-root-ca.crt is put back when it is deleted, its CA edited or its description removed
    When I run `kubectl delete configmap kube-root-ca.crt`
    And I run `kubectl get configmap kube-root-ca.crt -o name`
    Then it fails with an error containing "not found"
    When 1s passes
    And I run `kubectl get configmap kube-root-ca.crt -o name`
    Then the output is:
      """
      configmap/kube-root-ca.crt
      """
    When I run `kubectl patch configmap kube-root-ca.crt --type=merge -p '{"data":{"ca.crt":"not a CA"}}'`
    And 1s passes
    And I run `kubectl get configmap kube-root-ca.crt -o jsonpath='{.data.ca\.crt}'`
    Then the output contains "-----BEGIN CERTIFICATE-----"
    And the output does not contain "not a CA"
    When I run `kubectl annotate configmap kube-root-ca.crt kubernetes.io/description-`
    And 1s passes
    And I run `kubectl get configmap kube-root-ca.crt -o jsonpath='{.metadata.annotations}'`
    Then the output contains "Contains a CA bundle that can be used to verify the kube-apiserver"
    When I run `kubectl create configmap other --from-literal=ca.crt=mine`
    And I run `kubectl label configmap other touched=yes`
    And 1s passes
    And I run `kubectl get configmap other -o jsonpath='{.data}'`
    Then the output is:
      """
      {"ca.crt":"mine"}
      """

  @V22
  Scenario: Inside the container the volume holds the namespace, the cluster's CA and a token bound to the Pod
    When I run `kubectl create namespace team`
    And 3s pass
    And I run `kubectl run web --image=nginx -n team`
    And 20s pass
    And I run `kubectl exec web -n team -- cat /var/run/secrets/kubernetes.io/serviceaccount/namespace`
    Then the output is:
      """
      team
      """
    When I run `kubectl exec web -n team -- ls /var/run/secrets/kubernetes.io/serviceaccount`
    Then the output is:
      """
      ca.crt
      namespace
      token
      """
    When I run `kubectl exec web -n team -- cat /var/run/secrets/kubernetes.io/serviceaccount/token`
    Then the output is a JWT signed RS256 whose claims are:
      | sub                               | "system:serviceaccount:team:default" |
      | kubernetes~io.pod.name            | "web"                                |
      | kubernetes~io.serviceaccount.name | "default"                            |
    # The kubelet's 3607 s token is valid a year, with a warning after 3607 s.
      | exp - iat                         | 31536000                             |
    When I note the output
    And I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=TOKEN auth whoami -o jsonpath={.status.userInfo.username}` with TOKEN replaced by the noted output
    Then the output is:
      """
      system:serviceaccount:team:default
      """

  @V23
  Scenario: A Pod naming a ServiceAccount that does not exist is refused; one that opts out gets no token
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: lonely
      spec:
        serviceAccountName: ghost
        containers:
        - name: app
          image: nginx
      """
    Then it fails with:
      """
      Error from server (Forbidden): error when creating "STDIN": pods "lonely" is forbidden: error looking up service account default/ghost: serviceaccount "ghost" not found
      """
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: quiet
      spec:
        automountServiceAccountToken: false
        containers:
        - name: app
          image: nginx
      """
    And I run `kubectl get pod quiet -o jsonpath={.spec.serviceAccountName}/{.spec.volumes}/{.spec.containers[0].volumeMounts}`
    Then the output is:
      """
      default//
      """
