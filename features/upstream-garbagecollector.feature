Feature: The garbage collector as upstream's own tests have it
  The garbage collector deletes an object once every owner it names is gone, reading the object
  and each owner from the API server at the coordinates the reference gives: an owner in another
  namespace, of another kind or under another name is no owner, even if its UID matches; a
  reference to a kind the API server does not serve is retried, never taken for gone; a
  cluster-scoped object naming a namespaced owner is left alone. Owners known to be absent are
  remembered in a least-recently-used cache. These are the cases of
  pkg/controller/garbagecollector/garbagecollector_test.go, run on the model's collector against
  an API server of its own (steps/fixtures/upstream/gc.json). The foreground, graphChanges and
  workQueue tables run the whole collector, informers and work queues, through the deletion flows
  of v1.32's garbagecollector.go and the event rules of graph_builder.go's processGraphChanges:
  foreground deletion waits for the dependents whose reference blocks the owner, deletes a
  dependent with dependents of its own in the foreground and breaks ownership cycles; an owner
  deleted with the orphan policy keeps its dependents; nothing is collected before every monitor
  has synced; a failed request, NotFound included, is retried with back-off.

  @S25
  Scenario: An object whose owner is gone is deleted after reading both (TestAttemptToDeleteItem)
    Then every case of upstream's garbagecollector table attemptToDeleteItem holds on the model

  @S25
  Scenario: Absent owners are remembered, least recently used forgotten first (TestAbsentOwnerCache)
    Then every case of upstream's garbagecollector table absentOwnerCache holds on the model

  @S25
  Scenario: The owner-reference patches delete or unblock only what they name (TestDeleteOwnerRefPatch, TestUnblockOwnerReference)
    Then every case of upstream's garbagecollector table patches holds on the model

  @S26
  Scenario: References to the wrong namespace, kind or version end as upstream's TestConflictingData says
    Then every case of upstream's garbagecollector table conflictingData holds on the model

  @S86
  Scenario: An orphaned dependent loses the deleted owner's reference, and the field with its last one
    Then every case of upstream's garbagecollector table orphan holds on the model

  @S26
  Scenario: Owners and dependents stay consistent through adds, updates and deletes in any order (TestProcessEvent)
    Then every case of upstream's garbagecollector table processEvent holds on the model

  @CT30
  Scenario: Foreground deletion as garbagecollector.go drives it: blocking dependents first, dependents with dependents in the foreground, cycles broken
    Then every case of upstream's garbagecollector table foreground holds on the model

  @CT31
  Scenario: Which changes make the collector look at an object, and what it sends, as graph_builder.go's processGraphChanges and attemptToDeleteItem have it
    Then every case of upstream's garbagecollector table graphChanges holds on the model

  @CT32
  Scenario: The collector's work queues retry what failed or cannot be resolved yet, with back-off, and drop what no retry will change, as attemptToDeleteWorker and attemptToOrphanWorker have it
    Then every case of upstream's garbagecollector table workQueue holds on the model
