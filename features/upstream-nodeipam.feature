Feature: The node IPAM's CIDR set passes Kubernetes' own unit tests
  The node IPAM controller gives each Node a podCIDR cut from the cluster CIDR: the subnets of one
  mask size, numbered by their bits below the cluster mask, handed out from a cursor that moves
  on, so a released subnet comes back only when the cursor comes round. Occupying or releasing a
  range marks every subnet it overlaps, counting each once. Upstream pins this in
  cidr_set_test.go; its IPv4 cases run here against the model's CidrSet
  (steps/fixtures/upstream/nodeipam.json says which upstream file and version).

  @CT06
  Scenario Outline: Subnets are numbered, allocated, occupied and released as cidr_set_test.go pins it: <table>
    Then every case of upstream's nodeipam test <table> holds on the model

    Examples:
      | table               |
      | fullyAllocated      |
      | indexToCIDRBlock    |
      | randomishAllocation |
      | allocationOccupied  |
      | doubleOccupyRelease |
      | getBitForCIDR       |
      | occupy              |
      | allocateTwo         |
      | occupyThenAllocate  |
      | maxCIDRs            |
      | parseCIDR           |
      | newCIDRSet          |

  @CT36
  Scenario Outline: The range allocator occupies, allocates, retries and releases Pod CIDRs as range_allocator_test.go (v1.32) pins it: <table>
    The whole allocator runs (its Node informer, work queue and event handlers) against an API
    server of its own: a Node without a podCIDR is patched with the next free subnet, one with a
    podCIDR has it occupied (at creation for the listed Nodes, where one outside the cluster CIDR
    fails the allocator; through the informer otherwise, where it fails the sync), no free subnet
    records CIDRNotAvailable and retries with back-off, a patch failing three times records
    CIDRAssignmentFailed and gives the subnet back, and a Node's subnet is released only once the
    Node is gone, not while it is under deletion (steps/fixtures/upstream/nodeipam-allocator.json).
    Then every case of upstream's range allocator test <table> holds on the model

    Examples:
      | table             |
      | occupyPreExisting |
      | allocateSuccess   |
      | allocateFailure   |
      | releaseSuccess    |
      | nodeDeletion      |
      | updateRetries     |
