Feature: kind's local-path provisioner: what it makes, what it leaves alone, what it deletes
  kind's default StorageClass `standard` is served by rancher/local-path-provisioner on
  sig-storage-lib-external-provisioner's controller. For a claim the PV controller handed to
  rancher.io/local-path (volume.kubernetes.io/storage-provisioner) on a node the scheduler chose
  (volume.kubernetes.io/selected-node), it makes a hostPath PersistentVolume
  pvc-<claim uid> in /var/local-path-provisioner/<pv>_<namespace>_<claim> on that node, pinned there
  by a node affinity, with the class's reclaim policy; it says so in events on the claim. A claim of
  another provisioner, or one still waiting for its first consumer, is left alone; a node-local
  volume serves ReadWriteOnce and ReadWriteOncePod claims only, and needs the node a
  WaitForFirstConsumer class waits for. With reclaim policy Delete the volume and its directory
  go with the claim; with Retain both stay. Alone on a fake control plane it waits for its caches,
  makes a claim's volume once, takes one the API server has already for made, retries one the API
  server refuses (five tries, then the directory goes and the claim is provisioned again), and
  deletes only the Released volumes it made.

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
            storage: 3Gi
      """
    And the file "reader.yaml":
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: reader
      spec:
        nodeSelector:
          kubernetes.io/hostname: k8s-worker-1
        containers:
        - name: web
          image: nginx:1.27
          volumeMounts:
          - name: data
            mountPath: /data
        volumes:
        - name: data
          persistentVolumeClaim:
            claimName: data
      """

  @CT51
  Scenario: The volume it makes: the claim's size and modes, the class's reclaim policy, a hostPath on the chosen node
    When I run `kubectl apply -f claim.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl get pv -o jsonpath='{range .items[*]}{.metadata.annotations}{"\n"}{.spec.capacity.storage} {.spec.accessModes} {.spec.persistentVolumeReclaimPolicy} {.spec.volumeMode} {.spec.storageClassName}{"\n"}{.spec.hostPath.type} {.spec.hostPath.path}{"\n"}{.spec.nodeAffinity.required.nodeSelectorTerms}{"\n"}{.spec.claimRef.apiVersion} {.spec.claimRef.kind} {.spec.claimRef.namespace}/{.spec.claimRef.name}{"\n"}{end}'`
    Then the output lines match:
      """
      \{"local.path.provisioner/selected-node":"k8s-worker-1","pv.kubernetes.io/provisioned-by":"rancher.io/local-path"\}
      3Gi \["ReadWriteOnce"\] Delete Filesystem standard
      DirectoryOrCreate /var/local-path-provisioner/pvc-[0-9a-f-]{36}_default_data
      \[\{"matchExpressions":\[\{"key":"kubernetes.io/hostname","operator":"In","values":\["k8s-worker-1"\]\}\]\}\]
      v1 PersistentVolumeClaim default/data
      """
    And the volume bound to the claim "data" is named after the claim's uid, on the node the Pod "reader" runs on
    When I run `kubectl get events --field-selector involvedObject.name=data,source=rancher.io/local-path_local-path-provisioner -o 'custom-columns=TYPE:.type,REASON:.reason,MESSAGE:.message'`
    Then the output lines match:
      """
      TYPE +REASON +MESSAGE
      Normal +Provisioning +External provisioner is provisioning volume for claim "default/data"
      Normal +ProvisioningSucceeded +Successfully provisioned volume pvc-[0-9a-f-]{36}
      """
    When I run `kubectl get events --field-selector involvedObject.name=data,source=rancher.io/local-path_local-path-provisioner -o jsonpath='{range .items[*]}{.involvedObject.apiVersion} {.involvedObject.kind}{"\n"}{end}'`
    Then the output is:
      """
      v1 PersistentVolumeClaim
      v1 PersistentVolumeClaim
      """
    When I run `on k8s-worker-1 ls /var/local-path-provisioner`
    Then the output lines match:
      """
      pvc-[0-9a-f-]{36}_default_data
      """

  @CT51
  Scenario: With reclaim policy Retain the volume and its directory outlive the claim
    Given the file "keep.yaml":
      """
      apiVersion: storage.k8s.io/v1
      kind: StorageClass
      metadata:
        name: keep
      provisioner: rancher.io/local-path
      reclaimPolicy: Retain
      volumeBindingMode: WaitForFirstConsumer
      """
    And the file "keep-claim.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        storageClassName: keep
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 3Gi
      """
    When I run `kubectl apply -f keep.yaml`
    And I run `kubectl apply -f keep-claim.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl delete pod reader`
    And I run `kubectl delete pvc data`
    And 10s pass
    And I run `kubectl get pv -o 'custom-columns=RECLAIM:.spec.persistentVolumeReclaimPolicy,STATUS:.status.phase,CLASS:.spec.storageClassName'`
    Then the output is:
      """
      RECLAIM   STATUS     CLASS
      Retain    Released   keep
      """
    When I run `on k8s-worker-1 ls /var/local-path-provisioner`
    Then the output lines match:
      """
      pvc-[0-9a-f-]{36}_default_data
      """

  @CT51
  Scenario: With reclaim policy Delete the claim's delete takes the volume and its directory
    When I run `kubectl apply -f claim.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl delete pod reader`
    And I run `kubectl delete pvc data`
    And 10s pass
    And I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """
    When I run `on k8s-worker-1 ls /var/local-path-provisioner`
    Then the output is:
      """
      """

  @CT51
  Scenario: A claim of another provisioner is left alone
    Given the file "other.yaml":
      """
      apiVersion: storage.k8s.io/v1
      kind: StorageClass
      metadata:
        name: other
      provisioner: example.com/nfs
      volumeBindingMode: WaitForFirstConsumer
      """
    And the file "other-claim.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        storageClassName: other
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 3Gi
      """
    When I run `kubectl apply -f other.yaml`
    And I run `kubectl apply -f other-claim.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl get pvc data -o jsonpath='{.status.phase} {.metadata.annotations.volume\.kubernetes\.io/storage-provisioner}'`
    Then the output is:
      """
      Pending example.com/nfs
      """
    When I run `kubectl get events --field-selector involvedObject.name=data -o 'custom-columns=REASON:.reason,FROM:.source.component'`
    Then the output has 0 lines matching "local-path"
    When I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """

  # provisionClaimOperation: the claim's class decides, whatever the claim's annotation says.
  @CT51
  Scenario: A claim naming rancher.io/local-path but of another provisioner's class is left alone
    Given the file "other.yaml":
      """
      apiVersion: storage.k8s.io/v1
      kind: StorageClass
      metadata:
        name: other
      provisioner: example.com/nfs
      volumeBindingMode: WaitForFirstConsumer
      """
    And the file "forged.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: forged
        annotations:
          volume.kubernetes.io/storage-provisioner: rancher.io/local-path
          volume.kubernetes.io/selected-node: k8s-worker-1
      spec:
        storageClassName: other
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 1Gi
      """
    When I run `kubectl apply -f other.yaml`
    And I run `kubectl apply -f forged.yaml`
    And 20s pass
    And I run `kubectl get events --field-selector involvedObject.name=forged -o 'custom-columns=REASON:.reason,FROM:.source.component'`
    Then the output has 0 lines matching "local-path"
    When I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """

  @CT51
  Scenario: A claim handed to the provisioner without a selected node waits, in WaitForFirstConsumer mode
    Given the file "handed.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: handed
        annotations:
          volume.kubernetes.io/storage-provisioner: rancher.io/local-path
      spec:
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 1Gi
      """
    When I run `kubectl apply -f handed.yaml`
    And 20s pass
    And I run `kubectl get events --field-selector involvedObject.name=handed -o 'custom-columns=REASON:.reason,FROM:.source.component'`
    Then the output has 0 lines matching "local-path"
    When I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """

  @CT51
  Scenario Outline: A node-local volume is for one node's Pods: a claim for <modes> is refused
    Given the file "shared.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        accessModes: <modes>
        resources:
          requests:
            storage: 3Gi
      """
    When I run `kubectl apply -f shared.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl get events --field-selector involvedObject.name=data,source=rancher.io/local-path_local-path-provisioner -o 'custom-columns=TYPE:.type,REASON:.reason,MESSAGE:.message'`
    Then the output is:
      """
      TYPE      REASON               MESSAGE
      Normal    Provisioning         External provisioner is provisioning volume for claim "default/data"
      Warning   ProvisioningFailed   failed to provision volume with StorageClass "standard": NodePath only supports ReadWriteOnce and ReadWriteOncePod (1.22+) access modes
      """
    When I run `kubectl get pv`
    Then the error output is:
      """
      No resources found
      """

    Examples:
      | modes                              |
      | ["ReadWriteMany"]                  |
      | ["ReadWriteOnce", "ReadWriteMany"] |

  @CT51
  Scenario: A ReadWriteOncePod claim gets a node-local volume too
    Given the file "single.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        accessModes: ["ReadWriteOncePod"]
        resources:
          requests:
            storage: 3Gi
      """
    When I run `kubectl apply -f single.yaml -f reader.yaml`
    And 30s pass
    And I run `kubectl get pvc data -o jsonpath='{.status.phase} {.status.accessModes}'`
    Then the output is:
      """
      Bound ["ReadWriteOncePod"]
      """

  # provisionFor: without a node (a class that binds at once gives none) a node-local volume has nowhere to go.
  @CT51
  Scenario: A class that binds at once names no node: the provisioner cannot place the volume
    Given the file "now.yaml":
      """
      apiVersion: storage.k8s.io/v1
      kind: StorageClass
      metadata:
        name: now
      provisioner: rancher.io/local-path
      volumeBindingMode: Immediate
      """
    And the file "now-claim.yaml":
      """
      apiVersion: v1
      kind: PersistentVolumeClaim
      metadata:
        name: data
      spec:
        storageClassName: now
        accessModes: ["ReadWriteOnce"]
        resources:
          requests:
            storage: 3Gi
      """
    When I run `kubectl apply -f now.yaml -f now-claim.yaml`
    And 20s pass
    And I run `kubectl get events --field-selector involvedObject.name=data,source=rancher.io/local-path_local-path-provisioner -o 'custom-columns=TYPE:.type,REASON:.reason,MESSAGE:.message'`
    Then the output is:
      """
      TYPE      REASON               MESSAGE
      Normal    Provisioning         External provisioner is provisioning volume for claim "default/data"
      Warning   ProvisioningFailed   failed to provision volume with StorageClass "now": configuration error, no node was specified
      """
    When I run `kubectl get pvc data -o jsonpath='{.status.phase}'`
    Then the output is:
      """
      Pending
      """

  # The provisioner alone, case by case (steps/fixtures/upstream/local-path-provisioner.json).
  @CT51
  Scenario: Alone, the provisioner waits for its caches, makes a claim's volume once, retries a refused one and deletes only the Released volumes it made
    Then every case of the local-path provisioner's table cases holds on the model
