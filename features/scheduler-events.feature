Feature: kube-scheduler's events are a series when they repeat
  kube-scheduler records its events through client-go's events.k8s.io/v1 recorder. The same
  event again (same Pod, reason, action and note) does not make a new Event: the second one
  writes series.count 2, later ones are only counted until the recorder's 30-minute heartbeat
  writes the count, or until the series ends (nothing new for 6 minutes) and its last count is
  written. A Pod that fits nowhere is retried every five minutes or so, each time with the same
  FailedScheduling note.

  @S102
  Scenario: A Pod that fits nowhere has one FailedScheduling Event whose series is written on the second try, the heartbeat and the end
    Given a cluster
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: huge
      spec:
        containers:
        - name: app
          image: nginx
          resources:
            requests:
              cpu: "64"
      """
    And 1m passes
    And I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=COUNT:.series.count,LAST:.series.lastObservedTime`
    Then the output lines match:
      """
      COUNT +LAST
      <none> +<none>
      """
    # The second try, after the five minutes in the unschedulable pool: written at once.
    When 5m passes
    And I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=COUNT:.series.count,LAST:.series.lastObservedTime`
    Then the output lines match:
      """
      COUNT +LAST
      2 +2026-01-01T10:06:[0-9.]+Z
      """
    # Two more tries, counted but not written before the heartbeat.
    When 10m passes
    And I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=COUNT:.series.count,LAST:.series.lastObservedTime`
    Then the output lines match:
      """
      COUNT +LAST
      2 +2026-01-01T10:06:[0-9.]+Z
      """
    # The 30-minute heartbeat wrote the count so far.
    When 20m passes
    And I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=COUNT:.series.count,LAST:.series.lastObservedTime`
    Then the output lines match:
      """
      COUNT +LAST
      6 +2026-01-01T10:28:[0-9.]+Z
      """
    # Deleted, the Pod is tried no more: six minutes later the series ends with its last count.
    When I run `kubectl delete pod huge`
    And 13m passes
    And I run `kubectl get events --field-selector reason=FailedScheduling -o custom-columns=COUNT:.series.count,LAST:.series.lastObservedTime`
    Then the output lines match:
      """
      COUNT +LAST
      7 +2026-01-01T10:33:[0-9.]+Z
      """
