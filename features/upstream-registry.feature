Feature: The API server's registry as upstream's own Store tests have it
  Creating a name that exists is AlreadyExists, also while the object is being deleted
  gracefully ("object is being deleted: ..."); an update carrying an out-of-date resourceVersion is
  a Conflict and changes nothing; an update of nothing new writes nothing. These are cases of
  k8s.io/apiserver's pkg/registry/generic/registry/store_test.go, run through the model's API
  server (steps/fixtures/upstream/registry.json).

  @S24
  Scenario: Create, update and conflict as the generic registry Store's tests say
    Then every case of upstream's registry table cases holds on the model

  @S27
  Scenario: A delete waits for finalizers, gracefully or not, and removing the last one removes the object (Test(Non)GracefulStoreHandleFinalizers)
    Then every case of upstream's registry-delete table finalizers holds on the model

  @S27
  Scenario: A delete's options put on the orphan finalizer or take it off (TestStoreDeleteWithOrphanDependents)
    Then every case of upstream's registry-delete table orphanDependents holds on the model

  @S27
  Scenario: A delete's propagationPolicy replaces the orphan and foregroundDeletion finalizers (TestStoreDeletionPropagation)
    Then every case of upstream's registry-delete table propagation holds on the model

  @S27
  Scenario: deletecollection deletes every object it lists (TestStoreDeleteCollection)
    Then every case of upstream's registry-delete table deleteCollection holds on the model
