Feature: Indexed Jobs give each completion an index
  With `completionMode: Indexed` a Job's completions are the indexes 0 to completions-1
  (pkg/controller/job/indexed_job_utils.go). Each Pod runs one index: it is named
  `<job>-<index>-<suffix>`, its hostname is `<job>-<index>`, it carries the index as the
  `batch.kubernetes.io/job-completion-index` annotation and label, and its containers read it
  from JOB_COMPLETION_INDEX. The Job records the indexes that succeeded as intervals in
  status.completedIndexes ("0-2,4"); an index that failed gets a new Pod with the same index,
  and no index ever runs in two Pods at once.

  Background:
    Given a cluster

  @J50
  Scenario: Each Pod runs one index and knows it from its name, hostname, annotation, label and environment
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: squares
      spec:
        completions: 3
        parallelism: 3
        completionMode: Indexed
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              image: busybox
              command: ["sh", "-c", "echo working on index $JOB_COMPLETION_INDEX"]
      """
    And 30s passes
    And I run `kubectl get pods -l job-name=squares -o jsonpath='{range .items[*]}{.metadata.name} {.spec.hostname} {.metadata.annotations.batch\.kubernetes\.io/job-completion-index} {.metadata.labels.batch\.kubernetes\.io/job-completion-index}{"\n"}{end}'`
    Then the output lines match:
      """
      squares-0-[a-z0-9]{5} squares-0 0 0
      squares-1-[a-z0-9]{5} squares-1 1 1
      squares-2-[a-z0-9]{5} squares-2 2 2
      """
    When I run `kubectl logs job/squares`
    Then the output is:
      """
      working on index 0
      """
    When I run `kubectl get pods -l batch.kubernetes.io/job-completion-index=2 -o jsonpath='{.items[0].spec.containers[0].env[0].valueFrom.fieldRef.fieldPath}'`
    Then the output is:
      """
      metadata.labels['batch.kubernetes.io/job-completion-index']
      """
    When I run `kubectl get job squares -o jsonpath='{.status.completedIndexes} {.status.succeeded} {.status.conditions[?(@.type=="Complete")].status}'`
    Then the output is:
      """
      0-2 3 True
      """

  @J51
  Scenario: An index that keeps failing is retried with the same index until the backoff limit; the others stay completed
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: flaky
      spec:
        completions: 5
        parallelism: 5
        backoffLimit: 2
        completionMode: Indexed
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              image: busybox
              command: ["sh", "-c", "test $JOB_COMPLETION_INDEX != 3"]
      """
    And 2m passes
    And I run `kubectl get job flaky`
    Then the output lines match:
      """
      NAME +STATUS +COMPLETIONS +DURATION +AGE
      flaky +Failed +4/5 +\S+ +\S+
      """
    When I run `kubectl get pods -l batch.kubernetes.io/job-completion-index=3 -o jsonpath='{range .items[*]}{.status.phase}{"\n"}{end}'`
    Then the output is:
      """
      Failed
      Failed
      Failed
      """
    When I run `kubectl describe job flaky`
    Then the output contains "Completion Mode:    Indexed"
    And the output contains "Pods Statuses:      0 Active (0 Ready) / 4 Succeeded / 3 Failed"
    And the output contains "Completed Indexes:  0-2,4"

  @J52
  Scenario: An index still running is never handed out again: a Pod per index, none wasted
    # Two at a time for five indexes: each finished index frees a slot for the lowest index that
    # neither succeeded nor runs. A Pod started twice for one index would be deleted as a
    # duplicate and counted as failed.
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: batch
      spec:
        completions: 5
        parallelism: 2
        completionMode: Indexed
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              image: busybox
              # Index i works for i seconds: the indexes finish one by one.
              command: ["sh", "-c", "sleep $JOB_COMPLETION_INDEX"]
      """
    And 1m passes
    And I run `kubectl get pods -l job-name=batch -o jsonpath='{range .items[*]}{.metadata.labels.batch\.kubernetes\.io/job-completion-index} {.status.phase}{"\n"}{end}'`
    Then the output is:
      """
      0 Succeeded
      1 Succeeded
      2 Succeeded
      3 Succeeded
      4 Succeeded
      """
    When I run `kubectl describe job batch`
    Then the output contains "Pods Statuses:      0 Active (0 Ready) / 5 Succeeded / 0 Failed"
    And the output contains "Completed Indexes:  0-4"

  @J53
  Scenario: An Indexed Job needs its completions, and its completion mode cannot change
    # Without parallelism either, defaulting would set both to 1.
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: batch/v1
      kind: Job
      metadata:
        name: endless
      spec:
        parallelism: 2
        completionMode: Indexed
        template:
          spec:
            restartPolicy: Never
            containers:
            - name: worker
              image: busybox
              command: ["true"]
      """
    Then it fails with:
      """
      The Job "endless" is invalid: spec.completions: Required value: when completion mode is Indexed
      """
    When I run `kubectl create job plain --image=busybox -- true`
    And I run `kubectl patch job plain -p '{"spec":{"completionMode":"Indexed","completions":1}}'`
    Then it fails with:
      """
      The Job "plain" is invalid: spec.completionMode: Invalid value: "Indexed": field is immutable
      """
