Feature: etcd stores keys with revisions, and lets the API server watch them
  etcd is an MVCC key-value store: every write gets the next revision; a transaction can
  compare a key's mod revision before writing; a watch replays every change from a revision;
  compaction drops old history. Kubernetes lays its keys out as /registry/<resource>/<ns>/<name>.

  Background:
    Given an empty etcd store

  @W06
  Scenario: Writes get increasing revisions, and a key remembers its create and mod revision
    When I put "/registry/pods/default/a" = "one"
    And I put "/registry/pods/default/b" = "two"
    And I put "/registry/pods/default/a" = "three"
    Then the key "/registry/pods/default/a" has value "three", create revision 2, mod revision 4, version 2
    And a range over "/registry/pods/" lists "/registry/pods/default/a, /registry/pods/default/b"

  @E10
  Scenario: A compare-and-swap on a stale mod revision fails and changes nothing
    When I put "/registry/pods/default/a" = "one"
    And I put "/registry/pods/default/a" if its mod revision is 1, the value "two"
    Then the transaction fails
    And the key "/registry/pods/default/a" has value "one", create revision 2, mod revision 2, version 1

  @E11
  Scenario: A watch from a revision replays every later change, in order
    When I put "/registry/pods/default/a" = "one"
    And I put "/registry/pods/default/b" = "two"
    And I delete "/registry/pods/default/a"
    And I watch "/registry/pods/" from revision 3
    Then the watch received "PUT /registry/pods/default/b, DELETE /registry/pods/default/a"

  @E12
  Scenario: After compaction, a watch from an older revision is refused
    When I put "/registry/pods/default/a" = "one"
    And I put "/registry/pods/default/a" = "two"
    And I compact at revision 3
    And I watch "/registry/pods/" from revision 2
    Then the watch fails with "mvcc: required revision has been compacted"
