Feature: StatefulSets start their Pods in order and give each a stable name and its own storage
  A StatefulSet (apps/v1) names its Pods `<set>-<ordinal>` and keeps those names: the StatefulSet
  controller in kube-controller-manager creates web-0, waits for it to be Running and Ready,
  then creates web-1, and removes them from the highest ordinal down. Each Pod gets the hostname
  of its name in the subdomain of the governing headless Service, the labels
  `statefulset.kubernetes.io/pod-name` and `apps.kubernetes.io/pod-index`, and, from each
  volumeClaimTemplate, its own PersistentVolumeClaim `<template>-<set>-<ordinal>` that outlives
  the Pod. Template changes become ControllerRevisions `<set>-<hash>`; a rolling update replaces
  the Pods from the highest ordinal down to the partition.

  Background:
    Given a cluster
    And the file "web.yaml":
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: nginx
        labels:
          app: nginx
      spec:
        ports:
        - port: 80
          name: web
        clusterIP: None
        selector:
          app: nginx
      ---
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: web
      spec:
        selector:
          matchLabels:
            app: nginx
        serviceName: nginx
        replicas: 3
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
            - name: nginx
              image: nginx:1.27
              ports:
              - containerPort: 80
                name: web
              volumeMounts:
              - name: www
                mountPath: /usr/share/nginx/html
        volumeClaimTemplates:
        - metadata:
            name: www
          spec:
            accessModes: [ "ReadWriteOnce" ]
            resources:
              requests:
                storage: 1Gi
      """

  @T01
  Scenario: OrderedReady starts web-0 first and web-1 only once web-0 is Running and Ready
    When I run `kubectl apply -f web.yaml`
    Then the output is:
      """
      service/nginx created
      statefulset.apps/web created
      """
    When 2s pass
    And I run `kubectl get pods -l app=nginx`
    Then the output lines match:
      """
      NAME    READY   STATUS              RESTARTS   AGE
      web-0   0/1     ContainerCreating   0          2s
      """
    When 60s pass
    And I run `kubectl get statefulset web`
    Then the output lines match:
      """
      NAME   READY   AGE
      web    3/3     62s
      """
    And each pod of the StatefulSet "web" was created after the one before it was Running and Ready
    When I run `kubectl get events --field-selector involvedObject.kind=StatefulSet -o 'custom-columns=REASON:.reason,MESSAGE:.message'`
    Then the output is:
      """
      REASON             MESSAGE
      SuccessfulCreate   create Claim www-web-0 Pod web-0 in StatefulSet web success
      SuccessfulCreate   create Pod web-0 in StatefulSet web successful
      SuccessfulCreate   create Claim www-web-1 Pod web-1 in StatefulSet web success
      SuccessfulCreate   create Pod web-1 in StatefulSet web successful
      SuccessfulCreate   create Claim www-web-2 Pod web-2 in StatefulSet web success
      SuccessfulCreate   create Pod web-2 in StatefulSet web successful
      """

  @T02
  Scenario: Each Pod keeps its name, hostname, index label and claim when it is replaced
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,HOSTNAME:.spec.hostname,SUBDOMAIN:.spec.subdomain,INDEX:.metadata.labels.apps\.kubernetes\.io/pod-index,POD-NAME:.metadata.labels.statefulset\.kubernetes\.io/pod-name,CLAIM:.spec.volumes[0].persistentVolumeClaim.claimName'`
    Then the output is:
      """
      NAME    HOSTNAME   SUBDOMAIN   INDEX   POD-NAME   CLAIM
      web-0   web-0      nginx       0       web-0      www-web-0
      web-1   web-1      nginx       1       web-1      www-web-1
      web-2   web-2      nginx       2       web-2      www-web-2
      """
    When I run `kubectl get pod web-1 -o 'jsonpath={.metadata.generateName}{" "}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}'`
    Then the output is:
      """
      web- StatefulSet/web
      """
    When I run `kubectl delete pod web-1`
    And 30s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,HOSTNAME:.spec.hostname,CLAIM:.spec.volumes[0].persistentVolumeClaim.claimName,STATUS:.status.phase'`
    Then the output is:
      """
      NAME    HOSTNAME   CLAIM       STATUS
      web-0   web-0      www-web-0   Running
      web-1   web-1      www-web-1   Running
      web-2   web-2      www-web-2   Running
      """
    When I run `kubectl get pvc -o name`
    Then the output is:
      """
      persistentvolumeclaim/www-web-0
      persistentvolumeclaim/www-web-1
      persistentvolumeclaim/www-web-2
      """

  @T03
  Scenario: The headless Service's EndpointSlice names each Pod by its hostname
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl get service nginx`
    Then the output lines match:
      """
      NAME    TYPE        CLUSTER-IP   EXTERNAL-IP   PORT\(S\)   AGE
      nginx   ClusterIP   None         <none>        80/TCP    60s
      """
    When I run `kubectl get endpointslices -l kubernetes.io/service-name=nginx -o 'jsonpath={range .items[*].endpoints[*]}{.hostname}{" "}{.targetRef.name}{"\n"}{end}'`
    Then the output is:
      """
      web-0 web-0
      web-1 web-1
      web-2 web-2
      """

  @T04
  Scenario: Scaling down removes the highest ordinal first, one at a time, and keeps the claims
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl scale statefulset web --replicas=1`
    Then the output is:
      """
      statefulset.apps/web scaled
      """
    When 60s pass
    And I run `kubectl get pods -l app=nginx`
    Then the output lines match:
      """
      NAME    READY   STATUS    RESTARTS   AGE
      web-0   1/1     Running   0          2m
      """
    When I run `kubectl get events --field-selector reason=SuccessfulDelete -o 'custom-columns=FROM:.source.component,MESSAGE:.message'`
    Then the output is:
      """
      FROM                     MESSAGE
      statefulset-controller   delete Pod web-2 in StatefulSet web successful
      statefulset-controller   delete Pod web-1 in StatefulSet web successful
      """
    When I run `kubectl get pvc -o name`
    Then the output is:
      """
      persistentvolumeclaim/www-web-0
      persistentvolumeclaim/www-web-1
      persistentvolumeclaim/www-web-2
      """
    When I run `kubectl scale statefulset web --replicas=2`
    And 30s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,CLAIM:.spec.volumes[0].persistentVolumeClaim.claimName'`
    Then the output is:
      """
      NAME    CLAIM
      web-0   www-web-0
      web-1   www-web-1
      """

  @T05
  Scenario: The template is stored as a ControllerRevision whose name the Pods and the status carry
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl get controllerrevisions`
    Then the output lines match:
      """
      NAME             CONTROLLER             REVISION   AGE
      web-[a-z0-9]+   statefulset.apps/web   1          60s
      """
    And every pod labelled "app=nginx" has the label "controller-revision-hash" set to the StatefulSet "web"'s status.updateRevision
    When I run `kubectl get statefulset web -o 'jsonpath={.status.replicas}/{.status.readyReplicas}/{.status.availableReplicas}/{.status.currentReplicas}/{.status.updatedReplicas}/{.status.observedGeneration}/{.status.collisionCount}'`
    Then the output is:
      """
      3/3/3/3/3/1/0
      """
    When I run `kubectl get controllerrevisions -o 'jsonpath={.items[0].revision}{" "}{.items[0].metadata.labels.controller\.kubernetes\.io/hash}{" "}{.items[0].data.spec.template.spec.containers[0].image}'`
    Then the output lines match:
      """
      1 [a-z0-9]+ nginx:1.27
      """

  @T06
  Scenario: A rolling update replaces the Pods from the highest ordinal down, each once the one before is Ready
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl patch statefulset web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`
    Then the output is:
      """
      statefulset.apps/web patched
      """
    When 90s pass
    And I run `kubectl get events --field-selector reason=SuccessfulDelete -o 'custom-columns=MESSAGE:.message'`
    Then the output is:
      """
      MESSAGE
      delete Pod web-2 in StatefulSet web successful
      delete Pod web-1 in StatefulSet web successful
      delete Pod web-0 in StatefulSet web successful
      """
    When I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image,READY:.status.containerStatuses[0].ready'`
    Then the output is:
      """
      NAME    IMAGE        READY
      web-0   nginx:1.26   true
      web-1   nginx:1.26   true
      web-2   nginx:1.26   true
      """
    When I run `kubectl get controllerrevisions -o 'custom-columns=REVISION:.revision,IMAGE:.data.spec.template.spec.containers[0].image' --sort-by=.revision`
    Then the output is:
      """
      REVISION   IMAGE
      1          nginx:1.27
      2          nginx:1.26
      """
    And every pod labelled "app=nginx" has the label "controller-revision-hash" set to the StatefulSet "web"'s status.currentRevision

  @T07
  Scenario: A partition keeps the Pods below it at the old revision
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":2}},"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`
    And 60s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image'`
    Then the output is:
      """
      NAME    IMAGE
      web-0   nginx:1.27
      web-1   nginx:1.27
      web-2   nginx:1.26
      """
    When I run `kubectl get statefulset web -o 'jsonpath={.status.currentReplicas}/{.status.updatedReplicas}'`
    Then the output is:
      """
      2/1
      """

  @T08
  Scenario: OnDelete changes a Pod only when someone deletes it
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"OnDelete","rollingUpdate":null},"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`
    And 60s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image'`
    Then the output is:
      """
      NAME    IMAGE
      web-0   nginx:1.27
      web-1   nginx:1.27
      web-2   nginx:1.27
      """
    When I run `kubectl delete pod web-0`
    And 30s pass
    And I run `kubectl get pods -l app=nginx -o 'custom-columns=NAME:.metadata.name,IMAGE:.spec.containers[0].image'`
    Then the output is:
      """
      NAME    IMAGE
      web-0   nginx:1.26
      web-1   nginx:1.27
      web-2   nginx:1.27
      """

  @T09
  Scenario: Parallel creates every Pod at once and removes them at once
    Given the file "parallel.yaml":
      """
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: db
      spec:
        podManagementPolicy: Parallel
        serviceName: db
        replicas: 3
        selector:
          matchLabels:
            app: db
        template:
          metadata:
            labels:
              app: db
          spec:
            containers:
            - name: nginx
              image: nginx:1.27
      """
    When I run `kubectl apply -f parallel.yaml`
    And 2s pass
    And I run `kubectl get pods -l app=db`
    Then the output lines match:
      """
      NAME   READY   STATUS              RESTARTS   AGE
      db-0   0/1     ContainerCreating   0          2s
      db-1   0/1     ContainerCreating   0          2s
      db-2   0/1     ContainerCreating   0          2s
      """
    When 30s pass
    And I run `kubectl scale statefulset db --replicas=0`
    And 1s pass
    And I run `kubectl get events --field-selector reason=SuccessfulDelete -o 'custom-columns=MESSAGE:.message' --sort-by=.message`
    Then the output is:
      """
      MESSAGE
      delete Pod db-0 in StatefulSet db successful
      delete Pod db-1 in StatefulSet db successful
      delete Pod db-2 in StatefulSet db successful
      """

  @T10
  Scenario: kubectl rollout status waits for the Pods to be ready, then for the update from the partition up
    When I run `kubectl apply -f web.yaml`
    And I run `kubectl rollout status statefulset/web`
    Then the output is:
      """
      Waiting for statefulset spec update to be observed...
      Waiting for 3 pods to be ready...
      Waiting for 3 pods to be ready...
      Waiting for 2 pods to be ready...
      Waiting for 2 pods to be ready...
      Waiting for 1 pods to be ready...
      Waiting for 1 pods to be ready...
      partitioned roll out complete: 3 new pods have been updated...
      """
    When I run `kubectl patch statefulset web --type merge -p '{"spec":{"updateStrategy":{"rollingUpdate":{"partition":2}},"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.26"}]}}}}'`
    And I run `kubectl rollout status sts/web`
    Then the output is:
      """
      Waiting for statefulset spec update to be observed...
      Waiting for partitioned roll out to finish: 0 out of 1 new pods have been updated...
      Waiting for 1 pods to be ready...
      Waiting for 1 pods to be ready...
      partitioned roll out complete: 1 new pods have been updated...
      """
    When I run `kubectl patch statefulset web --type json -p '[{"op":"remove","path":"/spec/updateStrategy/rollingUpdate"}]'`
    And I run `kubectl rollout status sts/web`
    Then the output lines match:
      """
      Waiting for statefulset spec update to be observed...
      waiting for statefulset rolling update to complete 1 pods at revision web-[a-z0-9]+...
      Waiting for 1 pods to be ready...
      Waiting for 1 pods to be ready...
      waiting for statefulset rolling update to complete 2 pods at revision web-[a-z0-9]+...
      Waiting for 1 pods to be ready...
      Waiting for 1 pods to be ready...
      statefulset rolling update complete 3 pods at revision web-[a-z0-9]+...
      """
    When I run `kubectl patch statefulset web -p '{"spec":{"updateStrategy":{"type":"OnDelete"}}}'`
    And I run `kubectl rollout status sts/web`
    Then it fails with:
      """
      error: rollout status is only available for RollingUpdate strategy type
      """

  @T11
  Scenario: Claims stay when the StatefulSet goes (Retain), and go with it under whenDeleted Delete
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl delete statefulset web`
    And 30s pass
    And I run `kubectl get pods -l app=nginx`
    Then the error output is:
      """
      No resources found in default namespace.
      """
    When I run `kubectl get pvc -o 'custom-columns=NAME:.metadata.name,STATUS:.status.phase'`
    Then the output is:
      """
      NAME        STATUS
      www-web-0   Bound
      www-web-1   Bound
      www-web-2   Bound
      """
    When I run `kubectl apply -f web.yaml`
    And I run `kubectl patch statefulset web -p '{"spec":{"persistentVolumeClaimRetentionPolicy":{"whenDeleted":"Delete"}}}'`
    And 60s pass
    And I run `kubectl get pvc www-web-0 -o 'jsonpath={.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}'`
    Then the output is:
      """
      StatefulSet/web
      """
    When I run `kubectl delete statefulset web`
    And 60s pass
    And I run `kubectl get pvc`
    Then the error output is:
      """
      No resources found in default namespace.
      """

  @T12
  Scenario: A StatefulSet the API server refuses changes nothing, and its identity fields cannot change
    Given the file "bad.yaml":
      """
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: bad
      spec:
        podManagementPolicy: Sometimes
        updateStrategy:
          type: Whenever
        replicas: -1
        serviceName: bad
        selector:
          matchLabels:
            app: one
        template:
          metadata:
            labels:
              app: other
          spec:
            containers:
            - name: c
              image: nginx:1.27
      """
    When I run `kubectl apply -f bad.yaml`
    Then it fails with:
      """
      The StatefulSet "bad" is invalid: 
      * spec.podManagementPolicy: Invalid value: "Sometimes": must be 'OrderedReady' or 'Parallel'
      * spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"Whenever", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'
      * spec.replicas: Invalid value: -1: must be greater than or equal to 0
      * spec.template.metadata.labels: Invalid value: map[string]string{"app":"other"}: `selector` does not match template `labels`
      """
    When I run `kubectl get statefulsets,pods`
    Then the error output is:
      """
      No resources found in default namespace.
      """
    When I run `kubectl apply -f web.yaml`
    And I run `kubectl patch statefulset web -p '{"spec":{"serviceName":"other"}}'`
    Then it fails with:
      """
      The StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden
      """
    When I run `kubectl get statefulset web -o 'jsonpath={.spec.serviceName} {.metadata.generation}'`
    Then the output is:
      """
      nginx 1
      """

  @T13
  Scenario: examples/statefulset.play starts a StatefulSet in order, replaces a Pod, scales down and rolls out
    When I play the example "examples/statefulset.play"
    Then its transcript has, in order, lines matching:
      """
      standard \(default\)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  \d+s
      web-0   0/1     ContainerCreating   0          3s
      partitioned roll out complete: 3 new pods have been updated...
      www-web-2   Bound    pvc-[0-9a-f-]+   1Gi        RWO            standard       <unset>                 \d+s
      web-2\t10\.244\.\d+\.\d+
      pod "web-1" deleted
      web-1   1/1     Running   0          \d+s +10\.244\.\d+\.\d+   k8s-worker-\d   <none>           <none>
      partitioned roll out complete: 2 new pods have been updated...
      web-[a-z0-9]+ +statefulset.apps/web +2 +\d+s
      .*delete Pod web-2 in StatefulSet web successful
      .*delete Pod web-1 in StatefulSet web successful
      .*delete Pod web-0 in StatefulSet web successful
      The StatefulSet "web" is invalid: spec: Forbidden: updates to statefulset spec .*
      """

  @T14
  Scenario: Under whenScaled Delete the claims of the Pods a scale-down removes go with them, and their volumes too
    When I run `kubectl apply -f web.yaml`
    And I run `kubectl patch statefulset web -p '{"spec":{"persistentVolumeClaimRetentionPolicy":{"whenScaled":"Delete"}}}'`
    And 60s pass
    And I run `kubectl scale statefulset web --replicas=1`
    And 60s pass
    And I run `kubectl get pods,pvc -o name`
    Then the output is:
      """
      pod/web-0
      persistentvolumeclaim/www-web-0
      """
    When I run `kubectl get pv -o 'custom-columns=CLAIM:.spec.claimRef.name,STATUS:.status.phase'`
    Then the output is:
      """
      CLAIM       STATUS
      www-web-0   Bound
      """

  @T15
  Scenario: kubectl describe shows a StatefulSet's replicas, strategy, Pods and claim templates, and a claim's volume and users
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl describe statefulset web`
    Then the output contains "Replicas:           3 desired | 3 total"
    And the output contains "Update Strategy:    RollingUpdate"
    And the output contains "  Partition:        0"
    And the output contains "Pods Status:        3 Running / 0 Waiting / 0 Succeeded / 0 Failed"
    And the output contains "Volume Claims:"
    And the output contains "  Capacity:      1Gi"
    And the output contains "  Access Modes:  [ReadWriteOnce]"
    When I run `kubectl describe pvc www-web-1`
    Then the output contains "StorageClass:  standard"
    And the output contains "Status:        Bound"
    And the output contains "Access Modes:  RWO"
    And the output contains "Used By:       web-1"

  @T16
  Scenario: kubectl get all lists StatefulSets after ReplicaSets, as the "all" category orders them
    When I run `kubectl apply -f web.yaml`
    And 60s pass
    And I run `kubectl get all`
    Then the output lines match:
      """
      NAME        READY   STATUS    RESTARTS   AGE
      pod/web-0   1/1     Running   0          60s
      pod/web-1   1/1     Running   0          \d+s
      pod/web-2   1/1     Running   0          \d+s

      NAME                 TYPE        CLUSTER-IP   EXTERNAL-IP   PORT\(S\)   AGE
      service/kubernetes   ClusterIP   10.96.0.1    <none>        443/TCP   \d+s
      service/nginx        ClusterIP   None         <none>        80/TCP    60s

      NAME                   READY   AGE
      statefulset.apps/web   3/3     60s
      """
