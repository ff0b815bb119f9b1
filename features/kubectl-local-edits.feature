Feature: kubectl refuses what it refuses on its own side, as the real kubectl 1.32 does

  Some command lines never reach the API server: kubectl (cobra, pflag, its FilenameOptions)
  refuses them first. The model's kubectl must refuse the same lines with the same words and
  exit code, and send nothing, so the cluster stays as it was.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @K30
  Scenario: apply with both -f and -k is refused before any request, and nothing is created
    When I run `kubectl apply -f examples/nginx.yaml -k examples` with the real kubectl and the model's kubectl
    Then both fail with the same error
    And the error output is:
      """
      error: only one of -f or -k can be specified
      """
    When I run `kubectl get deployments` with the real kubectl and the model's kubectl
    Then both print the same output
    And the error output is:
      """
      No resources found in default namespace.
      """

  @K31
  Scenario: label --local edits the files named by a comma-separated -f, and prints each object alone
    When I run `kubectl label --local -f examples/nginx.yaml,examples/nginx.yaml tier=web -o yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output has 2 lines matching "^    tier: web$"
    When I run `kubectl label --local -f examples/nginx.yaml tier=web` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx labeled
      """
    When I run `kubectl get deployments` with the real kubectl and the model's kubectl
    Then both print the same output
    And the error output is:
      """
      No resources found in default namespace.
      """

  @K32
  Scenario: annotate edits files with --local, and the served objects through a merge patch
    When I run `kubectl annotate --local -f examples/nginx.yaml note='a b=c' -o json` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "\"note\": \"a b=c\""
    When I run `kubectl apply -f examples/nginx.yaml` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl annotate deployment nginx note=one` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/nginx annotated
      """
    When I run `kubectl annotate deployment nginx note=two` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl annotate deployment nginx note=two --overwrite` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl annotate deployment nginx note-` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl get deployment nginx -o jsonpath={.metadata.annotations}` with the real kubectl and the model's kubectl
    Then both print the same output
