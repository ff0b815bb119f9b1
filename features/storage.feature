Feature: Claims get volumes from kind's local-path provisioner when a Pod first needs them
  The cluster has kind's default StorageClass `standard`: provisioner rancher.io/local-path,
  volumeBindingMode WaitForFirstConsumer. A PersistentVolumeClaim of that class waits until a Pod
  uses it; the scheduler picks the Pod's node and writes it on the claim
  (volume.kubernetes.io/selected-node); the PV controller hands the claim to the class's
  provisioner, which makes a hostPath PersistentVolume `pvc-<claim uid>` under
  /var/local-path-provisioner on that node, pinned there by a node affinity; the PV controller
  binds the two; only then is the Pod bound to the node, and the kubelet mounts the volume's
  directory. The volume follows the claim: a Pod of the claim goes back to that node, and with
  reclaim policy Delete the volume and its directory go when the claim goes.

  Background:
    Given a cluster
    And the file "claim.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 2Gi
      """
    And the file "reader.yaml":
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: reader
      spec:
        containers:
        - name: web
          image: nginx:1.27
          volumeMounts:
          - name: data
            mountPath: /usr/share/nginx/html
        volumes:
        - name: data
          persistentVolumeClaim:
            claimName: data
      """

  @T20
  Scenario: The default StorageClass is kind's standard class
    When I run `kubectl get storageclass`
    Then the output lines match:
      """
      NAME                 PROVISIONER             RECLAIMPOLICY   VOLUMEBINDINGMODE      ALLOWVOLUMEEXPANSION   AGE
      standard \(default\)   rancher.io/local-path   Delete          WaitForFirstConsumer   false                  \d+s
      """

  @T21
  Scenario: A claim waits for its first consumer, then is provisioned on the Pod's node and bound
    When I run `kubectl apply -f claim.yaml`
    And 10s pass
    And I run `kubectl get pvc data`
    Then the output lines match:
      """
      NAME   STATUS    VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
      data   Pending                                      standard       <unset>                 10s
      """
    When I run `kubectl get events --field-selector involvedObject.name=data -o 'custom-columns=REASON:.reason,FROM:.source.component,MESSAGE:.message'`
    Then the output is:
      """
      REASON                 FROM                          MESSAGE
      WaitForFirstConsumer   persistentvolume-controller   waiting for first consumer to be created before binding
      """
    When I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """
    When I run `kubectl apply -f reader.yaml`
    And 30s pass
    And I run `kubectl get pvc data`
    Then the output lines match:
      """
      NAME   STATUS   VOLUME                                     CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
      data   Bound    pvc-[0-9a-f-]{36}   2Gi        RWO            standard       <unset>                 40s
      """
    When I run `kubectl get pv`
    Then the output lines match:
      """
      NAME                                       CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM          STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
      pvc-[0-9a-f-]{36}   2Gi        RWO            Delete           Bound    default/data   standard       <unset>                          30s
      """
    And the volume bound to the claim "data" is named after the claim's uid, on the node the Pod "reader" runs on
    When I run `kubectl get events --field-selector involvedObject.name=data -o 'custom-columns=REASON:.reason,FROM:.source.component'`
    Then the output is:
      """
      REASON                  FROM
      WaitForFirstConsumer    persistentvolume-controller
      ExternalProvisioning    persistentvolume-controller
      Provisioning            rancher.io/local-path_local-path-provisioner
      ProvisioningSucceeded   rancher.io/local-path_local-path-provisioner
      """
    When I run `kubectl get pvc data -o 'jsonpath={.metadata.annotations.pv\.kubernetes\.io/bind-completed} {.metadata.annotations.pv\.kubernetes\.io/bound-by-controller} {.metadata.annotations.volume\.kubernetes\.io/storage-provisioner} {.metadata.annotations.volume\.kubernetes\.io/selected-node}'`
    Then the output lines match:
      """
      yes yes rancher.io/local-path k8s-worker-\d
      """
    When I run `kubectl get pod reader`
    Then the output lines match:
      """
      NAME     READY   STATUS    RESTARTS   AGE
      reader   1/1     Running   0          30s
      """

  @T22
  Scenario: What is written in the volume outlives the Pod, whose replacement goes back to the volume's node
    When I run `kubectl apply -f claim.yaml`
    And I run `kubectl apply -f reader.yaml`
    And 30s pass
    And I write "hello from the volume" into "index.html" on the node of the volume bound to the claim "data"
    And I run `kubectl exec reader -- cat /usr/share/nginx/html/index.html`
    Then the output is:
      """
      hello from the volume
      """
    When I run `kubectl delete pod reader`
    And I run `kubectl apply -f reader.yaml`
    And 30s pass
    And I run `kubectl exec reader -- cat /usr/share/nginx/html/index.html`
    Then the output is:
      """
      hello from the volume
      """
    And the volume bound to the claim "data" is named after the claim's uid, on the node the Pod "reader" runs on

  @T23
  Scenario: Deleting the claim releases its volume, which the provisioner deletes with its directory
    When I run `kubectl apply -f claim.yaml`
    And I run `kubectl apply -f reader.yaml`
    And 30s pass
    And I run `kubectl delete pod reader`
    And I run `kubectl delete pvc data`
    Then the output is:
      """
      persistentvolumeclaim "data" deleted
      """
    When 5s pass
    And I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """
    And no node has anything under "/var/local-path-provisioner"

  @T24
  Scenario: A volume made by hand binds to a claim without a class that it fits
    Given the file "pv.yaml":
      """
      apiVersion: v1
      kind: PersistentVolume
      metadata:
        name: manual
      spec:
        capacity:
          storage: 5Gi
        accessModes: ["ReadWriteOnce"]
        hostPath:
          path: /mnt/manual
      ---
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: static
      spec:
        storageClassName: ""
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 1Gi
      """
    When I run `kubectl apply -f pv.yaml`
    And 20s pass
    And I run `kubectl get pv manual`
    Then the output lines match:
      """
      NAME     CAPACITY   ACCESS MODES   RECLAIM POLICY   STATUS   CLAIM            STORAGECLASS   VOLUMEATTRIBUTESCLASS   REASON   AGE
      manual   5Gi        RWO            Retain           Bound    default/static                  <unset>                          20s
      """
    When I run `kubectl get pvc static`
    Then the output lines match:
      """
      NAME     STATUS   VOLUME   CAPACITY   ACCESS MODES   STORAGECLASS   VOLUMEATTRIBUTESCLASS   AGE
      static   Bound    manual   5Gi        RWO                           <unset>                 20s
      """
    When I run `kubectl delete pvc static`
    And 20s pass
    And I run `kubectl get pv manual -o 'jsonpath={.status.phase}'`
    Then the output is:
      """
      Released
      """

  @T25
  Scenario Outline: A claim or volume the API server refuses changes nothing
    Given the file "bad.yaml":
      """
      <manifest>
      """
    When I run `kubectl apply -f bad.yaml`
    Then it fails with:
      """
      <error>
      """
    When I run `kubectl get pvc,pv`
    Then the error output is:
      """
      No resources found
      """

    Examples:
      | manifest                                                                                                                    | error |
      | {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"c"},"spec":{"resources":{"requests":{"storage":"1Gi"}}}} | The PersistentVolumeClaim "c" is invalid: spec.accessModes: Required value: at least 1 access mode is required |
      | {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"c"},"spec":{"accessModes":["ReadWriteSometimes"],"resources":{"requests":{"storage":"1Gi"}}}} | The PersistentVolumeClaim "c" is invalid: spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod" |
      | {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"c"},"spec":{"accessModes":["ReadWriteOnce"]}}          | The PersistentVolumeClaim "c" is invalid: spec.resources[storage]: Required value |
