Feature: The EndpointSlice controller and its reconciler pass Kubernetes' own unit tests
  The EndpointSlice controller syncs a Service when it, one of its Pods or one of its slices
  changes: nothing for a Service without a selector or of type ExternalName; otherwise the
  slices its labels select, but for those being deleted, reconciled with the selected Pods,
  unless its cache lags behind its own writes. The reconciler writes as little as it can: an
  existing slice keeps the endpoints still wanted, new ones fill the slices being updated anyway,
  then new slices of at most 100 endpoints, the last few the unchanged slice they fill best;
  empty slices, slices of ports or an address type no longer wanted and slices another Service
  owns go, a create paired with a delete becomes an update, a Service without Pods keeps one
  placeholder, a Service being deleted gets no new slice, and a Pod on an unknown Node is left
  out (and the sync fails) unless the Service publishes not-ready addresses. The tracker
  remembers the version of each slice the controller wrote or deleted, and the trigger time
  tracker when each Service and Pod last changed. Tables beside the code in kubernetes v1.32
  (pkg/controller/endpointslice/endpointslice_controller_test.go and
  staging/src/k8s.io/endpointslice: reconciler_test.go, util/endpointslice_tracker_test.go,
  util/trigger_time_tracker_test.go, util/controller_utils_test.go) pin it; their cases run here
  on the model's controller on a small control plane, and on its reconciler and trackers. Rows
  named (kubespec) are the model's own, read off upstream's code where its tests are silent: what
  each informer event queues and after how long, the retries and the event of a failed sync, the
  wait for the caches (steps/fixtures/upstream/endpointslice-controller.json says what was left
  out and why).

  @CT45
  Scenario Outline: The controller's syncs as endpointslice_controller_test.go pins them: <table>
    Then every case of upstream's EndpointSlice controller test <table> holds on the model

    Examples:
      | table                 |
      | syncServiceWrites     |
      | syncService           |
      | syncServiceMissing    |
      | onEndpointSliceUpdate |
      | podBatching           |
      | staleInformer         |

  @CT45
  Scenario Outline: The reconciler's writes as reconciler_test.go pins them: <table>
    Then every case of upstream's EndpointSlice controller test <table> holds on the model

    Examples:
      | table                   |
      | reconcile               |
      | placeholderSliceCompare |
      | finalize                |

  @CT45
  Scenario Outline: The slice tracker as endpointslice_tracker_test.go pins it: <table>
    Then every case of upstream's EndpointSlice controller test <table> holds on the model

    Examples:
      | table                 |
      | trackerUpdate         |
      | trackerStaleSlices    |
      | trackerDeletion       |
      | trackerDeleteService  |
      | trackerHandleDeletion |

  @CT45
  Scenario: Which endpoint changes rewrite a slice, as controller_utils_test.go pins them
    Then every case of upstream's EndpointSlice controller test endpointsEqualBeyondHash holds on the model

  @CT63
  Scenario Outline: What the controller's informer handlers queue, its retries and its wait for its caches: <table>
    Then every case of upstream's EndpointSlice controller test <table> holds on the model

    Examples:
      | table     |
      | handlers  |
      | retries   |
      | cacheSync |

  @CT64
  Scenario: The last-change-trigger-time as trigger_time_tracker_test.go pins it
    Then every case of upstream's EndpointSlice controller test triggerTime holds on the model
