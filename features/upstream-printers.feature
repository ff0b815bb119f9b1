Feature: The API server prints table rows as upstream's printer tests have them
  `kubectl get` asks the API server for a Table; the API server's printers make each row. A Pod's
  READY counts ready containers and started sidecars, its STATUS is the phase unless a container's
  waiting or terminated reason, an init container's progress (Init:1/2), scheduling gates or a
  deletion say more, and RESTARTS adds when the last restart was ("4 (20s ago)"); a finished Pod's
  row is marked Completed. The cases are Kubernetes v1.32's pkg/printers/internalversion/
  printers_test.go, run on the model's printers (steps/fixtures/upstream/printers.json); cases named
  after a printer function (printPod, printEvent, ...) are drawn from printers.go itself, for branches
  its tests leave out. Ages follow apimachinery's duration tests, and the Table around the rows
  follows the API server's handlers (response.go's asTable).

  @AP05
  Scenario: A Pod's READY, STATUS and RESTARTS (TestPrintPod)
    Then the API server's table printer prints every row of upstream's TestPrintPod

  @AP05
  Scenario: Sidecars count as containers once started, and an init container's progress shows in STATUS (TestPrintPodWithRestartableInitContainer)
    Then the API server's table printer prints every row of upstream's TestPrintPodWithRestartableInitContainer

  @AP05
  Scenario: -o wide adds the first Pod IP, the node, the nominated node and the readiness gates met (TestPrintPodwide)
    Then the API server's table printer prints every row of upstream's TestPrintPodwide

  @AP05
  Scenario: Only a finished Pod's row is marked Completed, whatever its phase says (TestPrintPodConditions, TestPrintNonTerminatedPod)
    Then the API server's table printer prints every row of upstream's TestPrintPodConditions
    And the API server's table printer prints every row of upstream's TestPrintNonTerminatedPod

  @AP06
  Scenario: AGE is how long ago, "0s" up to two seconds ahead, "<invalid>" beyond (TestTranslateTimestampSince)
    Then translateTimestampSince prints each timestamp as upstream does:
      | case             | seconds before now | age       |
      | a while from now | -2.1               | <invalid> |
      | almost now       | -1.9               | 0s        |
      | now              | 0                  | 0s        |
      | unknown          |                    | <unknown> |
      | 30 seconds ago   | 30                 | 30s       |
      | 5 minutes ago    | 300                | 5m        |
      | an hour ago      | 6000               | 100m      |
      | 2 days ago       | 172800             | 2d        |
      | months ago       | 7776000            | 90d       |
      | 10 years ago     | 315360000          | 10y       |

  @AP24
  Scenario: Ages are apimachinery's HumanDuration: seconds below 2m, minutes and seconds below 10m, minutes below 3h, hours and minutes below 8h, hours below 2d, days and hours below 8d, days below 2y, years and days below 8y (TestHumanDuration, TestHumanDurationBoundaries)
    # apimachinery v0.32 pkg/util/duration/duration_test.go; each duration as Go's String() prints it.
    Then apimachinery's HumanDuration prints each duration as upstream does:
      | duration          | human     |
      | 1s                | 1s        |
      | 1m10s             | 70s       |
      | 3m10s             | 3m10s     |
      | 1h10m0s           | 70m       |
      | 47h0m0s           | 47h       |
      | 49h0m0s           | 2d1h      |
      | 194h0m0s          | 8d        |
      | 8808h0m0s         | 367d      |
      | 17545h0m0s        | 2y1d      |
      | 70082h0m0s        | 8y        |
      | -2s               | <invalid> |
      | -1.999999999s     | 0s        |
      | 0s                | 0s        |
      | 999ms             | 0s        |
      | 1m59.999s         | 119s      |
      | 2m0s              | 2m        |
      | 2m1s              | 2m1s      |
      | 9m59.999s         | 9m59s     |
      | 10m0s             | 10m       |
      | 10m1s             | 10m       |
      | 2h59m59.999s      | 179m      |
      | 3h0m0s            | 3h        |
      | 3h1m0s            | 3h1m      |
      | 7h59m59.999s      | 7h59m     |
      | 8h0m0s            | 8h        |
      | 8h59m0s           | 8h        |
      | 47h59m59.999s     | 47h       |
      | 48h0m0s           | 2d        |
      | 49h0m0s           | 2d1h      |
      | 191h59m59.999s    | 7d23h     |
      | 192h0m0s          | 8d        |
      | 215h0m0s          | 8d        |
      | 17519h59m59.999s  | 729d      |
      | 17520h0m0s        | 2y        |
      | 17543h0m0s        | 2y        |
      | 17543h59m0s       | 2y        |
      | 17543h59m59.999s  | 2y        |
      | 17544h0m0s        | 2y1d      |
      | 26280h0m0s        | 3y        |
      | 35040h0m0s        | 4y        |
      | 43800h0m0s        | 5y        |
      | 52560h0m0s        | 6y        |
      | 61320h0m0s        | 7y        |
      | 70079h59m59.999s  | 7y364d    |
      | 70080h0m0s        | 8y        |
      | 78816h0m0s        | 8y        |
      | 78840h0m0s        | 9y        |

  @AP07
  Scenario: A Deployment's READY, UP-TO-DATE and AVAILABLE, and -o wide's containers, images and selector (TestPrintDeployment)
    Then the API server's table printer prints every row of upstream's TestPrintDeployment
    And the API server's table printer prints every row of upstream's TestPrintDeploymentWide

  @AP07
  Scenario: A DaemonSet's counts and node selector, and -o wide's containers, images and selector (TestPrintDaemonSet, TestPrintDaemonSetList)
    Then the API server's table printer prints every row of upstream's TestPrintDaemonSet
    And the API server's table printer prints every row of upstream's TestPrintDaemonSetWide

  @AP07
  Scenario: A Job's STATUS from its conditions or deletion, COMPLETIONS, DURATION and AGE (TestPrintJob, TestPrintJobList)
    Then the API server's table printer prints every row of upstream's TestPrintJob
    And the API server's table printer prints every row of upstream's TestPrintJobWide

  @AP08
  Scenario: A Node's STATUS from its Ready condition and cordon, ROLES from its labels, and -o wide's addresses and node info (TestPrintNode*)
    Then the API server's table printer prints every row of upstream's TestPrintNodeStatus
    And the API server's table printer prints every row of upstream's TestPrintNodeRole
    And the API server's table printer prints every row of upstream's TestPrintNodeWide

  @AP08
  Scenario: Namespaces, Secrets and ServiceAccounts (TestPrintNamespace, TestPrintSecret, TestPrintServiceAccount)
    Then the API server's table printer prints every row of upstream's TestPrintNamespace
    And the API server's table printer prints every row of upstream's TestPrintSecret
    And the API server's table printer prints every row of upstream's TestPrintServiceAccount

  # Upstream's "long external IP's list gets elided" case is kubectl's own printing without -o wide;
  # the API server always prints wide, so a Table carries the whole list (the wide case below).
  @AP08
  Scenario: A LoadBalancer Service's EXTERNAL-IP is its ingress IPs, or <pending>, and its PORT(S) each port/protocol (TestPrintServiceLoadBalancer)
    Then the API server's table printer prints every row of upstream's TestPrintServiceLoadBalancer
    And the API server's table printer prints every row of upstream's TestPrintServiceLoadBalancerWide

  @AP08
  Scenario: A Service's TYPE, CLUSTER-IP, EXTERNAL-IP (ingress then external IPs, or an ExternalName) and PORT(S) (TestPrintService)
    Then the API server's table printer prints every row of upstream's TestPrintService
    And the API server's table printer prints every row of upstream's TestPrintServiceWide

  @AP09
  Scenario: A ControllerRevision's controller, a ConfigMap's data count, a binding's role and -o wide's subjects (TestPrintControllerRevision, TestPrintConfigMap, TestPrint(Cluster)RoleBinding)
    Then the API server's table printer prints every row of upstream's TestPrintControllerRevision
    And the API server's table printer prints every row of upstream's TestPrintConfigMap
    And the API server's table printer prints every row of upstream's TestPrintRoleBinding
    And the API server's table printer prints every row of upstream's TestPrintRoleBindingWide
    And the API server's table printer prints every row of upstream's TestPrintClusterRoleBinding
    And the API server's table printer prints every row of upstream's TestPrintClusterRoleBindingWide

  @AP10
  Scenario: ReplicaSet and StatefulSet rows (TestPrintReplicaSet(List), TestPrintStatefulSet)
    Then the API server's table printer prints every row of upstream's TestPrintReplicaSet
    And the API server's table printer prints every row of upstream's TestPrintReplicaSetWide
    And the API server's table printer prints every row of upstream's TestPrintStatefulSet
    And the API server's table printer prints every row of upstream's TestPrintStatefulSetWide

  @AP10
  Scenario: PersistentVolume and PersistentVolumeClaim rows (TestPrintPersistentVolume, TestPrintPersistentVolumeClaim)
    Then the API server's table printer prints every row of upstream's TestPrintPersistentVolume
    And the API server's table printer prints every row of upstream's TestPrintPersistentVolumeClaim

  @AP10
  Scenario: A Lease's holder, and an EndpointSlice's ports and addresses, three at most and "+ N more..." (TestPrintLease, TestPrintEndpointSlice)
    Then the API server's table printer prints every row of upstream's TestPrintLease
    And the API server's table printer prints every row of upstream's TestPrintEndpointSlice

  @AP23
  Scenario: An Event's LAST SEEN, TYPE, REASON, OBJECT and MESSAGE, and -o wide's subobject, source, first seen, count and name (TestPrintEvent)
    Then the API server's table printer prints every row of upstream's TestPrintEvent

  @AP23
  Scenario: A CronJob's SCHEDULE, TIMEZONE, SUSPEND, ACTIVE, LAST SCHEDULE and AGE, and -o wide's job template (TestPrintCronJob, TestPrintCronJobList)
    Then the API server's table printer prints every row of upstream's TestPrintCronJob
    And the API server's table printer prints every row of upstream's TestPrintCronJobList

  @AP23
  Scenario: A PodDisruptionBudget's MIN AVAILABLE and MAX UNAVAILABLE, N/A when unset, and ALLOWED DISRUPTIONS (TestPrintPodDisruptionBudget(List))
    Then the API server's table printer prints every row of upstream's TestPrintPodDisruptionBudget
    And the API server's table printer prints every row of upstream's TestPrintPodDisruptionBudgetList

  @AP23
  Scenario: A StorageClass's provisioner, reclaim policy (Delete by default), binding mode (Immediate by default) and volume expansion (TestPrintStorageClass)
    Then the API server's table printer prints every row of upstream's TestPrintStorageClass

  # The scenarios below draw their cases from upstream's printers.go itself (printEvent, printPod, ...):
  # branches that printers_test.go leaves out, each expected row what that code prints.
  @AP23
  Scenario: Events, CronJobs, PodDisruptionBudgets and StorageClasses beyond upstream's tests: missing fields, the reporting controller as source, the default class
    Then the API server's table printer prints every row of the cases drawn from upstream's printEvent
    And the API server's table printer prints every row of the cases drawn from upstream's printCronJob
    And the API server's table printer prints every row of the cases drawn from upstream's printPodDisruptionBudget
    And the API server's table printer prints every row of the cases drawn from upstream's printStorageClass

  @AP05
  Scenario: A Pod's STATUS for failed and waiting init containers, terminations without a reason, NodeLost and a failed Pod's deletion (printPod)
    Then the API server's table printer prints every row of the cases drawn from upstream's printPod

  @AP10
  Scenario: Volumes and claims being deleted, the beta class annotation, access modes in order, no capacity (printPersistentVolume, printPersistentVolumeClaim)
    Then the API server's table printer prints every row of the cases drawn from upstream's printPersistentVolume
    And the API server's table printer prints every row of the cases drawn from upstream's printPersistentVolumeClaim

  @AP10
  Scenario: EndpointSlices without ports or addresses print <unset>, a port without a number its name or * (printEndpointSlice)
    Then the API server's table printer prints every row of the cases drawn from upstream's printEndpointSlice

  @AP09
  Scenario: A binding's subjects joined by ", ", other kinds left out; a Role's CREATED AT in RFC 3339 (printRoleBinding, the default table convertor)
    Then the API server's table printer prints every row of the cases drawn from upstream's printRoleBinding
    And the API server's table printer prints every row of the cases drawn from upstream's DefaultTableConvertor
    And the API server's table printer prints every row of the cases drawn from upstream's printControllerRevision

  @AP08
  Scenario: Selectors and node selectors sorted by key, Services' external IPs by type, node roles only from non-empty names (printService, printNode, ...)
    Then the API server's table printer prints every row of the cases drawn from upstream's printService
    And the API server's table printer prints every row of the cases drawn from upstream's printNode
    And the API server's table printer prints every row of the cases drawn from upstream's printSecret
    And the API server's table printer prints every row of the cases drawn from upstream's printServiceAccount
    And the API server's table printer prints every row of the cases drawn from upstream's printLease

  @AP07
  Scenario: Deployments, DaemonSets and Jobs beyond upstream's tests: no selector, sorted selectors, SuccessCriteriaMet, parallelism without completions (printDeployment, printDaemonSet, printJob)
    Then the API server's table printer prints every row of the cases drawn from upstream's printDeployment
    And the API server's table printer prints every row of the cases drawn from upstream's printDaemonSet
    And the API server's table printer prints every row of the cases drawn from upstream's printJob

  @AP10
  Scenario: Every kind prints a full row for an empty object, without failing (TestTableRowDeepCopyShouldNotPanic)
    Then the API server prints a row for an empty object of each kind, one cell per column of its Table:
      | resource               | cells |
      | pods                   | 9     |
      | poddisruptionbudgets   | 5     |
      | replicasets            | 8     |
      | jobs                   | 8     |
      | cronjobs               | 10    |
      | services               | 7     |
      | statefulsets           | 5     |
      | daemonsets             | 11    |
      | endpointslices         | 5     |
      | deployments            | 8     |
      | nodes                  | 10    |
      | events                 | 10    |
      | namespaces             | 3     |
      | leases                 | 3     |
      | configmaps             | 3     |
      | secrets                | 4     |
      | serviceaccounts        | 3     |
      | controllerrevisions    | 4     |
      | persistentvolumeclaims | 9     |
      | persistentvolumes      | 11    |
      | storageclasses         | 6     |
      | roles                  | 2     |
      | clusterroles           | 2     |
      | rolebindings           | 6     |
      | clusterrolebindings    | 6     |

  # k8s.io/apiserver v0.32 pkg/endpoints/handlers/response.go (transformObject, asTable) and watch.go,
  # over the printers' TableGenerator or pkg/registry/rest/table.go's default convertor.
  @AP25
  Scenario: A list's Table keeps the list's resourceVersion and continue token and each row's conditions; an empty includeObject means metadata
    When the API server makes a Table of pods with includeObject "" from the answer:
      """
      {"kind": "PodList", "apiVersion": "v1", "metadata": {"resourceVersion": "42", "continue": "c2"},
       "items": [{"metadata": {"name": "done", "namespace": "default", "uid": "u1", "resourceVersion": "40"},
                  "spec": {"containers": [{"name": "c"}]}, "status": {"phase": "Succeeded"}}]}
      """
    Then the Table, but its column definitions, is:
      """
      {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "42", "continue": "c2"},
       "rows": [{"cells": ["done", "0/1", "Succeeded", "0", "<unknown>", "<none>", "<none>", "<none>", "<none>"],
                 "conditions": [{"type": "Completed", "status": "True", "reason": "Succeeded", "message": "The pod has completed successfully."}],
                 "object": {"kind": "PartialObjectMetadata", "apiVersion": "meta.k8s.io/v1",
                            "metadata": {"name": "done", "namespace": "default", "uid": "u1", "resourceVersion": "40"}}}]}
      """

  @AP25
  Scenario: A single object's Table has its resourceVersion and no continue token
    When the API server makes a Table of pods with includeObject "None" from the answer:
      """
      {"metadata": {"name": "web", "namespace": "default", "resourceVersion": "40"}, "spec": {"containers": [{"name": "c"}]}, "status": {"phase": "Running"}}
      """
    Then the Table, but its column definitions, is:
      """
      {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "40"},
       "rows": [{"cells": ["web", "0/1", "Running", "0", "<unknown>", "<none>", "<none>", "<none>", "<none>"], "object": null}]}
      """

  @AP25
  Scenario: An empty list of a kind without a printer has null rows (the default convertor), of a kind with one no rows; a list with items has its rows either way
    When the API server makes a Table of roles with includeObject "" from the answer:
      """
      {"kind": "RoleList", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"resourceVersion": "7"}, "items": []}
      """
    Then the Table, but its column definitions, is:
      """
      {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "7"}, "rows": null}
      """
    When the API server makes a Table of pods with includeObject "" from the answer:
      """
      {"kind": "PodList", "apiVersion": "v1", "metadata": {"resourceVersion": "7"}, "items": []}
      """
    Then the Table, but its column definitions, is:
      """
      {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "7"}, "rows": []}
      """
    When the API server makes a Table of roles with includeObject "None" from the answer:
      """
      {"kind": "RoleList", "apiVersion": "rbac.authorization.k8s.io/v1", "metadata": {"resourceVersion": "8"},
       "items": [{"metadata": {"name": "reader", "namespace": "default", "creationTimestamp": "2025-12-31T23:00:00Z"}}]}
      """
    Then the Table, but its column definitions, is:
      """
      {"kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "8"},
       "rows": [{"cells": ["reader", "2025-12-31T23:00:00Z"], "object": null}]}
      """

  @AP25
  Scenario: A Status (a finished delete) is answered as it is, not as a Table
    When the API server makes a Table of pods with includeObject "" from the answer:
      """
      {"kind": "Status", "apiVersion": "v1", "metadata": {}, "status": "Success", "details": {"name": "web", "kind": "pods", "uid": "u1"}}
      """
    Then the answer is the Status itself, not a Table

  @AP25
  Scenario Outline: A watch that asks for Tables carries each event's object as includeObject says (<include>)
    When the API server makes Tables of pods watch events with includeObject "<include>":
      """
      [{"type": "ADDED", "object": {"metadata": {"name": "web", "namespace": "default", "resourceVersion": "5"}}},
       {"type": "MODIFIED", "object": {"metadata": {"name": "web", "namespace": "default", "resourceVersion": "6"}}}]
      """
    Then each event's Table row carries <object>

    Examples:
      | include  | object                |
      | None     | nothing               |
      | Object   | Pod                   |
      | Metadata | PartialObjectMetadata |
      |          | PartialObjectMetadata |
