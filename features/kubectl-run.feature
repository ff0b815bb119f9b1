Feature: kubectl run starts a bare Pod
  `kubectl run NAME --image=IMAGE` (kubectl 1.32's run-pod/v1 generator) creates one Pod labelled
  run=NAME with one container named NAME; what follows the name becomes the container's args
  (its command with --command). --restart picks the Pod's restartPolicy (Always by default),
  --env, --labels, --port and --annotations fill the Pod in, --expose adds a ClusterIP Service,
  and --attach waits for the container and prints its output (--rm deletes the Pod afterwards).

  Background:
    Given a cluster

  @J40
  Scenario: A one-off Pod runs its command and keeps its output
    When I run `kubectl run hello --image=busybox --restart=Never -- echo hello`
    Then the output is:
      """
      pod/hello created
      """
    When 5s pass
    And I run `kubectl get pods --show-labels`
    Then the output lines match:
      """
      NAME    READY   STATUS      RESTARTS   AGE   LABELS
      hello   0/1     Completed   0          5s    run=hello
      """
    When I run `kubectl logs hello`
    Then the output is:
      """
      hello
      """

  @J41
  Scenario: The Pod kubectl run builds, printed without creating it
    When I run `kubectl run busy --image=busybox --labels=app=busy,tier=x --port=8080 --env=A=1 --dry-run=client -o yaml -- sleep 10`
    Then the output is:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        creationTimestamp: null
        labels:
          app: busy
          tier: x
        name: busy
      spec:
        containers:
        - args:
          - sleep
          - "10"
          env:
          - name: A
            value: "1"
          image: busybox
          name: busy
          ports:
          - containerPort: 8080
          resources: {}
        dnsPolicy: ClusterFirst
        restartPolicy: Always
      status: {}
      """
    When I run `kubectl run busy --image=busybox --restart=OnFailure --command --dry-run=client -o json -- sh -c date`
    Then the output is:
      """
      {
          "kind": "Pod",
          "apiVersion": "v1",
          "metadata": {
              "name": "busy",
              "creationTimestamp": null,
              "labels": {
                  "run": "busy"
              }
          },
          "spec": {
              "containers": [
                  {
                      "name": "busy",
                      "image": "busybox",
                      "command": [
                          "sh",
                          "-c",
                          "date"
                      ],
                      "resources": {}
                  }
              ],
              "restartPolicy": "OnFailure",
              "dnsPolicy": "ClusterFirst"
          },
          "status": {}
      }
      """
    When I run `kubectl get pods`
    Then the error output is:
      """
      No resources found in default namespace.
      """

  @J42
  Scenario: --expose creates a ClusterIP Service for the Pod, printed first
    When I run `kubectl run web --image=nginx --port=80 --expose`
    Then the output is:
      """
      service/web created
      pod/web created
      """
    When 10s pass
    And I run `kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{.items[0].endpoints[0].targetRef.name} {.items[0].ports[0].port}'`
    Then the output is:
      """
      web 80
      """

  @J43
  Scenario: --attach waits for the container and prints its output; --rm deletes the Pod afterwards
    When I run `kubectl run once --image=busybox --restart=Never --attach --rm -- sh -c 'echo attached; exit 3'`
    Then it fails with exit status 3 and nothing on stderr
    And the output is:
      """
      attached
      pod "once" deleted
      """

  @J44
  Scenario Outline: Bad input to kubectl run is refused in kubectl's words and creates nothing
    When I run `<line>`
    Then it fails with:
      """
      <error>
      <hint>
      """
    When I run `kubectl get pods`
    Then the error output is:
      """
      No resources found in default namespace.
      """

    Examples:
      | line                                              | error                                                   | hint                                           |
      | kubectl run --image=busybox                       | error: NAME is required for run                         | See 'kubectl run -h' for help and examples     |
      | kubectl run x --image=busybox --restart=Sometimes | error: invalid restart policy: Sometimes                | See 'kubectl run -h' for help and examples     |
      | kubectl run x --image=Busy:1                      | error: Invalid image name "Busy:1": invalid reference format |                                           |
      | kubectl run x --image=busybox --rm                | error: --rm should only be used for attached containers | See 'kubectl run -h' for help and examples     |
      | kubectl run x --image=busybox --expose            | error: --port must be set when exposing a service       | See 'kubectl run -h' for help and examples     |
      | kubectl run x --image=busybox --env=1A=b          | error: invalid env: 1A=b                                |                                                |
      | kubectl run x --image=busybox --foo               | Error: unknown flag: --foo                              | See 'kubectl run --help' for usage.            |
