Feature: The kubelet's SyncPod as upstream's kuberuntime manager tests have it
  For a Pod that should run the kubelet checks the Pod network (a host-network Pod needs none),
  makes the sandbox when there is none that works (FailedCreatePodSandBox when the runtime cannot),
  then for each container to start in spec order pulls its image, creates and starts it, with
  Created and Started events; a failure of one (Failed, "Error: ...", the reason kept in the reason
  cache) does not stop the next. A container that exited is started again at once, then only once
  its back-off passed (BackOff, CrashLoopBackOff), each container with its own back-off, which a
  new sandbox does not end. A Pod removed or being deleted meanwhile gets no container started.
  These are the cases of pkg/kubelet/kuberuntime/kuberuntime_manager_test.go, kuberuntime_container.go
  and kubelet.go's SyncPod (Kubernetes v1.32) on the model's syncPod
  (steps/fixtures/upstream/kubelet-sync-pod.json).

  @KL25
  Scenario: The sandbox, each container pulled, created and started, failures, back-off and deletion (TestSyncPod, TestSyncPodBackoff, TestSyncPodWithSandboxAndDeletedPod)
    Then every case of upstream's kubelet table syncPod holds on the model

  @KL25
  Scenario: A failed sync is tried again after 10 to 15 s (pod_workers.go workerBackOffPeriod with its jitter)
    Then every case of upstream's kubelet table podWorkerBackOff holds on the model
