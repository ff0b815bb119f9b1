Feature: The scheduling helpers the scheduler and the controllers share
  Where kube-scheduler and kube-controller-manager must agree (does this node match the Pod's
  node selector and required affinity? does the Pod tolerate this taint? what does it request?),
  both call one library, k8s.io/component-helpers, rather than one importing the other's code.
  The model keeps the same shape: model/componenthelpers is imported by the scheduler's plugins
  and by the DaemonSet and taint eviction controllers, and passes component-helpers' own tables.

  @A40
  Scenario Outline: Node affinity as component-helpers parses and matches it: <table>
    Then every case of component-helpers' <table> table gives upstream's result

    Examples:
      | table                                  |
      | nodeSelectorMatch                      |
      | preferredSchedulingTermsScore          |
      | requirementsAsSelector                 |
      | podMatchesNodeSelectorAndAffinityTerms |
      | matchNodeSelectorTerms                 |

  @A41
  Scenario: Taints are tolerated as component-helpers' FindMatchingUntoleratedTaint decides
    Then every case of component-helpers' findMatchingUntoleratedTaint table gives upstream's result

  @A42
  Scenario Outline: <who> imports the shared helpers, not the scheduler's plugins
    Then no module under "<who>" imports from "model/scheduler"

    Examples:
      | who               |
      | model/controllers |
      | model/node        |
      | model/kubectl     |
      | model/apiserver   |

  @A42
  Scenario: A DaemonSet whose node affinity term does not parse runs nowhere, as the scheduler would place it nowhere
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: DaemonSet
      metadata:
        name: agent
      spec:
        selector:
          matchLabels: {app: agent}
        template:
          metadata:
            labels: {app: agent}
          spec:
            affinity:
              nodeAffinity:
                requiredDuringSchedulingIgnoredDuringExecution:
                  nodeSelectorTerms:
                    - matchExpressions:
                        - {key: kubernetes.io/os, operator: NotIn, values: ["not a label value"]}
            containers:
              - name: agent
                image: nginx
      """
    And 30s pass
    When I run `kubectl get daemonset agent -o jsonpath={.status.desiredNumberScheduled}`
    Then the output is:
      """
      0
      """
