Feature: managedFields' field sets are written as structured-merge-diff writes them
  Server-side apply records each manager's fields in metadata.managedFields as FieldsV1: a tree
  whose keys are path elements, `f:` a field, `k:` a list item by its keys, `v:` a set item by
  value, `i:` an index. Each level is written in structured-merge-diff's order: fields by name,
  then keys, then values (numbers, then strings, then booleans), then indices; an element of an
  unknown kind is dropped. The cases are sigs.k8s.io/structured-merge-diff's fieldpath tests
  (element_test.go, path_test.go, serialize_test.go) as Kubernetes v1.32 vendors them; conflicts and
  errors name a path as `.spec.containers[name="nginx"].image`.

  @AP12
  Scenario: Path elements sort fields, then keys, values and indices, each in its own order (TestPathElementLess)
    Then path elements are ordered as PathElement.Less says:
      | name        | a                 | b                            | order   |
      | FieldName-1 | f:anteater        | f:zebra                      | a first |
      | FieldName-2 | f:bee             | f:bee                        | equal   |
      | FieldName-3 | f:capybara        | k:{"dog":3}                  | a first |
      | FieldName-4 | f:elephant        | v:4                          | a first |
      | FieldName-5 | f:falcon          | i:5                          | a first |
      | Key-1       | k:{"goat":1}      | k:{"goat":1}                 | equal   |
      | Key-2       | k:{"horse":1}     | k:{"horse":2}                | a first |
      | Key-3       | k:{"ibex":1}      | k:{"jay":1}                  | a first |
      | Key-4       | k:{"kite":1}      | k:{"kite":1,"kite-2":1}      | a first |
      | Key-5       | k:{"kite":1}      | v:1                          | a first |
      | Key-6       | k:{"kite":1}      | i:5                          | a first |
      | Value-1     | v:1               | v:2                          | a first |
      | Value-2     | v:1               | v:1                          | equal   |
      | Value-3     | v:1               | i:1                          | a first |
      | Index-1     | i:1               | i:2                          | a first |
      | Index-2     | i:1               | i:1                          | equal   |

  @AP12
  Scenario: Every kind of path element at one level, in order (TestSerializeV1GoldenData)
    Then reading this FieldsV1 and writing it again gives it back byte for byte:
      """
      {"f:aaa":{},"f:aab":{},"f:aac":{},"f:aad":{},"f:aae":{},"f:aaf":{},"k:{\"name\":\"first\"}":{},"k:{\"name\":\"second\"}":{},"k:{\"port\":443,\"protocol\":\"tcp\"}":{},"k:{\"port\":443,\"protocol\":\"udp\"}":{},"v:1":{},"v:2":{},"v:3":{},"v:\"aa\"":{},"v:\"ab\"":{},"v:true":{},"i:1":{},"i:2":{},"i:3":{},"i:4":{}}
      """

  @AP12
  Scenario: A deep tree of every kind, in order at every level (TestSerializeV1GoldenData)
    Then reading this FieldsV1 and writing it again gives it back byte for byte:
      """
      {"f:aaa":{"k:{\"name\":\"second\"}":{"v:3":{"f:aab":{}}},"v:3":{},"v:true":{}},"f:aab":{"f:aaa":{},"f:aaf":{"k:{\"port\":443,\"protocol\":\"udp\"}":{"k:{\"port\":443,\"protocol\":\"tcp\"}":{}}},"k:{\"name\":\"first\"}":{}},"f:aac":{"f:aaa":{"v:1":{}},"f:aac":{},"v:3":{"k:{\"name\":\"second\"}":{}}},"f:aad":{"f:aac":{"v:1":{}},"f:aaf":{"k:{\"name\":\"first\"}":{"k:{\"name\":\"first\"}":{}}},"i:1":{"i:1":{},"i:3":{"v:true":{}}}},"f:aae":{"f:aae":{},"k:{\"port\":443,\"protocol\":\"tcp\"}":{"k:{\"port\":443,\"protocol\":\"udp\"}":{}},"i:4":{"f:aaf":{}}},"f:aaf":{"i:1":{"f:aac":{}},"i:2":{},"i:3":{}},"k:{\"name\":\"first\"}":{"f:aad":{"f:aaf":{}}},"k:{\"port\":443,\"protocol\":\"tcp\"}":{"f:aaa":{"f:aad":{}}},"k:{\"port\":443,\"protocol\":\"udp\"}":{"f:aac":{},"k:{\"name\":\"first\"}":{"i:3":{}},"k:{\"port\":443,\"protocol\":\"udp\"}":{"i:4":{}}},"v:1":{"f:aac":{"i:4":{}},"f:aaf":{},"k:{\"port\":443,\"protocol\":\"tcp\"}":{}},"v:2":{"f:aad":{"f:aaf":{}},"i:1":{}},"v:3":{"f:aaa":{},"k:{\"name\":\"first\"}":{},"i:2":{}},"v:\"aa\"":{"f:aab":{"f:aaf":{}},"f:aae":{},"k:{\"name\":\"first\"}":{"f:aad":{}},"i:2":{}},"v:\"ab\"":{"f:aaf":{"i:4":{}},"k:{\"port\":443,\"protocol\":\"tcp\"}":{},"k:{\"port\":443,\"protocol\":\"udp\"}":{},"v:1":{"k:{\"port\":443,\"protocol\":\"udp\"}":{}},"i:1":{"f:aae":{"i:4":{}}}},"v:true":{"k:{\"name\":\"second\"}":{"f:aaa":{}},"i:2":{"k:{\"port\":443,\"protocol\":\"tcp\"}":{}}},"i:1":{"i:3":{"f:aaf":{}}},"i:2":{"f:aae":{},"k:{\"port\":443,\"protocol\":\"tcp\"}":{"v:1":{}}},"i:3":{"f:aab":{"v:true":{"v:\"aa\"":{}}},"f:aaf":{},"i:1":{}},"i:4":{"v:\"aa\"":{"f:aab":{"k:{\"name\":\"second\"}":{}}}}}
      """

  @AP12
  Scenario: An element of an unknown kind is dropped (TestDropUnknown)
    Then reading each FieldsV1 and writing it again gives:
      | read                     | written      |
      | {"f:aaa":{},"r:aab":{}}  | {"f:aaa":{}} |

  @AP12
  Scenario: A path prints as .field, [index], [key=value,...] and [=value] (TestPathString)
    Then each path prints as fieldpath's Path.String does:
      | name                 | path                                          | printed                             |
      | basic1               | f:foo i:1                                     | .foo[1]                             |
      | basic2               | f:foo f:bar i:1 f:baz                         | .foo.bar[1].baz                     |
      | associative-list-ref | f:foo k:{"a":"b","c":1,"d":1.5,"e":true}      | .foo[a="b",c=1,d=1.5,e=true]        |
      | sets                 | f:foo v:"b" v:5 v:false v:3.14159             | .foo[="b"][=5][=false][=3.14159]    |
