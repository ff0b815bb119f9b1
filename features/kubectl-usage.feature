Feature: kubectl's usage errors and version read as the real kubectl 1.32's

  A command line kubectl refuses before it does anything (an unknown command, missing arguments
  of a command that exists) fails with kubectl's own words and exit code, whether or not the
  model carries the command out; `kubectl version` prints the versions in its formats.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @K45 @real-kubectl-1.32
  Scenario Outline: kubectl <line> fails as the real kubectl fails
    When I run `kubectl <line>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | line                      |
      | bogus                     |
      | completion                |
      | port-forward pod/x        |
      | auth can-i get            |

  @K46 @real-kubectl-1.32
  Scenario Outline: kubectl version -o <format> prints the versions as the real kubectl does
    When I run `kubectl version -o <format>` with the real kubectl and the model's kubectl
    Then both print the same output, masking:
      | ignore line | ^\s*"?(major\|minor\|gitVersion\|gitCommit\|buildDate\|goVersion)"?: |

    Examples:
      | format |
      | json   |
      | yaml   |

  @K49
  Scenario: kubectl api-versions lists every group/version the API server serves, as the real kubectl does
    When I run `kubectl api-versions` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output has lines matching, in order:
      """
      ^apps/v1$
      ^batch/v1$
      ^storage\.k8s\.io/v1$
      ^v1$
      """
    When I run `kubectl api-versions extra` with the real kubectl and the model's kubectl
    Then both fail with the same error
