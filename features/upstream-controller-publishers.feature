Feature: The ClusterRole aggregation, ServiceAccount and root CA publisher controllers pass Kubernetes' own unit tests
  Three small controllers of kube-controller-manager keep something present everywhere it
  belongs. The ClusterRole aggregation controller gives a ClusterRole with an aggregationRule the
  rules of the ClusterRoles its selectors match, selector after selector, each selector's roles
  by name, itself left out and each rule once, by a forced server-side apply of its name and
  rules alone (no rules at all when none is left), and sends nothing when the rules are already
  those. The ServiceAccount controller creates the ServiceAccounts it ensures that an Active
  namespace lacks, when the namespace is added or updated or one of its ServiceAccounts is
  deleted, and nothing in a Terminating or unknown namespace. The root CA publisher creates the
  ConfigMap kube-root-ca.crt in a namespace added, creates it again when it is deleted and
  updates it back to the root CA alone, with its description annotation, when it is changed;
  other ConfigMaps and Terminating namespaces do not concern it, nor does a description changed
  by someone else. Each works only once its caches have synced, and a failed request brings its
  key back with back-off (the ServiceAccount controller tries its other accounts first).
  Upstream pins this in kubernetes v1.32's clusterroleaggregation_controller_test.go,
  serviceaccounts_controller_test.go and rootcacertpublisher's publisher_test.go; they run here
  against the model (steps/fixtures/upstream/clusterroleaggregation.json, serviceaccounts.json
  and rootcacertpublisher.json say what was left out and why).

  @CT47
  Scenario: An aggregated ClusterRole's rules, as TestSyncClusterRole pins them
    Then every case of upstream's clusterrole aggregation test syncClusterRole holds on the model

  @CT40 @CT47
  Scenario: kube-controller-manager starts the aggregation controller: its lines, then it waits for the ClusterRole cache
    Then kube-controller-manager starts the clusterrole aggregation controller as its Run does

  @CT48
  Scenario: The ServiceAccounts of a namespace, as TestServiceAccountCreation pins them
    Then every case of upstream's serviceaccount test serviceAccountCreation holds on the model

  @CT49
  Scenario Outline: The kube-root-ca.crt ConfigMap of a namespace, as publisher_test.go pins it: <table>
    Then every case of upstream's root CA publisher test <table> holds on the model

    Examples:
      | table                    |
      | configMapCreation        |
      | configMapUpdateNoHotLoop |
