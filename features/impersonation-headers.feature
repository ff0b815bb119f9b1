Feature: The impersonation headers over HTTPS
  What kubectl's --as flags become on the wire: Impersonate-User, one Impersonate-Group header
  per group, Impersonate-Uid and Impersonate-Extra-<key> (the key %-escaped), read by the façade
  and judged by the model's impersonation filter. A SelfSubjectReview shows who the request
  went on as.

  Background:
    Given a cluster served over HTTPS

  @U26
  Scenario: User, groups, UID and extra become the request's user
    When the admin sends POST `/apis/authentication.k8s.io/v1/selfsubjectreviews` with the headers:
      | Impersonate-User                  | jane         |
      | Impersonate-Group                 | developers   |
      | Impersonate-Group                 | qa           |
      | Impersonate-Uid                   | 42           |
      | Impersonate-Extra-Scopes          | view         |
      | Impersonate-Extra-Scopes          | edit         |
      | Impersonate-Extra-Acme%2Fteam     | blue         |
    Then the answer is 201
    And the answer's "status.userInfo.username" is "jane"
    And the answer's "status.userInfo.uid" is "42"
    And the answer's "status.userInfo.groups" is "developers,qa,system:authenticated"
    And the answer's "status.userInfo.extra.scopes" is "view,edit"
    And the answer's "status.userInfo.extra.acme/team" is "blue"

  @U26
  Scenario: A user without the verb is refused on the first thing it asks for
    When a client with token "scheduler-token" sends POST `/apis/authentication.k8s.io/v1/selfsubjectreviews` with the headers:
      | Impersonate-User  | system:serviceaccount:kube-system:default |
    Then the answer is a 403 Forbidden Status saying:
      """
      serviceaccounts "default" is forbidden: User "system:kube-scheduler" cannot impersonate resource "serviceaccounts" in API group "" in the namespace "kube-system"
      """

  @U26
  Scenario: Each part is authorized: allowed to impersonate users, not to set extras, as userextras/<key>
    When I run `kubectl create clusterrole impersonator --verb=impersonate --resource=users`
    And I run `kubectl create clusterrolebinding scheduler-impersonates --clusterrole=impersonator --user=system:kube-scheduler`
    And a client with token "scheduler-token" sends POST `/apis/authentication.k8s.io/v1/selfsubjectreviews` with the headers:
      | Impersonate-User         | jane |
      | Impersonate-Extra-Scopes | view |
    Then the answer is a 403 Forbidden Status saying:
      """
      userextras.authentication.k8s.io "view" is forbidden: User "system:kube-scheduler" cannot impersonate resource "userextras/scopes" in API group "authentication.k8s.io" at the cluster scope
      """
    When a client with token "scheduler-token" sends POST `/apis/authentication.k8s.io/v1/selfsubjectreviews` with the headers:
      | Impersonate-User | jane |
    Then the answer is 201
    And the answer's "status.userInfo.username" is "jane"
