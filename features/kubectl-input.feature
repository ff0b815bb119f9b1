# Every expected text below was checked against the real kubectl v1.32.4 (the Google Cloud SDK
# dispatcher's 1.32 binary) with a fresh HOME, against `kubespec up` where discovery was needed.
Feature: kubectl checks its input on the client, in kubectl's own words

  Before any request, kubectl parses its flags with pflag (Go's strconv and time parsers), checks
  the combinations it refuses, and decodes manifests with go-yaml v2 and encoding/json. The model's
  kubectl does the same and says it the same way: `Error: unknown flag: --foo`, `strconv.ParseInt:
  parsing "x": value out of range`, `yaml: line 4: mapping values are not allowed in this context`,
  `json: offset 37: invalid character '}' looking for beginning of object key string`. A stream
  stops at its first bad document; the objects before it are still sent.

  Background:
    Given a cluster

  @A50
  Scenario Outline: A flag is parsed as pflag parses it: <command>
    When I run `<command>`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | command | error |
      | kubectl get pods --foo | Error: unknown flag: --foo\nSee 'kubectl get --help' for usage. |
      | kubectl get pods -Z | Error: unknown shorthand flag: 'Z' in -Z\nSee 'kubectl get --help' for usage. |
      | kubectl get pods -Awtrue | Error: unknown shorthand flag: 't' in -true\nSee 'kubectl get --help' for usage. |
      | kubectl get pods -w= | Error: unknown shorthand flag: '=' in -=\nSee 'kubectl get --help' for usage. |
      | kubectl get pods -n | Error: flag needs an argument: 'n' in -n\nSee 'kubectl get --help' for usage. |
      | kubectl get pods --namespace | Error: flag needs an argument: --namespace\nSee 'kubectl get --help' for usage. |
      | kubectl get pods --chunk-size=abc | Error: invalid argument "abc" for "--chunk-size" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee 'kubectl get --help' for usage. |
      | kubectl get pods --chunk-size=99999999999999999999 | Error: invalid argument "99999999999999999999" for "--chunk-size" flag: strconv.ParseInt: parsing "99999999999999999999": value out of range\nSee 'kubectl get --help' for usage. |
      | kubectl get pods -w=maybe | Error: invalid argument "maybe" for "-w, --watch" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee 'kubectl get --help' for usage. |
      | kubectl get pods --watch= | Error: invalid argument "" for "-w, --watch" flag: strconv.ParseBool: parsing "": invalid syntax\nSee 'kubectl get --help' for usage. |
      | kubectl get pods --show-labels=yes | Error: invalid argument "yes" for "--show-labels" flag: strconv.ParseBool: parsing "yes": invalid syntax\nSee 'kubectl get --help' for usage. |
      | kubectl scale deployment web --replicas=abc | Error: invalid argument "abc" for "--replicas" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee 'kubectl scale --help' for usage. |
      | kubectl scale deployment web --replicas=9999999999999999999999 | Error: invalid argument "9999999999999999999999" for "--replicas" flag: strconv.ParseInt: parsing "9999999999999999999999": value out of range\nSee 'kubectl scale --help' for usage. |
      | kubectl create deployment a --image=x --replicas=3000000000 | Error: invalid argument "3000000000" for "-r, --replicas" flag: strconv.ParseInt: parsing "3000000000": value out of range\nSee 'kubectl create deployment --help' for usage. |
      | kubectl delete pod x --grace-period=abc | Error: invalid argument "abc" for "--grace-period" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee 'kubectl delete --help' for usage. |
      | kubectl delete pod x --timeout=abc | Error: invalid argument "abc" for "--timeout" flag: time: invalid duration "abc"\nSee 'kubectl delete --help' for usage. |
      | kubectl rollout status deploy/web --timeout=5 | Error: invalid argument "5" for "--timeout" flag: time: missing unit in duration "5"\nSee 'kubectl rollout status --help' for usage. |
      | kubectl rollout status deploy/web --revision=x | Error: invalid argument "x" for "--revision" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee 'kubectl rollout status --help' for usage. |
      | kubectl logs x --tail=abc | Error: invalid argument "abc" for "--tail" flag: strconv.ParseInt: parsing "abc": invalid syntax\nSee 'kubectl logs --help' for usage. |
      | kubectl get pods --request-timeout=abc | error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s \| 2m \| 3h) |

  @A50
  Scenario: Integer flags take Go's literals: 0x10, 1_0 and 010 are numbers
    When I run `kubectl create deployment a --image=nginx --port=0x10 --replicas=1_0 --dry-run=client -o jsonpath={.spec.replicas}/{.spec.template.spec.containers[0].ports[0].containerPort}`
    Then the output is:
      """
      10/16
      """

  @A51
  Scenario Outline: kubectl refuses before any request: <command>
    When I run `<command>`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | command | error |
      | kubectl get pods mypod -A | error: a resource cannot be retrieved by name across all namespaces |
      | kubectl get pods,nodes x -A -o bogus | error: a resource cannot be retrieved by name across all namespaces |
      | kubectl describe pods x -A | error: a resource cannot be retrieved by name across all namespaces |
      | kubectl delete pods x -A | error: a resource cannot be retrieved by name across all namespaces |
      | kubectl label pods x -A a=b | error: a resource cannot be retrieved by name across all namespaces |
      | kubectl label pod x a=b a- | error: can not both modify and remove a label in the same command |
      | kubectl create -f examples/nginx.yaml --validate=bogus | error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false) |
      | kubectl apply -f examples/nginx.yaml --validate=bogus | error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false) |
      | kubectl create deployment x --image=nginx --validate=bogus | error: invalid - validate option "bogus"; must be one of: strict (or true), warn, ignore (or false) |
      | kubectl create -f examples/nginx.yaml --validate=bogus --dry-run=x | error: Invalid dry-run value (x). Must be "none", "server", or "client". |
      | kubectl get pods -o jsonpath= | error: template format specified but no template given |
      | kubectl get pods -o jsonpath | error: template format specified but no template given |
      | kubectl get pods -o go-template | error: template format specified but no template given |
      | kubectl get pods -o custom-columns | error: custom-columns format specified but no custom columns given |
      | kubectl get nodes --sort-by=.foo -o name | error: couldn't find any field with path "{.foo}" in the list of objects |
      | kubectl delete pods x --cascade=x | error: invalid cascade value (x). Must be "background", "foreground", or "orphan" |
      | kubectl scale --replicas=2 | error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>' |
      | kubectl scale deployment web --replicas=1 | error: no objects passed to scale deployments.apps "web" not found |
      | kubectl scale deployment web --current-replicas=-2 --replicas=1 | error: The --current-replicas must specify an integer of -1 or greater |

  @A51
  Scenario: An empty manifest passes no objects to create or apply
    Given the file "empty.yaml":
      """
      # nothing here
      """
    When I run `kubectl create -f empty.yaml`
    Then it fails with:
      """
      error: no objects passed to create
      """
    When I run `kubectl apply -f empty.yaml`
    Then it fails with:
      """
      error: no objects passed to apply
      """

  @A51
  Scenario: --sort-by on a field no row has prints nothing of a Table of several rows, as kubectl drops its printer's error
    When I run `kubectl get nodes --sort-by=.foo`
    Then it succeeds
    And the output is:
      """
      """
    And the error output is:
      """
      No resources found
      """

  @A52
  Scenario Outline: A malformed YAML manifest is reported in go-yaml's words: <case>
    Given the file "bad.yaml":
      """
      <document>
      """
    When I run `kubectl create -f bad.yaml --dry-run=client`
    Then it fails with:
      """
      error: error parsing bad.yaml: <error>
      """

    Examples: YAML documents
      | case | document | error |
      | at_sign | apiVersion: v1\nkind: Pod\nmetadata:\n  name: @x\n | error converting YAML to JSON: yaml: line 4: found character that cannot start any token |
      | backtick | apiVersion: v1\nkind: Pod\nmetadata:\n  name: `x\n | error converting YAML to JSON: yaml: line 4: found character that cannot start any token |
      | bad_anchor | apiVersion: v1\nkind: Pod\nmetadata:\n  name: *nope\n | error converting YAML to JSON: yaml: unknown anchor 'nope' referenced |
      | block_scalar_bad | a: \|\n  x\n y\n | error converting YAML to JSON: yaml: line 2: did not find expected key |
      | colon_in_value | apiVersion: v1\nkind: Pod\nmetadata:\n  name: a: b\n | error converting YAML to JSON: yaml: line 4: mapping values are not allowed in this context |
      | comment_no_space | a: b#c\nd: e #f\n  g: h\n | error converting YAML to JSON: yaml: line 2: did not find expected key |
      | deep_flow | a: {b: [c, {d: e]}\n | error converting YAML to JSON: yaml: did not find expected ',' or '}' |
      | directive | %YAML 1.3\n---\na: b\n | error converting YAML to JSON: yaml: found incompatible YAML document |
      | empty_key | : x\n | error converting YAML to JSON: yaml: did not find expected key |
      | flow_extra_close | apiVersion: v1\nkind: Pod\nmetadata: {name: x}}\n | error converting YAML to JSON: yaml: line 2: did not find expected key |
      | indent_less_in_map | a:\n    b: 1\n  c: 2\n | error converting YAML to JSON: yaml: line 2: did not find expected key |
      | indent_spec | apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: nginx\n spec:\n  replicas: 3\n | error converting YAML to JSON: yaml: line 4: did not find expected key |
      | key_no_colon | apiVersion: v1\nkind: Pod\nmetadata\n  name: x\n | error converting YAML to JSON: yaml: line 4: could not find expected ':' |
      | line10 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels:\n    a: b\n    c: d\nspec:\n  containers:\n  - name: c\n     image: nginx\n | error converting YAML to JSON: yaml: line 11: mapping values are not allowed in this context |
      | m01 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: 1\n   b: 2\n | error converting YAML to JSON: yaml: line 7: mapping values are not allowed in this context |
      | m02 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: "1"\n    b: 2\n | error converting YAML to JSON: yaml: line 6: did not find expected key |
      | m03 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x # c\n    labels: {}\n | error converting YAML to JSON: yaml: line 4: did not find expected key |
      | m04 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: {a: 1, b: 2\nfoo: bar\n | error converting YAML to JSON: yaml: line 5: did not find expected ',' or '}' |
      | m05 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: [a, b\n | error converting YAML to JSON: yaml: line 5: did not find expected ',' or ']' |
      | m06 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: [\n | error converting YAML to JSON: yaml: line 6: did not find expected node content |
      | m07 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: {b: \n | error converting YAML to JSON: yaml: line 6: did not find expected node content |
      | m08 | apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n - a\n | error converting YAML to JSON: yaml: line 4: did not find expected key |
      | m09 | apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: a\n      image: b\n     - name: c\n | error converting YAML to JSON: yaml: line 6: did not find expected '-' indicator |
      | m10 | apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n    image: b\n   ports: []\n | error converting YAML to JSON: yaml: line 6: did not find expected key |
      | m11 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: "x"y\n | error converting YAML to JSON: yaml: line 3: did not find expected key |
      | m12 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: 'x' y\n | error converting YAML to JSON: yaml: line 3: did not find expected key |
      | m13 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels:\n    a: b\n  c\n | error converting YAML to JSON: yaml: line 8: could not find expected ':' |
      | m14 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n	labels: {}\n | error converting YAML to JSON: yaml: line 5: found a tab character that violates indentation |
      | m15 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: [x]y\n | error converting YAML to JSON: yaml: line 3: did not find expected key |
      | m16 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: {x: 1}y\n | error converting YAML to JSON: yaml: line 3: did not find expected key |
      | m17 | apiVersion: v1\nkind: Pod\nmetadata:\n  - a\n  b: c\n | error converting YAML to JSON: yaml: line 4: did not find expected '-' indicator |
      | m18 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  name2: \|\n  bad\n | error converting YAML to JSON: yaml: line 7: could not find expected ':' |
      | m19 | apiVersion: v1\nkind: Pod\nmetadata:\n  name: &a x\n  other: *b\n | error converting YAML to JSON: yaml: unknown anchor 'b' referenced |
      | m20 | apiVersion: v1\nkind: Pod\n---\nmetadata: {\n | error converting YAML to JSON: yaml: line 1: did not find expected node content |
      | m21 | a:\n  b:\n    c: d\n   e: f\n | error converting YAML to JSON: yaml: line 3: did not find expected key |
      | m22 | a: b\n c: d\n | error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context |
      | m25 | "a": b\n"c" d\n | error converting YAML to JSON: yaml: line 3: could not find expected ':' |
      | m26 | a: 'b''\n | error converting YAML to JSON: yaml: line 2: found unexpected end of stream |
      | m27 | a: "b\\"\n | error converting YAML to JSON: yaml: line 2: found unexpected end of stream |
      | m29 | a: b\nc: d: e\n | error converting YAML to JSON: yaml: line 2: mapping values are not allowed in this context |
      | m30 | apiVersion: v1\nkind: Pod\nmetadata:\n  annotations:\n    x: "a"\n    y: "b\n | error converting YAML to JSON: yaml: line 7: found unexpected end of stream |
      | more_indent | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n    labels: {}\n | error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context |
      | percent | apiVersion: v1\nkind: Pod\nmetadata:\n  name: %x\n | error converting YAML to JSON: yaml: line 4: found character that cannot start any token |
      | plain_then_key | apiVersion: v1\nkind Pod\nmetadata:\n  name: x\n | error converting YAML to JSON: yaml: line 3: could not find expected ':' |
      | question | ? a\n: b\n? [\n | error converting YAML to JSON: yaml: line 3: did not find expected node content |
      | seq_bad_indent | apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: a\n   image: b\n | error converting YAML to JSON: yaml: line 5: did not find expected key |
      | seq_extra_close | a: [1, 2]]\n | error converting YAML to JSON: yaml: did not find expected key |
      | tab | apiVersion: v1\nkind: Pod\nmetadata:\n	name: x\n | error converting YAML to JSON: yaml: line 4: found character that cannot start any token |
      | two_docs_second_bad | apiVersion: v1\nkind: Namespace\nmetadata:\n  name: a\n---\napiVersion: v1\nkind: Pod\nmetadata:\n name: x\n  labels: {}\n | error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context |
      | unclosed_dq | apiVersion: v1\nkind: Pod\nmetadata:\n  name: "x\n | error converting YAML to JSON: yaml: line 5: found unexpected end of stream |
      | unclosed_flow_map | apiVersion: v1\nkind: Pod\nmetadata: {name: x\n | error converting YAML to JSON: yaml: line 3: did not find expected ',' or '}' |
      | unclosed_flow_map2 | apiVersion: v1\nkind: Pod\nmetadata: {name: x,\n | error converting YAML to JSON: yaml: line 3: did not find expected node content |
      | unclosed_flow_seq | apiVersion: v1\nkind: Pod\nmetadata:\n  name: x\n  labels: [a, b\n | error converting YAML to JSON: yaml: line 5: did not find expected ',' or ']' |
      | unclosed_sq | apiVersion: v1\nkind: Pod\nmetadata:\n  name: 'x\n | error converting YAML to JSON: yaml: line 5: found unexpected end of stream |
      | unicode_bad | a: "\\q"\n | error converting YAML to JSON: yaml: found unknown escape character |

  @A53
  Scenario Outline: A malformed JSON manifest is reported in encoding/json's words: <case>
    Given the file "bad.json":
      """
      <document>
      """
    When I run `kubectl create -f bad.json --dry-run=client`
    Then it fails with:
      """
      error: error parsing bad.json: <error>
      """

    Examples: JSON streams
      | case | document | error |
      | j01 | {"apiVersion": "v1", "kind": "Pod", } | json: offset 37: invalid character '}' looking for beginning of object key string |
      | j02 | {"apiVersion": "v1", "kind": "Pod" | unexpected EOF |
      | j03 | {"apiVersion": "v1" "kind": "Pod"} | json: offset 21: invalid character '"' after object key:value pair |
      | j04 | {"apiVersion": v1} | json: offset 16: invalid character 'v' looking for beginning of value |
      | j05 | {apiVersion: "v1"} | json: offset 2: invalid character 'a' looking for beginning of object key string |
      | j06 | {"apiVersion": "v1",\n "kind": "Pod",\n "metadata": {"name": "x",}} | json: offset 64: invalid character '}' looking for beginning of object key string |
      | j07 | {"a": [1, 2,]} | json: offset 13: invalid character ']' looking for beginning of value |
      | j08 | {"a": tru} | json: offset 10: invalid character '}' in literal true (expecting 'e') |
      | j09 | {"a": 01} | json: offset 8: invalid character '1' after object key:value pair |
      | j10 | {"a": "b\\q"} | json: offset 10: invalid character 'q' in string escape code |
      | j11 | {"a": "b\n"} | json: offset 9: invalid character '\\n' in string literal |
      | j12 | {"a": 1.} | json: offset 9: invalid character '}' after decimal point in numeric literal |
      | j13 | {"a": -} | json: offset 8: invalid character '}' in numeric literal |
      | j14 | {"a": 1e} | json: offset 9: invalid character '}' in exponent of numeric literal |
      | j15 | {"a" 1} | json: offset 6: invalid character '1' after object key |
      | j16 | {"a": [1 2]} | json: offset 10: invalid character '2' after array element |
      | j18 | {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "j18a"}}\n{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "j18b",}} | json: offset 143: invalid character '}' looking for beginning of object key string |
      | j19 | { | unexpected EOF |
      | j20 | {"a": nul} | json: offset 10: invalid character '}' in literal null (expecting 'l') |
      | j21 | {'a': 1} | json: offset 2: invalid character '\\'' looking for beginning of object key string |
      | j22 | {"a": "\\u12"} | json: offset 12: invalid character '"' in \\u hexadecimal character escape |

  @A54
  Scenario: A stream stops at its first bad document; the objects before it are still created
    Given the file "multi.yaml":
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: first
      ---
      apiVersion: v1
      kind: Namespace
      metadata:
       name: second
        labels: {}
      ---
      apiVersion: v1
      kind: Namespace
      metadata:
        name: third
      """
    When I run `kubectl apply -f multi.yaml`
    Then it fails with:
      """
      error: error parsing multi.yaml: error converting YAML to JSON: yaml: line 5: mapping values are not allowed in this context
      """
    And the output contains "namespace/first created"
    And the output does not contain "third"

  @A54
  Scenario: A document without a kind ends its file; other files still go
    Given the file "a.yaml":
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: a-first
      ---
      metadata:
        name: a-second
      ---
      apiVersion: v1
      kind: Namespace
      metadata:
        name: a-third
      """
    And the file "b.yaml":
      """
      apiVersion: v1
      kind: Namespace
      metadata:
        name: b-only
      """
    When I run `kubectl create -f a.yaml -f b.yaml`
    Then it fails with:
      """
      error: error validating "a.yaml": error validating data: [apiVersion not set, kind not set]; if you choose to ignore these errors, turn validation off with --validate=false
      """
    And the output is:
      """
      namespace/a-first created
      namespace/b-only created
      """

  @A55
  Scenario: YAML 1.1 scalars read as go-yaml v2 reads them: yes is true, 0777 is octal, 1_000 a number
    Given the file "scalars.yaml":
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: scalars
      data:
        a: yes
        b: 0777
        c: 1_000
        d: 0b101
        e: ~
        f: 2026-01-01
        g: Off
      """
    When I run `kubectl create -f scalars.yaml --dry-run=client -o jsonpath={.data}`
    Then the output is:
      """
      {"a":true,"b":511,"c":1000,"d":5,"e":null,"f":"2026-01-01","g":false}
      """

  @A57
  Scenario: kubectl expose of a Pod without labels says so
    Given the file "nolabels.yaml":
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: nolabels
      spec:
        containers:
        - name: c
          image: nginx
      """
    When I run `kubectl apply -f nolabels.yaml`
    Then it succeeds
    When I run `kubectl expose pod nolabels --port=80`
    Then it fails with:
      """
      error: couldn't retrieve selectors via --selector flag or introspection: the pod has no labels and cannot be exposed
      """

  @A56 @property
  Scenario: No command line or manifest makes kubectl print a JavaScript value or engine message, or throw
    Then no generated kubectl command line or manifest makes the model's kubectl leak JavaScript or throw
