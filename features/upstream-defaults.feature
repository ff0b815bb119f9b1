Feature: The API server fills in what a user leaves out, as upstream's defaults tests say
  Each row writes a minimal object, lets the API server default it and reads one field back. The
  cases are Kubernetes v1.32's pkg/apis/core/v1/defaults_test.go (TestSetDefaultPodSpec,
  TestSetDefaultContainer, TestSetDefaultProbe, TestSetDefaultService, TestSetDefaultServicePort,
  TestSetDefaultServiceSessionAffinity, TestSetDefaultServiceInternalTrafficPolicy,
  TestSetDefaultServiceLoadbalancerIPMode) and pkg/apis/apps/v1/defaults_test.go
  (TestSetDefaultDaemonSetSpec, TestSetDefaultDeployment, TestSetDefaultReplicaSetReplicas), run on
  the API server's defaulting.

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
