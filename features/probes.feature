Feature: Health: the kubelet's liveness, readiness and startup probes
  The kubelet probes each container on virtual time with the probe's own timing: not before
  initialDelaySeconds, then every periodSeconds, a verdict changing only after failureThreshold
  failures or successThreshold successes in a row. An exec probe runs a command in the container,
  an httpGet probe asks the container's server from the node, a tcpSocket probe opens a
  connection. A failing readiness probe makes the Pod not Ready, so the EndpointSlice marks its
  endpoint not ready and kube-proxy sends it nothing; a failing liveness (or startup) probe makes
  the kubelet kill the container, which is restarted as its restart policy says.

  Background:
    Given a cluster
    And the file "web.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 2
        selector: {matchLabels: {app: web}}
        template:
          metadata: {labels: {app: web}}
          spec:
            nodeSelector: {kubernetes.io/hostname: k8s-worker-1}
            containers:
            - name: nginx
              image: nginx:1.27
              readinessProbe:
                httpGet: {path: /, port: 80}
                periodSeconds: 5
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: web
      spec:
        selector: {app: web}
        ports: [{port: 80}]
      """

  @P01 @P02
  Scenario: A failing readiness probe keeps a Pod out of its Service's EndpointSlice, and kube-proxy sends it nothing
    When I run `kubectl apply -f web.yaml`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: sick
        labels: {app: web}
      spec:
        nodeSelector: {kubernetes.io/hostname: k8s-worker-1}
        containers:
        - name: nginx
          image: nginx:1.27
          readinessProbe:
            httpGet: {path: /healthz, port: 80}
            periodSeconds: 5
      """
    And 40s passes
    And I run `kubectl get pod sick`
    Then the output lines match:
      """
      NAME   READY   STATUS    RESTARTS   AGE
      sick   0/1     Running   0          \d+s
      """
    When I run `kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} {.conditions.ready}{"\n"}{end}'`
    Then the output lines match:
      """
      sick false
      web-\w+-\w+ true
      web-\w+-\w+ true
      """
    When I run `kubectl get events --field-selector involvedObject.name=sick,reason=Unhealthy -o jsonpath={.items[0].message}`
    Then the output is:
      """
      Readiness probe failed: HTTP probe failed with statuscode: 404
      """
    When I run `on k8s-worker-2 iptables-save -t nat`
    Then the output has 2 lines matching "^-A KUBE-SVC-\w+ .*default/web -> 10\.244\.\d+\.\d+:80.* -j KUBE-SEP-"

  @P02
  Scenario: Readiness waits for initialDelaySeconds, then the first success makes the Pod Ready
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: slow
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          readinessProbe:
            httpGet: {path: /, port: 80}
            initialDelaySeconds: 30
            periodSeconds: 5
      """
    And 25s passes
    And I run `kubectl get pod slow -o jsonpath='{.status.phase} {.status.containerStatuses[0].ready}'`
    Then the output is:
      """
      Running false
      """
    When 20s passes
    And I run `kubectl get pod slow -o jsonpath='{.status.phase} {.status.containerStatuses[0].ready}'`
    Then the output is:
      """
      Running true
      """
    When I run `kubectl get events --field-selector involvedObject.name=slow,reason=Unhealthy`
    Then the error output is:
      """
      No resources found in default namespace.
      """

  @P03
  Scenario: A failing liveness probe restarts the container, with the kubelet's events
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
          livenessProbe:
            httpGet: {path: /live, port: 80}
            initialDelaySeconds: 10
            periodSeconds: 10
            failureThreshold: 3
      """
    And 70s passes
    And I run `kubectl get pod web -o jsonpath='{.status.containerStatuses[0].restartCount} {.status.containerStatuses[0].lastState.terminated.reason}'`
    Then the output is:
      """
      1 Completed
      """
    When I run `kubectl get events --field-selector involvedObject.name=web -o custom-columns=REASON:.reason,MESSAGE:.message,COUNT:.count`
    Then the output has 1 line matching "^Unhealthy +Liveness probe failed: HTTP probe failed with statuscode: 404 +[3-9]$"
    And the output has 1 line matching "^Killing +Container nginx failed liveness probe, will be restarted +1$"
    And the output has 1 line matching "^Started +Started container nginx +2$"

  @P04
  Scenario: An exec probe passes on exit code 0 and fails with the command's output
    When I run `kubectl create configmap app --from-literal=ready=yes`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: checked
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          volumeMounts: [{name: config, mountPath: /etc/app}]
          readinessProbe:
            exec: {command: [cat, /etc/app/ready]}
            periodSeconds: 5
        volumes:
        - name: config
          configMap: {name: app}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: unchecked
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          readinessProbe:
            exec: {command: [cat, /tmp/healthy]}
            periodSeconds: 5
      """
    And 30s passes
    And I run `kubectl get pods`
    Then the output lines match:
      """
      NAME        READY   STATUS    RESTARTS   AGE
      checked     1/1     Running   0          \d+s
      unchecked   0/1     Running   0          \d+s
      """
    When I run `kubectl get events --field-selector involvedObject.name=unchecked,reason=Unhealthy -o jsonpath={.items[0].message}`
    Then the output is:
      """
      Readiness probe failed: cat: /tmp/healthy: No such file or directory
      """

  @P05
  Scenario: A tcpSocket probe passes when something listens on the port and fails with the dial error when nothing does
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: open
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          ports: [{name: http, containerPort: 80}]
          livenessProbe:
            tcpSocket: {port: http}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: closed
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          livenessProbe:
            tcpSocket: {port: 8080}
            periodSeconds: 5
            failureThreshold: 2
      """
    And 40s passes
    And I run `kubectl get pods -o custom-columns=NAME:.metadata.name,RESTARTS:.status.containerStatuses[0].restartCount`
    Then the output lines match:
      """
      NAME     RESTARTS
      closed   [1-9]
      open     0
      """
    When I run `kubectl get pod closed -o jsonpath={.status.podIP}`
    And I note the output
    And I run `kubectl get events --field-selector involvedObject.name=closed,reason=Unhealthy -o jsonpath={.items[0].message}`
    Then the output contains "Liveness probe failed: dial tcp 10.244."
    And the output contains ":8080: connect: connection refused"

  @P06
  Scenario: A startup probe holds the other probes back, and its failure restarts the container
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: booting
      spec:
        containers:
        - name: nginx
          image: nginx:1.27
          startupProbe:
            httpGet: {path: /started, port: 80}
            periodSeconds: 5
            failureThreshold: 3
          livenessProbe:
            httpGet: {path: /live, port: 80}
          readinessProbe:
            httpGet: {path: /ready, port: 80}
      """
    And 12s passes
    And I run `kubectl get pod booting -o jsonpath='{.status.containerStatuses[0].started} {.status.containerStatuses[0].ready}'`
    Then the output is:
      """
      false false
      """
    When 30s passes
    And I run `kubectl get events --field-selector involvedObject.name=booting -o custom-columns=REASON:.reason,MESSAGE:.message`
    Then the output contains "Startup probe failed: HTTP probe failed with statuscode: 404"
    And the output contains "Container nginx failed startup probe, will be restarted"
    And the output does not contain "Liveness probe failed"
    And the output does not contain "Readiness probe failed"

  @P07
  Scenario: The API server fills in a probe's defaults, and kubectl describe prints them
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
          livenessProbe:
            httpGet: {port: 80}
          readinessProbe:
            exec: {command: [cat, /tmp/ready]}
            initialDelaySeconds: 5
      """
    And I run `kubectl get pod web -o jsonpath={.spec.containers[0].livenessProbe}`
    Then the output is:
      """
      {"failureThreshold":3,"httpGet":{"path":"/","port":80,"scheme":"HTTP"},"periodSeconds":10,"successThreshold":1,"timeoutSeconds":1}
      """
    When I run `kubectl describe pod web`
    Then the output has 1 line matching "^    Liveness: +http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3$"
    And the output has 1 line matching "^    Readiness: +exec \[cat /tmp/ready\] delay=5s timeout=1s period=10s #success=1 #failure=3$"

  @P08
  Scenario Outline: A bad probe is refused with the API server's words and nothing is created
    When I run `kubectl apply -f -` with this input:
      """
      {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "bad"}, "spec": {"containers": [{"name": "nginx", "image": "nginx", <probe>}]}}
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
      | probe                                                                                    | error                                                                                   |
      | "livenessProbe": {"periodSeconds": 5}                                                    | spec.containers[0].livenessProbe: Required value: must specify a handler type           |
      | "readinessProbe": {"exec": {"command": ["true"]}, "httpGet": {"port": 80}}               | spec.containers[0].readinessProbe.httpGet: Forbidden: may not specify more than 1 handler type |
      | "livenessProbe": {"tcpSocket": {"port": 80}, "successThreshold": 2}                      | spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1          |
      | "readinessProbe": {"tcpSocket": {"port": 80}, "periodSeconds": -1}                       | spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0 |
      | "startupProbe": {"tcpSocket": {"port": 70000}}                                           | spec.containers[0].startupProbe.tcpSocket.port: Invalid value: 70000: must be between 1 and 65535, inclusive |
      | "readinessProbe": {"tcpSocket": {"port": 80}, "terminationGracePeriodSeconds": 5}        | spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 5: must not be set for readinessProbes |

  @P09 @G11
  Scenario: examples/config.play feeds a Pod a ConfigMap and a Secret, then readiness takes Pods out of their Service and back
    When I play the example "examples/config.play"
    Then its transcript has, in order, lines matching:
      """
      \$ kubectl exec configured -- printenv MODE DB_PASSWORD BANNER
      production
      s3cr3t
      production on k8s-worker-\d
      \$ kubectl get pod waiting
      waiting   0/1     CreateContainerConfigError   0          20s
      \d+s +Warning   Failed   pod/waiting   Error: configmap "later" not found
      \$ kubectl exec waiting -- printenv GREETING
      hello
      \$ on k8s-worker-2 iptables-save -t nat \| grep -c "default/web -> "
      3
      \$ on k8s-worker-1 rm /srv/web/ready
      web-\w+-\w+ ready=false
      web-\w+-\w+ ready=false
      web-\w+-\w+ ready=false
      \$ on k8s-worker-2 iptables-save -t nat \| grep -c "default/web -> "
      0
      .*Readiness probe failed: cat: /srv/web/ready: No such file or directory
      web-\w+-\w+ +1/1 +Running +0 +\d+s
      \$ on k8s-worker-2 iptables-save -t nat \| grep -c "default/web -> "
      3
      """
