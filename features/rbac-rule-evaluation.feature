Feature: RBAC evaluates rules as upstream's own tests say
  The RBAC authorizer allows a request when one rule the user holds matches its verb, API group,
  resource (with its subresource, or a `*/sub` rule) and name, or its non-resource URL (exact, or a
  prefix ending in `*`); the rules a user holds are those of the bindings naming the user, one of
  its groups or its ServiceAccount. Writing a role needs its rules covered by the writer's own, and
  a refusal lists the missing rules compacted. The cases are Kubernetes v1.32's:
  plugin/pkg/auth/authorizer/rbac/rbac_test.go (TestAuthorizer, TestRuleMatches),
  pkg/registry/rbac/validation/rule_test.go (TestDefaultRuleResolver, TestAppliesTo),
  policy_comparator_test.go (TestCovers*, TestNonResourceURLCovers) and policy_compact_test.go
  (TestCompactRules). A rule is written `verbs=… groups=… resources=… names=… urls=…`, lists
  comma-separated, `""` the empty string; rules are separated by `;`.

  @AP01
  Scenario: A ClusterRole bound in one namespace grants there only, to its users and groups (TestAuthorizer)
    Given these RBAC objects are in etcd:
      | kind        | namespace | name  | rules                                 | role              | subjects                   |
      | ClusterRole |           | admin | verbs=* groups=* resources=* urls=*   |                   |                            |
      | RoleBinding | ns1       | admin |                                       | ClusterRole/admin | User:admin,Group:admins    |
    Then the RBAC authorizer allows exactly these requests:
      | user  | groups        | verb  | resource | subresource | namespace | path | allowed |
      | admin |               | get   | Pods     |             | ns1       |      | yes     |
      | admin |               | watch | Pods     |             | ns1       |      | yes     |
      | admin | group1        | watch | Foobar   |             | ns1       |      | yes     |
      | joe   | admins        | watch | Foobar   |             | ns1       |      | yes     |
      | joe   | group1,admins | watch | Foobar   |             | ns1       |      | yes     |
      | admin |               | GET   | Pods     |             | ns2       |      | no      |
      | admin |               | GET   | Nodes    |             |           |      | no      |
      | admin | admins        | GET   | Pods     |             | ns2       |      | no      |
      | admin | admins        | GET   | Nodes    |             |           |      | no      |

  @AP01
  Scenario: Non-resource URLs are granted exactly, or by a prefix ending in * (TestAuthorizer)
    Given these RBAC objects are in etcd:
      | kind               | namespace | name                    | rules                 | role                                | subjects                      |
      | ClusterRole        |           | non-resource-url-getter | verbs=get urls=/apis  |                                     |                               |
      | ClusterRole        |           | non-resource-url        | verbs=* urls=/apis    |                                     |                               |
      | ClusterRole        |           | non-resource-url-prefix | verbs=get urls=/apis/* |                                    |                               |
      | ClusterRoleBinding |           | getter                  |                       | ClusterRole/non-resource-url-getter | User:foo,Group:bar            |
      | ClusterRoleBinding |           | any-verb                |                       | ClusterRole/non-resource-url        | User:admin,Group:admin        |
      | ClusterRoleBinding |           | prefix                  |                       | ClusterRole/non-resource-url-prefix | User:prefixed,Group:prefixed  |
    Then the RBAC authorizer allows exactly these requests:
      | user     | groups   | verb  | resource | subresource | namespace | path            | allowed |
      | foo      |          | get   |          |             |           | /apis           | yes     |
      |          | bar      | get   |          |             |           | /apis           | yes     |
      | admin    |          | get   |          |             |           | /apis           | yes     |
      |          | admin    | get   |          |             |           | /apis           | yes     |
      | admin    |          | watch |          |             |           | /apis           | yes     |
      |          | admin    | watch |          |             |           | /apis           | yes     |
      | prefixed |          | get   |          |             |           | /apis/v1        | yes     |
      |          | prefixed | get   |          |             |           | /apis/v1        | yes     |
      | prefixed |          | get   |          |             |           | /apis/v1/foobar | yes     |
      |          | prefixed | get   |          |             |           | /apis/v1/foorbar | yes    |
      | foo      |          | watch |          |             |           | /apis           | no      |
      |          | bar      | watch |          |             |           | /apis           | no      |
      | foo      |          | get   |          |             |           | /api/v1         | no      |
      |          | bar      | get   |          |             |           | /api/v1         | no      |
      | admin    |          | get   |          |             |           | /api/v1         | no      |
      |          | admin    | get   |          |             |           | /api/v1         | no      |
      | prefixed |          | get   |          |             |           | /api/v1         | no      |
      |          | prefixed | get   |          |             |           | /api/v1         | no      |

  @AP01
  Scenario: A rule for a resource does not grant its subresources (TestAuthorizer)
    Given these RBAC objects are in etcd:
      | kind        | namespace | name  | rules                                  | role              | subjects                |
      | ClusterRole |           | admin | verbs=* groups=* resources=pods urls=* |                   |                         |
      | RoleBinding | ns1       | admin |                                        | ClusterRole/admin | User:admin,Group:admins |
    Then the RBAC authorizer allows exactly these requests:
      | user  | groups | verb | resource | subresource | namespace | path | allowed |
      | admin |        | get  | pods     |             | ns1       |      | yes     |
      | admin |        | get  | pods     | status      | ns1       |      | no      |

  @AP01
  Scenario: A rule for a subresource does not grant its resource (TestAuthorizer)
    Given these RBAC objects are in etcd:
      | kind        | namespace | name  | rules                                         | role              | subjects                |
      | ClusterRole |           | admin | verbs=* groups=* resources=pods/status urls=* |                   |                         |
      | RoleBinding | ns1       | admin |                                               | ClusterRole/admin | User:admin,Group:admins |
    Then the RBAC authorizer allows exactly these requests:
      | user  | groups | verb | resource | subresource | namespace | path | allowed |
      | admin |        | get  | pods     | status      | ns1       |      | yes     |
      | admin |        | get  | pods     |             | ns1       |      | no      |

  @AP01
  Scenario: RuleAllows matches verbs, groups, resources, subresources and URLs, each or * (TestRuleMatches)
    Then RuleAllows answers for each rule and request:
      | rule                                                      | verb  | group  | resource  | subresource  | path         | allowed |
      | verbs=* groups=group1 resources=resource1                 | verb1 | group1 | resource1 |              |              | yes     |
      | verbs=* groups=group1 resources=resource1                 | verb1 | group2 | resource1 |              |              | no      |
      | verbs=* groups=group1 resources=resource1                 | verb1 | group1 | resource2 |              |              | no      |
      | verbs=* groups=group1 resources=resource1                 | verb1 | group2 | resource2 |              |              | no      |
      | verbs=* groups=group1 resources=resource1                 | verb2 | group1 | resource1 |              |              | yes     |
      | verbs=* groups=group1 resources=resource1                 | verb2 | group2 | resource1 |              |              | no      |
      | verbs=* groups=group1 resources=resource1                 | verb2 | group1 | resource2 |              |              | no      |
      | verbs=* groups=group1 resources=resource1                 | verb2 | group2 | resource2 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb1 | group1 | resource1 |              |              | yes     |
      | verbs=verb1 groups=* resources=resource1                  | verb1 | group2 | resource1 |              |              | yes     |
      | verbs=verb1 groups=* resources=resource1                  | verb1 | group1 | resource2 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb1 | group2 | resource2 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb2 | group1 | resource1 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb2 | group2 | resource1 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb2 | group1 | resource2 |              |              | no      |
      | verbs=verb1 groups=* resources=resource1                  | verb2 | group2 | resource2 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb1 | group1 | resource1 |              |              | yes     |
      | verbs=verb1 groups=group1 resources=*                     | verb1 | group2 | resource1 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb1 | group1 | resource2 |              |              | yes     |
      | verbs=verb1 groups=group1 resources=*                     | verb1 | group2 | resource2 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb2 | group1 | resource1 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb2 | group2 | resource1 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb2 | group1 | resource2 |              |              | no      |
      | verbs=verb1 groups=group1 resources=*                     | verb2 | group2 | resource2 |              |              | no      |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb1 | group1 | resource1 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb1 | group2 | resource1 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb1 | group1 | resource2 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb1 | group2 | resource2 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb2 | group1 | resource1 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb2 | group2 | resource1 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb2 | group1 | resource2 |   |              | yes     |
      | verbs=verb1,verb2 groups=group1,group2 resources=resource1,resource2 | verb2 | group2 | resource2 |   |              | yes     |
      | verbs=* groups=* resources=resource1/subresource1         | verb1 | group1 | resource1 | subresource1 |              | yes     |
      | verbs=* groups=* resources=resource1/subresource1         | verb1 | group2 | resource1 | subresource2 |              | no      |
      | verbs=* groups=* resources=resource1/subresource1         | verb1 | group1 | resource2 | subresource1 |              | no      |
      | verbs=* groups=* resources=resource1/subresource1         | verb1 | group2 | resource2 | subresource1 |              | no      |
      | verbs=* groups=* resources=resource1/subresource1         | verb2 | group1 | resource1 | subresource1 |              | yes     |
      | verbs=* groups=* resources=resource1/subresource1         | verb2 | group2 | resource1 | subresource2 |              | no      |
      | verbs=* groups=* resources=resource1/subresource1         | verb2 | group1 | resource2 | subresource1 |              | no      |
      | verbs=* groups=* resources=resource1/subresource1         | verb2 | group2 | resource2 | subresource1 |              | no      |
      | verbs=verb1 urls=*                                        | verb1 |        |           |              | /foo         | yes     |
      | verbs=verb1 urls=*                                        | verb1 |        |           |              | /foo/bar     | yes     |
      | verbs=verb1 urls=*                                        | verb1 |        |           |              | /foo/baz     | yes     |
      | verbs=verb1 urls=*                                        | verb1 |        |           |              | /foo/bar/one | yes     |
      | verbs=verb1 urls=*                                        | verb1 |        |           |              | /foo/baz/one | yes     |
      | verbs=verb1 urls=*                                        | verb2 |        |           |              | /foo         | no      |
      | verbs=verb1 urls=*                                        | verb2 |        |           |              | /foo/bar     | no      |
      | verbs=verb1 urls=*                                        | verb2 |        |           |              | /foo/baz     | no      |
      | verbs=verb1 urls=*                                        | verb2 |        |           |              | /foo/bar/one | no      |
      | verbs=verb1 urls=*                                        | verb2 |        |           |              | /foo/baz/one | no      |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /foo         | no      |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /foo/bar     | yes     |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /foo/baz     | yes     |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /foo/bar/one | yes     |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /foo/baz/one | yes     |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /notfoo      | no      |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /notfoo/bar  | no      |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /notfoo/baz  | no      |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /notfoo/bar/one | no   |
      | verbs=verb1 urls=/foo/*                                   | verb1 |        |           |              | /notfoo/baz/one | no   |
      | verbs=* urls=/foo,/foo/bar/one                            | verb1 |        |           |              | /foo         | yes     |
      | verbs=* urls=/foo,/foo/bar/one                            | verb1 |        |           |              | /foo/bar     | no      |
      | verbs=* urls=/foo,/foo/bar/one                            | verb1 |        |           |              | /foo/baz     | no      |
      | verbs=* urls=/foo,/foo/bar/one                            | verb1 |        |           |              | /foo/bar/one | yes     |
      | verbs=* urls=/foo,/foo/bar/one                            | verb1 |        |           |              | /foo/baz/one | no      |
      | verbs=* urls=/foo,/foo/bar/one                            | verb2 |        |           |              | /foo         | yes     |
      | verbs=* urls=/foo,/foo/bar/one                            | verb2 |        |           |              | /foo/bar     | no      |
      | verbs=* urls=/foo,/foo/bar/one                            | verb2 |        |           |              | /foo/baz     | no      |
      | verbs=* urls=/foo,/foo/bar/one                            | verb2 |        |           |              | /foo/bar/one | yes     |
      | verbs=* urls=/foo,/foo/bar/one                            | verb2 |        |           |              | /foo/baz/one | no      |

  @AP01
  Scenario: "*/sub" grants that subresource of every resource, and resourceNames limit a rule to those names (ResourceMatches, ResourceNameMatches)
    Then RuleAllows answers for each rule and request:
      | rule                                            | verb | group | resource    | subresource | name | path | allowed |
      | verbs=get groups=apps resources=*/scale         | get  | apps  | deployments | scale       | web  |      | yes     |
      | verbs=get groups=apps resources=*/scale         | get  | apps  | replicasets | scale       | web  |      | yes     |
      | verbs=get groups=apps resources=*/scale         | get  | apps  | deployments | status      | web  |      | no      |
      | verbs=get groups=apps resources=*/scale         | get  | apps  | deployments |             | web  |      | no      |
      | verbs=get groups=apps resources=*/scale         | get  | apps  | scale       |             | web  |      | no      |
      | verbs=get groups=apps resources=*/sca           | get  | apps  | deployments | scale       | web  |      | no      |
      | verbs=get groups=apps resources=deployments/*   | get  | apps  | deployments | scale       | web  |      | no      |
      | verbs=get groups=apps resources=*/xscale        | get  | apps  | deployments | scale       | web  |      | no      |
      | verbs=get groups=apps resources=abscale         | get  | apps  | deployments | scale       | web  |      | no      |
      | verbs=get groups=apps resources=*/              | get  | apps  | deployments |             | web  |      | no      |
      | verbs=get groups="" resources=pods names=web    | get  |       | pods        |             | web  |      | yes     |
      | verbs=get groups="" resources=pods names=web    | get  |       | pods        |             | db   |      | no      |
      | verbs=get groups="" resources=pods names=web    | list |       | pods        |             |      |      | no      |
      | verbs=get,list groups="" resources=pods names=a,web | get |    | pods        |             | web  |      | yes     |
      | verbs=get groups="" resources=pods              | get  |       | pods        |             | db   |      | yes     |
      | verbs=get urls=""                               | get  |       |             |             |      | /foo | no      |
      | verbs=get urls=/foo*                            | get  |       |             |             |      | /foobar | yes  |

  @AP02
  Scenario: A user holds the rules of the bindings naming it, a namespace's only there (TestDefaultRuleResolver)
    Given these RBAC objects are in etcd:
      | kind               | namespace  | name          | rules                                                                | role                      | subjects                 |
      | Role               | namespace1 | readthings    | verbs=GET,WATCH groups=v1 resources=pods; verbs=GET,WATCH groups=v1 resources=services |  |                  |
      | ClusterRole        |            | cluster-admin | verbs=* groups=* resources=*                                         |                           |                          |
      | ClusterRole        |            | write-nodes   | verbs=PUT,CREATE,UPDATE groups=v1 resources=nodes                    |                           |                          |
      | RoleBinding        | namespace1 | readthings    |                                                                      | Role/readthings           | User:foobar,Group:group1 |
      | ClusterRoleBinding |            | cluster-admin |                                                                      | ClusterRole/cluster-admin | User:admin,Group:admin   |
    Then RulesFor gives each user exactly these rules:
      | user   | groups | namespace  | rules                                                                                  |
      | foobar |        | namespace1 | verbs=GET,WATCH groups=v1 resources=pods; verbs=GET,WATCH groups=v1 resources=services |
      | foobar |        | namespace2 |                                                                                        |
      | foobar | admin  |            | verbs=* groups=* resources=*                                                           |
      |        |        |            |                                                                                        |

  @AP02
  Scenario: A binding applies to a user it names, by name, by group or as a ServiceAccount; "*" is no wildcard (TestAppliesTo)
    Then a binding to these subjects applies to the user exactly when upstream says:
      | subjects                                                         | user                                      | groups                    | namespace  | applies |
      | User:foobar                                                      | foobar                                    |                           |            | yes     |
      | User:barfoo,User:foobar                                          | foobar                                    |                           |            | yes     |
      | User:barfoo,User:foobar                                          | zimzam                                    |                           |            | no      |
      | User:barfoo,Group:foobar                                         | zimzam                                    | foobar                    |            | yes     |
      | User:barfoo,Group:foobar                                         | zimzam                                    | foobar                    | namespace1 | yes     |
      | User:barfoo,Group:foobar,ServiceAccount:kube-system/default      | system:serviceaccount:kube-system:default |                           | default    | yes     |
      | User:*                                                           | foobar                                    |                           | default    | no      |
      | Group:system:authenticated,Group:system:unauthenticated          | foobar                                    | system:authenticated      | default    | yes     |
      | Group:system:authenticated,Group:system:unauthenticated          | system:anonymous                          | system:unauthenticated    | default    | yes     |

  @AP03
  Scenario: The owner's rules cover the servant's piece by piece, and * is covered only by * (TestCovers*)
    Then Covers of the owner's rules over the servant's answers:
      | owner                                                                                                                                                                                                                                                                           | servant                                                                                                                                                                                                                                                                         | covered | uncovered                                    |
      | verbs=get groups=v1 resources=builds                                                                                                                                                                                                                                            | verbs=get groups=v1 resources=builds                                                                                                                                                                                                                                            | yes     |                                              |
      | verbs=delete groups=v1 resources=deployments; verbs=delete groups=v1 resources=builds; verbs=update groups=v1 resources=builds,deployments                                                                                                                                       | verbs=delete,update groups=v1 resources=builds,deployments                                                                                                                                                                                                                      | yes     |                                              |
      | verbs=delete groups=group1 resources=deployments; verbs=delete groups=group1 resources=builds; verbs=update groups=group1 resources=builds,deployments; verbs=delete groups=group2 resources=deployments; verbs=delete groups=group2 resources=builds; verbs=update groups=group2 resources=builds,deployments | verbs=delete,update groups=group1,group2 resources=builds,deployments                                                                                                                              | yes     |                                              |
      | verbs=delete,update groups=group1,group2 resources=builds,deployments                                                                                                                                                                                                           | verbs=delete groups=group1 resources=deployments; verbs=delete groups=group1 resources=builds; verbs=update groups=group1 resources=builds,deployments; verbs=delete groups=group2 resources=deployments; verbs=delete groups=group2 resources=builds; verbs=update groups=group2 resources=builds,deployments | yes | |
      | verbs=delete,update groups=v1 resources=builds,deployments; verbs=delete groups=v1 resources=pods                                                                                                                                                                               | verbs=delete,update groups=v1 resources=builds,deployments,pods                                                                                                                                                                                                                 | no      | verbs=update groups=v1 resources=pods        |
      | verbs=get groups=* resources=roles                                                                                                                                                                                                                                              | verbs=get groups=group1,group2 resources=roles                                                                                                                                                                                                                                  | yes     |                                              |
      | verbs=get groups=dummy-group resources=roles                                                                                                                                                                                                                                    | verbs=get groups=* resources=roles                                                                                                                                                                                                                                              | no      | verbs=get groups=* resources=roles           |
      | verbs=get groups=* resources=roles                                                                                                                                                                                                                                              | verbs=get groups=* resources=roles                                                                                                                                                                                                                                              | yes     |                                              |
      | verbs=* groups=v1 resources=roles                                                                                                                                                                                                                                               | verbs=watch,list groups=v1 resources=roles                                                                                                                                                                                                                                      | yes     |                                              |
      | verbs=get,list,watch,create,update,delete,exec groups=v1 resources=roles                                                                                                                                                                                                        | verbs=* groups=v1 resources=roles                                                                                                                                                                                                                                               | no      | verbs=* groups=v1 resources=roles            |
      | verbs=* groups=v1 resources=roles                                                                                                                                                                                                                                               | verbs=* groups=v1 resources=roles                                                                                                                                                                                                                                               | yes     |                                              |
      | verbs=get groups=v1 resources=*                                                                                                                                                                                                                                                 | verbs=get groups=v1 resources=resourcegroup:deployments                                                                                                                                                                                                                         | yes     |                                              |
      | verbs=get groups=v1 resources=roles,resourcegroup:deployments                                                                                                                                                                                                                   | verbs=get groups=v1 resources=*                                                                                                                                                                                                                                                 | no      | verbs=get groups=v1 resources=*              |
      | verbs=get groups=v1 resources=*                                                                                                                                                                                                                                                 | verbs=get groups=v1 resources=*                                                                                                                                                                                                                                                 | yes     |                                              |
      | verbs=get groups=v1 resources=pods                                                                                                                                                                                                                                              | verbs=get groups=v1 resources=pods names=foo,bar                                                                                                                                                                                                                                | yes     |                                              |
      | verbs=get groups=v1 resources=pods names=foo,bar                                                                                                                                                                                                                                | verbs=get groups=v1 resources=pods                                                                                                                                                                                                                                              | no      | verbs=get groups=v1 resources=pods           |
      | verbs=* urls=/apis                                                                                                                                                                                                                                                              | verbs=* urls=/apis                                                                                                                                                                                                                                                              | yes     |                                              |
      | verbs=* urls=*                                                                                                                                                                                                                                                                  | verbs=* urls=/apis,/apis/v1,/                                                                                                                                                                                                                                                   | yes     |                                              |
      | verbs=* urls=/apis/*                                                                                                                                                                                                                                                            | verbs=get urls=/apis,/apis/v1                                                                                                                                                                                                                                                   | no      | verbs=get urls=/apis                         |
      | verbs=* urls=/apis/*                                                                                                                                                                                                                                                            | verbs=get urls=/apis/v1/foo,/apis/v1                                                                                                                                                                                                                                            | yes     |                                              |
      | verbs=get groups=v1 resources=builds urls=/apis                                                                                                                                                                                                                                 | verbs=get groups=v1 resources=builds urls=/apis                                                                                                                                                                                                                                 | yes     |                                              |
      | verbs=get groups=v1 resources=builds                                                                                                                                                                                                                                            | verbs=get groups=v1 resources=builds urls=/apis                                                                                                                                                                                                                                 | no      | verbs=get urls=/apis                         |

  @AP03
  Scenario: A non-resource URL covers itself, and a trailing * covers what starts with the rest (TestNonResourceURLCovers)
    Then a non-resource URL rule covers a requested URL exactly when upstream says:
      | owner    | requested | covers |
      | *        | /api      | yes    |
      | /api     | /api      | yes    |
      | /apis    | /api      | no     |
      | /api/v1  | /api      | no     |
      | /api/v1  | /api/v1   | yes    |
      | /api/*   | /api/v1   | yes    |
      | /api/*   | /api      | no     |
      | /api/*/* | /api/v1   | no     |
      | /*/v1/*  | /api/v1   | no     |

  @AP03
  Scenario: CompactRules merges the verbs of rules on one group, one resource and at most one name (TestCompactRules)
    Then CompactRules merges the rules as upstream does:
      | case                   | rules | compacted |
      | empty                  |       |           |
      | simple                 | verbs=get groups="" resources=builds; verbs=list groups="" resources=builds; verbs=update,patch groups="" resources=builds; verbs=create groups=extensions resources=daemonsets; verbs=delete groups=extensions resources=daemonsets; verbs=patch groups=extensions resources=daemonsets names=""; verbs=get groups=extensions resources=daemonsets names=foo; verbs=list groups=extensions resources=daemonsets names=foo; verbs=educate groups="" resources=dolphins; groups="" resources=pirates; groups="" resources=pods; verbs=create groups="" resources=pods | verbs=create,delete groups=extensions resources=daemonsets; verbs=patch groups=extensions resources=daemonsets names=""; verbs=get,list groups=extensions resources=daemonsets names=foo; verbs=get,list,update,patch groups="" resources=builds; verbs=educate groups="" resources=dolphins; groups="" resources=pirates; verbs=create groups="" resources=pods |
      | complex multi-group    | verbs=get groups="",builds.openshift.io resources=builds; verbs=list groups="",builds.openshift.io resources=builds | verbs=get groups="",builds.openshift.io resources=builds; verbs=list groups="",builds.openshift.io resources=builds |
      | complex multi-resource | verbs=get groups="" resources=builds,images; verbs=list groups="" resources=builds,images | verbs=get groups="" resources=builds,images; verbs=list groups="" resources=builds,images |
      | complex named-resource | verbs=get groups="" resources=builds names=mybuild; verbs=list groups="" resources=builds names=mybuild2 | verbs=get groups="" resources=builds names=mybuild; verbs=list groups="" resources=builds names=mybuild2 |
      | complex non-resource   | verbs=get groups="" resources=builds urls=/; verbs=get groups="" resources=builds urls=/foo | verbs=get groups="" resources=builds urls=/; verbs=get groups="" resources=builds urls=/foo |
