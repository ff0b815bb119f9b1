Feature: kube-apiserver compacts etcd's history every 5 minutes
  etcd keeps every revision until it is compacted. kube-apiserver compacts it every 5 minutes
  (--etcd-compaction-interval), at the revision it saw 5 minutes before, so etcd keeps between
  one and two intervals of history. A watch of etcd from a compacted revision is refused, and a
  list's continue token from before the compaction expires with a token that continues at the
  latest revision.

  @L01
  Scenario: The first compaction comes after two intervals and keeps the last one
    Given a cluster
    When 1m passes
    And I note etcd's current revision
    Then etcd has compacted no revision
    When 10m pass
    Then etcd is compacted at a revision after the one noted
    And an etcd watch of "/registry/pods/" from the noted revision fails with "mvcc: required revision has been compacted"

  @L02
  Scenario: A continue token older than the compaction expires, and the Status carries one that continues
    Given a cluster
    When 1m passes
    And I list "pods" in namespace "kube-system" one at a time and keep the continue token
    And 10m pass
    Then continuing the list of "pods" in namespace "kube-system" fails with 410 "Expired": "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list."
