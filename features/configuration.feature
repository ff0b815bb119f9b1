Feature: Configuration: ConfigMaps and Secrets, made by kubectl and fed to Pods
  A ConfigMap holds configuration as text; a Secret holds it as bytes (base64 in JSON), with a
  type that says which keys it must have. `kubectl create configmap` and `kubectl create secret
  generic|tls|docker-registry` build them from literals, files and env files. The kubelet hands
  them to a Pod's containers as environment variables and as files in volumes.

  Background:
    Given a cluster

  @G01
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

  @G02
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

  @G02
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

  @G02
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

  @G03
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

  @G05
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

  @G06
  Scenario: A container's environment comes from ConfigMap and Secret keys, the Pod's fields and its resources, with $(VAR) expanded
    When I run `kubectl create configmap app --from-literal=mode=debug --from-literal=level=3`
    And I run `kubectl create secret generic db --from-literal=password=hunter2`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          resources:
            limits: {memory: 256Mi, cpu: 500m}
          env:
          - name: MODE
            valueFrom: {configMapKeyRef: {name: app, key: mode}}
          - name: DB_PASSWORD
            valueFrom: {secretKeyRef: {name: db, key: password}}
          - name: POD_NAME
            valueFrom: {fieldRef: {fieldPath: metadata.name}}
          - name: POD_NAMESPACE
            valueFrom: {fieldRef: {fieldPath: metadata.namespace}}
          - name: MEMORY_MB
            valueFrom: {resourceFieldRef: {resource: limits.memory, divisor: 1Mi}}
          - name: CPU_MILLIS
            valueFrom: {resourceFieldRef: {resource: limits.cpu, divisor: 1m}}
          - name: BANNER
            value: "$(POD_NAME) runs in $(MODE) mode, $(UNDEFINED) stays, $$(MODE) is escaped"
      """
    And 30s passes
    And I run `kubectl exec web -- printenv MODE DB_PASSWORD POD_NAME POD_NAMESPACE MEMORY_MB CPU_MILLIS BANNER`
    Then the output is:
      """
      debug
      hunter2
      web
      default
      256
      500
      web runs in debug mode, $(UNDEFINED) stays, $(MODE) is escaped
      """

  @G06
  Scenario: fieldRef reads what the Pod got on its node: its IP and the node's name
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - name: POD_IP
            valueFrom: {fieldRef: {fieldPath: status.podIP}}
          - name: NODE_NAME
            valueFrom: {fieldRef: {fieldPath: spec.nodeName}}
          - name: HOST_IP
            valueFrom: {fieldRef: {fieldPath: status.hostIP}}
      """
    And 30s passes
    And I run `kubectl get pod web -o jsonpath='{.status.podIP}{"\n"}{.spec.nodeName}{"\n"}{.status.hostIP}{"\n"}'`
    And I note the output
    And I run `kubectl exec web -- printenv POD_IP NODE_NAME HOST_IP`
    Then the output is the noted output

  @G07
  Scenario: envFrom adds every key of a ConfigMap or Secret with a prefix; env wins over envFrom; an optional missing source is skipped
    When I run `kubectl create configmap app --from-literal=mode=debug --from-literal=level=3`
    And I run `kubectl create secret generic db --from-literal=user=admin`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          envFrom:
          - configMapRef: {name: app}
            prefix: APP_
          - secretRef: {name: db}
          - configMapRef: {name: missing, optional: true}
          env:
          - name: APP_level
            value: overridden
      """
    And 30s passes
    And I run `kubectl exec web -- env`
    Then the output is:
      """
      PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
      HOSTNAME=web
      APP_level=overridden
      APP_mode=debug
      user=admin
      KUBERNETES_PORT=tcp://10.96.0.1:443
      KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443
      KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1
      KUBERNETES_PORT_443_TCP_PORT=443
      KUBERNETES_PORT_443_TCP_PROTO=tcp
      KUBERNETES_SERVICE_HOST=10.96.0.1
      KUBERNETES_SERVICE_PORT=443
      KUBERNETES_SERVICE_PORT_HTTPS=443
      HOME=/root
      """

  @G08
  Scenario: ConfigMap and Secret volumes hold one file per key (or the items chosen), readable inside the container
    When I run `kubectl create configmap app --from-literal=mode=debug --from-file=test/kubectl-corpus/config/greeting.txt`
    And I run `kubectl create secret generic db --from-literal=password=hunter2 --from-literal=user=admin`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          volumeMounts:
          - {name: config, mountPath: /etc/config}
          - {name: creds, mountPath: /etc/creds, readOnly: true}
          - {name: cache, mountPath: /cache}
        volumes:
        - name: config
          configMap: {name: app}
        - name: creds
          secret:
            secretName: db
            items: [{key: password, path: db/password}]
        - name: cache
          emptyDir: {}
      """
    And 30s passes
    And I run `kubectl exec web -- ls /etc/config /etc/creds/db /cache`
    Then the output is:
      """
      /cache:

      /etc/config:
      greeting.txt
      mode

      /etc/creds/db:
      password
      """
    When I run `kubectl exec web -- cat /etc/config/greeting.txt /etc/config/mode /etc/creds/db/password`
    Then the output is:
      """
      hello
      world
      debughunter2
      """
    When I run `kubectl get pod web -o jsonpath='{.spec.volumes[0].configMap.defaultMode} {.spec.volumes[1].secret.defaultMode}'`
    Then the output is:
      """
      420 420
      """
    When I run `kubectl exec web -- cat /etc/creds/user`
    Then it fails with:
      """
      cat: /etc/creds/user: No such file or directory
      command terminated with exit code 1
      """

  @G09
  Scenario: A Pod whose env names a missing ConfigMap waits in CreateContainerConfigError and starts once the ConfigMap and its key exist
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - name: MODE
            valueFrom: {configMapKeyRef: {name: app, key: mode}}
      """
    And 30s passes
    And I run `kubectl get pod web`
    Then the output lines match:
      """
      NAME   READY   STATUS                       RESTARTS   AGE
      web    0/1     CreateContainerConfigError   0          \d+s
      """
    When I run `kubectl get pod web -o jsonpath={.status.containerStatuses[0].state.waiting.message}`
    Then the output is:
      """
      configmap "app" not found
      """
    When I run `kubectl get events --field-selector reason=Failed -o jsonpath={.items[*].message}`
    Then the output is:
      """
      Error: configmap "app" not found
      """
    When I run `kubectl create configmap app --from-literal=other=1`
    And 30s passes
    And I run `kubectl get pod web -o jsonpath={.status.containerStatuses[0].state.waiting.message}`
    Then the output is:
      """
      couldn't find key mode in ConfigMap default/app
      """
    When I run `kubectl patch configmap app -p '{"data":{"mode":"debug"}}'`
    And 30s passes
    And I run `kubectl exec web -- printenv MODE`
    Then the output is:
      """
      debug
      """

  @G09
  Scenario: A missing Secret key is the kubelet's message too, and an optional reference is simply left out
    When I run `kubectl create secret generic db --from-literal=user=admin`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - name: PASSWORD
            valueFrom: {secretKeyRef: {name: db, key: password}}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: relaxed
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - name: PASSWORD
            valueFrom: {secretKeyRef: {name: db, key: password, optional: true}}
          - name: MODE
            valueFrom: {configMapKeyRef: {name: nowhere, key: mode, optional: true}}
      """
    And 30s passes
    And I run `kubectl get pods -o custom-columns=NAME:.metadata.name,STATE:.status.containerStatuses[0].state.waiting.message`
    Then the output is:
      """
      NAME      STATE
      relaxed   <none>
      web       couldn't find key password in Secret default/db
      """
    When I run `kubectl exec relaxed -- printenv PASSWORD`
    Then it fails with:
      """
      command terminated with exit code 1
      """

  @G10
  Scenario: A volume of a missing ConfigMap fails to mount: the Pod stays ContainerCreating until the ConfigMap exists
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          volumeMounts: [{name: config, mountPath: /etc/config}]
        volumes:
        - name: config
          configMap: {name: app}
      """
    And 30s passes
    And I run `kubectl get pod web`
    Then the output lines match:
      """
      NAME   READY   STATUS              RESTARTS   AGE
      web    0/1     ContainerCreating   0          \d+s
      """
    When I run `kubectl get events --field-selector reason=FailedMount -o jsonpath={.items[0].message}`
    Then the output is:
      """
      MountVolume.SetUp failed for volume "config" : configmap "app" not found
      """
    When I run `kubectl create configmap app --from-literal=mode=debug`
    And 30s passes
    And I run `kubectl exec web -- cat /etc/config/mode`
    Then the output is:
      """
      debug
      """

  @G12
  Scenario Outline: An env var's source is checked by the API server, and a refused Pod is not created
    When I run `kubectl apply -f -` with this input:
      """
      {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"}, "spec": {"containers": [{"name": "c", "image": "nginx", "env": [<env>]}]}}
      """
    Then it fails with:
      """
      The Pod "bad" is invalid: <error>
      """
    When I run `kubectl get pods`
    Then the error output is:
      """
      No resources found in default namespace.
      """

    Examples:
      | env                                                                                               | error |
      | {"name": "A", "valueFrom": {}}                                                                    | spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef` |
      | {"name": "A", "value": "x", "valueFrom": {"fieldRef": {"fieldPath": "metadata.name"}}}            | spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty |
      | {"name": "A", "valueFrom": {"fieldRef": {"fieldPath": "status.phase"}}}                           | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs" |
      | {"name": "A", "valueFrom": {"fieldRef": {"fieldPath": "spec.hostname"}}}                          | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.hostname": error converting fieldPath: field label not supported: spec.hostname |
      | {"name": "A", "valueFrom": {"configMapKeyRef": {"name": "app"}}}                                  | spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Required value |
      | {"name": "A", "valueFrom": {"secretKeyRef": {"name": "Bad_Name", "key": "k"}}}                    | spec.containers[0].env[0].valueFrom.secretKeyRef.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*') |
      | {"name": "A", "valueFrom": {"resourceFieldRef": {"resource": "limits.gpu"}}}                      | spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Unsupported value: "limits.gpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory" |

  @G13
  Scenario: A changed ConfigMap reaches the files of its volume within a sync period, not the environment or a subPath mount
    When I run `kubectl create configmap app --from-literal=mode=debug`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - name: MODE
            valueFrom: {configMapKeyRef: {name: app, key: mode}}
          volumeMounts:
          - {name: config, mountPath: /etc/config}
          - {name: config, mountPath: /etc/mode, subPath: mode}
        volumes:
        - name: config
          configMap: {name: app}
      """
    And 30s passes
    And I run `kubectl patch configmap app -p '{"data":{"mode":"production"}}'`
    And 90s passes
    And I run `kubectl exec web -- cat /etc/config/mode /etc/mode`
    Then the output is:
      """
      productiondebug
      """
    When I run `kubectl exec web -- printenv MODE`
    Then the output is:
      """
      debug
      """
