Feature: The kubelet's Pod phase, container statuses, restart back-off and Node conditions as upstream's own tests have them
  The phase the kubelet reports follows from the containers' states and the restart policy: a
  container still waiting keeps the Pod Pending; with Always, stopped containers are restarting,
  so the Pod stays Running; with OnFailure only a clean exit ends it; with Never any failure does.
  A crashing container is restarted after a back-off that doubles from 10 s to 5 minutes and is
  forgotten after twice that, its delay printed as Go prints durations. A container the kubelet
  will start again waits with why it is not running; one it will not stays terminated. These are
  the cases of pkg/kubelet/kubelet_pods_test.go, client-go's util/flowcontrol/backoff_test.go and
  Go's time tests, run on the model's functions (steps/fixtures/upstream/kubelet.json,
  kubelet-status.json). The Node's conditions follow pkg/kubelet/nodestatus/setters_test.go
  (kubelet-node-conditions.json): each setter updates its condition in place, moving the
  transition time only on a change.

  @S22
  Scenario: The Pod phase for each restart policy and container state (getPhase)
    Then every case of upstream's kubelet table getPhase holds on the model

  @S23
  Scenario: The restart back-off doubles to its maximum and is forgotten after twice that (flowcontrol.Backoff)
    Then every case of upstream's kubelet table backoff holds on the model

  @S28
  Scenario: Which containers the kubelet starts or kills, and when it makes a new sandbox (TestComputePodActions)
    Then every case of upstream's kubelet-actions table computePodActions holds on the model

  @S101
  Scenario: Whether a stopped container is started again, for each restart policy, and never once the Pod is deleted (TestShouldContainerBeRestarted)
    Then every case of upstream's kubelet-actions table shouldContainerBeRestarted holds on the model

  @KL08
  Scenario: Durations read as Go prints them, in back-off messages and pull times (time.Duration.String)
    Then every case of upstream's kubelet table duration holds on the model

  @KL10
  Scenario: A container the kubelet will restart waits with the reason cache's reason; one it will not stays terminated (TestGenerateAPIPodStatusWithDifferentRestartPolicies)
    Then every case of upstream's kubelet table restartPolicies holds on the model

  @KL12
  Scenario: A container's state and last state from the runtime, the reason cache and the old status (TestGenerateAPIPodStatusWithReasonCache)
    Then every case of upstream's kubelet table reasonCache holds on the model

  @KL13
  Scenario: The Node's Ready condition: True, or False with every error the kubelet sees; an event on each change (TestReadyCondition)
    Then every case of upstream's kubelet table readyCondition holds on the model

  @KL13
  Scenario: The Node's pressure conditions and their events, first value included (TestMemoryPressureCondition, TestDiskPressureCondition, TestPIDPressureCondition)
    Then every case of upstream's kubelet table pressureCondition holds on the model

  @KL14
  Scenario: The Pod's conditions keep their transition times, the scheduler's and others' conditions stay, the sandbox gives the IP (generateAPIPodStatus, mergePodStatus)
    Then every case of upstream's kubelet table podStatus holds on the model

  @KL15
  Scenario: The status manager writes a changed status once, writes back another writer's change, and gives up a Pod that is gone (status_manager_test.go)
    Then every case of upstream's kubelet table statusManager holds on the model
