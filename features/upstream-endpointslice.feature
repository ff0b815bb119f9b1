Feature: The EndpointSlice controller passes Kubernetes' own unit tests
  For every Service with a selector the EndpointSlice controller writes slices of the selected
  Pods' endpoints. Which Pods belong there (not Succeeded or Failed, with an IP), what each
  endpoint says (ready only when serving and not terminating, unless the Service publishes
  not-ready addresses; the Pod's IPv4 addresses, its node and that node's zone, a hostname only
  in the Service's own subdomain), which ports it serves, which labels a slice carries (the
  Service's, never a reserved one it sets itself, and the headless label when it has no cluster
  IP), and which Pod updates make it look at a Service again are pinned by tables beside the
  code in kubernetes v1.32 (staging/src/k8s.io/endpointslice: utils_test.go and
  util/controller_utils_test.go; a named target port is found as pkg/api/v1/pod's
  util_test.go says). Their cases run here against the model's functions, with a few rows of the
  model's own, named (kubespec), read off upstream's code where its tables are silent
  (steps/fixtures/upstream/endpointslice.json says what was left out and why).

  @CT08
  Scenario Outline: An endpoint and a slice as utils_test.go pins them: <table>
    Then every case of upstream's endpointslice test <table> holds on the model

    Examples:
      | table                  |
      | newEndpointSlice       |
      | podToEndpoint          |
      | getEndpointPorts       |
      | findPort               |
      | setEndpointSliceLabels |

  @CT09
  Scenario Outline: Which Pods and which Pod updates the controller looks at, as controller_utils_test.go pins it: <table>
    Then every case of upstream's endpointslice test <table> holds on the model

    Examples:
      | table                         |
      | shouldPodBeInEndpoints        |
      | shouldSetHostname             |
      | podEndpointsChanged           |
      | determineNeededServiceUpdates |
