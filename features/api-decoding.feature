Feature: The API server decodes request bodies as kube-apiserver does

  kube-apiserver decodes a body into the Go struct of its kind before anything else looks at it.
  A JSON value of the wrong type is refused with encoding/json's own words (the first one found;
  a Quantity or IntOrString that cannot parse stops the decoding at once), and the request is a
  400 BadRequest that changes nothing. Fields the struct does not have are never stored; what
  else happens to them is the request's fieldValidation: Strict refuses them (and duplicate
  fields) as a strict decoding error, Warn (the default when none is given) answers with a
  Warning each, Ignore drops them silently. The schema is upstream's 1.32 OpenAPI definitions
  joined with the Go types of k8s.io/api.

  Background:
    Given a cluster

  @A01
  Scenario Outline: A value of the wrong JSON type is refused with Go's unmarshal error
    When the admin POSTs to deployments with fieldValidation=Strict:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {<meta>},
       "spec": {"selector": {"matchLabels": {"app": "web"}}<spec>,
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {<pod>"containers": [{"name": "nginx", "image": "nginx"<container>}]}}}}
      """
    Then the request fails with 400 BadRequest:
      """
      Deployment in version "v1" cannot be handled as a Deployment: <error>
      """

    Examples:
      | meta                                | spec                                             | pod                                | container                                            | error                                                                                                                                 |
      | "name": "web"                       | , "replicas": "3"                                |                                    |                                                      | json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32                                         |
      | "name": "web"                       | , "replicas": 99999999999                        |                                    |                                                      | json: cannot unmarshal number 99999999999 into Go struct field DeploymentSpec.spec.replicas of type int32                             |
      | "name": "web"                       | , "replicas": 1.5                                |                                    |                                                      | json: cannot unmarshal number 1.5 into Go struct field DeploymentSpec.spec.replicas of type int32                                     |
      | "name": "web"                       | , "replicas": 3.0                                |                                    |                                                      | json: cannot unmarshal number 3.0 into Go struct field DeploymentSpec.spec.replicas of type int32                                     |
      | "name": 123                         |                                                  |                                    |                                                      | json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string                                            |
      | "name": "web", "labels": {"a": 1}   |                                                  |                                    |                                                      | json: cannot unmarshal number into Go struct field ObjectMeta.metadata.labels of type string                                          |
      | "name": "web"                       |                                                  |                                    | , "command": "nginx -g"                              | json: cannot unmarshal string into Go struct field Container.spec.template.spec.containers.command of type []string                   |
      | "name": "web"                       |                                                  | "hostNetwork": "yes",              |                                                      | json: cannot unmarshal string into Go struct field PodSpec.spec.template.spec.hostNetwork of type bool                                |
      | "name": "web"                       |                                                  | "tolerations": {"key": "a"},       |                                                      | json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.tolerations of type []v1.Toleration                     |
      | "name": "web"                       |                                                  |                                    | , "ports": [{"containerPort": 80, "protocol": 6}]    | json: cannot unmarshal number into Go struct field ContainerPort.spec.template.spec.containers.ports.protocol of type v1.Protocol      |
      | "name": "web"                       |                                                  |                                    | , "resources": {"limits": "1"}                       | json: cannot unmarshal string into Go struct field ResourceRequirements.spec.template.spec.containers.resources.limits of type v1.ResourceList |
      | "name": "web"                       | , "strategy": {"rollingUpdate": {"maxSurge": true}} |                                 |                                                      | json: cannot unmarshal bool into Go struct field RollingUpdateDeployment.spec.strategy.rollingUpdate.maxSurge of type int32           |
      | "name": "web"                       | , "replicas": "3", "paused": 1                   |                                    |                                                      | json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32                                         |
      | "name": "web"                       | , "replicas": "3"                                |                                    | , "resources": {"requests": {"cpu": "1.5.5"}}        | quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'                                           |

  @A02
  Scenario: Strict field validation refuses unknown and duplicate fields, all of them, in document order
    When the admin POSTs to deployments with fieldValidation=Strict:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "colour": "blue"},
       "spec": {"replicas": 1, "replicas": 2, "foo": true, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web", "app": "web"}},
                             "spec": {"containers": [{"name": "nginx", "image": "nginx", "bar": "x"}]}}}}
      """
    Then the request fails with 400 BadRequest:
      """
      Deployment in version "v1" cannot be handled as a Deployment: strict decoding error: unknown field "metadata.colour", duplicate field "spec.replicas", unknown field "spec.foo", duplicate field "spec.template.metadata.labels.app", unknown field "spec.template.spec.containers[0].bar"
      """

  @A02
  Scenario: A wrong type beats the strict errors, and a PUT is decoded as a POST is
    When the admin POSTs to configmaps:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "web"}, "data": {"a": "1"}}
      """
    Then the request succeeds with no warning
    When the admin PUTs configmaps "web" with fieldValidation=Strict:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "web"}, "extra": 1, "data": {"a": 1}}
      """
    Then the request fails with 400 BadRequest:
      """
      ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string
      """
    When the admin PUTs configmaps "web" with fieldValidation=Strict:
      """
      {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "web"}, "extra": 1, "data": {"a": "2"}}
      """
    Then the request fails with 400 BadRequest:
      """
      ConfigMap in version "v1" cannot be handled as a ConfigMap: strict decoding error: unknown field "extra"
      """

  @A03
  Scenario Outline: Warn, the default, accepts the object without its unknown fields and warns of each
    When the admin POSTs to deployments <with>:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
       "spec": {"foo": 1, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [{"name": "nginx", "image": "nginx", "bar": "x"}]}}}}
      """
    Then the request succeeds with the warnings:
      """
      unknown field "spec.foo"
      unknown field "spec.template.spec.containers[0].bar"
      """
    And the stored deployments "web" has no "spec.foo"
    And the stored deployments "web" has no "spec.template.spec.containers.0.bar"
    And the stored deployments "web" has "spec.template.spec.containers.0.image" = "nginx"

    Examples:
      | with                      |
      | with fieldValidation=Warn |
      | with no fieldValidation   |

  @A03
  Scenario: Ignore drops unknown fields silently
    When the admin POSTs to deployments with fieldValidation=Ignore:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"}, "metadata": {"name": "web"},
       "spec": {"foo": 1, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [{"name": "nginx", "image": "nginx", "bar": "x"}]}}}}
      """
    Then the request succeeds with no warning
    And the stored deployments "web" has no "spec.foo"
    And the stored deployments "web" has no "spec.template.spec.containers.0.bar"

  @A04
  Scenario: A null is Go's zero value: a null label value is "", a null pointer is left out
    When the admin POSTs to deployments with fieldValidation=Strict:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "labels": {"tier": null}},
       "spec": {"replicas": null, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [{"name": "nginx", "image": "nginx"}]}}}}
      """
    Then the request succeeds with no warning
    And the stored deployments "web" has "metadata.labels.tier" = ""
    And the stored deployments "web" has "spec.replicas" = 1

  @A05
  Scenario: A patch's result is decoded too: unknown fields, the patch's duplicate fields and wrong types are a 422 on "patch"
    When the admin POSTs to deployments:
      """
      {"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web"},
       "spec": {"selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [{"name": "nginx", "image": "nginx"}]}}}}
      """
    Then the request succeeds with no warning
    When the admin patches deployments "web" with a strategic patch with fieldValidation=Strict:
      """
      {"spec": {"template": {"spec": {"containers": [{"name": "nginx", "bar": "x"}]}}, "foo": 1}}
      """
    Then the request fails with 422 Invalid:
      """
       "" is invalid: patch: Invalid value: "map[spec:map[foo:1 template:map[spec:map[containers:[map[bar:x name:nginx]]]]]]": strict decoding error: unknown field "spec.foo", unknown field "spec.template.spec.containers[0].bar"
      """
    When the admin patches deployments "web" with a strategic patch with fieldValidation=Strict:
      """
      {"spec": {"replicas": "abc", "paused": true}}
      """
    Then the request fails with 422 Invalid:
      """
       "" is invalid: patch: Invalid value: "map[spec:map[paused:true replicas:abc]]": unrecognized type: int32
      """
    When the admin patches deployments "web" with a merge patch with fieldValidation=Strict:
      """
      {"spec": {"replicas": 2, "replicas": 3, "colour": "blue"}}
      """
    Then the request fails with 422 Invalid, the patched object in the value, and:
      """
      strict decoding error: duplicate field "spec.replicas", unknown field "spec.colour"
      """
    When the admin patches deployments "web" with a json patch with fieldValidation=Strict:
      """
      [{"op": "replace", "path": "/spec/replicas", "value": 2, "vaule": 3}]
      """
    Then the request fails with 422 Invalid, the patched object in the value, and:
      """
      strict decoding error: json patch unknown field "[0].vaule"
      """
    When the admin patches deployments "web" with a merge patch with fieldValidation=Strict:
      """
      {"spec": {"replicas": "two"}}
      """
    Then the request fails with 422 Invalid, the patched object in the value, and:
      """
      json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32
      """
    When the admin patches deployments "web" with a strategic patch with fieldValidation=Warn:
      """
      {"spec": {"foo": 1, "replicas": 2}}
      """
    Then the request succeeds with the warnings:
      """
      unknown field "spec.foo"
      """
    And the stored deployments "web" has "spec.replicas" = 2
    And the stored deployments "web" has no "spec.foo"

  @A06
  Scenario: kubectl --validate=warn prints the server's warnings on stderr, as the real kubectl does
    Given the real kubectl talks to the cluster over HTTPS
    And the file "unknown-fields.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        foo: 1
        selector:
          matchLabels: {app: web}
        template:
          metadata:
            labels: {app: web}
          spec:
            containers:
            - name: nginx
              image: nginx
              bar: x
      """
    When I run `kubectl apply -f unknown-fields.yaml --validate=warn` with the real kubectl and the model's kubectl
    Then both print the same output
    And the error output is:
      """
      Warning: unknown field "spec.foo"
      Warning: unknown field "spec.template.spec.containers[0].bar"
      """
    And the output is:
      """
      deployment.apps/web created
      """

  @A06
  Scenario: kubectl patch asks for no field validation, so the server's default warns of an unknown field
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl create deployment web --image=nginx` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl patch deployment web -p '{"spec":{"foo":1,"paused":true}}'` with the real kubectl and the model's kubectl
    Then both print the same output
    And the error output is:
      """
      Warning: unknown field "spec.foo"
      """
    And the output is:
      """
      deployment.apps/web patched
      """
