Feature: The API server's registry as upstream's own Store tests have it
  Creating a name that exists is AlreadyExists, also while the object is being deleted
  gracefully ("object is being deleted: ..."); an update carrying an out-of-date resourceVersion is
  a Conflict and changes nothing; an update of nothing new writes nothing. These are cases of
  k8s.io/apiserver's pkg/registry/generic/registry/store_test.go, run through the model's API
  server (steps/fixtures/upstream/registry.json).

  @S24
  Scenario: Create, update and conflict as the generic registry Store's tests say
    Then every case of upstream's registry table cases holds on the model
