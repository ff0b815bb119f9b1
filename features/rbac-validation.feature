Feature: RBAC objects are validated as upstream's own tests say
  A binding's roleRef names a Role or ClusterRole of rbac.authorization.k8s.io (a
  ClusterRoleBinding only a ClusterRole) and never changes; each subject is a ServiceAccount (a DNS
  subdomain name, with a namespace in a ClusterRoleBinding), a User or a Group; each rule has verbs,
  and either API groups and resources or non-resource URLs, the latter in ClusterRoles only. The
  cases are Kubernetes v1.32's pkg/apis/rbac/validation/validation_test.go, run on the API server's
  validation; each error is its Status cause's reason and field. Rules and subjects are written
  `verbs=get groups=v1 resources=pods` and `Kind:name` (`ServiceAccount:namespace/name`).

  @AP04
  Scenario: Bindings need a known roleRef and well-formed subjects (TestValidateClusterRoleBinding, TestValidateRoleBinding)
    Then the API server's validation of each RBAC object gives exactly these errors:
      | case                  | kind               | namespace | name    | roleRef                                                      | subjects                                                            | rules | errors                                  |
      | valid                 | ClusterRoleBinding |           | master  | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid | ServiceAccount:foo/validsaname,User:valid@username,Group:valid@groupname |  |                                         |
      | bad group             | ClusterRoleBinding |           | default | apiGroup=rbac.GroupName kind=ClusterRole name=valid          |                                                                     |       | FieldValueNotSupported roleRef.apiGroup |
      | bad kind              | ClusterRoleBinding |           | default | apiGroup=rbac.authorization.k8s.io kind=Type name=valid      |                                                                     |       | FieldValueNotSupported roleRef.kind     |
      | reference role        | ClusterRoleBinding |           | default | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      |                                                                     |       | FieldValueNotSupported roleRef.kind     |
      | zero-length name      | ClusterRoleBinding |           |         | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid |                                                                   |       | FieldValueRequired metadata.name        |
      | bad role              | ClusterRoleBinding |           | default | apiGroup=rbac.authorization.k8s.io kind=ClusterRole          |                                                                     |       | FieldValueRequired roleRef.name         |
      | bad subject kind      | ClusterRoleBinding |           | master  | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid | :subject                                                          |       | FieldValueNotSupported subjects[0].kind |
      | bad subject name      | ClusterRoleBinding |           | master  | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid | ServiceAccount:foo/subject:bad                                    |       | FieldValueInvalid subjects[0].name      |
      | missing SA namespace  | ClusterRoleBinding |           | master  | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid | ServiceAccount:good                                               |       | FieldValueRequired subjects[0].namespace |
      | missing subject name  | ClusterRoleBinding |           | master  | apiGroup=rbac.authorization.k8s.io kind=ClusterRole name=valid | ServiceAccount:foo/                                               |       | FieldValueRequired subjects[0].name     |
      | valid                 | RoleBinding        | default   | master  | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      | ServiceAccount:validsaname,User:valid@username,Group:valid@groupname |      |                                         |
      | bad group             | RoleBinding        | default   | default | apiGroup=rbac.GroupName kind=ClusterRole name=valid          |                                                                     |       | FieldValueNotSupported roleRef.apiGroup |
      | bad kind              | RoleBinding        | default   | default | apiGroup=rbac.authorization.k8s.io kind=Type name=valid      |                                                                     |       | FieldValueNotSupported roleRef.kind     |
      | zero-length namespace | RoleBinding        |           | default | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      |                                                                     |       | FieldValueRequired metadata.namespace   |
      | zero-length name      | RoleBinding        | default   |         | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      |                                                                     |       | FieldValueRequired metadata.name        |
      | bad role              | RoleBinding        | default   | default | apiGroup=rbac.authorization.k8s.io kind=Role                 |                                                                     |       | FieldValueRequired roleRef.name         |
      | bad subject kind      | RoleBinding        | default   | master  | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      | :subject                                                            |       | FieldValueNotSupported subjects[0].kind |
      | bad subject name      | RoleBinding        | default   | master  | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      | ServiceAccount:subject:bad                                          |       | FieldValueInvalid subjects[0].name      |
      | missing subject name  | RoleBinding        | default   | master  | apiGroup=rbac.authorization.k8s.io kind=Role name=valid      | ServiceAccount:                                                     |       | FieldValueRequired subjects[0].name     |

  @AP04
  Scenario: A binding's roleRef cannot change (TestValidateRoleBindingUpdate)
    Then updating a RoleBinding's roleRef gives exactly these errors:
      | old                                                     | new                                                       | errors                    |
      | apiGroup=rbac.authorization.k8s.io kind=Role name=valid | apiGroup=rbac.authorization.k8s.io kind=Role name=valid   |                           |
      | apiGroup=rbac.authorization.k8s.io kind=Role name=valid | apiGroup=rbac.authorization.k8s.io kind=Role name=changed | FieldValueInvalid roleRef |

  @AP04
  Scenario: Rules name verbs and either groups and resources or, in a ClusterRole, non-resource URLs (TestValidateRole*)
    Then the API server's validation of each RBAC object gives exactly these errors:
      | case                              | kind        | namespace | name    | roleRef | subjects | rules                                         | errors                                     |
      | ZeroLengthNamespace               | Role        |           | default |         |          |                                               | FieldValueRequired metadata.namespace      |
      | ZeroLengthName                    | Role        | default   |         |         |          |                                               | FieldValueRequired metadata.name           |
      | ValidRole                         | Role        | default   | default |         |          |                                               |                                            |
      | a name that is a dot              | Role        | default   | .       |         |          |                                               | FieldValueInvalid metadata.name            |
      | a name that is two dots           | ClusterRole |           | ..      |         |          |                                               | FieldValueInvalid metadata.name            |
      | a name with a slash               | Role        | default   | a/b     |         |          |                                               | FieldValueInvalid metadata.name            |
      | a name with a percent sign        | Role        | default   | a%b     |         |          |                                               | FieldValueInvalid metadata.name            |
      | a name with both                  | Role        | default   | a/%b    |         |          |                                               | FieldValueInvalid metadata.name; FieldValueInvalid metadata.name |
      | a name with dots and capitals     | Role        | default   | A..b:c  |         |          |                                               |                                            |
      | ValidRoleNoNamespace              | ClusterRole |           | default |         |          |                                               |                                            |
      | NonResourceURL                    | ClusterRole |           | default |         |          | verbs=get urls=/*                             |                                            |
      | NamespacedNonResourceURL          | Role        | default   | default |         |          | verbs=get urls=/*                             | FieldValueInvalid rules[0].nonResourceURLs |
      | NonResourceURLNoVerbs             | ClusterRole |           | default |         |          | verbs= urls=/*                                | FieldValueRequired rules[0].verbs          |
      | MixedNonResourceAndResource       | Role        | default   | default |         |          | verbs=get groups=v1 resources=pods urls=/*    | FieldValueInvalid rules[0].nonResourceURLs; FieldValueInvalid rules[0].nonResourceURLs |
      | ValidResource                     | Role        | default   | default |         |          | verbs=get groups=v1 resources=pods            |                                            |
      | NoAPIGroup                        | Role        | default   | default |         |          | verbs=get resources=pods                      | FieldValueRequired rules[0].apiGroups      |
      | NoResources                       | Role        | default   | default |         |          | verbs=get groups=v1                           | FieldValueRequired rules[0].resources      |
