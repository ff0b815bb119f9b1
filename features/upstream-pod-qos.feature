Feature: A Pod's QoS class and requests are what upstream's tests say
  The API server gives every new Pod a QoS class from its containers' cpu and memory: BestEffort
  without any, Guaranteed when every container limits both and the requests add up to the limits,
  Burstable otherwise. Only cpu and memory count, a zero quantity counts as unset, and init
  containers count too. A container that sets limits but not requests requests its limits. The
  cases are Kubernetes v1.32's TestComputePodQOS (pkg/apis/core/helper/qos/qos_test.go) and
  TestSetDefaultRequestsPod (pkg/apis/core/v1/defaults_test.go), run on the API server's defaulting.

  @AP19
  Scenario: QoS classes (TestComputePodQOS)
    Then each Pod's QoS class is as upstream's tests say:
      | case                                   | containers                                                                                                                                 | init containers                                                  | class      |
      | best-effort                            | [{}]                                                                                                                                       |                                                                  | BestEffort |
      | best-effort-best-effort                | [{}, {}]                                                                                                                                   |                                                                  | BestEffort |
      | zero requests are no requests          | [{"requests": {"cpu": "0", "memory": "0"}}]                                                                                                |                                                                  | BestEffort |
      | a zero request beside a limit | [{"requests": {"cpu": "0"}, "limits": {"cpu": "1"}}] | | Burstable |
      | zero requests beside both limits | [{"requests": {"cpu": "0", "memory": "0"}, "limits": {"cpu": "1", "memory": "1Gi"}}] | | Burstable |
      | only resources that are not cpu or memory | [{"requests": {"ephemeral-storage": "1Gi"}, "limits": {"ephemeral-storage": "1Gi", "example.com/gpu": "1"}}]                            |                                                                  | BestEffort |
      | guaranteed                             | [{"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "100m", "memory": "100Mi"}}]                                           |                                                                  | Guaranteed |
      | guaranteed-guaranteed                  | [{"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "100m", "memory": "100Mi"}}, {"limits": {"cpu": "1", "memory": "1Gi"}}] |                                                                  | Guaranteed |
      | limits only, requests defaulted        | [{"limits": {"cpu": "100m", "memory": "100Mi"}}]                                                                                           |                                                                  | Guaranteed |
      | equal quantities written differently   | [{"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "1000m", "memory": "1024Mi"}}]                                              |                                                                  | Guaranteed |
      | guaranteed with other resources        | [{"requests": {"cpu": "100m", "memory": "100Mi", "ephemeral-storage": "1Gi"}, "limits": {"cpu": "100m", "memory": "100Mi", "ephemeral-storage": "2Gi"}}] |                                          | Guaranteed |
      | best-effort-guaranteed                 | [{}, {"limits": {"cpu": "100m", "memory": "100Mi"}}]                                                                                       |                                                                  | Burstable  |
      | burstable                              | [{"requests": {"cpu": "100m"}}]                                                                                                            |                                                                  | Burstable  |
      | burstable, limits only on cpu          | [{"limits": {"cpu": "100m"}}]                                                                                                              |                                                                  | Burstable  |
      | burstable, requests below limits       | [{"requests": {"cpu": "50m", "memory": "100Mi"}, "limits": {"cpu": "100m", "memory": "100Mi"}}]                                            |                                                                  | Burstable  |
      | burstable-unbounded-but-requests-match-limits | [{"requests": {"cpu": "100m", "memory": "100Mi"}, "limits": {"cpu": "100m", "memory": "100Mi"}}, {"requests": {"cpu": "100m", "memory": "100Mi"}}] |                                | Burstable  |
      | the sums decide, not each container    | [{"requests": {"cpu": "1", "memory": "1Gi"}, "limits": {"cpu": "2", "memory": "1Gi"}}, {"requests": {"cpu": "2", "memory": "1Gi"}, "limits": {"cpu": "1", "memory": "1Gi"}}] |                  | Guaranteed |
      | an init container that is burstable    | [{"limits": {"cpu": "100m", "memory": "100Mi"}}]                                                                                           | [{"requests": {"cpu": "10m"}}]                                   | Burstable  |
      | an init container that is guaranteed   | [{"limits": {"cpu": "100m", "memory": "100Mi"}}]                                                                                           | [{"limits": {"cpu": "10m", "memory": "10Mi"}}]                   | Guaranteed |
      | only an init container asks            | [{}]                                                                                                                                       | [{"requests": {"memory": "10Mi"}}]                               | Burstable  |

  @AP19
  Scenario: Limits without requests become the requests (TestSetDefaultRequestsPod)
    Then a Pod's containers are defaulted to request their limits:
      | case                             | resources                                                            | defaulted                                                                      |
      | limits only                      | {"limits": {"cpu": "100m", "memory": "1Gi"}}                         | {"limits":{"cpu":"100m","memory":"1Gi"},"requests":{"cpu":"100m","memory":"1Gi"}} |
      | a request kept, the other added  | {"limits": {"cpu": "100m", "memory": "1Gi"}, "requests": {"cpu": "50m"}} | {"limits":{"cpu":"100m","memory":"1Gi"},"requests":{"cpu":"50m","memory":"1Gi"}} |
      | requests only                    | {"requests": {"cpu": "50m"}}                                         | {"requests":{"cpu":"50m"}}                                                     |
      | nothing                          | {}                                                                   | {}                                                                             |
