Feature: The access reviews pass Kubernetes' own tests
  SubjectAccessReview, LocalSubjectAccessReview and SelfSubjectAccessReview ask the API server's
  own authorizers whether a user may do something, and answer in their status: allowed, denied
  (an authorizer said no, not merely nothing), the authorizers' reason and an evaluation error.
  What is asked is the review's user (or the caller's own identity), its resource attributes (an
  empty version is every version) or non-resource path, and, with AuthorizeWithSelectors (on by
  default since 1.32), its field and label selectors, as raw text or as requirements; what does
  not parse is left out and said in the evaluation error. A review is validated first: one of
  resource or non-resource attributes, a user or a group, metadata empty (but for a local
  review's namespace), and selectors that are either raw or requirements, each with its values.
  The rows are kubernetes v1.32's own unit tests (steps/fixtures/upstream/authorization-reviews.json
  says which files, what is left out and why, and which rows are kubespec's, following upstream's
  code where it has no test).

  @AP32
  Scenario Outline: A review asks the authorizer what rest_test.go and helpers_test.go say, and answers its decision: <table>
    Then every case of upstream's access review table <table> holds on the model

    Examples:
      | table                       |
      | subjectAccessReviewCreate   |
      | authorizationAttributesFrom |
      | accessReviewAnswer          |

  @AP33
  Scenario Outline: A review is validated as validation_test.go says: <table>
    Then every case of upstream's access review table <table> holds on the model

    Examples:
      | table            |
      | validateSARSpec  |
      | validateSelfSAR  |
      | validateLocalSAR |

  @AP34
  Scenario: A SelfSubjectRulesReview answers the caller's rules and nothing of its spec (selfsubjectrulesreview/rest.go)
    Then every case of upstream's access review table selfSubjectRulesReview holds on the model

  @AP34
  Scenario: A kubelet's review carries its field selector to the Node authorizer, which lets it list only its own Pods
    Given a cluster
    When the kubelet of "k8s-worker-1" asks in a SelfSubjectAccessReview whether it may list Pods with these field selectors:
      | rawSelector                | requirements                                                      |
      | spec.nodeName=k8s-worker-1 |                                                                   |
      |                            | [{"key": "spec.nodeName", "operator": "In", "values": ["k8s-worker-1"]}] |
      | spec.nodeName=k8s-worker-2 |                                                                   |
      |                            |                                                                   |
      | spec.nodeName in (a)       |                                                                   |
    Then the reviews answer:
      | rawSelector                | requirements                                                      | allowed | reason                                                    | evaluationError                                                      |
      | spec.nodeName=k8s-worker-1 |                                                                   | true    |                                                           |                                                                      |
      |                            | [{"key": "spec.nodeName", "operator": "In", "values": ["k8s-worker-1"]}] | true    |                                                           |                                                                      |
      | spec.nodeName=k8s-worker-2 |                                                                   | false   | can only list/watch pods with spec.nodeName field selector |                                                                      |
      |                            |                                                                   | false   | can only list/watch pods with spec.nodeName field selector |                                                                      |
      | spec.nodeName in (a)       |                                                                   | false   | can only list/watch pods with spec.nodeName field selector | spec.resourceAttributes.fieldSelector ignored due to parse error |

  @AP34
  Scenario: The review resources take only create, each answering its own question for the caller
    Given a cluster
    When these review requests are sent, each as the kubelet of "k8s-worker-1" or the admin:
      | as      | verb   | resource                 | subresource | body                                                                 | path            | value                                                                                    |
      | kubelet | create | selfsubjectreviews       |             | {}                                                                   | kind            | "SelfSubjectReview"                                                                      |
      | kubelet | create | selfsubjectreviews       |             | {}                                                                   | status.userInfo | {"username":"system:node:k8s-worker-1","groups":["system:nodes","system:authenticated"]} |
      | kubelet | create | selfsubjectrulesreviews  |             | {"spec":{"namespace":"default"}}                                     | spec            | {}                                                                                       |
      | kubelet | create | selfsubjectrulesreviews  |             | {"spec":{"namespace":"default"}}                                     | status.incomplete | true                                                                                   |
      | kubelet | create | selfsubjectaccessreviews |             | {"spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}}} | status.allowed  | true                                                                                     |
      | kubelet | get    | selfsubjectreviews       |             |                                                                      | code            | 403                                                                                      |
      | admin   | get    | selfsubjectreviews       |             |                                                                      | code            | 405                                                                                      |
      | admin   | list   | selfsubjectaccessreviews |             |                                                                      | message         | "the server does not allow this method on the requested resource"                        |
      | admin   | create | selfsubjectaccessreviews | status      | {}                                                                   | code            | 404                                                                                      |
    Then the reviews answer:
      | as      | verb   | resource                 | subresource | body                                                                 | path            | value                                                                                    |
      | kubelet | create | selfsubjectreviews       |             | {}                                                                   | kind            | "SelfSubjectReview"                                                                      |
      | kubelet | create | selfsubjectreviews       |             | {}                                                                   | status.userInfo | {"username":"system:node:k8s-worker-1","groups":["system:nodes","system:authenticated"]} |
      | kubelet | create | selfsubjectrulesreviews  |             | {"spec":{"namespace":"default"}}                                     | spec            | {}                                                                                       |
      | kubelet | create | selfsubjectrulesreviews  |             | {"spec":{"namespace":"default"}}                                     | status.incomplete | true                                                                                   |
      | kubelet | create | selfsubjectaccessreviews |             | {"spec":{"nonResourceAttributes":{"path":"/healthz","verb":"get"}}} | status.allowed  | true                                                                                     |
      | kubelet | get    | selfsubjectreviews       |             |                                                                      | code            | 403                                                                                      |
      | admin   | get    | selfsubjectreviews       |             |                                                                      | code            | 405                                                                                      |
      | admin   | list   | selfsubjectaccessreviews |             |                                                                      | message         | "the server does not allow this method on the requested resource"                        |
      | admin   | create | selfsubjectaccessreviews | status      | {}                                                                   | code            | 404                                                                                      |
