Feature: Jobs run Pods to completion
  A Job (batch/v1) runs Pods until enough of them succeed. The API server gives it a selector of
  its own (the labels batch.kubernetes.io/controller-uid and job-name, new and legacy names); the
  Job controller in kube-controller-manager creates up to `parallelism` Pods at a time, waits
  10 s, 20 s, 40 s … (up to 6 minutes) after each failure, counts every finished Pod exactly once
  (through status.uncountedTerminatedPods and the Pod's batch.kubernetes.io/job-tracking
  finalizer) and finishes the Job: SuccessCriteriaMet then Complete, or FailureTarget then Failed
  once `backoffLimit` failures are exceeded.

  Background:
    Given a cluster

  @J01
  Scenario: A Job runs its Pod to completion and the Pod's output stays readable
    When I run `kubectl create job hello --image=busybox -- echo hello`
    Then the output is:
      """
      job.batch/hello created
      """
    When 5s pass
    And I run `kubectl get jobs`
    Then the output lines match:
      """
      NAME    STATUS     COMPLETIONS   DURATION   AGE
      hello   Complete   1/1           \ds         5s
      """
    When I run `kubectl get pods -l batch.kubernetes.io/job-name=hello`
    Then the output lines match:
      """
      NAME          READY   STATUS      RESTARTS   AGE
      hello-\w{5}   0/1     Completed   0          5s
      """
    When I run `kubectl logs job/hello`
    Then the output is:
      """
      hello
      """

  @J02
  Scenario: The API server generates the Job's selector from its UID and fills in the defaults
    When I run `kubectl create job hello --image=busybox -- echo hello`
    And I run `kubectl get job hello -o jsonpath='{.spec.selector.matchLabels}{"\n"}{.spec.template.metadata.labels}{"\n"}{.metadata.labels}{"\n"}{.spec.backoffLimit} {.spec.completions} {.spec.parallelism} {.spec.completionMode} {.spec.suspend} {.spec.podReplacementPolicy}'`
    Then the output, with UID for the uid of the job "hello", is:
      """
      {"batch.kubernetes.io/controller-uid":"UID"}
      {"batch.kubernetes.io/controller-uid":"UID","batch.kubernetes.io/job-name":"hello","controller-uid":"UID","job-name":"hello"}
      {"batch.kubernetes.io/controller-uid":"UID","batch.kubernetes.io/job-name":"hello","controller-uid":"UID","job-name":"hello"}
      6 1 1 NonIndexed false TerminatingOrFailed
      """

  @J03
  Scenario: A finished Job says so twice: SuccessCriteriaMet, then Complete, with every Pod counted
    When I run `kubectl create job hello --image=busybox -- echo hello`
    And 5s pass
    And I run `kubectl get job hello -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}succeeded={.status.succeeded} failed={.status.failed} active={.status.active} ready={.status.ready} terminating={.status.terminating} uncounted={.status.uncountedTerminatedPods}'`
    Then the output is:
      """
      SuccessCriteriaMet True CompletionsReached: Reached expected number of succeeded pods
      Complete True CompletionsReached: Reached expected number of succeeded pods
      succeeded=1 failed= active= ready=0 terminating=0 uncounted={}
      """
    When I run `kubectl get pods -l job-name=hello -o jsonpath='{.items[*].metadata.finalizers}|{.items[*].metadata.ownerReferences[0].kind}'`
    Then the output is:
      """
      |Job
      """
    When I run `kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=TYPE:.type,REASON:.reason,FROM:.source.component,MESSAGE:.message`
    Then the output lines match:
      """
      TYPE     REASON             FROM             MESSAGE
      Normal   SuccessfulCreate   job-controller   Created pod: hello-\w{5}
      Normal   Completed          job-controller   Job completed
      """

  @J04
  Scenario: completions and parallelism: three successes, at most two Pods at a time
    Given the file "three.yaml":
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: three
      spec:
        completions: 3
        parallelism: 2
        template:
          spec:
            containers:
            - name: work
              image: busybox
              command: [sh, -c, "sleep 4; echo done"]
            restartPolicy: Never
      """
    When I run `kubectl apply -f three.yaml`
    And 2s pass
    And I run `kubectl get job three`
    Then the output lines match:
      """
      NAME    STATUS    COMPLETIONS   DURATION   AGE
      three   Running   0/3           2s         2s
      """
    And 2 pods labelled "job-name=three" exist
    When 10s pass
    And I run `kubectl get job three`
    Then the output lines match:
      """
      NAME    STATUS     COMPLETIONS   DURATION   AGE
      three   Complete   3/3           \d+s        12s
      """
    And 3 pods labelled "job-name=three" exist

  @J05 @J06
  Scenario: A failing Pod is replaced after 10 s, then 20 s, until backoffLimit is exceeded and the Job fails
    Given the file "flaky.yaml":
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: flaky
      spec:
        backoffLimit: 2
        template:
          spec:
            containers:
            - name: work
              image: busybox
              command: [sh, -c, "echo trying; exit 3"]
            restartPolicy: Never
      """
    When I run `kubectl apply -f flaky.yaml`
    And 9s pass
    Then 1 pod labelled "job-name=flaky" exists
    When 3s pass
    Then 2 pods labelled "job-name=flaky" exist
    When 16s pass
    Then 2 pods labelled "job-name=flaky" exist
    When 5s pass
    Then 3 pods labelled "job-name=flaky" exist
    When 5s pass
    And I run `kubectl get job flaky`
    Then the output lines match:
      """
      NAME    STATUS   COMPLETIONS   DURATION   AGE
      flaky   Failed   0/1           38s        38s
      """
    When I run `kubectl get job flaky -o jsonpath='{range .status.conditions[*]}{.type} {.reason}: {.message}{"\n"}{end}failed={.status.failed} succeeded={.status.succeeded}'`
    Then the output is:
      """
      FailureTarget BackoffLimitExceeded: Job has reached the specified backoff limit
      Failed BackoffLimitExceeded: Job has reached the specified backoff limit
      failed=3 succeeded=
      """
    When I run `kubectl get events --field-selector reason=BackoffLimitExceeded -o custom-columns=TYPE:.type,OBJECT:.involvedObject.name,MESSAGE:.message`
    Then the output is:
      """
      TYPE      OBJECT   MESSAGE
      Warning   flaky    Job has reached the specified backoff limit
      """
    When I run `kubectl logs job/flaky`
    Then the output is:
      """
      trying
      """

  @J07
  Scenario: activeDeadlineSeconds fails a Job that runs too long and stops its Pods
    Given the file "slow.yaml":
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: slow
      spec:
        activeDeadlineSeconds: 5
        template:
          spec:
            containers:
            - name: work
              image: busybox
              command: [sleep, "3600"]
            restartPolicy: Never
      """
    When I run `kubectl apply -f slow.yaml`
    And 45s pass
    And I run `kubectl get job slow -o jsonpath='{range .status.conditions[*]}{.type} {.reason}: {.message}{"\n"}{end}'`
    Then the output is:
      """
      FailureTarget DeadlineExceeded: Job was active longer than specified deadline
      Failed DeadlineExceeded: Job was active longer than specified deadline
      """
    And no pod labelled "job-name=slow" is left in "default"

  @J08
  Scenario: Deleting a Job deletes its Pods, the job-tracking finalizer released
    When I run `kubectl create job pause --image=busybox -- sleep 3600`
    And 3s pass
    Then 1 pod labelled "job-name=pause" is Running
    When I run `kubectl get pods -l job-name=pause -o jsonpath='{.items[0].metadata.finalizers}'`
    Then the output is:
      """
      ["batch.kubernetes.io/job-tracking"]
      """
    When I run `kubectl delete job pause`
    Then the output is:
      """
      job.batch "pause" deleted
      """
    When 40s pass
    Then no pod labelled "job-name=pause" is left in "default"

  @J09
  Scenario: A Job's Pods may not restart Always: the API server refuses it in its own words and stores nothing
    Given the file "always.yaml":
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: always
      spec:
        template:
          spec:
            containers:
            - name: work
              image: busybox
            restartPolicy: Always
      """
    When I run `kubectl apply -f always.yaml`
    Then it fails with:
      """
      The Job "always" is invalid: spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"
      """
    When I run `kubectl get jobs`
    Then the error output is:
      """
      No resources found in default namespace.
      """

  @J10
  Scenario: A busybox container does what its command says, on virtual time, and exits with its status
    When I run `kubectl create job script --image=busybox -- sh -c 'echo start; sleep 3; for i in 1 2; do echo "n=$i"; done; test -n "$HOSTNAME" && printenv HOSTNAME; exit 4'`
    And 2s pass
    And I run `kubectl logs job/script`
    Then the output is:
      """
      start
      """
    When 3s pass
    And I run `kubectl logs job/script`
    Then the output lines match:
      """
      start
      n=1
      n=2
      script-\w{5}
      """
    When I run `kubectl get pods -l job-name=script -o jsonpath='{.items[0].status.containerStatuses[0].state.terminated.exitCode} {.items[0].status.containerStatuses[0].state.terminated.reason}'`
    Then the output is:
      """
      4 Error
      """

  @J11
  Scenario: A program the image does not have fails to start as runc fails it
    When I run `kubectl create job missing --image=busybox -- foo --bar`
    And 5s pass
    And I run `kubectl get pods -l job-name=missing`
    Then the output lines match:
      """
      NAME            READY   STATUS       RESTARTS   AGE
      missing-\w{5}   0/1     StartError   0          5s
      """
    When I run `kubectl get pods -l job-name=missing -o jsonpath='{.items[0].status.containerStatuses[0].state.terminated}'`
    Then the output lines match:
      """
      {"containerID":"containerd://\w+","exitCode":128,"finishedAt":"[^"]+","message":"failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: \\"foo\\": executable file not found in \$PATH: unknown","reason":"StartError","startedAt":"1970-01-01T00:00:00Z"}
      """
    When I run `kubectl get events --field-selector reason=Failed -o custom-columns=MESSAGE:.message --no-headers`
    Then the output has 1 line matching "^Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: \"foo\": executable file not found in \$PATH: unknown$"

  @J12
  Scenario: examples/jobs.play plays a Job to completion, a failing Job, a typo and a CronJob on schedule
    When I play the example "examples/jobs.play"
    Then its transcript has, in order, lines matching:
      """
      job.batch/hello condition met
      hello from hello-\w{5}
      done
      Complete=True \(CompletionsReached\)
      job.batch/flaky   Failed   0/1           40s        40s
      .*Warning   BackoffLimitExceeded   job/flaky   Job has reached the specified backoff limit
      typo   0/1     StartError   0          5s
      tick   \*/1 \* \* \* \*   <none>     False     0        \d+s             4m10s
      tick-\d{8}   Complete   1/1           1s         \d+s
      .*Normal   SuccessfulDelete   cronjob/tick   Deleted job tick-\d{8}
      """

  @J13
  Scenario: kubectl describe job shows the Job's spec, times and Pod counts
    When I run `kubectl create job hello --image=busybox -- sh -c 'sleep 2; echo hi'`
    And 6s pass
    And I run `kubectl describe job hello`
    Then the output lines match:
      """
      Name:             hello
      Namespace:        default
      Selector:         batch.kubernetes.io/controller-uid=[-0-9a-f]{36}
      Labels:           batch.kubernetes.io/controller-uid=[-0-9a-f]{36}
                        batch.kubernetes.io/job-name=hello
                        controller-uid=[-0-9a-f]{36}
                        job-name=hello
      Annotations:      <none>
      Parallelism:      1
      Completions:      1
      Completion Mode:  NonIndexed
      Suspend:          false
      Backoff Limit:    6
      Start Time:       Thu, 01 Jan 2026 10:00:\d\d \+0000
      Completed At:     Thu, 01 Jan 2026 10:00:\d\d \+0000
      Duration:         \ds
      Pods Statuses:    0 Active \(0 Ready\) / 1 Succeeded / 0 Failed
      Pod Template:
        Labels:  batch.kubernetes.io/controller-uid=[-0-9a-f]{36}
                 batch.kubernetes.io/job-name=hello
                 controller-uid=[-0-9a-f]{36}
                 job-name=hello
        Containers:
         hello:
          Image:      busybox
          Port:       <none>
          Host Port:  <none>
          Command:
            sh
            -c
            sleep 2; echo hi
          Environment:   <none>
          Mounts:        <none>
        Volumes:         <none>
        Node-Selectors:  <none>
        Tolerations:     <none>
      Events:
        Type    Reason            Age   From            Message
        ----    ------            ----  ----            -------
        Normal  SuccessfulCreate  6s    job-controller  Created pod: hello-\w{5}
        Normal  Completed         \ds    job-controller  Job completed
      """
