Feature: Validation as kube-apiserver's

  The API server checks every object as pkg/apis/{core,apps}/validation does in v1.32 and
  answers 422 Invalid with one cause per problem, in upstream's words. Names follow
  apimachinery's util/validation: DNS-1123 subdomains for most kinds, DNS-1035 labels for
  Services, DNS-1123 labels for Namespaces. The test vectors are upstream's own tables
  (apimachinery's validation_test.go) and cases ported from its validation tests.

  @A10
  Scenario Outline: <check> judges upstream's table as apimachinery does
    Then upstream's good and bad values of <check> are judged as upstream judges them

    Examples:
      | check              |
      | isDNS1123Label     |
      | isDNS1123Subdomain |
      | isDNS1035Label     |
      | isQualifiedName    |
      | isValidLabelValue  |
      | isValidPortName    |
      | isValidPortNum     |
      | isConfigMapKey     |

  @A10
  Scenario: Each name check words its errors as upstream, with the regex tail
    Then each name check says what upstream says of its example

  @A11
  Scenario: Objects that upstream rejects are rejected with upstream's causes, and the others are accepted
    Given a cluster
    When each object of the validation fixture is created through the API, as a dry run
    Then each is answered with upstream's Status causes

  @A12
  Scenario: Updates may not change immutable fields
    Given a cluster
    When each object of the validation fixture is created, then patched
    Then each is answered with upstream's Status causes

  @A13
  Scenario: kubectl lists every cause of an invalid object
    Given a cluster
    And the file "bad.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: x
      spec:
        replicas: -1
        minReadySeconds: -5
        selector:
          matchLabels:
            app: x
        strategy:
          rollingUpdate:
            maxSurge: 0
            maxUnavailable: 0
        template:
          metadata:
            labels:
              app: x
          spec:
            containers:
              - name: x
                image: nginx
                ports:
                  - containerPort: 80
                    protocol: FOO
      """
    When I run `kubectl create -f bad.yaml`
    Then it fails with:
      """
      The Deployment "x" is invalid: 
      * spec.replicas: Invalid value: -1: must be greater than or equal to 0
      * spec.template.spec.containers[0].ports[0].protocol: Unsupported value: "FOO": supported values: "SCTP", "TCP", "UDP"
      * spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0
      * spec.minReadySeconds: Invalid value: -5: must be greater than or equal to 0
      """
    And etcd holds no key under "/registry/deployments/default/"

  @A13
  Scenario: One cause prints on the same line
    `kubectl create deployment` would wrap the error in its own words ("failed to create deployment: …");
    a patch hands the server's Status to kubectl's error printer as it is.
    Given a cluster
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl patch deployment web -p '{"spec":{"replicas":-1}}'`
    Then it fails with:
      """
      The Deployment "web" is invalid: spec.replicas: Invalid value: -1: must be greater than or equal to 0
      """

  @A14
  Scenario: A Deployment's selector cannot change
    Given a cluster
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl patch deployment web -p '{"spec":{"selector":{"matchLabels":{"app":"web2"}},"template":{"metadata":{"labels":{"app":"web2"}}}}}'`
    Then it fails with:
      """
      The Deployment "web" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"web2"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable
      """

  @A15
  Scenario Outline: The system namespace <ns> may not be deleted
    Given a cluster
    When I run `kubectl delete namespace <ns>`
    Then it fails with:
      """
      Error from server (Forbidden): namespaces "<ns>" is forbidden: this namespace may not be deleted
      """
    And the namespace "<ns>" still exists

    Examples:
      | ns          |
      | default     |
      | kube-system |
      | kube-public |

  @A15
  Scenario: Another namespace may be deleted
    Given a cluster
    When I run `kubectl create namespace team`
    And I run `kubectl delete namespace team`
    Then it succeeds
