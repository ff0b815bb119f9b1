Feature: Discovery and OpenAPI tell clients what the API server serves
  Before kubectl sends anything it asks the API server what it serves: which group/versions,
  which resources with which short names, verbs and subresources (discovery), and the schema of
  every kind (OpenAPI). kubectl maps "po" to pods from discovery, and learns from the OpenAPI
  document that the server validates fields itself (the fieldValidation query parameter), so
  `kubectl apply` leaves validation to the server. These are the documents `kubespec up` serves,
  asked for here without a socket.

  @H20
  Scenario: /api/v1 lists pods with their short name and subresources, as kube-apiserver does
    When a client GETs "/api/v1"
    Then the answer is 200 with Content-Type "application/json"
    And the APIResourceList of "v1" has these rows:
      | name         | kind           | verbs                                                    | shortNames | categories |
      | pods         | Pod            | create,delete,deletecollection,get,list,patch,update,watch | po         | all        |
      | pods/binding | Binding        | create                                                   |            |            |
      | pods/exec    | PodExecOptions | create,get                                               |            |            |
      | pods/log     | Pod            | get                                                      |            |            |
      | pods/status  | Pod            | get,patch,update                                         |            |            |
      | namespaces   | Namespace      | create,delete,get,list,patch,update,watch                | ns         |            |
    And the row "pods" has the storage version hash "xPOwRZ+Yhw8="

  @H20
  Scenario: a scale subresource answers with autoscaling/v1 Scale
    When a client GETs "/apis/apps/v1"
    Then the APIResourceList of "apps/v1" has these rows:
      | name              | kind       | verbs                                                    | shortNames | categories |
      | deployments       | Deployment | create,delete,deletecollection,get,list,patch,update,watch | deploy     | all        |
      | deployments/scale | Scale      | get,patch,update                                         |            |            |
    And the row "deployments/scale" is in group "autoscaling" version "v1"
    And the row "deployments" has the storage version hash "8aSe+NMegvE="

  @H21
  Scenario: /apis lists apps/v1 as the preferred version of apps, and /api names the server's address
    When a client GETs "/apis"
    Then the APIGroupList lists the group "apps" with preferred version "apps/v1"
    And the APIGroupList lists the groups in the order "apps,authentication.k8s.io,authorization.k8s.io,batch,policy,rbac.authorization.k8s.io,storage.k8s.io,coordination.k8s.io,discovery.k8s.io"
    When a client GETs "/api"
    Then the APIVersions list "v1" at the server address "172.18.0.2:6443"

  @H22
  Scenario: kubectl 1.32's Accept gets aggregated discovery listing every resource of the registry
    When a client GETs "/apis" accepting "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json"
    Then the answer is 200 with Content-Type "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
    And the answer varies with Accept and carries an ETag
    When a client GETs "/api" accepting "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json"
    Then the answer is 200 with Content-Type "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList"
    And aggregated discovery of "/api" and "/apis" together lists every resource of the registry once, with its scope, short names and subresources
    And the aggregated subresource "deployments/scale" answers with "autoscaling/v1" "Scale"

  @H22
  Scenario Outline: discovery follows the client's Accept
    When a client GETs "/apis" accepting "<accept>"
    Then the answer is <code> with Content-Type "<type>"

    Examples:
      | accept                                                                                  | code | type                                                                    |
      | application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,application/json | 200  | application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList |
      | application/json                                                                        | 200  | application/json                                                        |
      | application/json;q=0.5,application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList | 200  | application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList      |
      | text/html                                                                               | 406  | application/json                                                        |

  @H23
  Scenario: the OpenAPI v3 document of apps/v1 tells kubectl the server validates fields
    When a client GETs "/openapi/v3"
    Then the index has a path for "apis/apps/v1" whose URL carries the document's hash
    When a client follows the index to "apis/apps/v1"
    Then the answer is 200 with Content-Type "application/json"
    And the "post" of "/apis/apps/v1/namespaces/{namespace}/deployments" takes the query parameter "fieldValidation" for "apps/v1" "Deployment"
    And the "patch" of "/apis/apps/v1/namespaces/{namespace}/deployments/{name}" takes the query parameter "fieldValidation" for "apps/v1" "Deployment"
    When a client GETs "/openapi/v3/apis/apps/v1?hash=0123"
    Then the answer is 301 to the document's current hash

  @H24
  Scenario: the schemas are upstream's, with descriptions and strategic-merge extensions
    When a client follows the index to "api/v1"
    Then the schema "io.k8s.api.core.v1.PodSpec" field "containers" says "List of containers belonging to the pod."
    And the schema "io.k8s.api.core.v1.PodSpec" field "containers" merges on key "name"
    And the schema "io.k8s.api.core.v1.Pod" is the kind "v1" "Pod"
    When a client follows the index to "apis/apps/v1"
    Then the schema "io.k8s.api.apps.v1.DeploymentSpec" field "replicas" says "Number of desired pods."
    And every schema reference of the document resolves within it

  @H24
  Scenario: /openapi/v2 is served as JSON, and as gnostic's protobuf for kubectl before 1.27
    When a client GETs "/openapi/v2"
    Then the answer is 200 with Content-Type "application/json"
    And the swagger document defines "io.k8s.api.apps.v1.Deployment" with its group-version-kind
    When a client GETs "/openapi/v2" accepting "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"
    Then the answer is 200 with Content-Type "application/com.github.proto-openapi.spec.v2.v1.0+protobuf"
    And the protobuf document decodes to swagger "2.0" with the definition "io.k8s.api.apps.v1.Deployment"
