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
