Feature: Label and field selectors, as apimachinery parses and matches them
  A label selector (`kubectl get -l`, the API's labelSelector, a workload's spec.selector) is a
  comma-separated list of requirements: `key=value`, `key==value`, `key!=value`, `key in (a,b)`,
  `key notin (a,b)`, `key`, `!key`, `key>1` and `key<1`. Parsing is strict, every key and value
  is validated as a label, and the requirements print sorted by key. A field selector only has
  `=`, `==` and `!=`, escapes `\,` `\=` and `\\` in values, and each kind selects on its own few
  fields: anything else is a 400 `field label not supported`. Upstream's own unit-test tables
  are the oracle: they are ported in steps/fixtures/selectors-upstream-cases.json.

  @A30
  Scenario: Upstream's label selector parser tables give upstream's results
    Then every case of apimachinery's label selector parse tables gives upstream's result
    And every case of apimachinery's label selector lexer and operator tables gives upstream's result

  @A30
  Scenario: Upstream's requirement and String tables give upstream's results
    Then every case of apimachinery's requirement tables gives upstream's result
    And every case of apimachinery's label selector matching tables gives upstream's result

  @A31
  Scenario: A LabelSelector converts as metav1's helpers convert it
    Then every case of apimachinery's LabelSelector conversion tables gives upstream's result

  @A32
  Scenario: Upstream's field selector tables give upstream's results
    Then every case of apimachinery's field selector tables gives upstream's result

  @A33
  Scenario Outline: kubectl reports a selector the API server cannot parse as the real kubectl does
    Given a cluster
    When I run `kubectl get pods <flags>`
    Then it fails with:
      """
      Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "<label>", field selector "<field>": <message>
      """

    Examples:
      | flags                          | label      | field   | message                                                              |
      | -l 'a in (x y)'                | a in (x y) |         | unable to parse requirement: found 'y', expected: ',' or ')'         |
      | -l 'x=a b'                     | x=a b      |         | found 'b', expected: ',' or 'end of string'                          |
      | -l '!x=a'                      | !x=a       |         | found '=', expected: ',' or 'end of string'                          |
      | -l 'x<a'                       | x<a        |         | unable to parse requirement: values[0]: Invalid value: "a": for 'Gt', 'Lt' operators, the value must be an integer |
      | --field-selector foo=bar       |            | foo=bar | field label not supported: foo                                       |
      | --field-selector 'x==a==b'     |            | x==a==b | invalid field selector: unescaped character in value: 61             |
      | --field-selector 'x'           |            | x       | invalid selector: 'x'; can't understand 'x'                          |

  @A33
  Scenario: An invalid label key is reported with its validation message
    Given a cluster
    When I run `kubectl get pods -l 'a/b/c'`
    Then it fails with an error containing "unable to parse requirement: <nil>: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters"

  @A34
  Scenario Outline: Each kind selects on the fields its registry offers, and only those
    Given a cluster
    When I run `kubectl get <resource> -A --field-selector <selector>`
    Then it <outcome>

    Examples:
      | resource    | selector                                 | outcome                                                                                                                                                                            |
      | pods        | spec.nodeName=k8s-worker-1               | succeeds                                                                                                                                                                           |
      | pods        | spec.hostNetwork=true                    | succeeds                                                                                                                                                                           |
      | pods        | status.podIPs=10.244.1.2                 | succeeds                                                                                                                                                                           |
      | pods        | spec.host=k8s-master                     | succeeds                                                                                                                                                                           |
      | pods        | spec.containers=x                        | fails with an error containing "field label not supported: spec.containers"                                                                                                        |
      | nodes       | spec.unschedulable=false                 | succeeds                                                                                                                                                                           |
      | nodes       | metadata.namespace=default               | fails with an error containing "field label not supported: metadata.namespace"                                                                                                     |
      | events      | involvedObject.kind=Pod,reason=Scheduled | succeeds                                                                                                                                                                           |
      | events      | reportingComponent=kubelet               | succeeds                                                                                                                                                                           |
      | namespaces  | status.phase=Active                      | succeeds                                                                                                                                                                           |
      | services    | spec.type=ClusterIP                      | succeeds                                                                                                                                                                           |
      | deployments | spec.replicas=1                          | fails with an error containing "\"spec.replicas\" is not a known field selector: only \"metadata.name\", \"metadata.namespace\""                                                |
      | configmaps  | metadata.name=kube-root-ca.crt           | succeeds                                                                                                                                                                           |

  @A34
  Scenario: A field selector matches the values GetAttrs gives each object
    Given a cluster
    When I run `kubectl get nodes --field-selector spec.unschedulable=false -o name`
    Then the output is:
      """
      node/k8s-master
      node/k8s-worker-1
      node/k8s-worker-2
      """
    When I run `kubectl get namespaces --field-selector status.phase!=Active -o name`
    Then it succeeds
    And the output does not contain "namespace/"

  @A35
  Scenario: Set-based, negated and numeric label requirements select Pods
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels: {app: web, tier: "3"}
      spec:
        containers:
          - {name: nginx, image: nginx}
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: db
        labels: {app: db, tier: "1"}
      spec:
        containers:
          - {name: postgres, image: postgres}
      """
    And I run `kubectl get pods -l 'tier>2' -o name`
    Then the output is:
      """
      pod/web
      """
    When I run `kubectl get pods -l 'app notin (web),!canary' -o name`
    Then the output is:
      """
      pod/db
      """
    When I run `kubectl get pods -l 'app in (db,web),tier<2' -o name`
    Then the output is:
      """
      pod/db
      """
