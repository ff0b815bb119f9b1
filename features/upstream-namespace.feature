Feature: The namespace controller passes Kubernetes' own unit tests
  While a Namespace is Terminating the namespace controller deletes every namespaced collection
  in it and keeps five conditions on it: each False with its "ok" reason and message unless
  something is wrong, NamespaceContentRemaining and NamespaceFinalizersRemaining True (with the
  resources and finalizers left, sorted) while content remains. It leaves a condition of a type
  it does not own alone, updates its own in place, and once nothing should be left sends the
  Namespace to its finalize subresource without its "kubernetes" finalizer; an active Namespace
  is not touched. Upstream pins this in kubernetes v1.32's pkg/controller/namespace/deletion
  tests; they run here against the model (steps/fixtures/upstream/namespace.json says what was
  left out and why).

  @CT12
  Scenario Outline: A terminating Namespace's conditions, as status_condition_utils_test.go pins them: <table>
    Then every case of upstream's namespace test <table> holds on the model

    Examples:
      | table                |
      | updateConditions     |
      | processContentTotals |

  @CT50
  Scenario Outline: The deletion conditions' and the grace period estimate's edges, the model's own rows: <table>
    Then every case of upstream's namespace test <table> holds on the model

    Examples:
      | table                       |
      | deleteContentCondition      |
      | estimateGracefulTermination |

  @CT13
  Scenario Outline: Emptying and finalizing a Namespace, as namespaced_resources_deleter_test.go pins it: <table>
    Then every case of upstream's namespace test <table> holds on the model

    Examples:
      | table             |
      | finalized         |
      | finalizeNamespace |

  @CT13 @CT50
  Scenario Outline: Emptying and finalizing a Namespace on a control plane, as namespaced_resources_deleter_test.go pins it: <table>
    Then every case of upstream's namespace test <table> holds on the model

    Examples:
      | table   |
      | deleter |
