Feature: The real kubectl and the model's kubectl print the same

  The model's API server, served over HTTPS on a loopback port, is driven by the real kubectl
  (a binary nobody here wrote) and by the model's own kubectl, with the same command line against
  the same state and the same virtual time. Every line must match, and so must the exit status:
  a difference is a bug in one of the two. A command that changes the cluster runs with the model's
  kubectl on a twin of the served cluster (same seed, same requests), and both must leave the same
  objects behind. Ages the real kubectl computes itself from the wall clock (describe's events)
  are masked; the model's time started on 2026-01-01.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @H60
  Scenario: kubectl apply -f creates the walkthrough's Deployment, and its Pods come up
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx created
      """
    When 1m passes
    And I run `kubectl get pods -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "Running"
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx unchanged
      """

  @H61
  Scenario: kubectl get lists Deployments, ReplicaSets, Nodes, Services and DaemonSets alike
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl get deployments` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get deploy -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get rs -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get nodes` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get nodes -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get svc -A -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get ds -n kube-system -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get pods -A` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get pods -l app=nginx --show-labels` with the real kubectl and the model's kubectl
    Then both print the same output

  @H62
  Scenario: kubectl get prints names, JSONPath and custom columns alike
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl get pods,rs -o name` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name} {.spec.nodeName} {.status.podIP}{"\n"}{end}'` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get nodes -o custom-columns=NAME:.metadata.name,CIDR:.spec.podCIDR,TAINTS:.spec.taints[*].key` with the real kubectl and the model's kubectl
    Then both print the same output

  @H62
  Scenario: kubectl get prints objects as YAML and JSON alike
    Given the real kubectl is 1.21 or newer (managedFields left out of -o yaml and -o json)
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl get deployment nginx -o yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get deployment nginx -o json` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get pods -o yaml` with the real kubectl and the model's kubectl
    Then both print the same output

  @H63
  Scenario: kubectl get -w streams the same changes while the Deployment comes up
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `timeout 40s kubectl get pods -w` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "ContainerCreating"

  @H64
  Scenario: kubectl describe prints Pods, Deployments, Nodes and Services alike
    Given the real kubectl is 1.30 or newer (describe's v1.30 layout: Node-Selectors and Tolerations in Pod templates)
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl expose deployment nginx --port=80 --type=NodePort` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl describe deployment nginx` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | (?<=  )\d+[smhdy](\d+[smh])?( \(x\d+ over \d+[smhdy](\d+[smh])?\))?(\s{2,}\|$) |
    When I run `kubectl describe pods -l app=nginx` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | (?<=  )\d+[smhdy](\d+[smh])?( \(x\d+ over \d+[smhdy](\d+[smh])?\))?(\s{2,}\|$) |
    When I run `kubectl describe node k8s-worker-1` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | (?<=  )\d+[smhdy](\d+[smh])?( \(x\d+ over \d+[smhdy](\d+[smh])?\))?(\s{2,}\|$) |
    When I run `kubectl describe service nginx` with the real kubectl and the model's kubectl
    Then both print the same output

  @H65
  Scenario: kubectl patch (strategic, JSON, merge), scale, label and rollout status alike
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl patch deployment nginx -p '{"spec":{"template":{"metadata":{"labels":{"tier":"web"}}}}}'` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx patched
      """
    When I run `kubectl patch deployment nginx --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.27"}]'` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl patch deployment nginx --type=merge -p '{"metadata":{"annotations":{"owner":"team-a"}}}'` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl patch deployment nginx --type=merge -p '{"metadata":{"annotations":{"owner":"team-a"}}}'` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx patched (no change)
      """
    When I run `kubectl scale deployment nginx --replicas=5` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl label deployment nginx env=prod` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get deployment nginx -o jsonpath='{.metadata.labels} {.metadata.annotations.owner} {.spec.replicas} {.spec.template.spec.containers[0].image}'` with the real kubectl and the model's kubectl
    Then both print the same output
    # Watches come last: a watch draws on the served cluster's random generator, which the twin
    # (where the model's kubectl writes) does not see.
    When I run `kubectl rollout status deployment/nginx` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "successfully rolled out"

  @H66
  Scenario: kubectl create deployment, expose and delete alike
    When I run `kubectl create deployment web --image=nginx --port=80 --replicas=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl expose deployment web --port=8080 --target-port=80` with the real kubectl and the model's kubectl
    Then both print the same output
    When 30s passes
    And I run `kubectl get deploy,svc,endpointslices -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl delete service web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl delete deployment web` with the real kubectl and the model's kubectl
    Then both print the same output
    When 30s passes
    And I run `kubectl get pods` with the real kubectl and the model's kubectl
    Then both print the same output

  @H67
  Scenario: kubectl logs and exec reach the container alike
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl logs deployment/nginx` with the real kubectl and the model's kubectl
    Then both print the same output

  @H67
  Scenario: kubectl exec runs a command in the container alike
    Given the real kubectl is 1.30 or newer (exec over WebSocket)
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl exec deploy/nginx -- hostname` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl exec deploy/nginx -- false` with the real kubectl and the model's kubectl
    Then both fail with the same error

  @H68
  Scenario: kubectl api-resources lists the same API
    When I run `kubectl api-resources` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl api-resources --namespaced=false -o name` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl api-resources --api-group=apps` with the real kubectl and the model's kubectl
    Then both print the same output

  @H68
  Scenario: kubectl version names the server's version alike
    Given the real kubectl is 1.28 or newer (version's short output)
    When I run `kubectl version` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask        | (?<=^Client Version: ).*                       |
      | mask        | (?<=^Kustomize Version: ).*                    |
      | ignore line | ^WARNING: version difference between client .* |

  @H68
  Scenario: kubectl api-resources -o wide lists verbs and categories alike
    Given the real kubectl is 1.27 or newer (api-resources' CATEGORIES column)
    When I run `kubectl api-resources -o wide` with the real kubectl and the model's kubectl
    Then both print the same output

  @H68
  Scenario: kubectl explain prints a field's documentation from the server's OpenAPI alike
    Given the real kubectl is 1.27 or newer (explain reads OpenAPI v3)
    When I run `kubectl explain deployment.spec.replicas` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "FIELD: replicas <integer>"
    When I run `kubectl explain deployment.spec.strategy` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "FIELD: strategy <DeploymentStrategy>"
    When I run `kubectl explain pods.spec.containers.ports` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "<integer> -required-"

  @H68
  Scenario: kubectl explain resolves short names, singulars and resource.group prefixes as kubectl does
    Given the real kubectl is 1.27 or newer (explain reads OpenAPI v3)
    When I run `kubectl explain po` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl explain deploy.spec.template` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl explain deployments.apps.spec` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "DeploymentSpec is the specification of the desired behavior of the"
    # "deployment.apps" is no resource.group prefix ("deployments.apps" is): "apps" and "spec" are fields.
    When I run `kubectl explain deployment.apps.spec` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: field "spec" does not exist
      """

  @H68
  Scenario: kubectl explain --recursive prints the tree of field names and types
    Given the real kubectl is 1.27 or newer (explain reads OpenAPI v3)
    When I run `kubectl explain deployment.spec.strategy --recursive` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output lines match:
      """
      GROUP:      apps
      KIND:       Deployment
      VERSION:    v1

      FIELD: strategy <DeploymentStrategy>


      DESCRIPTION:
          The deployment strategy to use to replace existing pods with new ones.
          DeploymentStrategy describes how to replace existing pods with new ones.
      \s*
      FIELDS:
        rollingUpdate\t<RollingUpdateDeployment>
          maxSurge\t<IntOrString>
          maxUnavailable\t<IntOrString>
        type\t<string>
      """
    When I run `kubectl explain svc --recursive --output=plaintext-openapiv2` with the real kubectl and the model's kubectl
    Then both print the same output

  @H68
  Scenario: kubectl explain fails alike on an unknown field, an unknown type and an unserved version
    Given the real kubectl is 1.27 or newer (explain reads OpenAPI v3)
    When I run `kubectl explain pods.spec.foo` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: field "foo" does not exist
      """
    When I run `kubectl explain pods.foo --output=plaintext-openapiv2` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl explain foo` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      the server doesn't have a resource type "foo"
      """
    When I run `kubectl explain deployments --api-version=apps/v2` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: couldn't find resource for "apps/v2, Resource=deployments"
      """

  @H69
  Scenario: NotFound, AlreadyExists and Invalid come back alike
    When I run `kubectl get pod no-such-pod` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      Error from server (NotFound): pods "no-such-pod" not found
      """
    When I run `kubectl delete pod no-such-pod` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl describe deployment no-such-deployment` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl create -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      Error from server (AlreadyExists): error when creating "examples/nginx.yaml": deployments.apps "nginx" already exists
      """
    When I run `kubectl scale deployment nginx --replicas=-1` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl apply -f -` with the real kubectl and the model's kubectl, with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: Bad_Name
      spec:
        ports:
          - port: 80
      """
    Then both fail with the same error
    When I run `kubectl get no-such-kind` with the real kubectl and the model's kubectl
    Then both fail with the same error

  @H69
  Scenario: A user without rights is Forbidden alike
    When I run `kubectl get pods` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      Error from server (Forbidden): pods is forbidden: User "jane" cannot list resource "pods" in API group "" in the namespace "default"
      """
    When I run `kubectl get nodes` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl apply -f examples/nginx.yaml` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl delete deployment nginx` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl create deployment web --image=nginx` as "jane" with the real kubectl and the model's kubectl
    Then both fail with the same error

  @A58
  Scenario Outline: kubectl's client-side checks fail alike: <command>
    When I run `<command>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | command                                                         |
      | kubectl get pods mypod -A                                       |
      | kubectl get pods --foo                                          |
      | kubectl get pods -w=maybe                                       |
      | kubectl get pods --chunk-size=99999999999999999999              |
      | kubectl get pods -o jsonpath=                                   |
      | kubectl get nodes --sort-by=.foo -o name                        |
      | kubectl label pod x a=b a-                                      |
      | kubectl scale deployment web --replicas=9999999999999999999999  |
      | kubectl delete pod x --timeout=5                                |
      | kubectl create deployment a --image=x --replicas=3000000000     |

    # kubectl 1.20 fails these in other words than 1.32 (its --validate was a bool flag, for one).
    @real-kubectl-1.32
    Examples:
      | command                                                         |
      | kubectl create -f examples/nginx.yaml --validate=bogus          |
      | kubectl scale deployment web --replicas=1                       |

  @A58
  Scenario Outline: A malformed manifest is reported alike: <case>
    When I run `kubectl create -f - --dry-run=client` with the real kubectl and the model's kubectl, with this input:
      """
      <document>
      """
    Then both fail with the same error

    Examples:
      | case           | document                                                                          |
      | more indented  | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n    labels: {}                   |
      | less indented  | apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n spec:\n  replicas: 3 |
      | sequence       | apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: a\n      image: b\n     - name: c |
      | open flow      | apiVersion: v1\nkind: Pod\nmetadata: {name: x                                    |
      | reserved @     | apiVersion: v1\nkind: Pod\nmetadata:\n  name: @x                                 |
      | JSON cut short | {"apiVersion": "v1", "kind": "Pod"                                                |
      | no kind        | apiVersion: v1\nmetadata:\n  name: x                                              |

    # kubectl 1.20 reports a JSON syntax error at "line 0" where 1.32 gives the offset.
    @real-kubectl-1.32
    Examples:
      | case           | document                                                                          |
      | JSON comma     | {"apiVersion": "v1", "kind": "Pod", }                                             |
