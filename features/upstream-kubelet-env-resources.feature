Feature: A container's resource variables (resourceFieldRef) as upstream computes them
  A variable from resourceFieldRef is a container's limit or request of cpu (in cores), memory or
  ephemeral-storage (in bytes), divided by the divisor and rounded up; the container is the one
  whose variable it is, or the one named, among the containers and then the init containers. A
  limit not set is the node's allocatable; a request not set is 0. Any other resource, or a name no
  container has, is the kubelet's error. This follows pkg/api/v1/resource's
  ExtractContainerResourceValue and ExtractResourceValueByContainerName (TestExtractResourceValue)
  and pkg/kubelet/kubelet_resources.go's defaultPodLimitsForDownwardAPI (Kubernetes v1.32), run on
  the model's makeEnvironment (steps/fixtures/upstream/kubelet-env-resources.json).

  @KL28
  Scenario: resourceFieldRef values, divisors, containers by name and the node's allocatable (TestExtractResourceValue, defaultPodLimitsForDownwardAPI)
    Then every case of upstream's kubelet table resourceFieldRef holds on the model

  @KL05
  Scenario: A variable from a ConfigMap's or Secret's key, a key or object not there, and optional (makeEnvironmentVariables)
    Then every case of upstream's kubelet table keyRefs holds on the model

  @KL05
  Scenario: A Pod's own Service named kubernetes wins over default's in whatever order the Service cache lists them (getServiceEnvVarMap)
    Then every case of upstream's kubelet table serviceEnvOrder holds on the model
