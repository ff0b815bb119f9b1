Feature: kubectl wait waits, on virtual time, until objects meet a condition
  `kubectl wait` (kubectl 1.32) looks at each object named or selected until it meets the
  condition given with --for: a status condition (`condition=Complete`, `condition=Ready=false`,
  compared without regard to case), its deletion, its creation, or a JSONPath value; it prints
  "<kind>/<name> condition met" for each, or fails once --timeout (30s by default) has passed.
  Time passes in the model while it waits, so the cluster keeps working.

  Background:
    Given a cluster

  @J20
  Scenario: Waiting for a Job to complete returns once the Job controller says Complete
    When I run `kubectl create job hello --image=busybox -- sh -c 'sleep 8; echo done'`
    And I run `kubectl wait --for=condition=complete job/hello`
    Then the output is:
      """
      job.batch/hello condition met
      """
    When I run `kubectl get job hello -o jsonpath='{.status.succeeded}'`
    Then the output is:
      """
      1
      """

  @J21
  Scenario: A condition not met within --timeout is kubectl's timeout error, and time has passed
    When I run `kubectl create job slow --image=busybox -- sleep 600`
    And I run `kubectl wait --for=condition=complete job/slow --timeout=5s`
    Then it fails with:
      """
      error: timed out waiting for the condition on jobs/slow
      """
    When I run `kubectl get job slow`
    Then the output lines match:
      """
      NAME   STATUS    COMPLETIONS   DURATION   AGE
      slow   Running   0/1           5s         5s
      """

  @J22
  Scenario: Waiting for selected Pods to be Ready, for a JSONPath value, and for a deletion
    When I run `kubectl create job slow --image=busybox -- sleep 600`
    # A selector is resolved once, at the start: no Pod exists yet, so there is nothing to wait for.
    And I run `kubectl wait --for=condition=Ready pod -l job-name=slow`
    Then it fails with:
      """
      error: no matching resources found
      """
    When 1s pass
    And I run `kubectl wait --for=condition=Ready pod -l job-name=slow`
    Then the output lines match:
      """
      pod/slow-\w{5} condition met
      """
    When I run `kubectl wait --for=jsonpath='{.status.ready}'=1 job/slow`
    Then the output is:
      """
      job.batch/slow condition met
      """
    When I run `kubectl delete job slow --wait=false`
    And I run `kubectl wait --for=delete pod -l job-name=slow --timeout=60s`
    Then the output lines match:
      """
      pod/slow-\w{5} condition met
      """
    And no pod labelled "job-name=slow" is left in "default"

  @J23
  Scenario Outline: Bad input to kubectl wait is refused in kubectl's words and waits for nothing
    When I run `<line>`
    Then it fails with:
      """
      <error>
      """

    Examples:
      | line                                                         | error                                                                   |
      | kubectl wait job/x                                           | error: unrecognized condition: ""                                       |
      | kubectl wait --for=finished job/x                            | error: unrecognized condition: "finished"                               |
      | kubectl wait --for=condition=complete job/nope               | Error from server (NotFound): jobs.batch "nope" not found               |
      | kubectl wait --for=jsonpath='{.status.x}'= job/x             | error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3 |

  @J23
  Scenario: A --timeout that is no duration is a flag error
    When I run `kubectl wait --for=condition=complete job/x --timeout=soon`
    Then it fails with:
      """
      Error: invalid argument "soon" for "--timeout" flag: time: invalid duration "soon"
      See 'kubectl wait --help' for usage.
      """
