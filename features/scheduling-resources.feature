Feature: The scheduler counts every resource a node advertises, and rejects what cannot match
  NodeResourcesFit compares a Pod's requests with what each node has left: cpu, memory,
  ephemeral-storage, and every scalar resource (extended resources such as example.com/foo that a
  device plugin advertises, kubernetes.io/-prefixed ones, hugepages-<size>). A Pod that asks for
  what no node has stays Pending with the scheduler's reason. NodeAffinity parses each term as
  component-helpers does; a term that does not parse matches no node.

  @A43
  Scenario Outline: NodeResourcesFit's <part> passes the plugin's own test tables
    Then every case of NodeResourcesFit's <part> table gives upstream's result

    Examples:
      | part   |
      | filter |
      | score  |

  @A44
  Scenario: A Pod asking for an extended resource no node advertises stays Pending
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: gpu
        labels: {app: gpu}
      spec:
        containers:
          - name: app
            image: nginx
            resources:
              requests: {example.com/foo: 1}
              limits: {example.com/foo: 1}
      """
    And 30s pass
    Then pod labelled "app=gpu" is Pending
    When I run `kubectl get events --field-selector involvedObject.name=gpu -o custom-columns=REASON:.reason,MESSAGE:.message`
    Then the output is:
      """
      REASON             MESSAGE
      FailedScheduling   0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient example.com/foo. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.
      """

  @A44
  Scenario: A node that advertises the extended resource takes the Pod, until it has none left
    Given a cluster with this config:
      """
      kind: Cluster
      apiVersion: kind.x-k8s.io/v1alpha4
      nodes:
        - role: control-plane
        - role: worker
        - role: worker
          capacity: {example.com/foo: 1, hugepages-2Mi: 4Mi}
      """
    When I run `kubectl get node k8s-worker-2 -o jsonpath={.status.allocatable}`
    Then the output is:
      """
      {"cpu":"4","ephemeral-storage":"102626232Ki","example.com/foo":"1","hugepages-1Gi":"0","hugepages-2Mi":"4Mi","memory":"8029876Ki","pods":"110"}
      """
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: gpu
      spec:
        replicas: 2
        selector:
          matchLabels: {app: gpu}
        template:
          metadata:
            labels: {app: gpu}
          spec:
            containers:
              - name: app
                image: nginx
                resources:
                  requests: {example.com/foo: 1, hugepages-2Mi: 2Mi, memory: 64Mi}
                  limits: {example.com/foo: 1, hugepages-2Mi: 2Mi, memory: 64Mi}
      """
    And 1m passes
    When I run `kubectl get pods -l app=gpu -o custom-columns=NODE:.spec.nodeName,PHASE:.status.phase --sort-by=.status.phase`
    Then the output is:
      """
      NODE           PHASE
      <none>         Pending
      k8s-worker-2   Running
      """
    When I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=MESSAGE:.message`
    Then the output is:
      """
      MESSAGE
      0/3 nodes are available: 1 Insufficient hugepages-2Mi, 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 Insufficient example.com/foo. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption victims found for incoming pod.
      """

  @A45
  Scenario Outline: A required node affinity term that does not parse (<why>) matches no node
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: picky
        labels: {app: picky}
      spec:
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
                - matchExpressions:
                    - <requirement>
        containers:
          - name: app
            image: nginx
      """
    And 30s pass
    Then pod labelled "app=picky" is Pending
    When I run `kubectl get events --field-selector involvedObject.name=picky -o custom-columns=REASON:.reason,MESSAGE:.message`
    Then the output is:
      """
      REASON             MESSAGE
      FailedScheduling   0/3 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }, 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.
      """

    Examples:
      | why                          | requirement                                                                   |
      | NotIn with no label value    | {key: kubernetes.io/os, operator: NotIn, values: ["invalid value: ___@#$%^"]} |
      | Gt with no integer           | {key: kubernetes.io/os, operator: Gt, values: ["linux"]}                      |
      | Lt with a number out of int64 | {key: kubernetes.io/os, operator: Lt, values: ["99999999999999999999"]}      |

  @A45
  Scenario: The same term next to one that matches: the terms are ORed and the Pod is scheduled
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: picky
        labels: {app: picky}
      spec:
        affinity:
          nodeAffinity:
            requiredDuringSchedulingIgnoredDuringExecution:
              nodeSelectorTerms:
                - matchExpressions:
                    - {key: kubernetes.io/os, operator: Gt, values: ["linux"]}
                - matchExpressions:
                    - {key: kubernetes.io/hostname, operator: In, values: [k8s-worker-2]}
        containers:
          - name: app
            image: nginx
      """
    And 30s pass
    Then pod labelled "app=picky" is bound to "k8s-worker-2"

  @A46
  Scenario: A preferred term that does not parse fails the scheduling cycle with the plugin's error
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: pref
        labels: {app: pref}
      spec:
        affinity:
          nodeAffinity:
            preferredDuringSchedulingIgnoredDuringExecution:
              - weight: 1
                preference:
                  matchExpressions:
                    - {key: disk, operator: Gt, values: ["big"]}
        containers:
          - name: app
            image: nginx
      """
    And 30s pass
    Then pod labelled "app=pref" is Pending
    When I run `kubectl get pod pref -o jsonpath={.status.conditions[0].reason}`
    Then the output is:
      """
      SchedulerError
      """
    When I run `kubectl get events --field-selector involvedObject.name=pref -o custom-columns=REASON:.reason,MESSAGE:.message`
    Then the output lines match:
      """
      REASON +MESSAGE
      FailedScheduling +running PreScore plugin "NodeAffinity": \[0\]\.matchExpressions\[0\]\.values\[0\]: Invalid value: "big": for 'Gt', 'Lt' operators, the value must be an integer
      """

  @A47
  Scenario Outline: A node's capacity in the cluster config must be quantities of resource names (<why>)
    When kubespec reads this cluster config:
      """
      kind: Cluster
      nodes:
        - role: control-plane
        - role: worker
          capacity: <capacity>
      """
    Then the cluster config is rejected with:
      """
      <error>
      """

    Examples:
      | why                  | capacity                   | error                                                                                                                                   |
      | not a quantity       | {cpu: "1.5.5"}             | cluster config: nodes[1].capacity.cpu: invalid quantity "1.5.5": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | an unknown suffix    | {memory: 1GB}              | cluster config: nodes[1].capacity.memory: invalid quantity "1GB": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | negative             | {example.com/foo: -1}      | cluster config: nodes[1].capacity.example.com/foo: invalid quantity "-1": must be greater than or equal to 0                            |
      | not a string         | {cpu: [1]}                 | cluster config: nodes[1].capacity.cpu: invalid quantity [1]: must be a string or a number                                              |
      | not a standard name  | {gpu: 1}                   | cluster config: nodes[1].capacity: invalid resource name "gpu": must be a standard resource type or fully qualified                    |
      | not a mapping        | [cpu]                      | cluster config: nodes[1].capacity: must be a mapping of resource names to quantities                                                   |

  @A47
  Scenario: kubespec play stops on a bad capacity before it starts the cluster, with exit status 2
    When I run `kubespec play --config kind.yaml nodes.play` with the files:
      """
      # kind.yaml
      kind: Cluster
      nodes:
        - role: control-plane
        - role: worker
          capacity: {cpu: "1.5.5"}
      # nodes.play
      kubectl get nodes
      """
    Then kubespec exits with status 2, having printed nothing and on stderr:
      """
      kubespec play: cluster config: nodes[1].capacity.cpu: invalid quantity "1.5.5": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'
      """
