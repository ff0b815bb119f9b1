Feature: The API server reads each request's URL as upstream's RequestInfo does
  Before authorizing, kube-apiserver reads a request's method and URL into its attributes: the
  verb (GET of a collection is list, DELETE of one is deletecollection, ?watch=true or the /watch/
  prefix is watch), the API group and version, the namespace (for /namespaces/NAME itself, NAME),
  the resource, its subresource and the name; /api and /apis paths too short to name a resource
  are non-resource requests (discovery). The cases are k8s.io/apiserver's
  pkg/endpoints/request/requestinfo_test.go (Kubernetes v1.32), but the deprecated /proxy/ prefix
  the model does not serve.

  @AP14
  Scenario: Verb, group, version, namespace, resource, subresource and name (TestGetAPIRequestInfo)
    Then each request is read as upstream's RequestInfo reads it:
      | method | url                                               | verb             | group      | version | namespace | resource   | subresource | name  |
      | GET    | /api/v1/namespaces                                | list             |            | v1      |           | namespaces |             |       |
      | GET    | /api/v1/namespaces/other                          | get              |            | v1      | other     | namespaces |             | other |
      | GET    | /api/v1/namespaces/other/pods                     | list             |            | v1      | other     | pods       |             |       |
      | GET    | /api/v1/namespaces/other/pods/foo                 | get              |            | v1      | other     | pods       |             | foo   |
      | HEAD   | /api/v1/namespaces/other/pods/foo                 | get              |            | v1      | other     | pods       |             | foo   |
      | GET    | /api/v1/pods                                      | list             |            | v1      |           | pods       |             |       |
      | HEAD   | /api/v1/pods                                      | list             |            | v1      |           | pods       |             |       |
      | GET    | /api/v1/watch/pods                                | watch            |            | v1      |           | pods       |             |       |
      | GET    | /api/v1/pods?watch=true                           | watch            |            | v1      |           | pods       |             |       |
      | GET    | /api/v1/pods?watch=false                          | list             |            | v1      |           | pods       |             |       |
      | GET    | /api/v1/watch/namespaces/other/pods               | watch            |            | v1      | other     | pods       |             |       |
      | GET    | /api/v1/namespaces/other/pods?watch=1             | watch            |            | v1      | other     | pods       |             |       |
      | GET    | /api/v1/namespaces/other/pods?watch=0             | list             |            | v1      | other     | pods       |             |       |
      | GET    | /api/v1/namespaces/other/pods/foo/status          | get              |            | v1      | other     | pods       | status      | foo   |
      | GET    | /api/v1/namespaces/other/pods/foo/proxy/subpath   | get              |            | v1      | other     | pods       | proxy       | foo   |
      | PUT    | /api/v1/namespaces/other/finalize                 | update           |            | v1      | other     | namespaces | finalize    | other |
      | PUT    | /api/v1/namespaces/other/status                   | update           |            | v1      | other     | namespaces | status      | other |
      | PATCH  | /api/v1/namespaces/other/pods/foo                 | patch            |            | v1      | other     | pods       |             | foo   |
      | DELETE | /api/v1/namespaces/other/pods/foo                 | delete           |            | v1      | other     | pods       |             | foo   |
      | POST   | /api/v1/namespaces/other/pods                     | create           |            | v1      | other     | pods       |             |       |
      | DELETE | /api/v1/nodes                                     | deletecollection |            | v1      |           | nodes      |             |       |
      | DELETE | /api/v1/namespaces                                | deletecollection |            | v1      |           | namespaces |             |       |
      | DELETE | /api/v1/namespaces/other/pods                     | deletecollection |            | v1      | other     | pods       |             |       |
      | DELETE | /apis/extensions/v1/namespaces/other/pods         | deletecollection | extensions | v1      | other     | pods       |             |       |
      | POST   | /apis/extensions/v1/namespaces/other/pods         | create           | extensions | v1      | other     | pods       |             |       |
      | POST   | /apis/extensions/v1beta3/namespaces/other/pods    | create           | extensions | v1beta3 | other     | pods       |             |       |
      | GET    | /apis/group/version/watch/resource/name           | watch            | group      | version |           | resource   |             | name  |

  @AP14
  Scenario: Paths too short to name a resource are non-resource requests (TestGetNonAPIRequestInfo, TestGetAPIRequestInfo's error cases)
    Then only these URLs are resource requests:
      | url                                           | resource request |
      | /api/version/resource                         | yes              |
      | /apis/group/version/resource/name/subresource | yes              |
      | /api/version/resource/name/subresource        | yes              |
      | /apis/batch/v1/job                            | yes              |
      | /apis/batch/v1/job/foo                        | yes              |
      | /apis/batch/v1/job/foo/scale                  | yes              |
      | /not-api/version/resource                     | no               |
      | /apis/extensions/v1beta1                      | no               |
      | /apis/extensions/v1beta1/                     | no               |
      | /api/version                                  | no               |
      | /api                                          | no               |
      | /                                             | no               |
      | /api/version/                                 | no               |
      | /apis/group/version/                          | no               |
      | /badprefix/version/resource                   | no               |
      | /apis/version/resource                        | no               |
