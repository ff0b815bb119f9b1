Feature: kubectl's printers print local objects as the real kubectl 1.32 does

  `kubectl create -f x.yaml --dry-run=client -o …` prints on kubectl's own side (cli-runtime's
  printers, client-go's util/jsonpath, Go text/template). The model's kubectl must print the
  same bytes and exit with the same code.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS

  @K20
  Scenario Outline: the printers print a local file as the real kubectl does
    When I run `kubectl create -f examples/nginx.yaml --dry-run=client -o <output>` with the real kubectl and the model's kubectl
    Then both print the same output

    Examples:
      | output                                                        |
      | yaml                                                          |
      | json                                                          |
      | YAML                                                          |
      | Json                                                          |
      | name                                                          |
      | jsonpath={.metadata.name}                                     |
      | jsonpath={.spec.template.spec.containers[*].name}             |
      | 'jsonpath={range .spec.template.spec.containers[*]}{.image}{"\\n"}{end}' |
