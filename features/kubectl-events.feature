Feature: kubectl events lists what happened, oldest first
  `kubectl events` (kubectl 1.32's own command, beside `kubectl get events`) prints a
  namespace's events sorted by when they last happened, as LAST SEEN, TYPE, REASON,
  OBJECT and MESSAGE; a repeated event shows its count ("3s (x2 over 10s)"). `--for` keeps
  the events of one object, `--types` those of some types, `-A` every namespace's.

  Background:
    Given a cluster
    When I run `kubectl create deployment web --image=nginx:1.25 --replicas=2`
    And 1m passes

  @R70
  Scenario: The events of the namespace, oldest first
    When I run `kubectl events`
    Then the output has lines matching, in order:
      """
      ^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$
      ^\d+s +Normal +NodeReady +Node/k8s-worker-2 +Node k8s-worker-2 status is now: NodeReady$
      ^\d+s +Normal +SuccessfulCreate +ReplicaSet/web-\w+ +Created pod: web-\w+-\w+$
      ^\d+s +Normal +Started +Pod/web-\w+-\w+ +Started container nginx$
      """
    And the output has 1 line matching "^\d+s +Normal +ScalingReplicaSet +Deployment/web +Scaled up replica set web-\w+ from 0 to 2$"
    And the output has 2 lines matching "^\d+s +Normal +Scheduled +Pod/web-\w+-\w+ +Successfully assigned default/web-\w+-\w+ to k8s-worker-\d$"

  @R71
  Scenario: --for keeps one object's events; --types keeps some types
    When I run `kubectl events --for deployment/web`
    Then the output lines match:
      """
      LAST SEEN   TYPE     REASON              OBJECT           MESSAGE
      \d+s +Normal   ScalingReplicaSet   Deployment/web   Scaled up replica set web-\w+ from 0 to 2
      """
    When I run `kubectl events --types=Warning`
    Then it succeeds
    And the error output is:
      """
      No events found in default namespace.
      """
    When I run `kubectl events --for deploy/web --types=normal -o jsonpath={.items[*].reason}`
    Then the output is:
      """
      ScalingReplicaSet
      """

  @R72
  Scenario: -A adds the NAMESPACE column and lists every namespace's events
    When I run `kubectl events -A --for daemonset/kube-proxy`
    Then the output has lines matching, in order:
      """
      ^NAMESPACE +LAST SEEN +TYPE +REASON +OBJECT +MESSAGE$
      ^kube-system +\S+ +Normal +SuccessfulCreate +DaemonSet/kube-proxy +Created pod: kube-proxy-\w+$
      """
    When I run `kubectl events -n nowhere`
    Then the error output is:
      """
      No events found in nowhere namespace.
      """

  @R73
  Scenario Outline: Bad input is refused in kubectl's words
    When I run `<command>`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | command                         | error                                                                    |
      | kubectl events --foo            | Error: unknown flag: --foo\nSee 'kubectl events --help' for usage.       |
      | kubectl events --for web        | error: --for must be in resource/name form                               |
      | kubectl events --for a/b/c      | error: arguments in resource/name form may not have more than one slash  |
      | kubectl events --types=Bad      | error: valid --types are Normal or Warning                               |
      | kubectl events --for nosuch/web | error: the server doesn't have a resource type "nosuch"                  |

  @R74
  Scenario: -w prints the events there are, then each new one as it happens
    When I run `kubectl scale deployment web --replicas=3`
    And I run `timeout 20s kubectl events -w --for deployment/web`
    Then the output lines match:
      """
      LAST SEEN +TYPE +REASON +OBJECT +MESSAGE
      \d+s +Normal +ScalingReplicaSet +Deployment/web +Scaled up replica set web-\w+ from 0 to 2
      0s +Normal +ScalingReplicaSet +Deployment/web +Scaled up replica set web-\w+ from 2 to 3
      """
