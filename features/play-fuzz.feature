Feature: No play script crashes kubespec play
  fast-check writes play scripts: kubectl commands well-formed and not (random verbs, resources,
  flags and values, heredocs of generated and broken manifests), sleeps and timeouts with good
  and bad intervals, node commands on known and unknown nodes, pipes into the filters, shell
  operators, bad quotes and unknown commands. Every one ends with 0, 1 or 2 and prints only what
  kubectl, the node's tools or the play say; the seed is fixed (KUBESPEC_SEED varies it).

  @property @A66
  Scenario: Generated play scripts never crash the play nor print JavaScript internals
    Then no generated play script crashes the play or prints JavaScript internals
