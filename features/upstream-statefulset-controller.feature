Feature: The whole StatefulSet controller passes Kubernetes' own controller tests
  The StatefulSet controller watches StatefulSets, Pods and ControllerRevisions. A Pod's add,
  update or delete queues the set its controller reference names (by name, UID and kind); a
  reference that moves queues the old owner too; an orphan queues every set that selects it, on
  its add and whenever its labels or reference change, never on its deletion. A sync claims the
  Pods it owns and the orphans it selects whose names make them members (and releases a Pod it
  owns that is no member), records each revision of its template as a ControllerRevision (reused
  when unchanged, renumbered when an older template comes back, a collision counted in the status)
  and deletes the revisions no Pod uses beyond revisionHistoryLimit. Each Pod's claims are made
  before it, owned as the retention policy says; every create, update and delete of a Pod or claim
  is a Successful or Failed Event. Upstream's stateful_set_test.go, stateful_pod_control_test.go and
  pkg/controller/history's tests (kubernetes v1.32) check these through fakes; their cases run here
  on the whole controller on a fake control plane, with its informers and work queue, at exact
  virtual times (steps/fixtures/upstream/statefulset-controller.json says which upstream test each
  case follows).

  @CT28
  Scenario Outline: The StatefulSet controller's handlers, Pod ownership, claims and Events as upstream's tests pin them: <table>
    Then every case of upstream's statefulset controller test <table> holds on the model

    Examples:
      | table    |
      | handlers |
      | claims   |
      | failures |

  @CT15
  Scenario Outline: The StatefulSet controller scales and updates its Pods as stateful_set_test.go pins it: <table>
    Then every case of upstream's statefulset controller test <table> holds on the model

    Examples:
      | table   |
      | sync    |
      | updates |

  @CT29
  Scenario: A StatefulSet's ControllerRevisions as pkg/controller/history's tests pin them
    Then every case of upstream's statefulset controller test revisions holds on the model
