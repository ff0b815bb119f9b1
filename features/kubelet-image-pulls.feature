Feature: How the kubelet pulls images, as upstream's puller tests have it
  The image pull policy decides: IfNotPresent pulls only an image the runtime lacks, Always pulls
  every time, Never never pulls and a missing image is ErrImageNeverPull. A failed pull is
  ErrImagePull and starts a back-off per Pod and image: until it has passed, the kubelet does not
  pull again and the container waits with ImagePullBackOff (quoting the last pull error); each
  failure doubles the delay. Each attempt records the kubelet's events (Pulling, Pulled, Failed,
  BackOff, ErrImageNeverPull). These are the cases of pkg/kubelet/images/image_manager_test.go
  (Kubernetes v1.32) on the model's image manager (steps/fixtures/upstream/kubelet-images.json).

  @KL07
  Scenario: Pull policies, failed pulls and their back-off, and the events of each attempt (TestSerializedPuller)
    Then every case of upstream's kubelet table puller holds on the model
