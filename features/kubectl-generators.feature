Feature: kubectl create and run generate what the real kubectl 1.32 generates

  The generators build the object on the client; with --dry-run=client the real kubectl and the
  model's kubectl print it byte for byte alike, in every output format, and fail alike on bad input.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @K10
  Scenario Outline: kubectl <line> prints what the real kubectl prints
    When I run `kubectl <line>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | line                                                              |
      | create serviceaccount sa1 --dry-run=client -o yaml                |
      | create serviceaccount sa1 --dry-run=client -o json                |
      | create sa sa1 --dry-run=client -o name                            |
      | create sa sa1 --dry-run=client                                    |
      | create sa sa1 -n foo --dry-run=client -o yaml                     |
      | create deployment web --image=nginx --dry-run=client -o yaml      |
      | create deployment web --image=nginx -n foo --dry-run=client -o json |
      | create namespace ns1 --dry-run=client -o json                     |

  @K11
  Scenario Outline: kubectl <line> fails as the real kubectl fails
    When I run `kubectl <line>` with the real kubectl and the model's kubectl
    Then both fail with the same error

    Examples:
      | line                                             |
      | create serviceaccount --dry-run=client           |
      | create serviceaccount a b --dry-run=client       |
