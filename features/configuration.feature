Feature: Configuration: ConfigMaps and Secrets, made by kubectl and fed to Pods
  A ConfigMap holds configuration as text; a Secret holds it as bytes (base64 in JSON), with a
  type that says which keys it must have. `kubectl create configmap` and `kubectl create secret
  generic|tls|docker-registry` build them from literals, files and env files. The kubelet hands
  them to a Pod's containers as environment variables and as files in volumes.

  Background:
    Given a cluster

  @G01 @portable
  Scenario: A Secret's stringData is merged into its data, base64-encoded, and the type defaults to Opaque
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Secret
      metadata:
        name: db
      data:
        user: YWRtaW4=
        password: b2xk
      stringData:
        password: hunter2
      """
    Then the output is:
      """
      secret/db created
      """
    And the secret "db" has at "data":
      """
      {"user": "YWRtaW4=", "password": "aHVudGVyMg=="}
      """
    And the secret "db" has nothing at "stringData"
    When I run `kubectl get secrets`
    Then the output lines match:
      """
      NAME   TYPE     DATA   AGE
      db     Opaque   2      \d+s
      """
    When I run `kubectl get secret db -o jsonpath={.type}`
    Then the output is:
      """
      Opaque
      """

  @G02 @portable
  Scenario Outline: Each built-in Secret type requires its keys, and a refused Secret changes nothing
    When I run `kubectl create -f -` with this input:
      """
      apiVersion: v1
      kind: Secret
      metadata:
        name: bad
      type: <type>
      data: <data>
      """
    Then it fails with:
      """
      The Secret "bad" is invalid: <error>
      """
    When I run `kubectl get secrets`
    Then the error output is:
      """
      No resources found in default namespace.
      """

    Examples:
      | type                                | data                                 | error                                                                                                              |
      | kubernetes.io/tls                   | {tls.crt: Y2VydA==}                  | data[tls.key]: Required value                                                                                      |
      | kubernetes.io/dockerconfigjson      | {.dockerconfigjson: bm90IGpzb24=}    | data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character 'o' in literal null (expecting 'u') |
      | kubernetes.io/dockerconfigjson      | {}                                   | data[.dockerconfigjson]: Required value                                                                            |
      | kubernetes.io/ssh-auth              | {ssh-privatekey: ""}                 | data[ssh-privatekey]: Required value                                                                               |
      | kubernetes.io/service-account-token | {}                                   | metadata.annotations[kubernetes.io/service-account.name]: Required value                                           |
      | Opaque                              | {"bad key": YQ==}                    | data[bad key]: Invalid value: "bad key": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+') |

  @G02 @portable
  Scenario: A basic-auth Secret needs a username or a password, and the API server lists both errors
    When I run `kubectl create -f -` with this input:
      """
      {"apiVersion": "v1", "kind": "Secret", "metadata": {"name": "bad"}, "type": "kubernetes.io/basic-auth", "stringData": {"user": "x"}}
      """
    Then it fails with:
      """
      The Secret "bad" is invalid: 
      * data[username]: Required value
      * data[password]: Required value
      """

  @G02 @portable
  Scenario: A Secret's type never changes, and an immutable Secret keeps its data
    When I run `kubectl create secret generic db --from-literal=password=hunter2`
    And I run `kubectl patch secret db -p '{"type":"kubernetes.io/basic-auth"}'`
    Then it fails with:
      """
      The Secret "db" is invalid: type: Invalid value: "kubernetes.io/basic-auth": field is immutable
      """
    When I run `kubectl patch secret db -p '{"immutable":true}'`
    And I run `kubectl patch secret db -p '{"stringData":{"password":"changed"}}'`
    Then it fails with:
      """
      The Secret "db" is invalid: data: Forbidden: field is immutable when `immutable` is set
      """
    When I run `kubectl get secret db -o jsonpath={.data.password}`
    Then the output is:
      """
      aHVudGVyMg==
      """

  @G03 @portable
  Scenario: data that is not base64 is refused as the decoder refuses it
    When I run `kubectl create -f -` with this input:
      """
      apiVersion: v1
      kind: Secret
      metadata:
        name: bad
      data:
        user: "not base64!"
      """
    Then it fails with:
      """
      Error from server (BadRequest): error when creating "STDIN": Secret in version "v1" cannot be handled as a Secret: illegal base64 data at input byte 3
      """

  @G04
  Scenario: kubectl create configmap and create secret generic|tls|docker-registry generate what the real kubectl 1.32 generates
    When the model's kubectl runs the corpus group "configuration"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @G05 @portable
  Scenario: kubectl create configmap and secret make the objects on the server, which kubectl get counts
    When I run `kubectl create configmap app --from-literal=mode=debug --from-file=test/kubectl-corpus/config/greeting.txt`
    Then the output is:
      """
      configmap/app created
      """
    When I run `kubectl create secret tls web --cert=test/kubectl-corpus/config/tls.crt --key=test/kubectl-corpus/config/tls.key`
    And I run `kubectl create secret docker-registry regcred --docker-username=u --docker-password=p`
    And I run `kubectl get configmap/app secret/web secret/regcred`
    Then the output lines match:
      """
      NAME            DATA   AGE
      configmap/app   2      \d+s

      NAME             TYPE                             DATA   AGE
      secret/web       kubernetes.io/tls                2      \d+s
      secret/regcred   kubernetes.io/dockerconfigjson   1      \d+s
      """
    And the configmap "app" has at "data":
      """
      {"mode": "debug", "greeting.txt": "hello\nworld\n"}
      """
    When I run `kubectl create configmap app --from-literal=a=1`
    Then it fails with:
      """
      error: failed to create configmap: configmaps "app" already exists
      """
    When I run `kubectl create secret generic regcred --from-literal=a=1`
    Then it fails with:
      """
      error: failed to create secret secrets "regcred" already exists
      """
