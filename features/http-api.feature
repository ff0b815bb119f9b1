Feature: The model over the Kubernetes HTTP API
  `kubespec up` serves the model's kube-apiserver over HTTPS on loopback, so the real kubectl and
  client libraries drive it. The façade translates each HTTP request into the same request the
  in-process kubectl sends, and writes back what kube-apiserver writes: objects, Status errors
  with their codes, watch streams. It follows the model: while the kube-apiserver process is
  down, the port refuses connections.

  Background:
    Given a cluster served over HTTPS

  @H70
  Scenario: Version and health checks answer anyone, on loopback only
    When an anonymous client sends GET `/version`
    Then the answer is 200
    And the answer's "gitVersion" is "v1.32.2"
    And the answer's "minor" is "32"
    When an anonymous client sends GET `/readyz`
    Then the answer is 200 with the body "ok"
    And serving the cluster on "0.0.0.0" is refused with "refusing to serve on 0.0.0.0: kubespec up listens on loopback only"
    And a second server on the same port fails with "port PORT on 127.0.0.1 is already in use"

  @H70
  Scenario: Anonymous requests are forbidden, unknown tokens unauthorized
    When an anonymous client sends GET `/api/v1/namespaces/default/pods`
    Then the answer is a 403 Forbidden Status saying:
      """
      pods is forbidden: User "system:anonymous" cannot list resource "pods" in API group "" in the namespace "default"
      """
    When a client with token "not-a-token" sends GET `/api/v1/nodes`
    Then the answer is a 401 Unauthorized Status saying:
      """
      Unauthorized
      """
    When the admin sends GET `/api/v1/nodes/k8s-master`
    Then the answer is 200
    And the answer's "metadata.name" is "k8s-master"

  @H71
  Scenario: An unknown resource is 404 and a missing object NotFound
    When the admin sends GET `/api/v1/namespaces/default/widgets`
    Then the answer is a 404 NotFound Status saying:
      """
      the server could not find the requested resource
      """
    When the admin sends GET `/apis/apps/v1/namespaces/default/deployments/nope`
    Then the answer is a 404 NotFound Status saying:
      """
      deployments.apps "nope" not found
      """

  @H71
  Scenario: A malformed body is 400 and changes nothing
    When the admin sends POST `/api/v1/namespaces/default/configmaps` as "application/json" with:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"},
      """
    Then the answer is a 400 BadRequest Status saying:
      """
      couldn't get version/kind; json parse error: unexpected end of JSON input
      """
    And nothing was written to etcd
    When the admin sends POST `/api/v1/namespaces/default/configmaps` as "application/json" with:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "x"} "data": {}}
      """
    Then the answer is a 400 BadRequest Status saying:
      """
      couldn't get version/kind; json parse error: invalid character '"' after object key:value pair
      """

  @H71
  Scenario: A strategic merge patch that is not JSON is 400 in Go's words, as kubectl 1.32 passes it through unparsed
    When the admin sends PATCH `/api/v1/namespaces/kube-system/configmaps/kube-proxy` as "application/strategic-merge-patch+json" with:
      """
      {bad
      """
    Then the answer is a 400 BadRequest Status saying:
      """
      invalid character 'b' looking for beginning of object key string
      """
    And nothing was written to etcd

  @H71
  Scenario: A body over kube-apiserver's 3 MiB limit is 413 and changes nothing
    When the admin sends POST `/api/v1/namespaces/default/configmaps` with a body of 4 MiB
    Then the answer is a 413 RequestEntityTooLarge Status saying:
      """
      Request entity too large: limit is 3145728
      """
    And nothing was written to etcd

  @H71
  Scenario: A patch of an unknown type is 415 and an Accept the server cannot serve 406
    When the admin sends PATCH `/api/v1/namespaces/default/configmaps/x` as "text/plain" with:
      """
      data: {a: b}
      """
    Then the answer is 415
    And the answer's "reason" is "UnsupportedMediaType"
    And nothing was written to etcd
    When the admin sends GET `/api/v1/namespaces/default/pods` accepting "application/vnd.kubernetes.protobuf"
    Then the answer is 406
    And the answer's "reason" is "NotAcceptable"
    When the admin sends GET `/api/v1/namespaces/default/pods` accepting "application/vnd.kubernetes.protobuf,application/json"
    Then the answer is 200
    And the answer's "kind" is "PodList"

  @H72
  Scenario: A watch without a resourceVersion starts with the current state, then streams changes
    When the admin watches `/api/v1/namespaces/kube-system/pods?watch=true` as "pods"
    Then the watch "pods" receives an ADDED event for every pod in "kube-system"
    When the admin watches `/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=RV_NOW` as "cms"
    And the admin sends POST `/api/v1/namespaces/default/configmaps` as "application/json" with:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "watched"}, "data": {"a": "b"}}
      """
    Then the answer is 201
    And the watch "cms" receives ADDED for the configmap "watched"

  @H72
  Scenario: A watch from a resourceVersion older than the watch cache is one ERROR event with 410 Expired
    A restarted kube-apiserver rebuilds its watch cache from etcd: it holds no history before that.
    When I run `on k8s-master pkill kube-apiserver`
    And 1m passes
    And the façade follows the model
    And the admin watches `/api/v1/namespaces/default/configmaps?watch=true&resourceVersion=2` as "old"
    Then the watch "old" gets one ERROR event with a 410 Expired Status and ends

  @H72
  Scenario: A watch from a resourceVersion that is not a number is refused and opens nothing
    When the admin sends GET `/api/v1/namespaces/default/pods?watch=true&resourceVersion=abc`
    Then the answer is a 422 Invalid Status saying:
      """
      pods "" is invalid: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax
      """

  @H73
  Scenario: Lists page with limit and continue
    When the admin lists `/api/v1/pods` 3 at a time
    Then every page holds at most 3 items, and together they are `/api/v1/pods` listed at once

  @H74
  Scenario: While kube-apiserver is down the port refuses connections, and open watches end
    Given the node endpoint of the served cluster
    When the admin watches `/api/v1/namespaces/kube-system/pods?watch=true` as "pods"
    And I run `on k8s-master pkill kube-apiserver`
    And the façade follows the model
    Then connecting to the API port is refused
    And the watch "pods" has ended
    And the admin running `crictl ps -a --name kube-apiserver` on "k8s-master" through the node endpoint gets exit 0 and output containing "kube-apiserver"
    When 1m passes
    And the façade follows the model
    Then the API port accepts connections
    When the admin sends GET `/api/v1/nodes`
    Then the answer is 200

  @H75
  Scenario: Node commands need the kubeconfig's admin certificate
    Given the node endpoint of the served cluster
    Then the admin running `hostname` on "k8s-worker-1" through the node endpoint gets exit 0 and output containing "k8s-worker-1"
    And an anonymous client running `hostname` on "k8s-worker-1" through the node endpoint gets its connection refused by TLS
    And the admin running `hostname` on "k8s-nope" through the node endpoint gets exit 1 and output containing "No such container: k8s-nope"
