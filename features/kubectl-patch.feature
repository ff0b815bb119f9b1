Feature: kubectl patch: strategic merge, JSON merge and JSON patches
  `kubectl patch` parses the patch (JSON or YAML) and the API server applies it: a strategic
  merge patch (the default) merges lists by their merge key (a Service's ports by `port`, a
  container's by `containerPort`, containers by `name`); `--type merge` replaces lists whole;
  `--type json` runs RFC 6902 operations. An unchanged object reports `patched (no change)`.

  Background:
    Given a cluster
    When I run `kubectl create service nodeport web --tcp=8080:80 --node-port=31001`

  @portable
  Scenario: A strategic merge patch merges Service ports by port; a merge patch replaces the list
    When I run `kubectl patch service web -p '{"spec":{"ports":[{"port":8080,"targetPort":8000}]}}'`
    Then the output is:
      """
      service/web patched
      """
    When I run `kubectl get service web -o jsonpath='{range .spec.ports[*]}{.name} {.port} {.targetPort} {.nodePort}{"\n"}{end}'`
    Then the output is:
      """
      8080-80 8080 8000 31001
      """
    When I run `kubectl patch service web --type merge -p '{"spec":{"ports":[{"name":"http","port":9090,"targetPort":80}]}}'`
    And I run `kubectl get service web -o jsonpath='{range .spec.ports[*]}{.name} {.port} {.targetPort}{"\n"}{end}'`
    Then the output is:
      """
      http 9090 80
      """

  @portable
  Scenario: JSON patch operations add, replace, copy, move, test and remove
    When I run `kubectl patch service web --type json -p '[{"op":"add","path":"/metadata/labels/tier","value":"front"},{"op":"copy","from":"/metadata/labels/tier","path":"/metadata/labels/layer"},{"op":"move","from":"/metadata/labels/layer","path":"/metadata/labels/level"},{"op":"replace","path":"/spec/sessionAffinity","value":"ClientIP"},{"op":"test","path":"/metadata/labels/tier","value":"front"}]'`
    Then the output is:
      """
      service/web patched
      """
    When I run `kubectl get service web -o jsonpath='{.metadata.labels} {.spec.sessionAffinity}'`
    Then the output is:
      """
      {"app":"web","level":"front","tier":"front"} ClientIP
      """
    When I run `kubectl patch service web --type=json -p='[{"op":"remove","path":"/metadata/labels/level"}]'`
    And I run `kubectl get service web -o jsonpath='{.metadata.labels}'`
    Then the output is:
      """
      {"app":"web","tier":"front"}
      """

  @portable
  Scenario: Patching to what is already there changes nothing
    When I run `kubectl patch service web -p '{"metadata":{"labels":{"app":"web"}}}'`
    Then the output is:
      """
      service/web patched (no change)
      """

  @E13
  Scenario Outline: A bad patch gets kubectl's or the API server's error and changes nothing
    When I note the resourceVersion of the service "web"
    And I run `<command>`
    Then it fails with:
      """
      <error>
      """
    And the service "web" still has the noted resourceVersion

    Examples:
      | command                                                                                      | error                                                                                                                               |
      | kubectl patch service web -p '{"spec":'                                                      | error: unable to parse "{\"spec\":": yaml: line 1: did not find expected node content                                               |
      | kubectl patch service web -p '{bad'                                                          | error: unable to parse "{bad": yaml: line 1: did not find expected ',' or '}'                                                        |
      | kubectl patch service web --type json -p '[{"op":"remove","path":"/metadata/labels/nope"}]'  | The request is invalid: : error in remove for path: '/metadata/labels/nope': Unable to remove nonexistent key: nope: missing value |
      | kubectl patch service web --type json -p '[{"op":"test","path":"/spec/type","value":"Foo"}]' | The request is invalid: : testing value /spec/type failed: test failed                                                             |
      | kubectl patch service web --type yaml -p '{}'                                                | error: --type must be one of [json merge strategic], not "yaml"                                                                     |
      | kubectl patch service web -p '{"spec":{"type":"Bogus"}}'                                     | The Service "web" is invalid: spec.type: Unsupported value: "Bogus": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort" |
