Feature: Bad input gets Kubernetes' error and changes nothing

  Background:
    Given a cluster

  @A52
  Scenario: Malformed YAML is reported with its line
    Given the file "broken.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
       spec:
        replicas: 3
      """
    When I run `kubectl apply -f broken.yaml`
    Then it fails with an error containing "error converting YAML to JSON: yaml: line"
    And etcd holds no key under "/registry/deployments/default/"

  @E01
  Scenario: An unknown kind has no REST mapping
    Given the file "widget.yaml":
      """
      apiVersion: example.com/v1
      kind: Widget
      metadata:
        name: w
      """
    When I run `kubectl apply -f widget.yaml`
    Then it fails with an error containing "no matches for kind \"Widget\" in version \"example.com/v1\""

  @A11 @A13
  Scenario Outline: An invalid <what> is rejected by validation
    When I run `kubectl create deployment <name> --image=nginx --replicas=<replicas>`
    Then it fails with an error containing "<error>"
    And etcd holds no key under "/registry/deployments/default/"

    Examples:
      | what     | name      | replicas | error                                                          |
      | name     | Bad_Name  | 1        | metadata.name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 subdomain |
      | replicas | ok        | -1       | spec.replicas: Invalid value: -1: must be greater than or equal to 0     |

  @E02
  Scenario: A missing object is NotFound
    When I run `kubectl get pod nope`
    Then it fails with:
      """
      Error from server (NotFound): pods "nope" not found
      """

  @E03
  Scenario: A missing file is reported by kubectl, before any request
    When I run `kubectl apply -f nowhere.yaml`
    Then it fails with:
      """
      error: the path "nowhere.yaml" does not exist
      """
