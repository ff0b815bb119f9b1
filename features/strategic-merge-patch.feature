Feature: Strategic merge patch, as kube-apiserver applies it
  A strategic merge patch (Content-Type application/strategic-merge-patch+json, kubectl patch's
  default and what client-side `kubectl apply` sends) is a merge patch that knows the types: a
  list whose field carries `patchStrategy:"merge"` merges item by item on its `patchMergeKey`
  (containers and env by name, container ports by containerPort, volumeMounts by mountPath,
  conditions by type), a list of scalars with that strategy merges as a set, and every other list
  is replaced. Directives steer it: `$patch: replace|delete|merge`, `$setElementOrder/<list>`,
  `$retainKeys` and `$deleteFromPrimitiveList/<list>`. The server consumes them; none is stored.

  Background:
    Given a cluster
    And the admin created this object with the field manager "kubectl-create":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        finalizers: [example.com/a, example.com/b]
      spec:
        replicas: 1
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
              - name: nginx
                image: nginx
                ports:
                  - containerPort: 80
                env:
                  - {name: MODE, value: prod}
                  - {name: LEVEL, value: info}
      """

  @H50
  Scenario: Every case of apimachinery's strategic merge patch tables gives upstream's result
    Then every case of apimachinery's strategic merge patch tables gives upstream's result

  @H51
  Scenario: Containers merge by name, and $setElementOrder puts them in the order the patch gives
    When "kubectl-client-side-apply" patches the deployment "web" with a strategic merge patch:
      """
      spec:
        template:
          spec:
            $setElementOrder/containers: [{name: sidecar}, {name: nginx}]
            containers:
              - name: sidecar
                image: busybox
              - name: nginx
                image: nginx:1.27
                $setElementOrder/ports: [{containerPort: 80}, {containerPort: 443}]
                ports:
                  - containerPort: 443
      """
    Then the deployment "web" has at "spec.template.spec.containers":
      """
      - name: sidecar
        image: busybox
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
        imagePullPolicy: Always
        resources: {}
      - name: nginx
        image: nginx:1.27
        ports:
          - {containerPort: 80, protocol: TCP}
          - {containerPort: 443, protocol: TCP}
        env:
          - {name: MODE, value: prod}
          - {name: LEVEL, value: info}
        resources: {}
        terminationMessagePath: /dev/termination-log
        terminationMessagePolicy: File
        imagePullPolicy: Always
      """
    And etcd holds no patch directive in the deployment "web"

  @H52
  Scenario: $patch delete removes a list item by its key; $patch replace swaps a whole list; null deletes a field
    Without $setElementOrder, the patch's items come before the items only the server has.
    When "kubectl-patch" patches the deployment "web" with a strategic merge patch:
      """
      metadata:
        labels:
          tier: front
      spec:
        template:
          spec:
            containers:
              - name: nginx
                env:
                  - {name: LEVEL, $patch: delete}
                  - {name: DEBUG, value: "1"}
                ports:
                  - {containerPort: 8080}
                  - $patch: replace
      """
    Then the deployment "web" has at "spec.template.spec.containers.0.env":
      """
      - {name: DEBUG, value: "1"}
      - {name: MODE, value: prod}
      """
    And the deployment "web" has at "spec.template.spec.containers.0.ports":
      """
      - {containerPort: 8080, protocol: TCP}
      """
    When "kubectl-patch" patches the deployment "web" with a strategic merge patch:
      """
      metadata:
        labels:
          tier: null
      """
    Then the deployment "web" has nothing at "metadata.labels.tier"
    And etcd holds no patch directive in the deployment "web"

  @H53
  Scenario: $retainKeys clears the fields a new strategy leaves out, as kubectl apply sends it for a switch to Recreate
    Then the deployment "web" has at "spec.strategy":
      """
      type: RollingUpdate
      rollingUpdate: {maxUnavailable: 25%, maxSurge: 25%}
      """
    When "kubectl-client-side-apply" patches the deployment "web" with a strategic merge patch:
      """
      spec:
        strategy:
          $retainKeys: [type]
          rollingUpdate: null
          type: Recreate
      """
    Then the deployment "web" has at "spec.strategy":
      """
      type: Recreate
      """
    And etcd holds no patch directive in the deployment "web"

  @H54
  Scenario: Finalizers merge as a set; $deleteFromPrimitiveList removes some of them
    When "kubectl-patch" patches the deployment "web" with a strategic merge patch:
      """
      metadata:
        finalizers: [example.com/c, example.com/a]
        $deleteFromPrimitiveList/finalizers: [example.com/b]
      """
    Then the deployment "web" has at "metadata.finalizers":
      """
      [example.com/c, example.com/a]
      """
    And etcd holds no patch directive in the deployment "web"

  @H55
  Scenario Outline: A malformed strategic merge patch is refused as kube-apiserver refuses it
    When "kubectl-patch" tries to patch the deployment "web" with a strategic merge patch:
      """
      <patch>
      """
    Then the API server answers <code> <reason> with:
      """
      <message>
      """

    Examples:
      | patch                                                                   | code | reason        | message                                                                                              |
      | {"spec": {"template": {"spec": {"containers": [{"image": "busybox"}]}}}} | 500  | InternalError | Internal error occurred: map: map[image:busybox] does not contain declared merge key: name           |
      | {"metadata": {"$retainKeys": "name"}}                                   | 400  | BadRequest    | invalid patch format of retainKeys                                                                   |
      | {"metadata": {"$patch": "frobnicate"}}                                  | 500  | InternalError | Internal error occurred: unknown patch type: frobnicate in map: map[$patch:frobnicate]               |
      | {"metadata": {"$setElementOrder": [{"name": "x"}]}}                     | 400  | BadRequest    | invalid patch format of setElementOrder list                                                         |
