Feature: Quantities and int-or-string values, exactly as apimachinery reads them
  A resource quantity ("100m", "1.5", "64Mi", "1e3") is an exact decimal: parsed with upstream's
  grammar and errors, rounded up to nano precision, a binary one capped at the int64 maximum,
  and printed in its canonical form ("1.5" is "1500m", "1024Mi" is "1Gi"). kube-apiserver's
  decoder stores that canonical text and rejects a quantity that does not parse before anything
  else looks at the object, so no component ever sees one. An int-or-string (a Deployment's
  maxSurge and maxUnavailable) is an int or a percentage; any other string is an error.
  Upstream's own tables are ported in steps/fixtures/quantity-upstream-cases.json.

  @A36
  Scenario: Upstream's quantity parse tables give upstream's results
    Then every case of apimachinery's quantity parse tables gives upstream's result

  @A36
  Scenario: Upstream's quantity formatting and rounding tables give upstream's results
    Then every case of apimachinery's quantity string tables gives upstream's result
    And every case of apimachinery's quantity rounding and scaling tables gives upstream's result

  @A37
  Scenario Outline: The API server rejects a quantity that does not parse, in the decoder's words
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: bad
      spec:
        containers:
          - name: c
            image: nginx
            resources:
              requests:
                cpu: <cpu>
      """
    Then it fails with:
      """
      Error from server (BadRequest): error when creating "STDIN": Pod in version "v1" cannot be handled as a Pod: <message>
      """
    When I run `kubectl get pods -o name`
    Then the output is:
      """
      """

    Examples:
      | cpu      | message                                                                                     |
      | "1.5.5"  | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | "1GB"    | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | ""       | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | "0x10"   | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | true     | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | [1, 2]   | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$' |
      | "32MMi"  | unable to parse quantity's suffix                                                           |

  @A37
  Scenario: A Deployment whose template has a bad quantity is rejected, and the scheduler keeps working
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
              - name: nginx
                image: nginx
                resources:
                  limits: {memory: 1.5.5}
      """
    Then it fails with an error containing "Deployment in version \"v1\" cannot be handled as a Deployment: quantities must match the regular expression"
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: ok
      spec:
        containers:
          - {name: nginx, image: nginx, resources: {requests: {cpu: 250m}}}
      """
    And I run `sleep 10s`
    And I run `kubectl get pod ok -o jsonpath={.status.phase}`
    Then the output is:
      """
      Running
      """

  @A38
  Scenario: A quantity is stored in its canonical form
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        containers:
          - name: nginx
            image: nginx
            resources:
              requests: {cpu: 1.5, memory: " 1024Mi"}
              limits: {cpu: "2000m", memory: "2e9"}
      """
    And I run `kubectl get pod web -o jsonpath={.spec.containers[0].resources}`
    Then the output is:
      """
      {"limits":{"cpu":"2","memory":"2e9"},"requests":{"cpu":"1500m","memory":"1Gi"}}
      """

  @A39
  Scenario: Upstream's int-or-string and ResolveFenceposts tables give upstream's results
    Then every case of apimachinery's int-or-string tables gives upstream's result
