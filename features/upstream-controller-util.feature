Feature: The controllers' shared helpers pass Kubernetes' own unit tests
  The ReplicaSet, Deployment and StatefulSet controllers share pkg/controller's helpers: the
  ControllerRefManager that adopts orphans and releases what a controller no longer selects, the
  expectations that keep a controller from acting twice on a stale cache, the Pod predicates
  (ready, available, active) and intstr's percentages. Their cases follow Kubernetes v1.32's
  pkg/controller/controller_ref_manager_test.go (TestClaimPods, TestGeneratePatchBytesForDelete),
  pkg/controller/controller_utils_test.go (TestControllerExpectations, TestUIDExpectations,
  TestActivePodFiltering), pkg/api/v1/pod/util_test.go (TestIsPodAvailable) and
  k8s.io/apimachinery v0.32's util/intstr/intstr_test.go (TestGetScaledValueFromIntOrPercent),
  run on the model's functions. The lookups the model's informer indexes answer (orphans a
  selector can adopt, workloads whose selector picks a Pod) are checked against what a scan of
  every object finds, as upstream's controllers find them by listing.

  @CT40
  Scenario: ClaimPods adopts, keeps, releases or ignores each Pod (TestClaimPods)
    Then ClaimPods claims and patches each Pod as upstream's TestClaimPods says:
      | case                                                               | controller | pod                                                            | filter | claimed | patch |
      | an orphan the selector picks is adopted                            | live       | {"labels":{"foo":"bar"}}                                       |        | yes     | strategic pod1 {"metadata":{"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"rs","uid":"123","controller":true,"blockOwnerDeletion":true}],"uid":"pod1-uid"}} |
      | an orphan the selector does not pick is left alone                 | live       | {"labels":{"foo":"bar1"}}                                      |        | no      | - |
      | a controller being deleted adopts nothing                          | deleting   | {"labels":{"foo":"bar"}}                                       |        | no      | - |
      | a Pod another controller owns is not touched                       | live       | {"labels":{"foo":"bar"},"owner":"other"}                       |        | no      | - |
      | nor released when the selector does not pick it                   | live       | {"labels":{"foo":"bar1"},"owner":"other"}                      |        | no      | - |
      | an owned Pod the selector no longer picks is released              | live       | {"labels":{"foo":"bar1"},"owner":"self"}                       |        | no      | strategic pod1 {"metadata":{"ownerReferences":[{"$patch":"delete","uid":"123"}],"uid":"pod1-uid"}} |
      | an owned Pod the selector picks is kept, no request                | live       | {"labels":{"foo":"bar"},"owner":"self"}                        |        | yes     | - |
      | a controller being deleted keeps what it owns                      | deleting   | {"labels":{"foo":"bar"},"owner":"self"}                        |        | yes     | - |
      | a controller being deleted releases nothing                        | deleting   | {"labels":{"foo":"bar1"},"owner":"self"}                       |        | no      | - |
      | an orphan being deleted is not adopted                             | live       | {"labels":{"foo":"bar"},"deleting":true}                       |        | no      | - |
      | an owned Pod being deleted that still matches is kept              | live       | {"labels":{"foo":"bar"},"owner":"self","deleting":true}        |        | yes     | - |
      | an owned Pod being deleted that no longer matches is released      | live       | {"labels":{"foo":"bar1"},"owner":"self","deleting":true}       |        | no      | strategic pod1 {"metadata":{"ownerReferences":[{"$patch":"delete","uid":"123"}],"uid":"pod1-uid"}} |
      | an orphan in another namespace is not adopted                      | live       | {"labels":{"foo":"bar"},"namespace":"other"}                   |        | no      | - |
      | an owner reference that is not a controller's leaves an orphan     | live       | {"labels":{"foo":"bar"},"owner":"not-controller"}              |        | yes     | strategic pod1 {"metadata":{"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"rs","uid":"123","controller":true,"blockOwnerDeletion":true}],"uid":"pod1-uid"}} |
      | a filter that fails keeps an orphan out                            | live       | {"labels":{"foo":"bar"}}                                       | member | no      | - |
      | a filter that passes lets it in                                    | live       | {"labels":{"foo":"bar","member":"x"}}                          | member | yes     | strategic pod1 {"metadata":{"ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"rs","uid":"123","controller":true,"blockOwnerDeletion":true}],"uid":"pod1-uid"}} |
      | an owned Pod a filter rejects is released                          | live       | {"labels":{"foo":"bar"},"owner":"self"}                        | member | no      | strategic pod1 {"metadata":{"ownerReferences":[{"$patch":"delete","uid":"123"}],"uid":"pod1-uid"}} |

  @CT40
  Scenario: Adoption re-reads the controller once and gathers the errors (ClaimPods, CanAdopt, RecheckDeletionTimestamp)
    Then ClaimPods over two orphans pod1 and pod2 ends as the table says:
      | case                                                | live owner | pod1 patch fails with | owner reads | patched    | claimed    | error |
      | both adopted after one read of the controller       | same       | -                     | 1           | pod1, pod2 | pod1, pod2 | - |
      | pod1 gone meanwhile: its NotFound is ignored        | same       | NotFound for pod1     | 1           | pod1, pod2 | pod2       | - |
      | a conflict on pod1 is returned, pod2 still adopted  | same       | Conflict              | 1           | pod1, pod2 | -          | StatusError: Operation cannot be fulfilled on pods "pod1": the object has been modified; please apply your changes to the latest version and try again |
      | a non-API error stops the claim at once             | same       | a non-API error       | 1           | pod1       | -          | TypeError: boom |
      | the controller is gone                              | gone       | -                     | 1           | -          | -          | StatusError: [can't adopt Pod default/pod1 (pod1-uid): can't recheck DeletionTimestamp: replicasets.apps "rs" not found, can't adopt Pod default/pod2 (pod2-uid): can't recheck DeletionTimestamp: replicasets.apps "rs" not found] |
      | the controller was replaced by another of its name  | recreated  | -                     | 1           | -          | -          | StatusError: [can't adopt Pod default/pod1 (pod1-uid): can't recheck DeletionTimestamp: original ReplicaSet default/rs is gone: got uid new-uid, wanted 123, can't adopt Pod default/pod2 (pod2-uid): can't recheck DeletionTimestamp: original ReplicaSet default/rs is gone: got uid new-uid, wanted 123] |
      | the controller has just been deleted                | deleting   | -                     | 1           | -          | -          | StatusError: [can't adopt Pod default/pod1 (pod1-uid): default/rs has just been deleted at 2024-01-02 03:04:05 +0000 UTC, can't adopt Pod default/pod2 (pod2-uid): default/rs has just been deleted at 2024-01-02 03:04:05 +0000 UTC] |

  @CT40
  Scenario: Releasing a Pod ignores NotFound and Invalid (ReleasePod)
    Then releasing pod1, which the ReplicaSet owns but no longer selects, ends as the table says:
      | case                                  | patch fails with  | patched | error |
      | released                              | -                 | pod1    | - |
      | the Pod is gone                       | NotFound for pod1 | pod1    | - |
      | the Pod has another uid (Invalid)     | Invalid           | pod1    | - |
      | a conflict is returned                | Conflict          | pod1    | StatusError: Operation cannot be fulfilled on pods "pod1": the object has been modified; please apply your changes to the latest version and try again |
      | a non-API error is thrown as it is    | a non-API error   | pod1    | TypeError: boom |

  @CT40
  Scenario: Expectations hold a controller back until it has seen what it did, or 5 minutes pass (TestControllerExpectations, TestUIDExpectations)
    Then a controller's expectations go as upstream's TestControllerExpectations and TestUIDExpectations say:
      | action                              | satisfied |
      | forget                              | true      |
      | set 2 default/a,default/b           | false     |
      | created                             | false     |
      | created                             | false     |
      | deleted default/a                   | false     |
      | deleted default/a                   | false     |
      | deleted default/c                   | false     |
      | deleted default/b                   | true      |
      | created                             | true      |
      | set 1 default/x                     | false     |
      | wait timeout                        | false     |
      | wait 1                              | true      |
      | expect-creations 2                  | false     |
      | created                             | false     |
      | created                             | true      |
      | expect-deletions default/d          | false     |
      | deleted default/d                   | true      |
      | set 0 default/e                     | false     |
      | deleted default/e                   | true      |
      | set 2                               | false     |
      | forget                              | true      |

  @CT40
  Scenario: Ready, available and active Pods (IsPodReady, TestIsPodAvailable, TestActivePodFiltering)
    Then IsPodReady, IsPodAvailable and IsPodActive answer as upstream's tests say, at "2024-01-01T00:01:00Z":
      | case                                        | status                                                                                                                   | deleting | minReadySeconds | ready | available | active |
      | no status at all                            | -                                                                                                                        | no       | 0               | false | false     | true   |
      | not ready                                   | {"phase":"Running","conditions":[{"type":"Ready","status":"False","lastTransitionTime":"2024-01-01T00:01:00Z"}]}          | no       | 0               | false | false     | true   |
      | ready just now, minReadySeconds 1           | {"phase":"Running","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-01-01T00:01:00Z"}]}           | no       | 1               | true  | false     | true   |
      | ready just now, minReadySeconds 0           | {"phase":"Running","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-01-01T00:01:00Z"}]}           | no       | 0               | true  | true      | true   |
      | ready 51 s, minReadySeconds 50              | {"phase":"Running","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-01-01T00:00:09Z"}]}           | no       | 50              | true  | true      | true   |
      | ready exactly 50 s: Before is strict        | {"phase":"Running","conditions":[{"type":"Ready","status":"True","lastTransitionTime":"2024-01-01T00:00:10Z"}]}           | no       | 50              | true  | false     | true   |
      | ready with no transition time               | {"phase":"Running","conditions":[{"type":"Ready","status":"True"}]}                                                      | no       | 10              | true  | false     | true   |
      | the Ready condition after another           | {"phase":"Running","conditions":[{"type":"PodScheduled","status":"False"},{"type":"Ready","status":"True"}]}              | no       | 0               | true  | true      | true   |
      | a null condition is skipped                 | {"phase":"Running","conditions":[null,{"type":"Ready","status":"True"}]}                                                 | no       | 0               | true  | true      | true   |
      | pending                                     | {"phase":"Pending"}                                                                                                      | no       | 0               | false | false     | true   |
      | unknown                                     | {"phase":"Unknown"}                                                                                                      | no       | 0               | false | false     | true   |
      | succeeded                                   | {"phase":"Succeeded"}                                                                                                    | no       | 0               | false | false     | false  |
      | failed                                      | {"phase":"Failed"}                                                                                                       | no       | 0               | false | false     | false  |
      | running but being deleted                   | {"phase":"Running","conditions":[{"type":"Ready","status":"True"}]}                                                      | yes      | 0               | true  | true      | false  |

  @CT40
  Scenario: The restarts that rank a Pod count regular containers and sidecars apart (maxContainerRestarts)
    Then a Pod's highest container restart counts are as controller_utils.go's maxContainerRestarts counts them:
      | case                                  | spec                                                                                            | status                                                                                                                                                         | regular | sidecar |
      | no spec, no status                    | -                                                                                               | -                                                                                                                                                              | 0       | 0       |
      | the highest regular container         | -                                                                                               | {"containerStatuses":[{"name":"a","restartCount":2},{"name":"b","restartCount":5},{"name":"c"}]}                                                               | 5       | 0       |
      | a sidecar counts, an init container not | {"initContainers":[{"name":"side","restartPolicy":"Always"},{"name":"init"}]}                 | {"initContainerStatuses":[{"name":"side","restartCount":3},{"name":"init","restartCount":7}],"containerStatuses":[{"name":"a","restartCount":1}]}             | 1       | 3       |
      | the highest of two sidecars           | {"initContainers":[{"name":"s1","restartPolicy":"Always"},{"name":"s2","restartPolicy":"Always"}]} | {"initContainerStatuses":[{"name":"s1","restartCount":4},{"name":"s2","restartCount":2}]}                                                                   | 0       | 4       |
      | a sidecar that has not restarted      | {"initContainers":[{"name":"side","restartPolicy":"Always"}]}                                   | {"initContainerStatuses":[{"name":"side"}]}                                                                                                                    | 0       | 0       |
      | init container statuses without a spec | -                                                                                              | {"initContainerStatuses":[{"name":"side","restartCount":3}]}                                                                                                   | 0       | 0       |

  @CT40
  Scenario: An int or a percentage scaled, rounded up or down (TestGetScaledValueFromIntOrPercent)
    Then GetScaledValueFromIntOrPercent answers as apimachinery's intstr tests say:
      | value                    | total | round | result |
      | 123                      | 0     | down  | 123 |
      | "90%"                    | 100   | up    | 90 |
      | "90%"                    | 95    | up    | 86 |
      | "90%"                    | 95    | down  | 85 |
      | "%"                      | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid value "%": strconv.Atoi: parsing "": invalid syntax |
      | "90#"                    | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid type: string is not a percentage |
      | "#%"                     | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid value "#%": strconv.Atoi: parsing "#": invalid syntax |
      | "90"                     | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid type: string is not a percentage |
      | null                     | 100   | down  | IntOrStringError: nil value for IntOrString |
      | absent                   | 100   | down  | IntOrStringError: nil value for IntOrString |
      | "+5%"                    | 100   | down  | 5 |
      | "-5%"                    | 100   | down  | -5 |
      | "5x%"                    | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid value "5x%": strconv.Atoi: parsing "5x": invalid syntax |
      | "x5%"                    | 100   | down  | IntOrStringError: invalid value for IntOrString: invalid value "x5%": strconv.Atoi: parsing "x5": invalid syntax |
      | "9223372036854775807%"   | 0     | down  | 0 |
      | "9223372036854775808%"   | 0     | down  | IntOrStringError: invalid value for IntOrString: invalid value "9223372036854775808%": strconv.Atoi: parsing "9223372036854775808": value out of range |
      | "-9223372036854775808%"  | 0     | up    | 0 |
      | "-9223372036854775809%"  | 0     | down  | IntOrStringError: invalid value for IntOrString: invalid value "-9223372036854775809%": strconv.Atoi: parsing "-9223372036854775809": value out of range |
      | true                     | 10    | down  | IntOrStringError: invalid value for IntOrString: invalid type: neither int nor percentage |

  @CT40
  Scenario: The orphans a selector can adopt, looked up by label, are the ones a scan finds
    Given these Pods are in a Pod informer:
      | name | namespace | labels                      | controller       |
      | a    | ns1       | {"app":"web","tier":"fe"}   | -                |
      | b    | ns1       | {"app":"web"}               | -                |
      | c    | ns1       | {"app":"web","tier":"fe"}   | rs-uid           |
      | d    | ns1       | {"app":"web","tier":"fe"}   | not-a-controller |
      | e    | ns2       | {"app":"web","tier":"fe"}   | -                |
      | f    | ns1       | -                           | -                |
      | g    | ns1       | {"app":"api","tier":"fe"}   | -                |
      | h    | ns1       | {"app":"db","tier":"fe"}    | -                |
    Then the orphans each selector can adopt are the Pods a scan finds:
      | namespace | selector                                                                | orphans                                    |
      | ns1       | {"matchLabels":{"app":"web"}}                                           | ns1/a, ns1/b, ns1/d                        |
      | ns1       | {"matchLabels":{"app":"web","tier":"fe"}}                               | ns1/a, ns1/d                               |
      | ns1       | {"matchLabels":{"tier":"fe","app":"web"}}                               | ns1/a, ns1/d                               |
      | ns1       | {"matchExpressions":[{"key":"app","operator":"In","values":["web"]}]}   | ns1/a, ns1/b, ns1/d                        |
      | ns1       | {}                                                                      | ns1/a, ns1/b, ns1/d, ns1/f, ns1/g, ns1/h   |
      | ns1       | {"matchExpressions":[{"key":"app","operator":"Bogus"}]}                 | -                                          |
      | ns2       | {"matchLabels":{"app":"web"}}                                           | ns2/e                                      |
      | ns3       | {"matchLabels":{"app":"web"}}                                           | -                                          |

  @CT40
  Scenario: The workloads whose selector picks a Pod, looked up by label, are the ones a scan finds
    Given these workloads are in an informer:
      | name     | namespace | selector                                                     |
      | web      | ns1       | {"matchLabels":{"app":"web"}}                                |
      | fe       | ns1       | {"matchLabels":{"app":"web","tier":"fe"}}                    |
      | expr     | ns1       | {"matchExpressions":[{"key":"tier","operator":"Exists"}]}    |
      | all      | ns1       | {}                                                           |
      | none     | ns1       | -                                                            |
      | bad      | ns1       | {"matchExpressions":[{"key":"tier","operator":"Bogus"}]}     |
      | other-ns | ns2       | {"matchLabels":{"app":"web"}}                                |
    Then the workloads whose selector selects each Pod are the ones a scan finds, by name:
      | namespace | labels                    | workloads      |
      | ns1       | {"app":"web","tier":"fe"} | expr, fe, web  |
      | ns1       | {"app":"web"}             | web            |
      | ns1       | {"tier":"be"}             | expr           |
      | ns1       | -                         | -              |
      | ns2       | {"app":"web"}             | other-ns       |
      | ns3       | {"app":"web"}             | -              |

  @CT40
  Scenario: A controller whose client cannot be had ends kube-controller-manager: ClientOrDie's klog.Fatal, exit 255
    ClientOrDie (k8s.io/controller-manager v0.32, client_builder_dynamic.go:154) calls klog.Fatal(err)
    when the controller's ServiceAccount in kube-system can be neither read nor made: the error's text
    on an F line, then exit code 255 (upstream also dumps every goroutine's stack; the model does not).
    Given the API server answers kube-controller-manager's next "get" of "serviceaccounts" with a 500 "Internal error occurred: etcdserver: request timed out"
    When kube-controller-manager starts
    Then kube-controller-manager exited with 255, its log ending:
      """
      I0101 10:00:00.000000       1 controllermanager.go:741] "Skipping a cloud provider controller" controller="node-route-controller"
      F0101 10:00:00.000000       1 client_builder_dynamic.go:154] Internal error occurred: etcdserver: request timed out
      """

  @CT40
  Scenario: The client builder makes a controller's ServiceAccount, and kube-system first when it is missing, then asks for its token
    getOrCreateServiceAccount: a get, and when the account is not found a create of the namespace
    (only if that is missing too) and of the account; the first request through the client then
    makes a TokenRequest for it, and goes out with that token.
    Given kube-controller-manager on a fake API server without the namespace "kube-system"
    When its client builder builds the client of "deployment-controller" and lists Pods with it
    Then the list succeeded
    And kube-controller-manager's writes were:
      | verb   | resource              | name                  | code |
      | create | namespaces            | kube-system           | 201  |
      | create | serviceaccounts       | deployment-controller | 201  |
      | create | serviceaccounts/token | deployment-controller | 201  |

  @CT40
  Scenario: An account made by someone else between the builder's get and its create is read again
    The create's AlreadyExists means another writer made the account after the get said NotFound:
    getOrCreateServiceAccount gets it again rather than failing.
    Given the ServiceAccount "deployment-controller" exists in "kube-system"
    And the API server answers kube-controller-manager's next "get" of "serviceaccounts" with a 404 "serviceaccounts "{name}" not found"
    When its client builder builds the client of "deployment-controller" and lists Pods with it
    Then the list succeeded
    And kube-controller-manager's writes were:
      | verb   | resource              | name                  | code |
      | create | serviceaccounts       | deployment-controller | 409  |
      | create | serviceaccounts/token | deployment-controller | 201  |

  @CT40
  Scenario: A failed TokenRequest is tried again, each failure a warning, up to four tries
    tokenSourceImpl.Token runs the TokenRequest under wait.ExponentialBackoff with 4 steps and logs
    each failure with klog.Warningf (upstream sleeps 0.5, 1 and 2 s between the tries; a synchronous
    request in the model cannot wait, so the tries follow each other at once).
    Given the API server answers kube-controller-manager's next 2 "create" of "serviceaccounts/token" with a 500 "Internal error occurred: etcdserver: request timed out"
    When its client builder builds the client of "deployment-controller" and lists Pods with it
    Then the list succeeded
    And kube-controller-manager's writes were:
      | verb   | resource              | name                  | code |
      | create | serviceaccounts       | deployment-controller | 201  |
      | create | serviceaccounts/token | deployment-controller | 500  |
      | create | serviceaccounts/token | deployment-controller | 500  |
      | create | serviceaccounts/token | deployment-controller | 201  |
    And kube-controller-manager's log is:
      """
      W0101 10:00:00.000000       1 client_builder_dynamic.go:207] get token failed: Internal error occurred: etcdserver: request timed out
      W0101 10:00:00.000000       1 client_builder_dynamic.go:207] get token failed: Internal error occurred: etcdserver: request timed out
      """

  @CT40
  Scenario: A Pod list that fails once holds back exactly the controllers that watch Pods until the reflector's retry
    Each controller waits for its own informers (cache.WaitForNamedCacheSync under its name) before
    its workers start: with the first list of Pods refused, the controllers that watch Pods (the
    garbage collector watches every resource; the persistent volume controller waits for Pods and
    Nodes too) report their caches synced only after the reflector lists again (0.8 s later:
    client-go's first back-off step), the others at once.
    Given the API server answers kube-controller-manager's next "list" of "pods" with a 500 "Internal error occurred: etcdserver: request timed out"
    When kube-controller-manager starts
    Then kube-controller-manager's log lines containing "Caches are synced" are:
      """
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for node
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for cidrallocator
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for cronjob
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for namespace
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for ClusterRoleAggregator
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for service account
      I0101 10:00:00.000000       1 shared_informer.go:320] Caches are synced for crt configmap
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for garbage collector
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for deployment
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for ReplicaSet
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for endpoint_slice
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for GC
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for daemon sets
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for stateful set
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for persistent volume
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for taint
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for taint-eviction-controller
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for job
      I0101 10:00:00.800000       1 shared_informer.go:320] Caches are synced for disruption
      """
