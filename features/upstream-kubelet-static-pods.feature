Feature: The kubelet's static Pods and mirror Pods as upstream's config and mirror client tests have them
  The kubelet reads each manifest of its staticPodPath (trailing slashes or not) as a Pod: named
  after the node in lower case, in the default namespace unless it says, its UID a hash of the
  manifest, the node and the file (or its own UID if it has one), marked as coming from a file,
  bound to the node and tolerating every NoExecute taint once. Hidden files are skipped, and so is
  a file that is no Pod, each error logged with its file. An inotify event, or else the listing
  every 20 s, reports what appeared and what went. These are the cases of
  pkg/kubelet/config/common_test.go and file_linux_test.go (Kubernetes v1.32) on the model's file
  source (steps/fixtures/upstream/kubelet-static-pods.json).

  @KL17
  Scenario: A manifest read as a static Pod, and what is skipped (TestStaticPodNameGenerate, applyDefaults, TestExtractFromDir, TestWatchFileAdded, TestWatchFileChanged)
    Then every case of upstream's kubelet table staticPodSource holds on the model

  @KL17
  Scenario: A static Pod's UID hashes the manifest, the node and the file (applyDefaults)
    Then every case of upstream's kubelet table staticPodUID holds on the model

  @KL17
  Scenario: Which Pods are static and which are mirrors (IsStaticPod, IsMirrorPod)
    Then every case of upstream's kubelet table podSource holds on the model
