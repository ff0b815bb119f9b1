Feature: The scheduling queue as upstream's own tests have it
  kube-scheduler's queue hands out Pods by priority (activeQ); a Pod that failed waits in the
  unschedulable pool until an event its rejecting plugins care about, or in backoffQ for 1 s,
  2 s, 4 s, 8 s, then 10 s per attempt when it failed for no plugin or missed such an event; the
  flush loops move Pods whose back-off ended to activeQ, and retry every Pod left unschedulable
  for five minutes. These are the cases of pkg/scheduler/internal/queue/scheduling_queue_test.go,
  run on the model's queue with a clock of their own (steps/fixtures/upstream/scheduling-queue.json).

  @S87
  Scenario: The back-off doubles from 1 s up to its maximum without overflowing (TestPriorityQueue_calculateBackoffDuration)
    Then every case of upstream's scheduling-queue table backoffDuration holds on the model

  @S87
  Scenario: Pods move between activeQ, backoffQ and the unschedulable pool when upstream's queue tests say
    Then every case of upstream's scheduling-queue table cases holds on the model

  @SC11
  Scenario: The flush loops run every 1 s and 30 s, a Pod in flight misses no event, and a queued Pod is not queued twice
    # The queue's timers run here; a Pod whose back-off ends between two ticks waits for the next.
    Then every case of upstream's scheduling-queue table loops holds on the model
