Feature: The kubelet's pod workers, how it kills a Pod, and its container garbage collector, as upstream's own tests have them
  One worker per Pod never runs two syncs of a Pod at once: an update that comes while a sync's
  CRI calls are in flight waits, and a kill that comes first wins (the create is never run). A
  Pod is killed when it is deleted (its deletion grace period, at least killContainer's 2 s), when
  it is gone from the API server (its spec's grace period; no status, no final delete) or when it
  reached a terminal phase on its own: each running container is stopped (with a Killing event
  unless the Pod is terminal on its own), then every sandbox of the Pod, then the terminal status
  is written and, once it is in the API, a deleted Pod gets the final delete with grace 0, tried
  again every 10 s until it succeeds, the API server says NotFound, or the Pod is gone. A
  terminated Pod is not started again, and is forgotten once it is gone. A stale copy of the Pod
  (an older resourceVersion), the echo of the kubelet's own status write and a change of
  managedFields only change nothing; a status another writer changed is synced back, also after a
  kubelet restart. A failed sync is retried after 10 to 15 s, only the latest retry counting.
  Every minute the garbage collector removes the sandboxes and containers of Pods deleted or gone
  and terminated, and all but the newest exited container per container name; a completed Pod
  keeps its stopped sandbox and containers until it is deleted.
  These follow kubernetes v1.32's pkg/kubelet/pod_workers_test.go (TestUpdatePod,
  TestUpdatePodForRuntimePod, TestUpdatePodForTerminatedRuntimePod,
  TestUpdatePodDoesNotForgetSyncPodKill, TestTerminalPhaseTransition, the podSyncStatus
  transitions and calculateEffectiveGracePeriod), kuberuntime_manager_test.go and
  kuberuntime_container_test.go (TestKillPod, TestKillPodWithSyncResult, killContainer's grace
  period), status/status_manager_test.go (TestReconcilePodStatus), kuberuntime_gc_test.go
  (TestContainerGC, TestPodSandboxGC: evictable sandboxes and the newest dead container per name
  kept) and kubecontainer's runtime view (GetPodStatus sorted newest first,
  generatePodSandboxConfig), run on the model's PodWorkers, killPod and podRuntimeState.
  Upstream calls UpdatePod and reads its fake runtime's calls; here each Pod is handed to the
  workers as the informer hands it over, against an API server of their own and a scripted CRI
  runtime (steps/kubelet-pod-workers.steps.ts) that answers each call after 100 ms (RunPodSandbox
  after 1 s) and stops a container 100 ms after its SIGTERM, or at the timeout when it ignores
  SIGTERM. The calls column lists, in order from `mark` on: the sync loop's klog lines (SyncLoop
  ADD, UPDATE, DELETE, REMOVE), the kubelet's status writes (status) and deletes (with what the
  API server said when one failed, or that the Pod stays), its Killing events, each sync (sync: it
  asks the runtime whether the network is ready), and the CRI calls: sandbox N (the attempt),
  create NAME N, start NAME, stop NAME TIMEOUT, stopped NAME, stop sandbox N. The Pod is foo
  unless a step names it ("bar: add"); `restart` starts new pod workers that get every Pod again.

  @KL21
  Scenario: What the pod workers do with each update: start, ignore, kill once, retry (TestUpdatePod and its neighbours)
    Then the pod workers, given the Pod as the informer hands it over, make these calls:
      | test                                                                               | steps                                                                     | calls                                                                                                                                  | known |
      | a new pod is recorded and started                                                  | add; wait 5s                                                              | SyncLoop ADD, status, sync, sandbox 0, status, create c 0, start c, status, sync | 1     |
      | a pod that is terminal and has never started is terminated, nothing started        | create; phase Succeeded; deliver; wait 5s                                 | SyncLoop ADD, status | 1     |
      | a create, kill and update at once: the kill wins, nothing is started (DoesNotForgetSyncPodKill) | add; delete 30; deliver; wait 10s                              | SyncLoop ADD, SyncLoop DELETE, status, delete | 1     |
      | a kill while the create's sync is in flight waits for it, then stops the sandbox   | add; wait 0.5s; delete 30; wait 10s                                       | SyncLoop ADD, status, sync, sandbox 0, SyncLoop DELETE, status, stop sandbox 0, status, delete | 1     |
      | the sync that finds the Pod terminal stops it, no delete (TestTerminalPhaseTransition) | add Never; wait 5s; mark; exit c 0; wait 5s                          | status, sync, stop sandbox 0, status                                                                                                   | 1     |
      | a Pod gone from the API is killed, not written, and forgotten (TestUpdatePodForRuntimePod) | add; wait 5s; mark; remove; wait 5s                               | SyncLoop REMOVE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 0 | 0     |
      | a Pod gone after it terminated is only forgotten (TestUpdatePodForTerminatedRuntimePod) | add; wait 5s; delete 15; wait 5s; mark; remove; wait 5s              | SyncLoop REMOVE | 0     |
      | a stale copy of the Pod (older resourceVersion) is ignored                         | add; wait 5s; label; wait 5s; mark; stale; wait 5s                        | nothing                                                                                                                                | 1     |
      | the echo of the kubelet's own status write is no sync                              | add; wait 5s; mark; deliver; wait 5s                                      | nothing                                                                                                                                | 1     |
      | a change of managedFields only (another manager applies the same) is no sync      | add; wait 5s; mark; reapply; wait 5s                                      | nothing                                                                                                                                | 1     |
      | a status another writer changed is synced and written back                         | add; wait 5s; mark; notReady; deliver; wait 5s                            | status, sync                                                                                                                           | 1     |
      | after a kubelet restart, a status another writer changed is written back          | add; wait 5s; restart; wait 5s; mark; notReady; deliver; wait 5s          | status, sync                                                                                                                           | 1     |
      | a running Pod is not synced again without a reason                                 | add; wait 5s; mark; wait 30s                                              | nothing                                                                                                                                | 1     |
      | a failed sync is retried after 10 to 15 s, only the latest retry counting          | network down; add; wait 9.9s; label; wait 9.8s                            | SyncLoop ADD, status, sync, SyncLoop UPDATE, sync | 1     |
      | two updates before the worker runs: one sync                                       | network down; add; label; wait 5s                                         | SyncLoop ADD, SyncLoop UPDATE, status, sync | 1 |
      | the sync that finds the Pod failed stops it                                        | add Never; wait 5s; mark; exit c 1; wait 5s                               | status, sync, stop sandbox 0, status | 1 |

  @KL22
  Scenario: Killing a Pod: its running containers with the grace period, then its sandboxes, the terminal status and the final delete (killPod, killContainer)
    Then the pod workers, given the Pod as the informer hands it over, make these calls:
      | test                                                                     | steps                                                                                  | calls                                                                                                                                                                                   |
      | deleted with 15 s: the deletion's grace period                           | add; wait 5s; mark; delete 15; wait 5s                                                 | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 15, stopped c, stop sandbox 0, status, delete |
      | deleted with 1 s: killContainer's minimum of 2 s                         | add; wait 5s; mark; delete 1; wait 5s                                                  | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 2, stopped c, stop sandbox 0, status, delete |
      | the sandbox is stopped once every container stopped                      | add c1 c2; ignoresSigterm c2; wait 5s; mark; delete 10; wait 15s                       | SyncLoop DELETE, Killing: Stopping container c1 (spec.containers{c1}), stop c1 10, Killing: Stopping container c2 (spec.containers{c2}), stop c2 10, stopped c1, stopped c2, stop sandbox 0, status, delete |
      | an exited container is not stopped again                                 | add c1 c2 Never; wait 5s; exit c1 0; wait 5s; mark; delete 30; wait 5s                 | SyncLoop DELETE, Killing: Stopping container c2 (spec.containers{c2}), stop c2 30, stopped c2, stop sandbox 0, status, delete |
      | every sandbox of the Pod is stopped, a dead one too                      | add; wait 5s; sandboxDies; wait 5s; mark; delete 30; wait 5s                           | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 1, stop sandbox 0, status, delete |
      | a failed final delete is tried again 10 s later                          | fail delete 500; add; wait 5s; mark; delete 30; wait 15s                               | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 0, status, delete, delete: 500, delete |
      | not again once the Pod is gone from the API                              | fail delete 500; add; wait 5s; mark; delete 30; wait 5s; remove; wait 15s              | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 0, status, delete, delete: 500, SyncLoop REMOVE |
      | the final delete waits until the terminal status is written             | add; wait 5s; mark; fail update 500; delete 30; wait 15s                               | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 0, status, status: 500, status, delete |
      | nor after the API server said NotFound                                   | fail delete 500; add; wait 5s; mark; delete 30; wait 5s; forceDelete; wait 25s         | SyncLoop DELETE, Killing: Stopping container c (spec.containers{c}), stop c 30, stopped c, stop sandbox 0, status, delete, delete: 500, delete, delete: 404 |

  @KL23
  Scenario: The container garbage collector removes what deleted Pods left and all but the newest exited container per name (TestContainerGC, TestPodSandboxGC)
    # What the runtime holds at the end: each sandbox (attempt, state) and container (name, attempt, state).
    Then the pod workers and the container garbage collector leave in the runtime:
      | test                                                                  | steps                                                                                                              | runtime                                                                                  |
      | a deleted Pod's sandbox and containers stay until the collector runs  | add; wait 5s; delete 30; wait 5s; remove; wait 40s                                                                 | sandbox 0 notready, c 0 exited                                                           |
      | then they are removed                                                 | add; wait 5s; delete 30; wait 5s; remove; wait 60s                                                                 | nothing                                                                                  |
      | also while the deleted, terminated Pod is still known                 | add; wait 5s; delete 30; wait 60s                                                                                  | nothing                                                                                  |
      | a completed Pod keeps its stopped sandbox and container               | add Never; wait 5s; exit c 0; wait 60s                                                                             | sandbox 0 notready, c 0 exited                                                           |
      | another Pod's sandbox and containers stay                             | add; bar: add; wait 5s; delete 30; wait 5s; remove; wait 60s                                                       | bar/sandbox 0 ready, bar/c 0 running                                                     |
      | a crash-looping container: only its newest exited run is kept         | add; wait 5s; exit c 1; wait 5s; exit c 1; wait 30s; exit c 1; wait 30s                                            | sandbox 0 ready, c 2 exited, c 3 running                                                 |
      | and so on at every run of the collector, each minute                  | add; wait 5s; exit c 1; wait 5s; exit c 1; wait 30s; exit c 1; wait 30s; exit c 1; wait 60s                        | sandbox 0 ready, c 3 exited, c 4 running                                                 |
      | a Pod still terminating keeps its dead sandbox                        | add; ignoresSigterm c; wait 5s; sandboxDies; wait 5s; delete 120; wait 55s                                        | sandbox 0 notready, sandbox 1 ready, c 0 exited, c 1 running |
      | the newest exited run is kept while a newer one runs                  | add; wait 5s; exit c 1; wait 60s                                                                                   | sandbox 0 ready, c 0 exited, c 1 running |
      | each container name keeps its newest exited run                       | add c1 c2 Never; wait 5s; exit c1 0; exit c2 1; wait 60s                                                           | sandbox 0 notready, c1 0 exited, c2 0 exited |
      | forgetting a Pod keeps another Pod's restart back-off                 | bar: add; add; wait 5s; bar: exit c 1; wait 1s; bar: exit c 1; wait 1s; remove; wait 1s; bar: label; wait 1s        | bar/sandbox 0 ready, sandbox 0 notready, bar/c 0 exited, bar/c 1 exited, c 0 exited      |

  @KL23
  Scenario: The runtime's view of a Pod lists its sandboxes and each container's runs newest first (GetPodStatus, kubecontainer.Pods)
    # "id uid attempt createdAt state" per sandbox, "name uid attempt createdAt" per container, as the runtime lists them.
    Then the runtime's view of Pod u1 is:
      | test                                          | sandboxes                                                    | containers                                     | view                                |
      | the newest sandbox first, another Pod's left out | s1 u1 0 100 notready, s2 u1 1 200 ready, s3 u2 0 300 ready | | sandboxes s2 s1                  |
      | made at the same time: the higher attempt first | s1 u1 0 100 notready, s2 u1 1 100 ready                     |                                                | sandboxes s2 s1                     |
      | each container's runs, newest attempt first   |                                                              | c u1 0 100, d u1 0 100, c u1 1 200, c u2 2 300 | sandboxes none; c c-2 c-0; d d-1    |
      | the same attempt: the newest first            |                                                              | c u1 0 100, c u1 0 200                         | sandboxes none; c c-1 c-0           |

  @KL23
  Scenario: What RunPodSandbox gets for a Pod (TestGeneratePodSandboxConfig)
    Then the sandbox config of each Pod is:
      | test                                           | pod                                                                                                                                   | attempt | config                                                                                                                                              |
      | the Pod's labels with the kubelet's, its annotations, its hostname | {"metadata":{"name":"foo","namespace":"new","uid":"12345678","labels":{"app":"web"},"annotations":{"a":"b"}},"spec":{"hostname":"h"}} | 1 | new/foo 12345678 attempt 1; hostname h; labels app=web io.kubernetes.pod.name=foo io.kubernetes.pod.namespace=new io.kubernetes.pod.uid=12345678; annotations a=b |
      | no hostname: the Pod's name                    | {"metadata":{"name":"foo","namespace":"new","uid":"12345678"}}                                                                        | 0       | new/foo 12345678 attempt 0; hostname foo; labels io.kubernetes.pod.name=foo io.kubernetes.pod.namespace=new io.kubernetes.pod.uid=12345678; annotations none |
      | the host's network                             | {"metadata":{"name":"foo","namespace":"new","uid":"12345678"},"spec":{"hostNetwork":true}}                                            | 0       | new/foo 12345678 attempt 0; hostname foo; labels io.kubernetes.pod.name=foo io.kubernetes.pod.namespace=new io.kubernetes.pod.uid=12345678; annotations none; hostNetwork true |
