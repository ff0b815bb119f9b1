Feature: The kubelet's static Pods and mirror Pods as upstream's config and mirror client tests have them
  The kubelet reads each manifest of its staticPodPath (trailing slashes or not) as a Pod: named
  after the node in lower case, in the default namespace unless it says, its UID a hash of the
  manifest, the node and the file (or its own UID if it has one), marked as coming from a file,
  bound to the node and tolerating every NoExecute taint once. Hidden files are skipped, and so is
  a file that is no Pod, each error logged with its file. An inotify event, or else the listing
  every 20 s, reports what appeared and what went. Once the Node is registered, each static Pod
  has a mirror Pod in the API server: its annotations, config.mirror set to its hash, controlled by
  the Node; a mirror of another version or being deleted is deleted at once and made again. These
  are the cases of pkg/kubelet/config/common_test.go and file_linux_test.go, and of
  pod/mirror_client_test.go and syncPod's mirror step (Kubernetes v1.32), on the model's file
  source and mirror client (steps/fixtures/upstream/kubelet-static-pods.json).

  @KL17
  Scenario: A manifest read as a static Pod, and what is skipped (TestStaticPodNameGenerate, applyDefaults, TestExtractFromDir, TestWatchFileAdded, TestWatchFileChanged)
    Then every case of upstream's kubelet table staticPodSource holds on the model

  @KL17
  Scenario: A static Pod's UID hashes the manifest, the node and the file (applyDefaults)
    Then every case of upstream's kubelet table staticPodUID holds on the model

  @KL17
  Scenario: Which Pods are static and which are mirrors (IsStaticPod, IsMirrorPod)
    Then every case of upstream's kubelet table podSource holds on the model

  @KL19
  Scenario: A static Pod's mirror: made controlled by the Node, replaced when outdated or being deleted (TestCreateMirrorPod, syncPod)
    Then every case of upstream's kubelet table mirrorPods holds on the model
