Feature: The real kubectl and the model's kubectl roll out, look back and roll back alike
  The rollout commands of features/rollouts.feature, run by the real kubectl 1.32 against the
  served model and by the model's kubectl on its twin (see features/real-kubectl.feature): the
  same output, the same exit status, the same objects left behind. `kubectl events` ages come
  from the real kubectl's wall clock, so its LAST SEEN column is masked.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @R16 @R75
  Scenario: set image, rollout history, undo, pause and resume, set env and resources print alike
    Given the real kubectl is 1.32 or newer (kubectl events and the rollout messages of 1.32)
    When I run `kubectl create deployment web --image=nginx:1.25 --replicas=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl annotate deployment web kubernetes.io/change-cause=first` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl set image deployment/web nginx=nginx:1.26` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output is:
      """
      deployment.apps/web image updated
      """
    When 1m passes
    And I run `kubectl set image deployment/web nginx=nginx:1.26` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout history deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output contains "REVISION  CHANGE-CAUSE"
    When I run `kubectl rollout history deployment/web --revision=2` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout history deployment/web -o name` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout undo deployment/web --to-revision=9` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl rollout undo deployment/web --dry-run=client` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout undo deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
    When 1m passes
    And I run `kubectl rollout history deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout pause deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout pause deployment/web` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl rollout undo deployment/web --to-revision=2` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When I run `kubectl set env deployment/web MODE=blue` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl set resources deployment/web --requests=cpu=100m -o yaml` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | (?<=^  (creationTimestamp\|time): ).*$ |
    When I run `kubectl rollout resume deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl rollout resume deployment/web` with the real kubectl and the model's kubectl
    Then both fail with the same error
    When 1m passes
    And I run `kubectl events --for deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | mask | ^(LAST SEEN\|\d+[smhdy](\d+[smh])?( \(x\d+ over \d+[smhdy](\d+[smh])?\))?) +(?=\S) |
    # Watches come last: a watch draws on the served cluster's random generator.
    When I run `kubectl rollout status deployment/web` with the real kubectl and the model's kubectl
    Then both print the same output
