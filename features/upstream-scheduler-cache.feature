Feature: The scheduler cache as upstream's own tests have it
  kube-scheduler counts a Pod against its node as soon as it decides to bind it ("assumed"),
  before the API server confirms the binding; the Pod's Add event confirms it, a failed
  binding forgets it, and an assumed Pod whose binding finished expires after the cache's ttl
  (kube-scheduler 1.32 runs with none). A node's requested resources are the sum of its Pods'
  (extended resources included, invalid names ignored), with 100m CPU and 200Mi memory counted
  for a container that requests nothing when spreading. These are the cases of
  pkg/scheduler/internal/cache/cache_test.go (steps/fixtures/upstream/scheduler-cache.json).

  @S88
  Scenario: Assumed Pods count against their node at once, and cannot be assumed twice (TestAssumePodScheduled)
    Then every case of upstream's scheduler-cache table assume holds on the model

  @S88
  Scenario: Assumed Pods expire after the ttl once bound, never with a ttl of 0 (TestExpirePod)
    Then every case of upstream's scheduler-cache table expire holds on the model

  @S88
  Scenario: Add confirms, Update replaces, Remove and Forget give the room back, in upstream's words when refused
    Then every case of upstream's scheduler-cache table steps holds on the model

  @SC12
  Scenario: A removed Node takes its NodeInfo along unless Pods still name it; an assumed Pod bound elsewhere moves there
    Then every case of upstream's scheduler-cache table nodes holds on the model
