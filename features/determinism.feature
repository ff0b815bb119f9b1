Feature: Same seed, same run
  The model runs on virtual time and one seeded random generator, so a script played twice
  with the same seed prints the same transcript, byte for byte; another seed changes the
  random parts (names, placement) but not the outcome.

  @E08
  Scenario: The walkthrough plays identically twice with the same seed
    When I play "examples/walkthrough.play" with seed 7 twice
    Then both transcripts are identical

  @E09
  Scenario: Another seed gives other names but the same outcome
    When I play "examples/walkthrough.play" with seed 7 and with seed 8
    Then the transcripts differ
    And both transcripts end with 3 Running nginx Pods

  # The suite boots a cluster for almost every scenario; a boot is deterministic, so a cluster
  # that a scenario only read from is handed to the next scenario instead of booting another
  # (steps/support/cluster-pool.ts), after checking that nothing in it changed.
  @E20
  Scenario: Booting is deterministic down to the whole state, not only the transcript
    Then two clusters booted with seed 1 hold the same state, and one booted with seed 2 does not

  @E20
  Scenario: Reads and refused requests leave a booted cluster as it was
    Given a cluster
    When I run `kubectl get pods -A -o wide`
    And I run `kubectl describe node k8s-worker-1`
    And I run `on k8s-worker-1 crictl ps`
    And I run `kubectl get pods --selector='a in (b'`
    Then it fails with an error containing "unable to parse requirement"
    When I run `kubectl apply -f missing.yaml`
    Then it fails with an error containing "does not exist"
    And the cluster is still as a fresh boot of its seed left it

  # A dry run stores nothing, but draws the uid a create would give: the next names differ.
  @E20
  Scenario Outline: A write, a dry run, time passing, or a change on a node is a change: <change>
    Given a cluster
    When I run `<line>`
    Then the cluster is no longer as a fresh boot of its seed left it

    Examples:
      | change                     | line                                                            |
      | a label on a node          | kubectl label node k8s-worker-1 disk=ssd                        |
      | a server-side dry run      | kubectl apply -f examples/nginx.yaml --dry-run=server           |
      | a second of virtual time   | sleep 1                                                         |
      | a directory on a node      | on k8s-worker-1 mkdir -p /root/marker                           |
      | a flushed table on a node  | on k8s-worker-1 iptables -t nat -F                              |
      | a process killed on a node | on k8s-worker-1 pkill kube-proxy                                |
