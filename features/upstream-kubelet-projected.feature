Feature: What the kubelet writes into configMap, secret, downwardAPI and projected volumes, as upstream's payload tests have it
  A configMap or secret volume, or such a projected source, holds every key of its object (a
  ConfigMap's binaryData decoded too) or only the items asked for, at their paths; a key asked for
  that is missing fails the volume, unless the source is optional, and so does a missing object
  that is not optional. A downwardAPI item holds a field as fieldpath.ExtractFieldPathAsString reads
  it: the name, namespace or UID, the labels or annotations as sorted key="value" lines, or one of
  them by a subscript that must be a qualified name; any other field is an error. A projected
  volume joins its sources (a serviceAccountToken source is the token the kubelet requested), and
  fails with every source's error aggregated. These are the cases of pkg/volume/projected's
  projected_test.go, the secret and configmap plugins' TestMakePayload, and pkg/fieldpath
  (Kubernetes v1.32), with rows of our own, run on the model's setUpVolumes
  (steps/fixtures/upstream/kubelet-projected.json).

  @KL27
  Scenario: Keys, items, paths and optional sources of configMap and secret volumes (TestCollectDataWithSecret, TestCollectDataWithConfigMap, TestMakePayload)
    Then every case of upstream's kubelet table payload holds on the model

  @KL27
  Scenario: downwardAPI items and the fields they may read (TestCollectDataWithDownwardAPI, TestExtractFieldPathAsString)
    Then every case of upstream's kubelet table downwardAPIPayload holds on the model

  @KL27 @KL26
  Scenario: A projected volume's sources together, a ServiceAccount token among them, and their errors aggregated (TestCollectDataWithServiceAccountToken, collectData)
    Then every case of upstream's kubelet table projectedSources holds on the model

  @KL27
  Scenario: A container's mounts: read-only, a hostPath's subPath, a subPath of a files volume (TestMakeMounts)
    Then every case of upstream's kubelet table containerMounts holds on the model
