Feature: A StatefulSet's Pod identity and storage pass Kubernetes' own unit tests
  A StatefulSet's Pod is named `<set>-<ordinal>`, carries its name and ordinal as labels, lives in
  the set's namespace, and mounts one claim per claim template, named
  `<template>-<set>-<ordinal>` and labelled with the set's selector. The controller checks each of
  these on every sync and puts back what is missing. Upstream pins them in
  stateful_set_utils_test.go; its cases run here against the model's functions
  (steps/fixtures/upstream/statefulset.json says which upstream file and version).

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
