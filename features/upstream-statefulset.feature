Feature: A StatefulSet's Pod identity and storage pass Kubernetes' own unit tests
  A StatefulSet's Pod is named `<set>-<ordinal>`, carries its name and ordinal as labels, lives in
  the set's namespace, and mounts one claim per claim template, named
  `<template>-<set>-<ordinal>` and labelled with the set's selector. The controller checks each of
  these on every sync and puts back what is missing. Upstream pins them in
  stateful_set_utils_test.go; its cases run here against the model's functions
  (steps/fixtures/upstream/statefulset.json says which upstream file and version). Under
  OrderedReady it creates Pods in ordinal order, each once its predecessor is Running and Ready,
  and removes them from the highest ordinal one at a time; Parallel does both at once; a rolling
  update replaces Pods from the highest ordinal down to the partition; OnDelete waits for someone
  to delete a Pod. stateful_set_control_test.go follows these pass by pass on a fake object
  manager (steps/fixtures/upstream/statefulset-control.json).

  @CT07
  Scenario Outline: A StatefulSet Pod's identity and storage as stateful_set_utils_test.go pins them: <table>
    Then every case of upstream's statefulset test <table> holds on the model

    Examples:
      | table                  |
      | parentAndOrdinal       |
      | isMemberOf             |
      | identityMatches        |
      | storageMatches         |
      | isRunningAndReady      |
      | newPodControllerRef    |
      | persistentVolumeClaims |

  @CT15
  Scenario: A StatefulSet scales, replaces and updates its Pods in the order stateful_set_control_test.go pins
    Then every case of upstream's StatefulSet control test control holds on the model
