Feature: The API server fills in what a user leaves out, as upstream's defaults tests say
  Each row writes a minimal object, lets the API server default it and reads one field back. The
  cases are Kubernetes v1.32's pkg/apis/core/v1/defaults_test.go (TestSetDefaultPodSpec,
  TestSetDefaultContainer, TestSetDefaultProbe, TestSetDefaultService, TestSetDefaultServicePort,
  TestSetDefaultServiceSessionAffinity, TestSetDefaultServiceInternalTrafficPolicy,
  TestSetDefaultServiceLoadbalancerIPMode, TestSetDefaultPersistentVolumeClaim,
  TestSetDefaultPersistentVolume, the volume sources' and TestSetDefaultObjectFieldSelectorAPIVersion),
  pkg/apis/apps/v1/defaults_test.go (TestSetDefaultDaemonSetSpec, TestSetDefaultDeployment,
  TestSetDefaultReplicaSetReplicas, TestSetDefaultStatefulSet), pkg/apis/storage/v1's
  TestSetDefaultStorageClass and pkg/apis/rbac/v1's defaults (a binding's roleRef and User/Group
  subjects in rbac.authorization.k8s.io), run on the API server's defaulting.

  @AP20
  Scenario: A Pod's spec and containers (TestSetDefaultPodSpec, TestSetDefaultContainer, TestSetDefaultProbe)
    Then each Pod is defaulted as upstream's defaults tests say:
      | case                                | change                                                              | field                                                     | value                    |
      | restart policy                      |                                                                     | spec.restartPolicy                                        | "Always"                 |
      | DNS policy                          |                                                                     | spec.dnsPolicy                                            | "ClusterFirst"           |
      | grace period                        |                                                                     | spec.terminationGracePeriodSeconds                        | 30                       |
      | scheduler                           |                                                                     | spec.schedulerName                                        | "default-scheduler"      |
      | security context                    |                                                                     | spec.securityContext                                      | {}                       |
      | a restart policy kept               | spec.restartPolicy = "Never"                                        | spec.restartPolicy                                        | "Never"                  |
      | a tagged image                      |                                                                     | spec.containers[0].imagePullPolicy                        | "IfNotPresent"           |
      | an untagged image                   | spec.containers[0].image = "image"                                  | spec.containers[0].imagePullPolicy                        | "Always"                 |
      | the latest tag                      | spec.containers[0].image = "image:latest"                           | spec.containers[0].imagePullPolicy                        | "Always"                 |
      | a digest                            | spec.containers[0].image = "image@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" | spec.containers[0].imagePullPolicy | "IfNotPresent" |
      | the latest tag and a digest         | spec.containers[0].image = "image:latest@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" | spec.containers[0].imagePullPolicy | "Always" |
      | a tag and a digest                  | spec.containers[0].image = "image:v1@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef" | spec.containers[0].imagePullPolicy | "IfNotPresent" |
      | a registry port and no tag          | spec.containers[0].image = "localhost:5000/image"                   | spec.containers[0].imagePullPolicy                        | "Always"                 |
      | a registry port and a tag           | spec.containers[0].image = "localhost:5000/image:v1"                | spec.containers[0].imagePullPolicy                        | "IfNotPresent"           |
      | a pull policy kept                  | spec.containers[0].imagePullPolicy = "Never"                        | spec.containers[0].imagePullPolicy                        | "Never"                  |
      | termination message path            |                                                                     | spec.containers[0].terminationMessagePath                 | "/dev/termination-log"   |
      | termination message policy          |                                                                     | spec.containers[0].terminationMessagePolicy               | "File"                   |
      | a port's protocol                   | spec.containers[0].ports = [{"containerPort":80}]                   | spec.containers[0].ports[0].protocol                      | "TCP"                    |
      | a port's protocol kept              | spec.containers[0].ports = [{"containerPort":80,"protocol":"UDP"}]  | spec.containers[0].ports[0].protocol                      | "UDP"                    |
      | an init container's pull policy     | spec.initContainers = [{"name":"i","image":"busybox"}]              | spec.initContainers[0].imagePullPolicy                    | "Always"                 |
      | a probe's timeout                   | spec.containers[0].livenessProbe = {"exec":{"command":["x"]}}       | spec.containers[0].livenessProbe.timeoutSeconds           | 1                        |
      | a probe's period                    | spec.containers[0].readinessProbe = {"exec":{"command":["x"]}}      | spec.containers[0].readinessProbe.periodSeconds           | 10                       |
      | a probe's success threshold         | spec.containers[0].startupProbe = {"exec":{"command":["x"]}}        | spec.containers[0].startupProbe.successThreshold          | 1                        |
      | a probe's failure threshold         | spec.containers[0].livenessProbe = {"exec":{"command":["x"]}}       | spec.containers[0].livenessProbe.failureThreshold         | 3                        |
      | a probe's values kept               | spec.containers[0].livenessProbe = {"exec":{"command":["x"]},"timeoutSeconds":5,"periodSeconds":7,"failureThreshold":9} | spec.containers[0].livenessProbe | {"exec":{"command":["x"]},"timeoutSeconds":5,"periodSeconds":7,"failureThreshold":9,"successThreshold":1} |
      | an HTTP probe's path and scheme     | spec.containers[0].livenessProbe = {"httpGet":{"port":80}}          | spec.containers[0].livenessProbe.httpGet                  | {"port":80,"path":"/","scheme":"HTTP"} |

  @AP20
  Scenario: Deployments, ReplicaSets and DaemonSets (TestSetDefaultDeployment, TestSetDefaultReplicaSetReplicas, TestSetDefaultDaemonSetSpec)
    Then each Deployment is defaulted as upstream's defaults tests say:
      | case                            | change                                                        | field                          | value                                                            |
      | replicas                        |                                                               | spec.replicas                  | 1                                                                |
      | replicas kept                   | spec.replicas = 0                                             | spec.replicas                  | 0                                                                |
      | a rolling update of 25 %        |                                                               | spec.strategy                  | {"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":"25%","maxSurge":"25%"}} |
      | a type left empty               | spec.strategy = {"rollingUpdate":{"maxSurge":3}}              | spec.strategy                  | {"rollingUpdate":{"maxUnavailable":"25%","maxSurge":3},"type":"RollingUpdate"} |
      | Recreate takes no rolling update | spec.strategy = {"type":"Recreate"}                          | spec.strategy                  | {"type":"Recreate"}                                              |
      | revision history                |                                                               | spec.revisionHistoryLimit      | 10                                                               |
      | progress deadline               |                                                               | spec.progressDeadlineSeconds   | 600                                                              |
      | the template's pod spec         |                                                               | spec.template.spec.dnsPolicy   | "ClusterFirst"                                                   |
    And each ReplicaSet is defaulted as upstream's defaults tests say:
      | case                            | change                                                        | field                          | value                                                            |
      | replicas                        |                                                               | spec.replicas                  | 1                                                                |
      | replicas kept                   | spec.replicas = 3                                             | spec.replicas                  | 3                                                                |
      | the template's pod spec         |                                                               | spec.template.spec.restartPolicy | "Always"                                                       |
    And each DaemonSet is defaulted as upstream's defaults tests say:
      | case                            | change                                                        | field                          | value                                                            |
      | a rolling update of one         |                                                               | spec.updateStrategy            | {"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":1,"maxSurge":0}} |
      | a type left empty               | spec.updateStrategy = {}                                      | spec.updateStrategy            | {"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":1,"maxSurge":0}} |
      | a surge kept                    | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{"maxSurge":"10%"}} | spec.updateStrategy | {"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":1,"maxSurge":"10%"}} |
      | OnDelete takes no rolling update | spec.updateStrategy = {"type":"OnDelete"}                    | spec.updateStrategy            | {"type":"OnDelete"}                                              |
      | revision history                |                                                               | spec.revisionHistoryLimit      | 10                                                               |
      | revision history kept           | spec.revisionHistoryLimit = 1                                 | spec.revisionHistoryLimit      | 1                                                                |
      | the template's pod spec         |                                                               | spec.template.spec.terminationGracePeriodSeconds | 30                             |

  @AP20
  Scenario: Services (TestSetDefaultService, TestSetDefaultServicePort, TestSetDefaultServiceSessionAffinity, TestSetDefaultServiceInternalTrafficPolicy)
    Then each Service is defaulted as upstream's defaults tests say:
      | case                                  | change                                                               | field                               | value                                 |
      | type                                  |                                                                      | spec.type                           | "ClusterIP"                           |
      | session affinity                      |                                                                      | spec.sessionAffinity                | "None"                                |
      | ClientIP affinity's timeout           | spec.sessionAffinity = "ClientIP"                                    | spec.sessionAffinityConfig          | {"clientIP":{"timeoutSeconds":10800}} |
      | ClientIP affinity's timeout kept      | spec.sessionAffinity = "ClientIP" ; spec.sessionAffinityConfig = {"clientIP":{"timeoutSeconds":60}} | spec.sessionAffinityConfig | {"clientIP":{"timeoutSeconds":60}} |
      | no affinity config without affinity   | spec.sessionAffinityConfig = {"clientIP":{"timeoutSeconds":60}}      | spec.sessionAffinityConfig          | <unset>                               |
      | a port's protocol                     |                                                                      | spec.ports[0].protocol              | "TCP"                                 |
      | a port's target port                  |                                                                      | spec.ports[0].targetPort            | 80                                    |
      | a target port 0                       | spec.ports = [{"port":80,"targetPort":0}]                            | spec.ports[0].targetPort            | 80                                    |
      | a target port name kept               | spec.ports = [{"port":80,"targetPort":"http"}]                       | spec.ports[0].targetPort            | "http"                                |
      | internal traffic policy               |                                                                      | spec.internalTrafficPolicy          | "Cluster"                             |
      | no internal policy for ExternalName   | spec.type = "ExternalName" ; spec.externalName = "example.com"       | spec.internalTrafficPolicy          | <unset>                               |
      | external policy of a NodePort Service | spec.type = "NodePort"                                               | spec.externalTrafficPolicy          | "Cluster"                             |
      | no external policy for ClusterIP      |                                                                      | spec.externalTrafficPolicy          | <unset>                               |
      | a LoadBalancer's node ports           | spec.type = "LoadBalancer"                                           | spec.allocateLoadBalancerNodePorts  | true                                  |
      | no node port allocation for NodePort  | spec.type = "NodePort"                                               | spec.allocateLoadBalancerNodePorts  | <unset>                               |

  @AP20
  Scenario: StatefulSets (TestSetDefaultStatefulSet, pkg/apis/apps/v1 defaults_test.go)
    Then each StatefulSet is defaulted as upstream's defaults tests say:
      | case                                   | change                                                                                   | field                                        | value                                                    |
      | pod management policy                  |                                                                                          | spec.podManagementPolicy                     | "OrderedReady"                                           |
      | a pod management policy kept           | spec.podManagementPolicy = "Parallel"                                                    | spec.podManagementPolicy                     | "Parallel"                                               |
      | a rolling update with partition 0      |                                                                                          | spec.updateStrategy                          | {"type":"RollingUpdate","rollingUpdate":{"partition":0}} |
      | a type left empty                      | spec.updateStrategy = {"rollingUpdate":{"partition":2}}                                  | spec.updateStrategy                          | {"rollingUpdate":{"partition":2},"type":"RollingUpdate"} |
      | RollingUpdate named, no rolling update | spec.updateStrategy = {"type":"RollingUpdate"}                                           | spec.updateStrategy                          | {"type":"RollingUpdate"}                                 |
      | a partition filled in                  | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{}}                        | spec.updateStrategy                          | {"type":"RollingUpdate","rollingUpdate":{"partition":0}} |
      | a partition kept                       | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{"partition":3}}           | spec.updateStrategy.rollingUpdate.partition  | 3                                                        |
      | OnDelete takes no rolling update       | spec.updateStrategy = {"type":"OnDelete"}                                                | spec.updateStrategy                          | {"type":"OnDelete"}                                      |
      | OnDelete keeps its rolling update as is | spec.updateStrategy = {"type":"OnDelete","rollingUpdate":{}}                     | spec.updateStrategy                          | {"type":"OnDelete","rollingUpdate":{}}                   |
      | maxUnavailable dropped (gate off)      | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{"maxUnavailable":2}}      | spec.updateStrategy                          | {"type":"RollingUpdate","rollingUpdate":{"partition":0}} |
      | claim retention                        |                                                                                          | spec.persistentVolumeClaimRetentionPolicy    | {"whenDeleted":"Retain","whenScaled":"Retain"}           |
      | claim retention half set               | spec.persistentVolumeClaimRetentionPolicy = {"whenDeleted":"Delete"}                     | spec.persistentVolumeClaimRetentionPolicy    | {"whenDeleted":"Delete","whenScaled":"Retain"}           |
      | claim retention other half set         | spec.persistentVolumeClaimRetentionPolicy = {"whenScaled":"Delete"}                      | spec.persistentVolumeClaimRetentionPolicy    | {"whenScaled":"Delete","whenDeleted":"Retain"}           |
      | replicas                               |                                                                                          | spec.replicas                                | 1                                                        |
      | replicas kept                          | spec.replicas = 0                                                                        | spec.replicas                                | 0                                                        |
      | revision history                       |                                                                                          | spec.revisionHistoryLimit                    | 10                                                       |
      | revision history kept                  | spec.revisionHistoryLimit = 0                                                            | spec.revisionHistoryLimit                    | 0                                                        |
      | the template's pod spec                |                                                                                          | spec.template.spec.restartPolicy             | "Always"                                                 |
      | a claim template                       | spec.volumeClaimTemplates = [{"metadata":{"name":"data"},"spec":{}}]                     | spec.volumeClaimTemplates[0]                 | {"metadata":{"name":"data","creationTimestamp":null},"spec":{"volumeMode":"Filesystem"},"apiVersion":"v1","kind":"PersistentVolumeClaim","status":{"phase":"Pending"}} |
      | a claim template's own values kept     | spec.volumeClaimTemplates = [{"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data"},"spec":{"volumeMode":"Block"},"status":{"phase":"Bound"}}] | spec.volumeClaimTemplates[0] | {"apiVersion":"v1","kind":"PersistentVolumeClaim","metadata":{"name":"data","creationTimestamp":null},"spec":{"volumeMode":"Block"},"status":{"phase":"Bound"}} |

  @AP20
  Scenario: Claims, volumes, storage classes, RBAC bindings and a Pod's volumes (TestSetDefaultPersistentVolumeClaim, TestSetDefaultPersistentVolume, TestSetDefaultStorageClass, rbac/v1 defaults, TestSetDefaultDownwardAPIVolumeSpec, TestSetDefaultProjectedVolumeSpec, TestSetDefaultSecretVolumeSource, TestSetDefaultConfigMapVolumeSource, TestSetDefaultHostPathVolumeSource, TestSetDefaultObjectFieldSelectorAPIVersion)
    Then each PersistentVolumeClaim is defaulted as upstream's defaults tests say:
      | case           | change                                  | field            | value        |
      | volume mode    |                                         | spec.volumeMode  | "Filesystem" |
      | volume mode kept | spec.volumeMode = "Block"             | spec.volumeMode  | "Block"      |
      | phase          |                                         | status.phase     | "Pending"    |
      | phase kept     | status = {"phase":"Bound"}              | status.phase     | "Bound"      |
    And each PersistentVolume is defaulted as upstream's defaults tests say:
      | case                | change                                          | field                              | value        |
      | reclaim policy      |                                                 | spec.persistentVolumeReclaimPolicy | "Retain"     |
      | reclaim policy kept | spec.persistentVolumeReclaimPolicy = "Delete"   | spec.persistentVolumeReclaimPolicy | "Delete"     |
      | volume mode         |                                                 | spec.volumeMode                    | "Filesystem" |
      | volume mode kept    | spec.volumeMode = "Block"                       | spec.volumeMode                    | "Block"      |
      | phase               |                                                 | status.phase                       | "Pending"    |
      | phase kept          | status = {"phase":"Available"}                  | status.phase                       | "Available"  |
    And each StorageClass is defaulted as upstream's defaults tests say:
      | case                | change                                     | field             | value                  |
      | reclaim policy      |                                            | reclaimPolicy     | "Delete"               |
      | reclaim policy kept | reclaimPolicy = "Retain"                   | reclaimPolicy     | "Retain"               |
      | binding mode        |                                            | volumeBindingMode | "Immediate"            |
      | binding mode kept   | volumeBindingMode = "WaitForFirstConsumer" | volumeBindingMode | "WaitForFirstConsumer" |
    And each RoleBinding is defaulted as upstream's defaults tests say:
      | case                          | change                                                                                                        | field    | value |
      | the roleRef's group           |                                                                                                               | roleRef  | {"kind":"Role","name":"r","apiGroup":"rbac.authorization.k8s.io"} |
      | the roleRef's group kept      | roleRef = {"apiGroup":"example.com","kind":"Role","name":"r"}                                                 | roleRef  | {"apiGroup":"example.com","kind":"Role","name":"r"} |
      | User, Group and ServiceAccount subjects | subjects = [{"kind":"User","name":"u"},{"kind":"Group","name":"g"},{"kind":"ServiceAccount","name":"sa","namespace":"ns"},{"kind":"User","name":"v","apiGroup":"example.com"}] | subjects | [{"kind":"User","name":"u","apiGroup":"rbac.authorization.k8s.io"},{"kind":"Group","name":"g","apiGroup":"rbac.authorization.k8s.io"},{"kind":"ServiceAccount","name":"sa","namespace":"ns"},{"kind":"User","name":"v","apiGroup":"example.com"}] |
    And each ClusterRoleBinding is defaulted as upstream's defaults tests say:
      | case                | change                                   | field    | value |
      | the roleRef's group |                                          | roleRef  | {"kind":"ClusterRole","name":"r","apiGroup":"rbac.authorization.k8s.io"} |
      | a Group subject     | subjects = [{"kind":"Group","name":"g"}] | subjects | [{"kind":"Group","name":"g","apiGroup":"rbac.authorization.k8s.io"}] |
    And each ClusterRole is defaulted as upstream's defaults tests say:
      | case               | change | field | value |
      | a role is left as is |      | rules | [{"verbs":["get"],"resources":["pods"]}] |
    And each Pod is defaulted as upstream's defaults tests say:
      | case                                  | change                                                                                                                              | field                                 | value |
      | a config map volume's mode            | spec.volumes = [{"name":"v","configMap":{"name":"cm"}}]                                                                              | spec.volumes[0].configMap.defaultMode | 420 |
      | a config map volume's mode kept       | spec.volumes = [{"name":"v","configMap":{"name":"cm","defaultMode":256}}]                                                            | spec.volumes[0].configMap.defaultMode | 256 |
      | a secret volume's mode                | spec.volumes = [{"name":"v","secret":{"secretName":"s"}}]                                                                            | spec.volumes[0].secret.defaultMode    | 420 |
      | a host path's type                    | spec.volumes = [{"name":"v","hostPath":{"path":"/x"}}]                                                                               | spec.volumes[0].hostPath.type         | "" |
      | a host path's type kept               | spec.volumes = [{"name":"v","hostPath":{"path":"/x","type":"Directory"}}]                                                            | spec.volumes[0].hostPath.type         | "Directory" |
      | a downward API volume                 | spec.volumes = [{"name":"v","downwardAPI":{"items":[{"path":"n","fieldRef":{"fieldPath":"metadata.name"}}]}}]                        | spec.volumes[0].downwardAPI           | {"items":[{"path":"n","fieldRef":{"fieldPath":"metadata.name","apiVersion":"v1"}}],"defaultMode":420} |
      | a downward API item's version kept    | spec.volumes = [{"name":"v","downwardAPI":{"items":[{"path":"n","fieldRef":{"apiVersion":"v2","fieldPath":"metadata.name"}}]}}]     | spec.volumes[0].downwardAPI.items[0].fieldRef.apiVersion | "v2" |
      | a projected volume                    | spec.volumes = [{"name":"v","projected":{"sources":[{"serviceAccountToken":{"path":"t"}},{"downwardAPI":{"items":[{"path":"n","fieldRef":{"fieldPath":"metadata.name"}}]}}]}}] | spec.volumes[0].projected | {"sources":[{"serviceAccountToken":{"path":"t","expirationSeconds":3600}},{"downwardAPI":{"items":[{"path":"n","fieldRef":{"fieldPath":"metadata.name","apiVersion":"v1"}}]}}],"defaultMode":420} |
      | a projected token's expiry kept       | spec.volumes = [{"name":"v","projected":{"defaultMode":256,"sources":[{"serviceAccountToken":{"path":"t","expirationSeconds":7200}}]}}] | spec.volumes[0].projected | {"defaultMode":256,"sources":[{"serviceAccountToken":{"path":"t","expirationSeconds":7200}}]} |
      | an env fieldRef's version             | spec.containers[0].env = [{"name":"N","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}}]                                       | spec.containers[0].env[0].valueFrom.fieldRef.apiVersion | "v1" |
      | an init container env fieldRef's version | spec.initContainers = [{"name":"i","image":"i:1","env":[{"name":"N","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}}]}]     | spec.initContainers[0].env[0].valueFrom.fieldRef.apiVersion | "v1" |

  @AP20
  Scenario: What a new Pod gets from the admission plugins and SetDefaults_Pod (defaulttolerationseconds TestForgivenessAdmission, priority TestPodAdmission, serviceaccount TestAssignsDefaultServiceAccountAndBoundTokenWithNoSecretTokens, TestSetDefaultRequestsPod, TestSetDefaultPodSpec's enableServiceLinks)
    Then each Pod is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | the two forgiveness tolerations |  | spec.tolerations | [{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}] |
      | a not-ready toleration of its own | spec.tolerations = [{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":60}] | spec.tolerations | [{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":60},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}] |
      | an unreachable toleration without an effect | spec.tolerations = [{"key":"node.kubernetes.io/unreachable","operator":"Exists"}] | spec.tolerations | [{"key":"node.kubernetes.io/unreachable","operator":"Exists"},{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}] |
      | a NoSchedule toleration counts for neither | spec.tolerations = [{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoSchedule"}] | spec.tolerations | [{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoSchedule"},{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}] |
      | a toleration of every NoExecute taint | spec.tolerations = [{"operator":"Exists","effect":"NoExecute"}] | spec.tolerations | [{"operator":"Exists","effect":"NoExecute"}] |
      | a toleration of everything | spec.tolerations = [{"operator":"Exists"}] | spec.tolerations | [{"operator":"Exists"}] |
      | an empty key counts whatever its operator | spec.tolerations = [{"operator":"Equal","effect":"NoExecute"}] | spec.tolerations | [{"operator":"Equal","effect":"NoExecute"}] |
      | another key's toleration | spec.tolerations = [{"key":"example.com/foo","operator":"Exists","effect":"NoExecute"}] | spec.tolerations | [{"key":"example.com/foo","operator":"Exists","effect":"NoExecute"},{"key":"node.kubernetes.io/not-ready","operator":"Exists","effect":"NoExecute","tolerationSeconds":300},{"key":"node.kubernetes.io/unreachable","operator":"Exists","effect":"NoExecute","tolerationSeconds":300}] |
      | priority 0 without a class |  | spec.priority | 0 |
      | a priority kept | spec.priority = 5 | spec.priority | 5 |
      | system-node-critical | spec.priorityClassName = "system-node-critical" | spec.priority | 2000001000 |
      | system-cluster-critical | spec.priorityClassName = "system-cluster-critical" | spec.priority | 2000000000 |
      | preemption policy |  | spec.preemptionPolicy | "PreemptLowerPriority" |
      | a preemption policy kept | spec.preemptionPolicy = "Never" | spec.preemptionPolicy | "Never" |
      | the default service account |  | spec.serviceAccountName | "default" |
      | its deprecated alias |  | spec.serviceAccount | "default" |
      | a named account's alias | spec.serviceAccountName = "builder" | spec.serviceAccount | "builder" |
      | an alias kept | spec.serviceAccountName = "builder" ; spec.serviceAccount = "builder" | spec.serviceAccountName | "builder" |
      | a mirror pod gets no account | metadata.annotations = {"kubernetes.io/config.mirror":"x"} | spec.serviceAccountName | <unset> |
      | a mirror pod's alias neither | metadata.annotations = {"kubernetes.io/config.mirror":"x"} | spec.serviceAccount | <unset> |
      | other annotations do not make a mirror pod | metadata.annotations = {"example.com/x":"y"} | spec.serviceAccountName | "default" |
      | service links | | spec.enableServiceLinks | true |
      | service links kept off | spec.enableServiceLinks = false | spec.enableServiceLinks | false |
      | a new Pod is Pending with its QoS class |  | status | {"phase":"Pending","qosClass":"BestEffort"} |
      | requests from limits | spec.containers[0].resources = {"limits":{"cpu":"100m","memory":"1Gi"}} | spec.containers[0].resources.requests | {"cpu":"100m","memory":"1Gi"} |
      | a request kept beside a limit | spec.containers[0].resources = {"limits":{"cpu":"1","memory":"1Gi"},"requests":{"cpu":"100m"}} | spec.containers[0].resources.requests | {"cpu":"100m","memory":"1Gi"} |
      | an init container's requests from limits | spec.initContainers = [{"name":"i","image":"i:1","resources":{"limits":{"cpu":"1"}}}] | spec.initContainers[0].resources.requests | {"cpu":"1"} |
      | no limits, no requests |  | spec.containers[0].resources | {} |
    And each Deployment is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | a template's limits give no requests | spec.template.spec.containers[0].resources = {"limits":{"cpu":"1"}} | spec.template.spec.containers[0].resources | {"limits":{"cpu":"1"}} |
      | a template's creation timestamp | | spec.template.metadata.creationTimestamp | null |
      | a template's creation timestamp kept | spec.template.metadata = {"creationTimestamp":"2024-01-01T00:00:00Z"} | spec.template.metadata.creationTimestamp | "2024-01-01T00:00:00Z" |
    And each Namespace is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | the kubernetes finalizer |  | spec | {"finalizers":["kubernetes"]} |
      | a spec kept | spec = {"finalizers":[]} | spec | {"finalizers":[]} |
      | Active |  | status | {"phase":"Active"} |
      | a status kept | status = {"phase":"Terminating"} | status | {"phase":"Terminating"} |
      | the name label |  | metadata.labels | {"kubernetes.io/metadata.name":"shop"} |
      | the name label beside others | metadata.labels = {"team":"a"} | metadata.labels | {"team":"a","kubernetes.io/metadata.name":"shop"} |
      | the name label overrides a wrong one | metadata.labels = {"kubernetes.io/metadata.name":"other"} | metadata.labels | {"kubernetes.io/metadata.name":"shop"} |
    And each Job is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | completions and parallelism |  | spec.completions | 1 |
      | backoff limit |  | spec.backoffLimit | 6 |
    And each CronJob is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | concurrency policy |  | spec.concurrencyPolicy | "Allow" |
      | history limits |  | spec.successfulJobsHistoryLimit | 3 |
    And each Secret is defaulted as upstream's defaults tests say:
      | case | change | field | value |
      | Opaque |  | type | "Opaque" |
      | stringData merged into data | stringData = {"a":"b"} | data | {"a":"Yg=="} |
