Feature: The kubelet's ConfigMap and downward API volumes, set up and kept up to date
  MountVolume.SetUp of a volume whose ConfigMap is missing fails with FailedMount in the
  kubelet's words, and succeeds once it exists. Every sync period (1 minute) the kubelet writes
  the files of configMap and downwardAPI volumes again: a container sees the ConfigMap's keys as
  they are now (a key gone is gone) and the Pod's labels, while a ConfigMap deleted meanwhile
  leaves the files as they were; a Pod with only an emptyDir has nothing to refresh, and a Pod
  gone is refreshed no more. These follow pkg/volume/configmap's SetUpAt and the e2e tests
  configmap_volume.go and downwardapi_volume.go (Kubernetes v1.32), on the model's mountVolumes
  (steps/fixtures/upstream/kubelet-volumes.json).

  @G10 @G13
  Scenario: FailedMount for a missing ConfigMap, and the files refreshed every sync period (MountVolume.SetUp, 'updates should be reflected in volume')
    Then every case of upstream's kubelet table configurationVolumes holds on the model
