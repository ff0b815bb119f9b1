Feature: CronJobs create Jobs on a schedule
  A CronJob (batch/v1) holds a cron schedule (robfig/cron's five fields or an @descriptor, in
  spec.timeZone or UTC) and a Job template. The CronJob controller v2 in kube-controller-manager
  wakes at each scheduled time (virtual time here) and creates the Job
  `<cronjob>-<scheduled time in minutes since the epoch>`, unless the CronJob is suspended, the
  start is later than startingDeadlineSeconds allows, or concurrencyPolicy Forbid finds one
  still running (Replace deletes it instead). It keeps 3 successful and 1 failed finished Jobs.

  Background:
    Given a cluster

  @J30
  Scenario: A CronJob creates a Job every scheduled minute, named after the scheduled time
    When I run `kubectl create cronjob tick --image=busybox --schedule="*/1 * * * *" -- sh -c 'echo tick'`
    Then the output is:
      """
      cronjob.batch/tick created
      """
    When I run `kubectl get cronjobs`
    Then the output lines match:
      """
      NAME   SCHEDULE      TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
      tick   \*/1 \* \* \* \*   <none>     False     0        <none>          0s
      """
    When 130s pass
    And I run `kubectl get jobs -o jsonpath='{range .items[*]}{.metadata.name} {.metadata.annotations.batch\.kubernetes\.io/cronjob-scheduled-timestamp} {.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.status.succeeded}{"\n"}{end}'`
    Then the output is:
      """
      tick-29454361 2026-01-01T10:01:00Z CronJob/tick 1
      tick-29454362 2026-01-01T10:02:00Z CronJob/tick 1
      """
    When I run `kubectl get cronjob tick -o jsonpath='{.status.lastScheduleTime}'`
    Then the output is:
      """
      2026-01-01T10:02:00Z
      """
    When I run `kubectl get events --field-selector involvedObject.kind=CronJob -o custom-columns=REASON:.reason,FROM:.source.component,MESSAGE:.message`
    Then the output is:
      """
      REASON             FROM                 MESSAGE
      SuccessfulCreate   cronjob-controller   Created job tick-29454361
      SawCompletedJob    cronjob-controller   Saw completed job: tick-29454361, condition: Complete
      SuccessfulCreate   cronjob-controller   Created job tick-29454362
      SawCompletedJob    cronjob-controller   Saw completed job: tick-29454362, condition: Complete
      """
    When I run `kubectl logs job/tick-29454362`
    Then the output is:
      """
      tick
      """

  @J31
  Scenario: Only the last three successful Jobs are kept
    When I run `kubectl create cronjob tick --image=busybox --schedule="* * * * *" -- true`
    And 330s pass
    And I run `kubectl get jobs -o name`
    Then the output is:
      """
      job.batch/tick-29454364
      job.batch/tick-29454365
      job.batch/tick-29454366
      """
    When I run `kubectl get events --field-selector reason=SuccessfulDelete,involvedObject.kind=CronJob -o custom-columns=MESSAGE:.message`
    Then the output is:
      """
      MESSAGE
      Deleted job tick-29454361
      Deleted job tick-29454362
      Deleted job tick-29454363
      """

  @J32
  Scenario: concurrencyPolicy Forbid skips a run while the last one still runs; Replace replaces it
    Given the file "slow.yaml":
      """
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: forbid
      spec:
        schedule: "* * * * *"
        concurrencyPolicy: Forbid
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                - name: work
                  image: busybox
                  command: [sleep, "90"]
                restartPolicy: Never
      ---
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: replace
      spec:
        schedule: "* * * * *"
        concurrencyPolicy: Replace
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                - name: work
                  image: busybox
                  command: [sleep, "90"]
                restartPolicy: Never
      """
    When I run `kubectl apply -f slow.yaml`
    And 100s pass
    And I run `kubectl get events --field-selector involvedObject.kind=CronJob -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason,MESSAGE:.message`
    Then the output is:
      """
      OBJECT    REASON             MESSAGE
      forbid    SuccessfulCreate   Created job forbid-29454361
      forbid    JobAlreadyActive   Not starting job because prior execution is running and concurrency policy is Forbid
      replace   SuccessfulCreate   Created job replace-29454361
      replace   SuccessfulDelete   Deleted job replace-29454361
      replace   SuccessfulCreate   Created job replace-29454362
      """
    When I run `kubectl get cronjobs`
    Then the output lines match:
      """
      NAME      SCHEDULE    TIMEZONE   SUSPEND   ACTIVE   LAST SCHEDULE   AGE
      forbid    \* \* \* \* \*   <none>     False     1        \d+s             100s
      replace   \* \* \* \* \*   <none>     False     1        \d+s             100s
      """

  @J33
  Scenario: A suspended CronJob creates nothing; resumed, it starts the missed run unless startingDeadlineSeconds says it is too late
    Given the file "suspended.yaml":
      """
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: late
      spec:
        schedule: "* * * * *"
        suspend: true
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                - name: work
                  image: busybox
                  command: ["true"]
                restartPolicy: Never
      ---
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: strict
      spec:
        schedule: "* * * * *"
        suspend: true
        startingDeadlineSeconds: 10
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                - name: work
                  image: busybox
                  command: ["true"]
                restartPolicy: Never
      """
    When I run `kubectl apply -f suspended.yaml`
    And 110s pass
    And I run `kubectl get jobs`
    Then the error output is:
      """
      No resources found in default namespace.
      """
    When I run `kubectl patch cronjob late strict -p '{"spec":{"suspend":false}}'`
    And 2s pass
    And I run `kubectl get jobs -o name`
    Then the output is:
      """
      job.batch/late-29454362
      """

  @J34
  Scenario Outline: A CronJob with a schedule or time zone cron cannot read is refused in the API server's words
    When I run `kubectl create cronjob bad --image=busybox --schedule="<schedule>"`
    Then it fails with:
      """
      error: failed to create cronjob: CronJob.batch "bad" is invalid: spec.schedule: Invalid value: "<schedule>": <error>
      """
    When I run `kubectl get cronjobs`
    Then the error output is:
      """
      No resources found in default namespace.
      """

    Examples:
      | schedule        | error                                                                          |
      | */5 * * *       | expected exactly 5 fields, found 4: [*/5 * * *]                                |
      | 61 * * * *      | end of range (61) above maximum (59): 61                                       |
      | 0 x * * *       | failed to parse int from x: strconv.Atoi: parsing "x": invalid syntax          |
      | 5-1 * * * *     | beginning of range (5) beyond end of range (1): 5-1                            |
      | @fortnightly    | unrecognized descriptor: @fortnightly                                          |
      | TZ=UTC 0 9 * * * | cannot use TZ or CRON_TZ in schedule, use timeZone field instead              |

  @J34
  Scenario: An unknown time zone is refused
    Given the file "tz.yaml":
      """
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: tz
      spec:
        schedule: "0 9 * * *"
        timeZone: Mars/Olympus_Mons
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                - name: work
                  image: busybox
                restartPolicy: OnFailure
      """
    When I run `kubectl apply -f tz.yaml`
    Then it fails with:
      """
      The CronJob "tz" is invalid: spec.timeZone: Invalid value: "Mars/Olympus_Mons": unknown time zone Mars/Olympus_Mons
      """

  @J35
  Scenario: kubectl describe cronjob shows its schedule, policies, Job template and last run
    When I run `kubectl create cronjob tick --image=busybox --schedule="*/1 * * * *" -- date`
    And 70s pass
    And I run `kubectl describe cronjob tick`
    Then the output contains "Schedule:                      */1 * * * *"
    And the output contains "Concurrency Policy:            Allow"
    And the output contains "Successful Job History Limit:  3"
    And the output contains "Starting Deadline Seconds:     <unset>"
    And the output contains "Last Schedule Time:  Thu, 01 Jan 2026 10:01:00 +0000"
    And the output contains "Active Jobs:         <none>"
    And the output contains "cronjob-controller  Created job tick-29454361"

  @J36
  Scenario: kubectl create job --from=cronjob runs a CronJob's Job now, marked as started by hand
    When I run `kubectl create cronjob nightly --image=busybox --schedule="0 3 * * *" -- echo backup`
    And I run `kubectl create job manual --from=cronjob/nightly`
    Then the output is:
      """
      job.batch/manual created
      """
    When I run `kubectl get job manual -o jsonpath='{.metadata.annotations}{"\n"}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.metadata.ownerReferences[0].controller} {.metadata.ownerReferences[0].blockOwnerDeletion}'`
    Then the output is:
      """
      {"cronjob.kubernetes.io/instantiate":"manual"}
      CronJob/nightly true 
      """
    When 5s pass
    And I run `kubectl logs job/manual`
    Then the output is:
      """
      backup
      """
    When I run `kubectl create job other --from=deployment/web`
    Then it fails with:
      """
      Error from server (NotFound): deployments.apps "web" not found
      """
    When I run `kubectl create job other --from=cronjob/nightly -- echo hi`
    Then it fails with:
      """
      error: cannot specify --from and command
      """
