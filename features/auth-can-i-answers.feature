Feature: kubectl auth can-i: answers, warnings and refusals
  The admin's answers, kubectl's warnings and its refusals of bad arguments, on the model's
  kubectl alone. The same lines are in the differential corpus (group "auth", @U14), compared
  byte for byte with what the real kubectl 1.32 printed against `kubespec up`.

  Background:
    Given a cluster

  @U10
  Scenario: The admin may: yes, exit 0, for resources, names, subresources, every namespace and URLs
    When I run `kubectl auth can-i get pods`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i '*' '*'`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i list deployments.apps -A`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i delete deploy/nginx -n kube-system`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i get pods --subresource=log`
    Then the output is:
      """
      yes
      """
    When I run `kubectl auth can-i post /logs/`
    Then the output is:
      """
      yes
      """

  @U11
  Scenario: kubectl warns, and still asks
    When I run `kubectl auth can-i get foo`
    Then the error output is:
      """
      Warning: the server doesn't have a resource type 'foo'
      """
    And the output is:
      """
      yes
      """
    When I run `kubectl auth can-i get foo.example.com`
    Then the error output is:
      """
      Warning: the server doesn't have a resource type 'foo' in group 'example.com'
      """
    When I run `kubectl auth can-i get nodes`
    Then the error output is:
      """
      Warning: resource 'nodes' is not namespace scoped
      """
    When I run `kubectl auth can-i get storageclasses`
    Then the error output is:
      """
      Warning: resource 'storageclasses' is not namespace scoped in group 'storage.k8s.io'
      """
    When I run `kubectl auth can-i frob pods`
    Then the error output is:
      """
      Warning: verb 'frob' is not a known verb
      """
    When I run `kubectl auth can-i frob /healthz`
    Then the error output is:
      """
      Warning: verb 'frob' is not a known verb
      """

  @U12
  Scenario: --quiet prints nothing; the answer is the exit status
    When I run `kubectl auth can-i get pods -q`
    Then it succeeds
    And the output is:
      """
      """
    When I run `kubectl auth can-i list pods -q --as=jane`
    Then it fails with:
      """
      """

  @U13
  Scenario: Arguments kubectl refuses before asking
    When I run `kubectl auth can-i get`
    Then it fails with:
      """
      error: you must specify two arguments: verb resource or verb resource/resourceName.
      See 'kubectl auth can-i -h' for help and examples.
      """
    When I run `kubectl auth can-i --list pods`
    Then it fails with:
      """
      error: list option must be specified with no arguments
      """
    When I run `kubectl auth can-i --list -A`
    Then it fails with:
      """
      error: list option can't be specified with neither quiet, all-namespaces nor subresource options
      """
    When I run `kubectl auth can-i get pods --no-headers`
    Then it fails with:
      """
      error: --no-headers cannot be set without --list specified
      """
    When I run `kubectl auth can-i get /logs --subresource=log`
    Then it fails with:
      """
      error: --subresource can not be used with NonResourceURL
      """
