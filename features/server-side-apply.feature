Feature: Server-side apply and managed fields
  Every write records in metadata.managedFields which manager set which fields: one entry per
  manager, operation (Update for create, update and patch; Apply for server-side apply), API
  version and subresource, its fields in the FieldsV1 set format of structured-merge-diff (`f:`
  a field, `k:{...}` a list item by its keys, `.` the node itself), stamped with the time of the
  write. A server-side apply (PATCH with Content-Type application/apply-patch+yaml and a
  fieldManager) merges the configuration into the object by the types' list keys, owns what it
  sets, refuses with 409 Conflict to change a field another manager owns unless forced, and
  removes the fields it applied before and no longer applies when no one else owns them.

  Background:
    Given a cluster

  @H56
  Scenario: Apply creates the object, owns what its configuration sets, and a second apply changes nothing
    When "kubectl" applies server-side:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx
                ports:
                  - containerPort: 80
      """
    Then the managed fields of the deployment "nginx" are:
      """
      - manager: kubectl
        operation: Apply
        apiVersion: apps/v1
        fieldsType: FieldsV1
        fieldsV1:
          f:spec:
            f:replicas: {}
            f:selector: {}
            f:template:
              f:metadata:
                f:labels:
                  f:app: {}
              f:spec:
                f:containers:
                  k:{"name":"nginx"}:
                    .: {}
                    f:image: {}
                    f:name: {}
                    f:ports:
                      k:{"containerPort":80,"protocol":"TCP"}:
                        .: {}
                        f:containerPort: {}
      """
    When I note which resourceVersion the deployment "nginx" has
    And "kubectl" applies server-side:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx
                ports:
                  - containerPort: 80
      """
    Then the deployment "nginx" has the resourceVersion I noted

  @H57
  Scenario: Applying a field another manager set is a conflict; --force-conflicts takes it over
    Given the admin created this object with the field manager "kubectl-client-side-apply":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    When "kubectl" tries to apply server-side:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 5
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx:1.27
      """
    Then the API server answers 409 Conflict with:
      """
      Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:
      - .spec.replicas
      - .spec.template.spec.containers[name="nginx"].image
      """
    And the API server answered 409 Conflict with the causes:
      """
      - reason: FieldManagerConflict
        message: conflict with "kubectl-client-side-apply" using apps/v1
        field: .spec.replicas
      - reason: FieldManagerConflict
        message: conflict with "kubectl-client-side-apply" using apps/v1
        field: .spec.template.spec.containers[name="nginx"].image
      """
    And the deployment "nginx" has at "spec.replicas":
      """
      3
      """
    When "kubectl" applies server-side with --force-conflicts:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 5
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx:1.27
      """
    Then the deployment "nginx" has at "spec.replicas":
      """
      5
      """
    And the managed fields of "kubectl-client-side-apply" in the deployment "nginx" are:
      """
      f:spec:
        f:progressDeadlineSeconds: {}
        f:revisionHistoryLimit: {}
        f:selector: {}
        f:strategy:
          f:rollingUpdate:
            .: {}
            f:maxSurge: {}
            f:maxUnavailable: {}
          f:type: {}
        f:template:
          f:metadata:
            f:labels:
              .: {}
              f:app: {}
          f:spec:
            f:containers:
              k:{"name":"nginx"}:
                .: {}
                f:imagePullPolicy: {}
                f:name: {}
                f:resources: {}
                f:terminationMessagePath: {}
                f:terminationMessagePolicy: {}
            f:dnsPolicy: {}
            f:restartPolicy: {}
            f:schedulerName: {}
            f:securityContext: {}
            f:terminationGracePeriodSeconds: {}
      """

  @H58
  Scenario: An update through the scale subresource owns the replicas, and an apply that changes them conflicts
    When "kubectl" applies server-side:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    And I run `kubectl scale deployment nginx --replicas=5`
    Then the managed fields of the deployment "nginx" are:
      """
      - manager: kubectl
        operation: Apply
        apiVersion: apps/v1
        fieldsType: FieldsV1
        fieldsV1:
          f:spec:
            f:selector: {}
            f:template:
              f:metadata:
                f:labels:
                  f:app: {}
              f:spec:
                f:containers:
                  k:{"name":"nginx"}:
                    .: {}
                    f:image: {}
                    f:name: {}
      - manager: kubectl
        operation: Update
        apiVersion: apps/v1
        fieldsType: FieldsV1
        fieldsV1:
          f:spec:
            f:replicas: {}
        subresource: scale
      """
    When "kubectl" tries to apply server-side:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels: {app: nginx}
        template:
          metadata:
            labels: {app: nginx}
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    Then the API server answers 409 Conflict with:
      """
      Apply failed with 1 conflict: conflict with "kubectl" with subresource "scale" using apps/v1: .spec.replicas
      """

  @H59
  Scenario: Fields an applier no longer applies are removed, unless another manager owns them
    When "kubectl" applies server-side:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
        labels: {team: web, tier: front}
      data:
        mode: prod
        level: info
      """
    And "kubectl-label" patches the configmap "settings" with a merge patch:
      """
      metadata:
        labels: {tier: front}
      data:
        level: info
      """
    And "kubectl" applies server-side:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: prod
      """
    Then the configmap "settings" has at "data":
      """
      mode: prod
      """
    And the configmap "settings" has nothing at "metadata.labels"
    And the managed fields of "kubectl" in the configmap "settings" are:
      """
      f:data:
        f:mode: {}
      """

  @H59
  Scenario: A field another manager also set stays when the applier drops it
    When "kubectl" applies server-side:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: prod
        level: info
      """
    And "ops" applies server-side:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        level: info
      """
    And "kubectl" applies server-side:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      data:
        mode: prod
      """
    Then the configmap "settings" has at "data":
      """
      mode: prod
      level: info
      """
    And the managed fields of "ops" in the configmap "settings" are:
      """
      f:data:
        f:level: {}
      """

  @H56
  Scenario Outline: An apply request that is not well formed is refused
    When the admin tries to apply server-side without a field manager:
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
      """
    Then the API server answers 422 Invalid with:
      """
      PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch
      """
    When "kubectl" tries to apply server-side:
      """
      apiVersion: <apiVersion>
      kind: ConfigMap
      metadata:
        name: settings
      """
    Then the API server answers 400 BadRequest with:
      """
      Incorrect version specified in apply patch. Specified patch version: <apiVersion>, expected: v1
      """

    Examples:
      | apiVersion |
      | apps/v1    |
      | v2         |
