Feature: Pods, workloads, Jobs and Services are validated as upstream's own tests say
  The API server refuses an object with one error per problem, each naming the field, the kind of
  error, the bad value and why, in kube-apiserver's words. Each row starts from a valid object, as
  upstream's cases do, changes what the change column says (`path = JSON`, `delete path`, several
  joined by ` ; `) and lists every error validation then returns (joined by ` ; `; one ending in `…`
  is compared up to there, before apimachinery's regex help). The cases follow Kubernetes v1.32's
  pkg/apis/core/validation/validation_test.go (TestValidatePorts, TestValidateVolumes,
  TestValidateVolumeMounts, TestValidateEnv, TestValidateContainers, TestValidateInitContainers,
  TestValidateProbe, TestValidateHandler, TestValidatePodSpec, TestValidatePodUpdate) and
  pkg/apis/apps/validation/validation_test.go (TestValidateDeployment, TestValidateReplicaSet,
  TestValidateDaemonSet, TestValidateDaemonSetUpdate, TestValidateDeploymentUpdate,
  TestValidateStatefulSet, TestValidateStatefulSetUpdate), pkg/apis/batch/validation/validation_test.go
  (TestValidateJob, TestValidateJobUpdate, TestValidateCronJob(Spec), TestValidateCronJobUpdate), TestValidateServiceCreate, TestValidateServiceUpdate, TestValidateNamespace, TestValidateConfigMap(Update),
  TestValidateSecret(Update) with the docker config, basic auth, SSH and TLS types' tests,
  TestValidatePersistentVolumeClaim(Update), TestValidatePersistentVolumes, pkg/apis/storage/validation's
  TestValidateStorageClass and pkg/apis/policy/validation's TestValidatePodDisruptionBudgetSpec, run on the API server's validation.

  @AP15
  Scenario: Container ports: names, numbers, protocols and host port conflicts (TestValidatePorts, TestValidatePodSpec)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | valid ports of every protocol | spec.containers[0].ports = [{"name":"abc","containerPort":80,"protocol":"TCP"},{"name":"b","containerPort":81,"protocol":"UDP"},{"containerPort":65535,"protocol":"SCTP"},{"name":"do-re-me","containerPort":84,"protocol":"UDP"},{"containerPort":85,"hostPort":65535,"protocol":"TCP"}] |  |
      | name > 15 characters | spec.containers[0].ports = [{"name":"aaaaaaaaaaaaaaaa","containerPort":80,"protocol":"TCP"}] | spec.containers[0].ports[0].name: Invalid value: "aaaaaaaaaaaaaaaa": must be no more than 15 characters |
      | name contains invalid characters | spec.containers[0].ports = [{"name":"a.b.c","containerPort":80,"protocol":"TCP"}] | spec.containers[0].ports[0].name: Invalid value: "a.b.c": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) |
      | name is a number | spec.containers[0].ports = [{"name":"80","containerPort":80,"protocol":"TCP"}] | spec.containers[0].ports[0].name: Invalid value: "80": must contain at least one letter (a-z) |
      | the same invalid name twice, no duplicate | spec.containers[0].ports = [{"name":"a.b","containerPort":80,"protocol":"TCP"},{"name":"a.b","containerPort":81,"protocol":"TCP"}] | spec.containers[0].ports[0].name: Invalid value: "a.b": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) ; spec.containers[0].ports[1].name: Invalid value: "a.b": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) |
      | host ports of 0 never conflict | spec.containers[0].ports = [{"containerPort":80,"hostPort":0,"protocol":"TCP"},{"containerPort":81,"hostPort":0,"protocol":"TCP"}] |  |
      | name not unique | spec.containers[0].ports = [{"name":"abc","containerPort":80,"protocol":"TCP"},{"name":"abc","containerPort":81,"protocol":"TCP"}] | spec.containers[0].ports[1].name: Duplicate value: "abc" |
      | zero container port | spec.containers[0].ports = [{"containerPort":0,"protocol":"TCP"}] | spec.containers[0].ports[0].containerPort: Required value |
      | invalid container port | spec.containers[0].ports = [{"containerPort":65536,"protocol":"TCP"}] | spec.containers[0].ports[0].containerPort: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | invalid host port | spec.containers[0].ports = [{"containerPort":80,"hostPort":65536,"protocol":"TCP"}] | spec.containers[0].ports[0].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | invalid protocol case | spec.containers[0].ports = [{"containerPort":80,"protocol":"tcp"}] | spec.containers[0].ports[0].protocol: Unsupported value: "tcp": supported values: "SCTP", "TCP", "UDP" |
      | invalid protocol | spec.containers[0].ports = [{"containerPort":80,"protocol":"ICMP"}] | spec.containers[0].ports[0].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP" |
      | protocol required | spec.containers[0].ports = [{"name":"abc","containerPort":80}] | spec.containers[0].ports[0].protocol: Required value |
      | one host port on two protocols | spec.containers[0].ports = [{"containerPort":80,"hostPort":80,"protocol":"TCP"},{"containerPort":80,"hostPort":80,"protocol":"UDP"}] |  |
      | one host port on two host IPs | spec.containers[0].ports = [{"containerPort":80,"hostPort":80,"hostIP":"10.0.0.1","protocol":"TCP"},{"containerPort":81,"hostPort":80,"hostIP":"10.0.0.2","protocol":"TCP"}] |  |
      | host port conflict in a container | spec.containers[0].ports = [{"containerPort":80,"hostPort":80,"protocol":"TCP"},{"containerPort":81,"hostPort":80,"protocol":"TCP"}] | spec.containers[0].ports[1]: Duplicate value: "/TCP/80" |
      | host port conflict across containers | spec.containers[0].ports = [{"containerPort":80,"hostPort":80,"protocol":"TCP"}] ; spec.containers[1] = {"name":"ctr2","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","ports":[{"containerPort":81,"hostPort":80,"protocol":"TCP"}]} | spec.containers[1].ports[0]: Duplicate value: "/TCP/80" |

  @AP15
  Scenario: Volumes, volume mounts and environment variables (TestValidateVolumes, TestValidateVolumeMounts, TestValidateEnv)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | valid volumes of each source | spec.volumes = [{"name":"abc","emptyDir":{}},{"name":"a-b","hostPath":{"path":"/mnt/path"}},{"name":"123","configMap":{"name":"cm"}},{"name":"s","secret":{"secretName":"sec"}},{"name":"c","persistentVolumeClaim":{"claimName":"pvc"}}] |  |
      | zero-length name | spec.volumes = [{"name":"","emptyDir":{}}] | spec.volumes[0].name: Required value |
      | name > 63 characters | spec.volumes = [{"name":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa","emptyDir":{}}] | spec.volumes[0].name: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 63 characters |
      | name has dots | spec.volumes = [{"name":"a.b","emptyDir":{}}] | spec.volumes[0].name: Invalid value: "a.b": must not contain dots |
      | name not a DNS label | spec.volumes = [{"name":"a_b","emptyDir":{}}] | spec.volumes[0].name: Invalid value: "a_b": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character… |
      | name not unique | spec.volumes = [{"name":"abc","emptyDir":{}},{"name":"abc","emptyDir":{}}] | spec.volumes[1].name: Duplicate value: "abc" |
      | no volume source | spec.volumes = [{"name":"abc"}] | spec.volumes[0]: Required value: must specify a volume type |
      | two volume sources | spec.volumes = [{"name":"abc","emptyDir":{},"hostPath":{"path":"/x"}}] | spec.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type |
      | empty hostPath path | spec.volumes = [{"name":"abc","hostPath":{"path":""}}] | spec.volumes[0].hostPath.path: Required value |
      | configMap without a name | spec.volumes = [{"name":"abc","configMap":{}}] | spec.volumes[0].configMap.name: Required value |
      | secret without a secretName | spec.volumes = [{"name":"abc","secret":{}}] | spec.volumes[0].secret.secretName: Required value |
      | claim without a claimName | spec.volumes = [{"name":"abc","persistentVolumeClaim":{}}] | spec.volumes[0].persistentVolumeClaim.claimName: Required value |
      | mounts of existing volumes | spec.volumes = [{"name":"abc","emptyDir":{}},{"name":"123","emptyDir":{}}] ; spec.containers[0].volumeMounts = [{"name":"abc","mountPath":"/foo"},{"name":"123","mountPath":"/bar"}] |  |
      | empty mount name | spec.volumes = [{"name":"abc","emptyDir":{}}] ; spec.containers[0].volumeMounts = [{"name":"","mountPath":"/foo"}] | spec.containers[0].volumeMounts[0].name: Required value ; spec.containers[0].volumeMounts[0].name: Not found: "" |
      | name not found | spec.volumes = [{"name":"abc","emptyDir":{}}] ; spec.containers[0].volumeMounts = [{"name":"doesnotexist","mountPath":"/foo"}] | spec.containers[0].volumeMounts[0].name: Not found: "doesnotexist" |
      | empty mountpath | spec.volumes = [{"name":"abc","emptyDir":{}}] ; spec.containers[0].volumeMounts = [{"name":"abc","mountPath":""}] | spec.containers[0].volumeMounts[0].mountPath: Required value |
      | mountpath not unique | spec.volumes = [{"name":"abc","emptyDir":{}}] ; spec.containers[0].volumeMounts = [{"name":"abc","mountPath":"/foo"},{"name":"abc","mountPath":"/foo"}] | spec.containers[0].volumeMounts[1].mountPath: Invalid value: "/foo": must be unique |
      | a mount of an invalid volume | spec.volumes = [{"name":"abc"}] ; spec.containers[0].volumeMounts = [{"name":"abc","mountPath":"/foo"}] | spec.volumes[0]: Required value: must specify a volume type ; spec.containers[0].volumeMounts[0].name: Not found: "abc" |
      | relaxed env names | spec.containers[0].env = [{"name":"abc","value":"value"},{"name":"ABC","value":"value"},{"name":"AbC_123","value":"value"},{"name":"abc","value":""},{"name":"a.b.c","value":"value"},{"name":"a-b-c","value":"value"},{"name":"1abc","value":"value"},{"name":"a b","value":"value"}] |  |
      | zero-length env name | spec.containers[0].env = [{"name":"","value":"value"}] | spec.containers[0].env[0].name: Required value |
      | env name with an equals sign | spec.containers[0].env = [{"name":"a=b","value":"value"}] | spec.containers[0].env[0].name: Invalid value: "a=b": a valid environment variable name must consist only of printable ASCII characters other than '=' |

  @AP15
  Scenario: Containers and init containers: names, images, policies, sidecars (TestValidateContainers, TestValidateInitContainers)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | zero-length name | spec.containers[0].name = "" | spec.containers[0].name: Required value |
      | name not a DNS label | spec.containers[0].name = "a.b" | spec.containers[0].name: Invalid value: "a.b": must not contain dots |
      | zero-length image | spec.containers[0].image = "" | spec.containers[0].image: Required value |
      | image with a leading space | spec.containers[0].image = " image" | spec.containers[0].image: Invalid value: " image": must not have leading or trailing whitespace |
      | image with a trailing space | spec.containers[0].image = "image " | spec.containers[0].image: Invalid value: "image ": must not have leading or trailing whitespace |
      | empty terminationMessagePolicy | spec.containers[0].terminationMessagePolicy = "" | spec.containers[0].terminationMessagePolicy: Required value |
      | unknown terminationMessagePolicy | spec.containers[0].terminationMessagePolicy = "Unknown" | spec.containers[0].terminationMessagePolicy: Unsupported value: "Unknown": supported values: "File", "FallbackToLogsOnError" |
      | FallbackToLogsOnError | spec.containers[0].terminationMessagePolicy = "FallbackToLogsOnError" |  |
      | empty imagePullPolicy | spec.containers[0].imagePullPolicy = "" | spec.containers[0].imagePullPolicy: Required value |
      | unknown imagePullPolicy | spec.containers[0].imagePullPolicy = "Sometimes" | spec.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never" |
      | imagePullPolicy Never | spec.containers[0].imagePullPolicy = "Never" |  |
      | duplicate container name | spec.containers[1] = {"name":"ctr","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"} | spec.containers[1].name: Duplicate value: "ctr" |
      | init container named as a container | spec.initContainers = [{"name":"ctr","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers[0].name: Duplicate value: "ctr" |
      | duplicate init container name | spec.initContainers = [{"name":"a","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"},{"name":"a","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers[1].name: Duplicate value: "a" |
      | init container without an image | spec.initContainers = [{"name":"init","image":"","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers[0].image: Required value |
      | no containers | spec.containers = [] | spec.containers: Required value |
      | containers left out | delete spec.containers | spec.containers: Required value |
      | restartPolicy on a container | spec.containers[0].restartPolicy = "Always" | spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers |
      | init container restartPolicy OnFailure | spec.initContainers = [{"name":"init","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","restartPolicy":"OnFailure"}] | spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always" |
      | init container restartPolicy Never | spec.initContainers = [{"name":"init","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","restartPolicy":"Never"}] | spec.initContainers[0].restartPolicy: Unsupported value: "Never": supported values: "Always" |
      | probes and lifecycle on an init container | spec.initContainers = [{"name":"init","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","livenessProbe":{"exec":{"command":["x"]},"successThreshold":1},"readinessProbe":{"exec":{"command":["x"]}},"startupProbe":{"exec":{"command":["x"]},"successThreshold":1},"lifecycle":{}}] | spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always ; spec.initContainers[0].livenessProbe: Forbidden: may not be set for init containers without restartPolicy=Always ; spec.initContainers[0].readinessProbe: Forbidden: may not be set for init containers without restartPolicy=Always ; spec.initContainers[0].startupProbe: Forbidden: may not be set for init containers without restartPolicy=Always |
      | probes on a sidecar are validated | spec.initContainers = [{"name":"init","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","restartPolicy":"Always","livenessProbe":{"exec":{"command":["x"]},"successThreshold":2},"readinessProbe":{"exec":{"command":["x"]}},"startupProbe":{"exec":{"command":["x"]},"successThreshold":1}}] | spec.initContainers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1 |
      | init containers may share a host port | spec.initContainers = [{"name":"a","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","ports":[{"containerPort":80,"hostPort":80,"protocol":"TCP"}]},{"name":"b","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","ports":[{"containerPort":80,"hostPort":80,"protocol":"TCP"}]}] |  |
      | host port conflict in an init container | spec.initContainers = [{"name":"a","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"},{"name":"b","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File","ports":[{"containerPort":80,"hostPort":80,"protocol":"TCP"},{"containerPort":81,"hostPort":80,"protocol":"TCP"}]}] | spec.initContainers[0].ports[1]: Duplicate value: "/TCP/80" |

  @AP15
  Scenario: The Pod spec's own fields (TestValidatePodSpec)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | empty restartPolicy | spec.restartPolicy = "" | spec.restartPolicy: Required value |
      | missing restartPolicy | delete spec.restartPolicy | spec.restartPolicy: Required value |
      | bad restartPolicy | spec.restartPolicy = "UnknownPolicy" | spec.restartPolicy: Unsupported value: "UnknownPolicy": supported values: "Always", "OnFailure", "Never" |
      | restartPolicy Never | spec.restartPolicy = "Never" |  |
      | restartPolicy OnFailure | spec.restartPolicy = "OnFailure" |  |
      | empty dnsPolicy | spec.dnsPolicy = "" | spec.dnsPolicy: Required value |
      | bad dnsPolicy | spec.dnsPolicy = "invalid" | spec.dnsPolicy: Unsupported value: "invalid": supported values: "ClusterFirst", "ClusterFirstWithHostNet", "Default", "None" |
      | dnsPolicy None | spec.dnsPolicy = "None" |  |
      | dnsPolicy Default | spec.dnsPolicy = "Default" |  |
      | dnsPolicy ClusterFirstWithHostNet | spec.dnsPolicy = "ClusterFirstWithHostNet" |  |
      | bad service account name | spec.serviceAccountName = "invalidName" | spec.serviceAccountName: Invalid value: "invalidName": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | dotted service account name | spec.serviceAccountName = "sa.name" |  |
      | bad nodeName | spec.nodeName = "node_name" | spec.nodeName: Invalid value: "node_name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | dotted nodeName | spec.nodeName = "node.name" |  |
      | activeDeadlineSeconds 0 | spec.activeDeadlineSeconds = 0 | spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive |
      | activeDeadlineSeconds 1 | spec.activeDeadlineSeconds = 1 |  |
      | activeDeadlineSeconds MaxInt32 | spec.activeDeadlineSeconds = 2147483647 |  |
      | activeDeadlineSeconds past MaxInt32 | spec.activeDeadlineSeconds = 2147483648 | spec.activeDeadlineSeconds: Invalid value: 2147483648: must be between 1 and 2147483647, inclusive |
      | bad hostname | spec.hostname = "Host.Name" | spec.hostname: Invalid value: "Host.Name": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character… |
      | dotted subdomain | spec.subdomain = "sub.domain" | spec.subdomain: Invalid value: "sub.domain": must not contain dots |
      | hostname and subdomain | spec.hostname = "host" ; spec.subdomain = "sub" |  |
      | scheduling gates | spec.schedulingGates = [{"name":"example.com/foo"},{"name":"bar"}] |  |
      | a scheduling gate that is no qualified name | spec.schedulingGates = [{"name":"a b"}] | spec.schedulingGates[0]: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | an empty scheduling gate | spec.schedulingGates = [{"name":""}] | spec.schedulingGates[0]: Invalid value: "": name part must be non-empty ; spec.schedulingGates[0]: Invalid value: "": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | a scheduling gate twice | spec.schedulingGates = [{"name":"a"},{"name":"b"},{"name":"a"}] | spec.schedulingGates[2]: Duplicate value: "a" |
      | a bad gate after a bad affinity, before a bad account | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[]}}} ; spec.schedulingGates = [{"name":"a b"}] ; spec.serviceAccountName = "A_B" | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term ; spec.schedulingGates[0]: Invalid value: "a b": name part must consist of alphanumeric characters… ; spec.serviceAccountName: Invalid value: "A_B": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters… |

  @AP15
  Scenario: Probes: one handler, timings, thresholds and ports (TestValidateProbe, TestValidateHandler, TestValidateLivenessProbe)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | an exec probe | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"timeoutSeconds":10,"periodSeconds":1,"successThreshold":1,"failureThreshold":1} |  |
      | no handler | spec.containers[0].livenessProbe = {"timeoutSeconds":10,"successThreshold":1} | spec.containers[0].livenessProbe: Required value: must specify a handler type |
      | negative initialDelaySeconds | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"initialDelaySeconds":-10,"successThreshold":1} | spec.containers[0].livenessProbe.initialDelaySeconds: Invalid value: -10: must be greater than or equal to 0 |
      | negative timeoutSeconds | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"timeoutSeconds":-10,"successThreshold":1} | spec.containers[0].livenessProbe.timeoutSeconds: Invalid value: -10: must be greater than or equal to 0 |
      | negative periodSeconds | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"periodSeconds":-1,"successThreshold":1} | spec.containers[0].livenessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative successThreshold | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"successThreshold":-1} | spec.containers[0].livenessProbe.successThreshold: Invalid value: -1: must be greater than or equal to 0 ; spec.containers[0].livenessProbe.successThreshold: Invalid value: -1: must be 1 |
      | negative failureThreshold | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"failureThreshold":-1,"successThreshold":1} | spec.containers[0].livenessProbe.failureThreshold: Invalid value: -1: must be greater than or equal to 0 |
      | liveness successThreshold 2 | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"successThreshold":2} | spec.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1 |
      | startup successThreshold 2 | spec.containers[0].startupProbe = {"exec":{"command":["echo"]},"successThreshold":2} | spec.containers[0].startupProbe.successThreshold: Invalid value: 2: must be 1 |
      | readiness successThreshold 2 | spec.containers[0].readinessProbe = {"exec":{"command":["echo"]},"successThreshold":2} |  |
      | readiness with terminationGracePeriodSeconds | spec.containers[0].readinessProbe = {"exec":{"command":["echo"]},"successThreshold":1,"terminationGracePeriodSeconds":10} | spec.containers[0].readinessProbe.terminationGracePeriodSeconds: Invalid value: 10: must not be set for readinessProbes |
      | probe terminationGracePeriodSeconds 0 | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"successThreshold":1,"terminationGracePeriodSeconds":0} | spec.containers[0].livenessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0 |
      | probe terminationGracePeriodSeconds -1 | spec.containers[0].startupProbe = {"exec":{"command":["echo"]},"successThreshold":1,"terminationGracePeriodSeconds":-1} | spec.containers[0].startupProbe.terminationGracePeriodSeconds: Invalid value: -1: must be greater than 0 |
      | probe terminationGracePeriodSeconds 1 | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"successThreshold":1,"terminationGracePeriodSeconds":1} |  |
      | exec without a command | spec.containers[0].livenessProbe = {"exec":{},"successThreshold":1} | spec.containers[0].livenessProbe.exec.command: Required value |
      | exec with an empty command | spec.containers[0].readinessProbe = {"exec":{"command":[]}} | spec.containers[0].readinessProbe.exec.command: Required value |
      | httpGet by port number | spec.containers[0].livenessProbe = {"httpGet":{"path":"/","port":1,"scheme":"HTTP"},"successThreshold":1} |  |
      | httpGet with a host | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":65535,"host":"host","scheme":"HTTP"},"successThreshold":1} |  |
      | httpGet by port name over HTTPS | spec.containers[0].livenessProbe = {"httpGet":{"path":"/","port":"port","scheme":"HTTPS"},"successThreshold":1} |  |
      | httpGet without a path | spec.containers[0].livenessProbe = {"httpGet":{"path":"","port":1,"scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.path: Required value |
      | httpGet port 0 | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":0,"scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.port: Invalid value: 0: must be between 1 and 65535, inclusive |
      | httpGet port 65536 | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":65536,"scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.port: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | httpGet empty port name | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":"","scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.port: Invalid value: "": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) ; spec.containers[0].livenessProbe.httpGet.port: Invalid value: "": must contain at least one letter (a-z) |
      | httpGet bad port name | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":"port_name","scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.port: Invalid value: "port_name": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) |
      | httpGet scheme FTP | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":1,"scheme":"FTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.scheme: Unsupported value: "FTP": supported values: "HTTP", "HTTPS" |
      | tcpSocket by port number | spec.containers[0].livenessProbe = {"tcpSocket":{"port":1},"successThreshold":1} |  |
      | tcpSocket bad port name | spec.containers[0].livenessProbe = {"tcpSocket":{"port":"a.b"},"successThreshold":1} | spec.containers[0].livenessProbe.tcpSocket.port: Invalid value: "a.b": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) |
      | tcpSocket without a port | spec.containers[0].livenessProbe = {"tcpSocket":{},"successThreshold":1} | spec.containers[0].livenessProbe.tcpSocket.port: Invalid value: 0: must be between 1 and 65535, inclusive |
      | grpc | spec.containers[0].livenessProbe = {"grpc":{"port":1},"successThreshold":1} |  |
      | exec and httpGet | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"httpGet":{"path":"/","port":1,"scheme":"HTTP"},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet: Forbidden: may not specify more than 1 handler type |
      | exec, tcpSocket and grpc | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"tcpSocket":{"port":1},"grpc":{"port":1},"successThreshold":1} | spec.containers[0].livenessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type ; spec.containers[0].livenessProbe.grpc: Forbidden: may not specify more than 1 handler type |
      | httpGet and tcpSocket | spec.containers[0].livenessProbe = {"httpGet":{"path":"/","port":1,"scheme":"HTTP"},"tcpSocket":{"port":1},"successThreshold":1} | spec.containers[0].livenessProbe.tcpSocket: Forbidden: may not specify more than 1 handler type |
      | grpc port 0 | spec.containers[0].livenessProbe = {"grpc":{"port":0},"successThreshold":1} | spec.containers[0].livenessProbe.grpc.port: Invalid value: 0: must be between 1 and 65535, inclusive |
      | grpc port 65536 | spec.containers[0].readinessProbe = {"grpc":{"port":65536,"service":"s"}} | spec.containers[0].readinessProbe.grpc.port: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | httpGet without a scheme | spec.containers[0].livenessProbe = {"httpGet":{"path":"/foo","port":1},"successThreshold":1} | spec.containers[0].livenessProbe.httpGet.scheme: Unsupported value: "": supported values: "HTTP", "HTTPS" |
      | a null probe is no probe | spec.containers[0].livenessProbe = null |  |
      | zero timings | spec.containers[0].readinessProbe = {"exec":{"command":["echo"]},"initialDelaySeconds":0,"timeoutSeconds":0,"periodSeconds":0,"successThreshold":0,"failureThreshold":0} |  |
      | a null terminationGracePeriodSeconds | spec.containers[0].livenessProbe = {"exec":{"command":["echo"]},"successThreshold":1,"terminationGracePeriodSeconds":null} |  |
      | exec and grpc | spec.containers[0].startupProbe = {"exec":{"command":["echo"]},"grpc":{"port":1},"successThreshold":1} | spec.containers[0].startupProbe.grpc: Forbidden: may not specify more than 1 handler type |
      | grpc without a port | spec.containers[0].livenessProbe = {"grpc":{},"successThreshold":1} | spec.containers[0].livenessProbe.grpc.port: Invalid value: 0: must be between 1 and 65535, inclusive |
      | a null container | spec.containers = [null] | spec.containers[0].name: Required value ; spec.containers[0].image: Required value |

  @AP15
  Scenario: Tolerations, nodeSelector and node affinity (TestValidateTolerations, TestValidateAffinity, TestValidateNodeSelector)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | tolerations of each kind | spec.tolerations = [{"key":"foo","operator":"Exists","effect":"NoSchedule"},{"key":"foo","operator":"Equal","value":"bar","effect":"NoSchedule"},{"operator":"Exists"},{"key":"foo","operator":"Exists","effect":"NoExecute","tolerationSeconds":60},{"key":"foo","value":"bar"},{"key":"foo","operator":"Equal","value":"bar","effect":"PreferNoSchedule"}] |  |
      | invalid toleration key | spec.tolerations = [{"key":"nospecialchars^=@","operator":"Equal","value":"bar","effect":"NoSchedule"}] | spec.tolerations[0].key: Invalid value: "nospecialchars^=@": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | empty key with Equal | spec.tolerations = [{"operator":"Equal","value":"bar","effect":"NoSchedule"}] | spec.tolerations[0].operator: Invalid value: "Equal": operator must be Exists when `key` is empty, which means "match all values and all keys" |
      | empty key and operator | spec.tolerations = [{"value":"bar"}] | spec.tolerations[0].operator: Invalid value: "": operator must be Exists when `key` is empty, which means "match all values and all keys" |
      | tolerationSeconds without NoExecute | spec.tolerations = [{"key":"foo","operator":"Exists","effect":"NoSchedule","tolerationSeconds":20}] | spec.tolerations[0].effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when `tolerationSeconds` is set |
      | tolerationSeconds without an effect | spec.tolerations = [{"key":"foo","operator":"Exists","tolerationSeconds":20}] | spec.tolerations[0].effect: Invalid value: "": effect must be 'NoExecute' when `tolerationSeconds` is set |
      | Exists with a value | spec.tolerations = [{"key":"foo","operator":"Exists","value":"bar","effect":"NoSchedule"}] | spec.tolerations[0].operator: Invalid value: core.Toleration{Key:"foo", Operator:"Exists", Value:"bar", Effect:"NoSchedule", TolerationSeconds:(*int64)(nil)}: value must be empty when `operator` is 'Exists' |
      | invalid label value | spec.tolerations = [{"key":"foo","operator":"Equal","value":"bar baz","effect":"NoSchedule"}] | spec.tolerations[0].operator: Invalid value: "bar baz": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | unknown operator | spec.tolerations = [{"key":"foo","operator":"In","value":"bar"}] | spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists" |
      | unknown effect | spec.tolerations = [{"key":"foo","operator":"Exists","effect":"NoScheduleNoAdmit"}] | spec.tolerations[0].effect: Unsupported value: "NoScheduleNoAdmit": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute" |
      | a nodeSelector | spec.nodeSelector = {"key1":"value1","kubernetes.io/hostname":"node-1"} |  |
      | a bad nodeSelector key | spec.nodeSelector = {"a b":"v"} | spec.nodeSelector: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | a bad nodeSelector value | spec.nodeSelector = {"k":"a b"} | spec.nodeSelector: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | node affinity of every operator | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In","values":["a"]},{"key":"k","operator":"NotIn","values":["a","b"]},{"key":"k","operator":"Exists"},{"key":"k","operator":"DoesNotExist"},{"key":"k","operator":"Gt","values":["1"]},{"key":"k","operator":"Lt","values":["2"]}],"matchFields":[{"key":"metadata.name","operator":"In","values":["node-1"]}]}]},"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":1,"preference":{"matchExpressions":[{"key":"k","operator":"In","values":["a"]}]}},{"weight":100,"preference":{"matchExpressions":[{"key":"k","operator":"Exists"}]}}]}} |  |
      | no node selector terms | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term |
      | In without values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In"}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn' |
      | NotIn without values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"NotIn","values":[]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn' |
      | Exists with values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"Exists","values":["a"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist' |
      | DoesNotExist with values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"DoesNotExist","values":["a"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist' |
      | Gt with two values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"Gt","values":["1","2"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt' |
      | Lt without values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"Lt"}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values: Required value: must be specified single value when `operator` is 'Lt' or 'Gt' |
      | unknown operator | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"Near","values":["a"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator |
      | invalid key | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"a b","operator":"Exists"}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | matchFields with two values | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchFields":[{"key":"metadata.name","operator":"In","values":["a","b"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values: Required value: must be only one value when `operator` is 'In' or 'NotIn' for node field selector |
      | matchFields with Exists | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchFields":[{"key":"metadata.name","operator":"Exists"}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].operator: Invalid value: "Exists": not a valid selector operator |
      | matchFields on a label | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchFields":[{"key":"metadata.labels","operator":"NotIn","values":["a"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].key: Invalid value: "metadata.labels": not a valid field selector key |
      | weight 0 | spec.affinity = {"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":0,"preference":{"matchExpressions":[{"key":"k","operator":"Exists"}]}}]}} | spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100 |
      | weight 101 | spec.affinity = {"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":101,"preference":{"matchExpressions":[{"key":"k","operator":"Exists"}]}}]}} | spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 101: must be in the range 1-100 |
      | a preference with a bad operator | spec.affinity = {"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":10,"preference":{"matchExpressions":[{"key":"k","operator":"In"}]}}]}} | spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn' |
      | matchFields with a bad node name | spec.affinity = {"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[{"matchFields":[{"key":"metadata.name","operator":"NotIn","values":["Node_1"]}]}]}}} | spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchFields[0].values[0]: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | a null toleration is a zero one | spec.tolerations = [null] | spec.tolerations[0].operator: Invalid value: "": operator must be Exists when `key` is empty, which means "match all values and all keys" |
      | a toleration value wrong twice, the messages joined | spec.tolerations = [{"key":"k","operator":"Equal","value":"REPEAT(a,63)-"}] | spec.tolerations[0].operator: Invalid value: "a…a-": must be no more than 63 characters;a valid label must be an empty string or consist of alphanumeric characters… |

  @AP15
  Scenario: Container resources: names, quantities and requests within limits (TestValidateResourceRequirements, TestValidateResourceNames)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | requests within limits | spec.containers[0].resources = {"limits":{"cpu":"10","memory":"10G","ephemeral-storage":"1Gi","example.com/dongle":"2"},"requests":{"cpu":"1","memory":"1G","example.com/dongle":"2"}} |  |
      | only requests | spec.containers[0].resources = {"requests":{"cpu":"100m","memory":"64Mi"}} |  |
      | hugepages with equal limit | spec.containers[0].resources = {"limits":{"hugepages-2Mi":"2Mi","memory":"1Gi"},"requests":{"hugepages-2Mi":"2Mi","memory":"1Gi"}} |  |
      | request above the limit | spec.containers[0].resources = {"limits":{"cpu":"1"},"requests":{"cpu":"2"}} | spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1 |
      | memory request above the limit | spec.containers[0].resources = {"limits":{"memory":"128Mi"},"requests":{"memory":"256Mi"}} | spec.containers[0].resources.requests: Invalid value: "256Mi": must be less than or equal to memory limit of 128Mi |
      | negative limit | spec.containers[0].resources = {"limits":{"cpu":"-1"}} | spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0 |
      | negative request | spec.containers[0].resources = {"requests":{"memory":"-10M"}} | spec.containers[0].resources.requests[memory]: Invalid value: "-10M": must be greater than or equal to 0 |
      | extended resource request below its limit | spec.containers[0].resources = {"limits":{"example.com/dongle":"2"},"requests":{"example.com/dongle":"1"}} | spec.containers[0].resources.requests: Invalid value: "1": must be equal to example.com/dongle limit of 2 |
      | extended resource request without a limit | spec.containers[0].resources = {"requests":{"example.com/dongle":"1"}} | spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources |
      | hugepages request without a limit | spec.containers[0].resources = {"requests":{"hugepages-2Mi":"2Mi"}} | spec.containers[0].resources.limits: Required value: Limit must be set for non overcommitable resources |
      | a quota name for a container | spec.containers[0].resources = {"limits":{"pods":"1"}} | spec.containers[0].resources.limits[pods]: Invalid value: "pods": must be a standard resource for containers |
      | an unknown unqualified name | spec.containers[0].resources = {"requests":{"disk":"1"}} | spec.containers[0].resources.requests[disk]: Invalid value: "disk": must be a standard resource type or fully qualified ; spec.containers[0].resources.requests[disk]: Invalid value: "disk": must be a standard resource for containers |
      | a name that is not qualified | spec.containers[0].resources = {"limits":{"a b":"1"}} | spec.containers[0].resources.limits[a b]: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… ; spec.containers[0].resources.limits[a b]: Invalid value: "a b": must be a standard resource for containers |
      | a kubernetes.io name | spec.containers[0].resources = {"limits":{"kubernetes.io/foo":"1"},"requests":{"kubernetes.io/foo":"1"}} |  |
      | a requests.-prefixed extended name | spec.containers[0].resources = {"limits":{"requests.example.com/foo":"1"},"requests":{"requests.example.com/foo":"1"}} | spec.containers[0].resources.limits[requests.example.com/foo]: Invalid value: "requests.example.com/foo": doesn't follow extended resource name standard ; spec.containers[0].resources.requests[requests.example.com/foo]: Invalid value: "requests.example.com/foo": doesn't follow extended resource name standard |

  @AP15
  Scenario: Where an environment variable's value comes from (TestValidateEnv, TestValidateEnvFrom)
    Then each change to a valid Pod is judged as upstream's validation tests say:
      | case | change | errors |
      | each value source | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}},{"name":"b","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels['app']"}}},{"name":"c","valueFrom":{"resourceFieldRef":{"containerName":"ctr","resource":"limits.memory"}}},{"name":"d","valueFrom":{"configMapKeyRef":{"name":"cm","key":"k"}}},{"name":"e","valueFrom":{"secretKeyRef":{"name":"s","key":"k.ey"}}},{"name":"f","valueFrom":{"resourceFieldRef":{"resource":"requests.hugepages-2Mi"}}},{"name":"g","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"status.podIPs"}}}] |  |
      | value and valueFrom | spec.containers[0].env = [{"name":"a","value":"x","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}}] | spec.containers[0].env[0].valueFrom: Invalid value: "": may not be specified when `value` is not empty |
      | no source | spec.containers[0].env = [{"name":"a","valueFrom":{}}] | spec.containers[0].env[0].valueFrom: Invalid value: "": must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef` |
      | two sources | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"},"secretKeyRef":{"name":"s","key":"k"}}}] | spec.containers[0].env[0].valueFrom: Invalid value: "": may not have more than one field specified at a time |
      | fieldRef without apiVersion | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"fieldPath":"metadata.name"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.apiVersion: Required value |
      | fieldRef without fieldPath | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Required value |
      | unsupported fieldPath | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "metadata.labels": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs" |
      | invalid annotation subscript | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.annotations['a/b/c']"}}}] | spec.containers[0].env[0].valueFrom.fieldRef: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | resourceFieldRef without a resource | spec.containers[0].env = [{"name":"a","valueFrom":{"resourceFieldRef":{}}}] | spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Required value |
      | unsupported resource | spec.containers[0].env = [{"name":"a","valueFrom":{"resourceFieldRef":{"resource":"limits.pods"}}}] | spec.containers[0].env[0].valueFrom.resourceFieldRef.resource: Unsupported value: "limits.pods": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory" |
      | configMapKeyRef with a bad name | spec.containers[0].env = [{"name":"a","valueFrom":{"configMapKeyRef":{"name":"Bad_Name","key":"k"}}}] | spec.containers[0].env[0].valueFrom.configMapKeyRef.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | configMapKeyRef without a key | spec.containers[0].env = [{"name":"a","valueFrom":{"configMapKeyRef":{"name":"cm"}}}] | spec.containers[0].env[0].valueFrom.configMapKeyRef.key: Required value |
      | secretKeyRef with a bad key | spec.containers[0].env = [{"name":"a","valueFrom":{"secretKeyRef":{"name":"s","key":"a/b"}}}] | spec.containers[0].env[0].valueFrom.secretKeyRef.key: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |
      | invalid label subscript | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels['A/B/C']"}}}] | spec.containers[0].env[0].valueFrom.fieldRef: Invalid value: "A/B/C": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | annotation subscript lowercased | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.annotations['Example.COM/Key']"}}}] |  |
      | unknown pod version | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v2","fieldPath":"metadata.name"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.name": error converting fieldPath: unsupported pod version: v2 |
      | a field label not supported | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"metadata.foo"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "metadata.foo": error converting fieldPath: field label not supported: metadata.foo |
      | a subscript of another field | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"spec.nodeName['x']"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Invalid value: "spec.nodeName['x']": error converting fieldPath: field label does not support subscript: spec.nodeName['x'] |
      | a convertible field env may not read | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"status.phase"}}}] | spec.containers[0].env[0].valueFrom.fieldRef.fieldPath: Unsupported value: "status.phase": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs" |
      | spec.host read as spec.nodeName | spec.containers[0].env = [{"name":"a","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"spec.host"}}}] |  |

  @AP16
  Scenario: A Pod update changes only images, activeDeadlineSeconds, tolerations and scheduling gates (TestValidatePodUpdate)
    Then each update of a valid Pod is judged as upstream's validation tests say:
      | case | old | new | errors |
      | image change | spec.containers[0].image = "foo:V1" | spec.containers[0].image = "foo:V2" |  |
      | init container image change | spec.initContainers = [{"name":"init","image":"i:1","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers = [{"name":"init","image":"i:2","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] |  |
      | image change to empty | spec.containers[0].image = "foo:V1" | spec.containers[0].image = "" | spec.containers[0].image: Required value ; spec.containers[0].image: Required value |
      | image change to a padded one | spec.containers[0].image = "foo:V1" | spec.containers[0].image = " foo:V2" | spec.containers[0].image: Invalid value: " foo:V2": must not have leading or trailing whitespace ; spec.containers[0].image: Invalid value: " foo:V2": must not have leading or trailing whitespace |
      | container name change |  | spec.containers[0].name = "other" | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | container added |  | spec.containers[1] = {"name":"ctr2","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"} | spec.containers: Forbidden: pod updates may not add or remove containers |
      | init container removed | spec.initContainers = [{"name":"init","image":"i:1","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers = [] | spec.initContainers: Forbidden: pod updates may not add or remove containers |
      | activeDeadlineSeconds from nil to a value |  | spec.activeDeadlineSeconds = 10 |  |
      | activeDeadlineSeconds lowered | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = 10 |  |
      | activeDeadlineSeconds unchanged | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = 30 |  |
      | activeDeadlineSeconds raised | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = 31 | spec.activeDeadlineSeconds: Invalid value: 31: must be less than or equal to previous value |
      | activeDeadlineSeconds to 0 | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = 0 | spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive |
      | activeDeadlineSeconds negative | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = -1 | spec.activeDeadlineSeconds: Invalid value: -1: must be between 1 and 2147483647, inclusive ; spec.activeDeadlineSeconds: Invalid value: -1: must be between 0 and 2147483647, inclusive |
      | toleration added | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"},{"key":"k2","operator":"Exists","effect":"NoExecute","tolerationSeconds":30}] |  |
      | tolerationSeconds changed | spec.tolerations = [{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":30}] | spec.tolerations = [{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":10}] |  |
      | toleration removed | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.tolerations = [] | spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds |
      | toleration effect changed | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoExecute"}] | spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds |
      | restartPolicy change |  | spec.restartPolicy = "Never" | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | nodeName change | spec.nodeName = "node1" | spec.nodeName = "node2" | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | terminationGracePeriodSeconds change | spec.terminationGracePeriodSeconds = 30 | spec.terminationGracePeriodSeconds = 10 | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | terminationGracePeriodSeconds from negative to 1 | spec.terminationGracePeriodSeconds = -1 | spec.terminationGracePeriodSeconds = 1 |  |
      | terminationGracePeriodSeconds from negative to 2 | spec.terminationGracePeriodSeconds = -1 | spec.terminationGracePeriodSeconds = 2 | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | scheduling gate removed | spec.schedulingGates = [{"name":"a"},{"name":"b"}] | spec.schedulingGates = [{"name":"b"}] |  |
      | scheduling gate added | spec.schedulingGates = [{"name":"a"}] | spec.schedulingGates = [{"name":"a"},{"name":"c"}] | spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'c' |
      | an added toleration that is invalid | spec.tolerations = [{"key":"k","operator":"Exists"}] | spec.tolerations = [{"key":"k","operator":"Exists"},{"key":"k2","operator":"In"}] | spec.tolerations[1].operator: Unsupported value: "In": supported values: "Equal", "Exists" ; spec.tolerations[1].operator: Unsupported value: "In": supported values: "Equal", "Exists" |
      | activeDeadlineSeconds change to nil from positive | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = null | spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value |
      | activeDeadlineSeconds set to the largest int32 |  | spec.activeDeadlineSeconds = 2147483647 |  |
      | activeDeadlineSeconds lowered to the largest int32 | spec.activeDeadlineSeconds = 2147483647 | spec.activeDeadlineSeconds = 2147483647 |  |
      | activeDeadlineSeconds above int32 from a positive value | spec.activeDeadlineSeconds = 30 | spec.activeDeadlineSeconds = 2147483648 | spec.activeDeadlineSeconds: Invalid value: 2147483648: must be between 1 and 2147483647, inclusive ; spec.activeDeadlineSeconds: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive |
      | activeDeadlineSeconds raised stops before the tolerations | spec.activeDeadlineSeconds = 30 ; spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.activeDeadlineSeconds = 31 ; spec.tolerations = [] | spec.activeDeadlineSeconds: Invalid value: 31: must be less than or equal to previous value |
      | activeDeadlineSeconds out of range stops before the tolerations | spec.activeDeadlineSeconds = 30 ; spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.activeDeadlineSeconds = -1 ; spec.tolerations = [] | spec.activeDeadlineSeconds: Invalid value: -1: must be between 1 and 2147483647, inclusive ; spec.activeDeadlineSeconds: Invalid value: -1: must be between 0 and 2147483647, inclusive |
      | a container added stops before everything else |  | spec.containers[1] = {"name":"ctr2","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"} ; spec.restartPolicy = "Never" ; spec.activeDeadlineSeconds = -1 | spec.activeDeadlineSeconds: Invalid value: -1: must be between 1 and 2147483647, inclusive ; spec.containers: Forbidden: pod updates may not add or remove containers |
      | an init container added stops before the deadline | spec.activeDeadlineSeconds = 30 | spec.initContainers = [{"name":"init","image":"i:1","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] ; spec.activeDeadlineSeconds = 31 | spec.initContainers: Forbidden: pod updates may not add or remove containers |
      | image removed | spec.containers[0].image = "foo:V1" | delete spec.containers[0].image | spec.containers[0].image: Required value ; spec.containers[0].image: Required value |
      | init container image to empty | spec.initContainers = [{"name":"init","image":"i:1","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers = [{"name":"init","image":"","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"}] | spec.initContainers[0].image: Required value ; spec.initContainers[0].image: Required value |
      | two tolerations removed, one error | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"},{"key":"k2","operator":"Exists"}] | spec.tolerations = [] | spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds |
      | a toleration replaced by an invalid one | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] | spec.tolerations = [{"key":"k2","operator":"In"}] | spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists" ; spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds |
      | tolerationSeconds added to an existing toleration | spec.tolerations = [{"key":"k","operator":"Exists","effect":"NoExecute"}] | spec.tolerations = [{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":10}] |  |
      | toleration kept among others, reordered | spec.tolerations = [{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"},{"key":"k2","operator":"Exists"}] | spec.tolerations = [{"key":"k2","operator":"Exists"},{"key":"k3","operator":"Exists"},{"key":"k","operator":"Equal","value":"v","effect":"NoSchedule"}] |  |
      | terminationGracePeriodSeconds from 0 to 1 | spec.terminationGracePeriodSeconds = 0 | spec.terminationGracePeriodSeconds = 1 | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | image change with a nodeName change | spec.containers[0].image = "foo:V1" ; spec.nodeName = "node1" | spec.containers[0].image = "foo:V2" ; spec.nodeName = "node2" | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | scheduling gates all removed | spec.schedulingGates = [{"name":"a"},{"name":"b"}] | spec.schedulingGates = [] |  |
      | scheduling gates added to none | | spec.schedulingGates = [{"name":"a"}] | spec.schedulingGates[0].name: Forbidden: only deletion is allowed, but found new scheduling gate 'a' |
      | two scheduling gates added (the model lists them by name; upstream ranges over a map) | spec.schedulingGates = [{"name":"a"}] | spec.schedulingGates = [{"name":"a"},{"name":"z"},{"name":"c"}] | spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'c' ; spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'z' |
      | four scheduling gates added (by name in the model) | spec.schedulingGates = [{"name":"a"}] | spec.schedulingGates = [{"name":"a"},{"name":"q"},{"name":"d"},{"name":"z"},{"name":"b"}] | spec.schedulingGates[4].name: Forbidden: only deletion is allowed, but found new scheduling gate 'b' ; spec.schedulingGates[2].name: Forbidden: only deletion is allowed, but found new scheduling gate 'd' ; spec.schedulingGates[1].name: Forbidden: only deletion is allowed, but found new scheduling gate 'q' ; spec.schedulingGates[3].name: Forbidden: only deletion is allowed, but found new scheduling gate 'z' |
      | an empty list for a missing one (nil and empty slices are equal) |  | spec.volumes = [] ; spec.containers[0].command = [] ; spec.initContainers = [] |  |
      | a missing list for an empty one | spec.containers[0].args = [] | delete spec.containers[0].args |  |
      | a null field for a missing one |  | spec.hostname = null ; spec.containers[0].workingDir = null |  |
      | a field set to null | spec.hostname = "h" | spec.hostname = null | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | the same fields in another order | spec.containers[0] = {"name":"ctr","image":"image","imagePullPolicy":"IfNotPresent","terminationMessagePolicy":"File"} | spec.containers[0] = {"terminationMessagePolicy":"File","imagePullPolicy":"IfNotPresent","image":"image","name":"ctr"} |  |
      | a list element changed | spec.containers[0].command = ["a","b"] | spec.containers[0].command = ["a","c"] | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | a list grown | spec.containers[0].command = ["a"] | spec.containers[0].command = ["a","b"] | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | a list emptied | spec.containers[0].command = ["a"] | spec.containers[0].command = [] | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | a field added to a container |  | spec.containers[0].workingDir = "/w" | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | a defaulted field left out (the stored default stands, as decoding would default it) |  | delete spec.restartPolicy ; delete spec.dnsPolicy |  |
      | addition to nodeSelector is allowed for gated pods | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector = {"foo":"bar","baz":"qux"} |  |
      | addition to nodeSelector is allowed while the last gate is removed | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar"} | spec.schedulingGates = [] ; spec.nodeSelector = {"foo":"bar","baz":"qux"} |  |
      | a nodeSelector set on a gated pod that had none | spec.schedulingGates = [{"name":"baz"}] | spec.nodeSelector = {"foo":"bar"} |  |
      | deletion from nodeSelector is not allowed for gated pods | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar","baz":"qux"} | spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector: Invalid value: map[string]string{"foo":"bar"}: only additions to spec.nodeSelector are allowed (no mutations or deletions) |
      | nodeSelector emptied on a gated pod | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector = {} | spec.nodeSelector: Invalid value: map[string]string{}: only additions to spec.nodeSelector are allowed (no mutations or deletions) |
      | two entries removed from a gated pod's nodeSelector, one error | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar","baz":"qux"} | spec.nodeSelector = {} | spec.nodeSelector: Invalid value: map[string]string{}: only additions to spec.nodeSelector are allowed (no mutations or deletions) |
      | modification to nodeSelector is not allowed for gated pods | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector = {"foo":"baz","a":"b"} | spec.nodeSelector: Invalid value: map[string]string{"a":"b", "foo":"baz"}: only additions to spec.nodeSelector are allowed (no mutations or deletions) |
      | a nodeSelector change on a gated pod with another change | spec.schedulingGates = [{"name":"baz"}] ; spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector = {"foo":"baz"} ; spec.restartPolicy = "Never" | spec.nodeSelector: Invalid value: map[string]string{"foo":"baz"}: only additions to spec.nodeSelector are allowed (no mutations or deletions) ; spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |
      | addition to nodeSelector is not allowed for non-gated pods | spec.nodeSelector = {"foo":"bar"} | spec.nodeSelector = {"foo":"bar","baz":"qux"} | spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative) |

  @AP17
  Scenario: Deployments: selector, template, strategy and counts (TestValidateDeployment)
    Then each change to a valid Deployment is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid Deployment |  |  |
      | negative replicas | spec.replicas = -1 | spec.replicas: Invalid value: -1: must be greater than or equal to 0 |
      | no selector | delete spec.selector | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | empty selector | spec.selector = {} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment |
      | selector does not match the template | spec.selector = {"matchLabels":{"a":"c"}} | spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | selector by expression | spec.selector = {"matchExpressions":[{"key":"a","operator":"In","values":["b"]}]} |  |
      | invalid selector operator | spec.selector = {"matchExpressions":[{"key":"a","operator":"Foo","values":["b"]}]} | spec.selector.matchExpressions[0].operator: Invalid value: "Foo": not a valid selector operator ; spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{v1.LabelSelectorRequirement{Key:"a", Operator:"Foo", Values:[]string{"b"}}}}: invalid label selector |
      | template restartPolicy OnFailure | spec.template.spec.restartPolicy = "OnFailure" | spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always" |
      | template activeDeadlineSeconds | spec.template.spec.activeDeadlineSeconds = 30 | spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported |
      | Recreate | spec.strategy = {"type":"Recreate"} |  |
      | Recreate with rollingUpdate | spec.strategy = {"type":"Recreate","rollingUpdate":{"maxSurge":1}} | spec.strategy.rollingUpdate: Forbidden: may not be specified when strategy `type` is 'Recreate' |
      | unknown strategy type | spec.strategy = {"type":"Blue"} | spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"Blue", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate" |
      | RollingUpdate without rollingUpdate | spec.strategy = {"type":"RollingUpdate"} | spec.strategy.rollingUpdate: Required value: this should be defaulted and never be nil |
      | maxSurge and maxUnavailable both 0 | spec.strategy.rollingUpdate = {"maxSurge":0,"maxUnavailable":0} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0 |
      | maxSurge 0% and maxUnavailable 0 | spec.strategy.rollingUpdate = {"maxSurge":"0%","maxUnavailable":0} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0 |
      | maxSurge 20% and maxUnavailable 0% | spec.strategy.rollingUpdate = {"maxSurge":"20%","maxUnavailable":"0%"} |  |
      | maxUnavailable over 100% | spec.strategy.rollingUpdate = {"maxSurge":1,"maxUnavailable":"110%"} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100% |
      | maxSurge over 100% | spec.strategy.rollingUpdate = {"maxSurge":"110%","maxUnavailable":1} |  |
      | negative maxSurge | spec.strategy.rollingUpdate = {"maxSurge":-1,"maxUnavailable":1} | spec.strategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0 |
      | negative maxUnavailable | spec.strategy.rollingUpdate = {"maxSurge":1,"maxUnavailable":-1} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0 |
      | maxSurge a number as a string | spec.strategy.rollingUpdate = {"maxSurge":"20","maxUnavailable":0} | spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"20"}: a valid percent string must be a numeric string followed by an ending '%'… |
      | maxUnavailable not a percent | spec.strategy.rollingUpdate = {"maxSurge":0,"maxUnavailable":"abc%"} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"abc%"}: a valid percent string must be a numeric string followed by an ending '%'… ; spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"abc%"}: may not be 0 when `maxSurge` is 0 |
      | maxUnavailable 100% | spec.strategy.rollingUpdate = {"maxSurge":1,"maxUnavailable":"100%"} |  |
      | negative minReadySeconds | spec.minReadySeconds = -1 | spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative revisionHistoryLimit | spec.revisionHistoryLimit = -2 | spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0 |
      | negative progressDeadlineSeconds | spec.progressDeadlineSeconds = -1 | spec.progressDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0 ; spec.progressDeadlineSeconds: Invalid value: -1: must be greater than minReadySeconds |
      | progressDeadlineSeconds 0 | spec.progressDeadlineSeconds = 0 | spec.progressDeadlineSeconds: Invalid value: 0: must be greater than minReadySeconds |
      | progressDeadlineSeconds equal to minReadySeconds | spec.progressDeadlineSeconds = 10 ; spec.minReadySeconds = 10 | spec.progressDeadlineSeconds: Invalid value: 10: must be greater than minReadySeconds |
      | progressDeadlineSeconds past minReadySeconds | spec.progressDeadlineSeconds = 11 ; spec.minReadySeconds = 10 |  |
      | no progressDeadlineSeconds | delete spec.progressDeadlineSeconds ; spec.minReadySeconds = 10 |  |
      | bad template label key | spec.template.metadata.labels = {"a":"b","Bad Key":"v"} | spec.template.metadata.labels: Invalid value: "Bad Key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | bad template annotation key | spec.template.metadata.annotations = {"bad/key/x":"v"} | spec.template.metadata.annotations: Invalid value: "bad/key/x": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | template container without an image | spec.template.spec.containers[0].image = "" | spec.template.spec.containers[0].image: Required value |
      | template activeDeadlineSeconds null | spec.template.spec.activeDeadlineSeconds = null |  |
      | an empty rolling update | spec.strategy.rollingUpdate = {} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:0, IntVal:0, StrVal:""}: may not be 0 when `maxSurge` is 0 |
      | a null rolling update | spec.strategy.rollingUpdate = null | spec.strategy.rollingUpdate: Required value: this should be defaulted and never be nil |
      | no strategy type | spec.strategy = {} | spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate" |
      | a template without labels | delete spec.template.metadata.labels | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` |
      | maxSurge 0 and maxUnavailable 0% | spec.strategy.rollingUpdate = {"maxSurge":0,"maxUnavailable":"0%"} | spec.strategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"0%"}: may not be 0 when `maxSurge` is 0 |
      | maxUnavailable 1% | spec.strategy.rollingUpdate = {"maxSurge":0,"maxUnavailable":"1%"} |  |
      | a null selector | spec.selector = null | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | labels and expressions together | spec.selector = {"matchLabels":{"a":"b"},"matchExpressions":[{"key":"a","operator":"Exists"}]} |  |
      | no template | delete spec.template | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` ; spec.template.spec.containers: Required value ; spec.template.spec.restartPolicy: Required value ; spec.template.spec.dnsPolicy: Required value ; spec.template.spec.restartPolicy: Unsupported value: "": supported values: "Always" |
      | a template without metadata | delete spec.template.metadata | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` |
      | a template without spec | delete spec.template.spec | spec.template.spec.containers: Required value ; spec.template.spec.restartPolicy: Required value ; spec.template.spec.dnsPolicy: Required value ; spec.template.spec.restartPolicy: Unsupported value: "": supported values: "Always" |
      | template labels null | spec.template.metadata.labels = null | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` |
      | no template restartPolicy | delete spec.template.spec.restartPolicy | spec.template.spec.restartPolicy: Required value ; spec.template.spec.restartPolicy: Unsupported value: "": supported values: "Always" |
      | maxUnavailable 150 as a number | spec.strategy.rollingUpdate = {"maxSurge":0,"maxUnavailable":150} |  |
      | maxSurge 200 as a string | spec.strategy.rollingUpdate = {"maxSurge":"200","maxUnavailable":1} | spec.strategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"200"}: a valid percent string must be a numeric string followed by an ending '%'… |
      | no strategy | delete spec.strategy | spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate" |
      | Recreate with a null rolling update | spec.strategy = {"type":"Recreate","rollingUpdate":null} |  |
      | progressDeadlineSeconds null | spec.progressDeadlineSeconds = null |  |
      | a null spec | spec = null | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` ; spec.template.spec.containers: Required value ; spec.template.spec.restartPolicy: Required value ; spec.template.spec.dnsPolicy: Required value ; spec.template.spec.restartPolicy: Unsupported value: "": supported values: "Always" ; spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate" |

  @AP17
  Scenario: ReplicaSets: selector, template and counts (TestValidateReplicaSet)
    Then each change to a valid ReplicaSet is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid ReplicaSet |  |  |
      | negative replicas | spec.replicas = -1 | spec.replicas: Invalid value: -1: must be greater than or equal to 0 |
      | negative minReadySeconds | spec.minReadySeconds = -1 | spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0 |
      | no selector | delete spec.selector | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | empty selector | spec.selector = {} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for deployment |
      | selector does not match the template | spec.selector = {"matchLabels":{"a":"c"}} | spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | template restartPolicy Never | spec.template.spec.restartPolicy = "Never" | spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always" |
      | template activeDeadlineSeconds | spec.template.spec.activeDeadlineSeconds = 30 | spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ReplicaSet is not Supported |
      | replicas left out | delete spec.replicas |  |

  @AP17
  Scenario: DaemonSets: selector, template and update strategy (TestValidateDaemonSet)
    Then each change to a valid DaemonSet is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid DaemonSet |  |  |
      | no selector | delete spec.selector | spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | empty selector | spec.selector = {} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset |
      | selector does not match the template | spec.selector = {"matchLabels":{"a":"c"}} | spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | invalid selector operator | spec.selector = {"matchExpressions":[{"key":"a","operator":"Foo","values":["b"]}]} | spec.selector.matchExpressions[0].operator: Invalid value: "Foo": not a valid selector operator |
      | template restartPolicy OnFailure | spec.template.spec.restartPolicy = "OnFailure" | spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always" |
      | template activeDeadlineSeconds | spec.template.spec.activeDeadlineSeconds = 30 | spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported |
      | negative minReadySeconds | spec.minReadySeconds = -1 | spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative templateGeneration | spec.templateGeneration = -1 | spec.templateGeneration: Invalid value: -1: must be greater than or equal to 0 |
      | negative revisionHistoryLimit | spec.revisionHistoryLimit = -1 | spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0 |
      | OnDelete | spec.updateStrategy = {"type":"OnDelete"} |  |
      | unknown update strategy | spec.updateStrategy = {"type":"Invalid"} | spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Invalid", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete" |
      | RollingUpdate without rollingUpdate | spec.updateStrategy = {"type":"RollingUpdate"} | spec.updateStrategy.rollingUpdate: Required value |
      | maxUnavailable and maxSurge both 0 | spec.updateStrategy.rollingUpdate = {"maxUnavailable":0,"maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0 |
      | maxUnavailable and maxSurge both set | spec.updateStrategy.rollingUpdate = {"maxUnavailable":1,"maxSurge":1} | spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero |
      | surge only | spec.updateStrategy.rollingUpdate = {"maxUnavailable":0,"maxSurge":"10%"} |  |
      | maxUnavailable 0% and maxSurge 0 | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"0%","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0 |
      | maxUnavailable over 100% | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"110%","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100% |
      | maxSurge over 100% | spec.updateStrategy.rollingUpdate = {"maxUnavailable":0,"maxSurge":"110%"} | spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100% |
      | negative maxUnavailable | spec.updateStrategy.rollingUpdate = {"maxUnavailable":-1,"maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: -1: must be greater than or equal to 0 |
      | negative maxSurge | spec.updateStrategy.rollingUpdate = {"maxUnavailable":0,"maxSurge":-1} | spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: -1: must be greater than or equal to 0 |
      | maxUnavailable a number as a string | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"1","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"1"}: a valid percent string must be a numeric string followed by an ending '%'… |
      | maxUnavailable 100% | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"100%","maxSurge":0} |  |
      | an empty rolling update | spec.updateStrategy.rollingUpdate = {} | spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0 |
      | a template without labels | delete spec.template.metadata.labels | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` |
      | no update strategy type | spec.updateStrategy = {} | spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete" |
      | maxSurge 100% | spec.updateStrategy.rollingUpdate = {"maxUnavailable":0,"maxSurge":"100%"} |  |
      | a selector by expression | spec.selector = {"matchExpressions":[{"key":"a","operator":"Exists"}]} |  |
      | labels and expressions together | spec.selector = {"matchLabels":{"a":"b"},"matchExpressions":[{"key":"a","operator":"Exists"}]} |  |
      | no update strategy | delete spec.updateStrategy | spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete" |
      | maxUnavailable a1 | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"a1","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"a1"}: a valid percent string must be a numeric string followed by an ending '%'… ; spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0 |
      | maxUnavailable 1a | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"1a","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"1a"}: a valid percent string must be a numeric string followed by an ending '%'… ; spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0 |
      | maxUnavailable +1 | spec.updateStrategy.rollingUpdate = {"maxUnavailable":"+1","maxSurge":0} | spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"+1"}: a valid percent string must be a numeric string followed by an ending '%'… |

  @AP17
  Scenario: The selector of a Deployment or a DaemonSet never changes (TestValidateDeploymentUpdate, TestValidateDaemonSetUpdate)
    Then each update of a valid Deployment is judged as upstream's validation tests say:
      | case | old | new | errors |
      | selector changed |  | spec.selector = {"matchLabels":{"a":"b","c":"d"}} ; spec.template.metadata.labels = {"a":"b","c":"d"} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b", "c":"d"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable |
      | replicas and template changed |  | spec.replicas = 5 ; spec.template.spec.containers[0].image = "v2" |  |
      | spec made null |  | spec = null | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` ; spec.template.spec.containers: Required value ; spec.template.spec.restartPolicy: Required value ; spec.template.spec.dnsPolicy: Required value ; spec.template.spec.restartPolicy: Unsupported value: "": supported values: "Always" ; spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate" ; spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable |
    And each update of a valid DaemonSet is judged as upstream's validation tests say:
      | case | old | new | errors |
      | selector changed |  | spec.selector = {"matchLabels":{"a":"b","c":"d"}} ; spec.template.metadata.labels = {"a":"b","c":"d"} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b", "c":"d"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable |
      | template changed |  | spec.template.spec.containers[0].image = "v2" |  |

  @AP18
  Scenario: StatefulSets: pod management, update strategy, retention, selector and template (TestValidateStatefulSet)
    Then each change to a valid StatefulSet is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid StatefulSet |  |  |
      | Parallel | spec.podManagementPolicy = "Parallel" |  |
      | OnDelete | spec.updateStrategy = {"type":"OnDelete"} |  |
      | no podManagementPolicy | spec.podManagementPolicy = "" | spec.podManagementPolicy: Required value |
      | bad podManagementPolicy | spec.podManagementPolicy = "foo" | spec.podManagementPolicy: Invalid value: "foo": must be 'OrderedReady' or 'Parallel' |
      | no update strategy | spec.updateStrategy = {} | spec.updateStrategy: Required value |
      | bad update strategy | spec.updateStrategy = {"type":"foo"} | spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"foo", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete' |
      | OnDelete with rollingUpdate | spec.updateStrategy = {"type":"OnDelete","rollingUpdate":{}} | spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:(*int32)(nil), MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate' |
      | negative partition | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{"partition":-1}} | spec.updateStrategy.rollingUpdate.partition: Invalid value: -1: must be greater than or equal to 0 |
      | retention policies | spec.persistentVolumeClaimRetentionPolicy = {"whenDeleted":"Delete","whenScaled":"Retain"} |  |
      | bad whenDeleted | spec.persistentVolumeClaimRetentionPolicy = {"whenDeleted":"Keep","whenScaled":"Retain"} | spec.persistentVolumeClaimRetentionPolicy.whenDeleted: Unsupported value: "Keep": supported values: "Retain", "Delete" |
      | missing whenScaled | spec.persistentVolumeClaimRetentionPolicy = {"whenDeleted":"Retain"} | spec.persistentVolumeClaimRetentionPolicy.whenScaled: Unsupported value: "": supported values: "Retain", "Delete" |
      | negative replicas | spec.replicas = -1 | spec.replicas: Invalid value: -1: must be greater than or equal to 0 |
      | negative minReadySeconds | spec.minReadySeconds = -1 | spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative ordinals start | spec.ordinals = {"start":-1} | spec.ordinals.start: Invalid value: -1: must be greater than or equal to 0 |
      | no selector | delete spec.selector | spec.selector: Required value ; spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | empty selector | spec.selector = {} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for statefulset |
      | selector does not match the template | spec.selector = {"matchLabels":{"a":"c"}} | spec.template.metadata.labels: Invalid value: map[string]string{"a":"b"}: `selector` does not match template `labels` |
      | bad template label | spec.template.metadata.labels = {"a":"b","b c":"d"} | spec.template.labels: Invalid value: "b c": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | template restartPolicy Never | spec.template.spec.restartPolicy = "Never" | spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always" |
      | template activeDeadlineSeconds | spec.template.spec.activeDeadlineSeconds = 10 | spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported |
      | a bad update strategy with a rolling update | spec.updateStrategy = {"type":"foo","rollingUpdate":{"partition":1}} | spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"foo", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(0xc…)}: must be 'RollingUpdate' or 'OnDelete' |
      | OnDelete with a partition | spec.updateStrategy = {"type":"OnDelete","rollingUpdate":{"partition":1}} | spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:(*int32)(0xc…), MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate' |
      | RollingUpdate without a rolling update | spec.updateStrategy = {"type":"RollingUpdate"} |  |
      | a zero partition | spec.updateStrategy = {"type":"RollingUpdate","rollingUpdate":{"partition":0}} |  |
      | a selector of expressions only | spec.selector = {"matchExpressions":[{"key":"a","operator":"In","values":["b"]}]} |  |
      | a bad template annotation | spec.template.metadata.annotations = {"b c":"d"} | spec.template.annotations: Invalid value: "b c": name part must consist of alphanumeric characters… |
      | a template without labels | delete spec.template.metadata.labels | spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels` |

  @AP18
  Scenario: A StatefulSet update changes only replicas, ordinals, template, strategies and minReadySeconds (TestValidateStatefulSetUpdate)
    Then each update of a valid StatefulSet is judged as upstream's validation tests say:
      | case | old | new | errors |
      | replicas, template, strategy and retention changed |  | spec.replicas = 3 ; spec.template.spec.containers[0].image = "v2" ; spec.updateStrategy = {"type":"OnDelete"} ; spec.persistentVolumeClaimRetentionPolicy = {"whenDeleted":"Delete","whenScaled":"Delete"} ; spec.minReadySeconds = 5 ; spec.ordinals = {"start":2} |  |
      | podManagementPolicy changed |  | spec.podManagementPolicy = "Parallel" | spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden |
      | serviceName changed | spec.serviceName = "a" | spec.serviceName = "b" | spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden |
      | ordinals and minReadySeconds changed |  | spec.ordinals = {"start":2} ; spec.minReadySeconds = 10 |  |
      | the selector changed |  | spec.selector = {"matchLabels":{"a":"b","c":"d"}} ; spec.template.metadata.labels = {"a":"b","c":"d"} | spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden |
      | a claim template added |  | spec.volumeClaimTemplates = [{"metadata":{"name":"data"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}] | spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden |
      | revisionHistoryLimit changed |  | spec.revisionHistoryLimit = 3 | spec: Forbidden: updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden |

  @AP18
  Scenario: Jobs: counts, completion mode, restart policy and the generated selector (TestValidateJob)
    Then each change to a valid Job is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid Job |  |  |
      | negative parallelism | spec.parallelism = -1 | spec.parallelism: Invalid value: -1: must be greater than or equal to 0 |
      | negative completions | spec.completions = -1 | spec.completions: Invalid value: -1: must be greater than or equal to 0 |
      | negative activeDeadlineSeconds | spec.activeDeadlineSeconds = -1 | spec.activeDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative backoffLimit | spec.backoffLimit = -1 | spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0 |
      | negative ttlSecondsAfterFinished | spec.ttlSecondsAfterFinished = -1 | spec.ttlSecondsAfterFinished: Invalid value: -1: must be greater than or equal to 0 |
      | unknown completionMode | spec.completionMode = "Foo" | spec.completionMode: Unsupported value: "Foo": supported values: "NonIndexed", "Indexed" |
      | Indexed without completions | spec.completionMode = "Indexed" ; delete spec.completions | spec.completions: Required value: when completion mode is Indexed |
      | unknown podReplacementPolicy | spec.podReplacementPolicy = "Sometimes" | spec.podReplacementPolicy: Unsupported value: "Sometimes": supported values: "Failed", "TerminatingOrFailed" |
      | template restartPolicy Always | spec.template.spec.restartPolicy = "Always" | spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never" |
      | restartPolicy Never | spec.template.spec.restartPolicy = "Never" |  |
      | no selector | delete spec.selector | spec.selector: Required value |
      | selector does not match the template | spec.selector = {"matchLabels":{"a":"b"}} ; spec.manualSelector = true | spec.template.metadata.labels: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"myjob", "controller-uid":"1a2b3c", "job-name":"myjob"}: `selector` does not match template `labels` |
      | manual selector matching the template | spec.selector = {"matchLabels":{"job-name":"myjob"}} ; spec.manualSelector = true |  |
      | generated selector without the uid label | delete spec.template.metadata.labels.controller-uid | spec.template.metadata.labels[controller-uid]: Required value: 1a2b3c |
      | generated selector with the wrong job name | spec.template.metadata.labels = {"batch.kubernetes.io/controller-uid":"1a2b3c","controller-uid":"1a2b3c","batch.kubernetes.io/job-name":"other","job-name":"other"} | spec.template.metadata.labels[job-name]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"other", "controller-uid":"1a2b3c", "job-name":"other"}: must be 'myjob' ; spec.template.metadata.labels[batch.kubernetes.io/job-name]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"other", "controller-uid":"1a2b3c", "job-name":"other"}: must be 'myjob' |
      | generated selector without its labels | spec.template.metadata.labels = {"app":"x"} | spec.template.metadata.labels[controller-uid]: Required value: 1a2b3c ; spec.template.metadata.labels[job-name]: Required value: myjob ; spec.template.metadata.labels[batch.kubernetes.io/controller-uid]: Required value: 1a2b3c ; spec.template.metadata.labels[batch.kubernetes.io/job-name]: Required value: myjob ; spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels` |
      | a selector that was not generated | spec.selector = {"matchLabels":{"batch.kubernetes.io/controller-uid":"other"}} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"batch.kubernetes.io/controller-uid":"other"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated ; spec.template.metadata.labels: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"myjob", "controller-uid":"1a2b3c", "job-name":"myjob"}: `selector` does not match template `labels` |
      | a Job without a uid | delete metadata.uid | metadata.uid: Required value ; spec.template.metadata.labels[controller-uid]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"myjob", "controller-uid":"1a2b3c", "job-name":"myjob"}: must be '' ; spec.template.metadata.labels[batch.kubernetes.io/controller-uid]: Invalid value: map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c", "batch.kubernetes.io/job-name":"myjob", "controller-uid":"1a2b3c", "job-name":"myjob"}: must be '' ; spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"batch.kubernetes.io/controller-uid":"1a2b3c"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` not auto-generated |
      | Indexed with completions | spec.completionMode = "Indexed" ; spec.completions = 3 |  |
      | NonIndexed | spec.completionMode = "NonIndexed" |  |
      | podReplacementPolicy Failed | spec.podReplacementPolicy = "Failed" |  |
      | podReplacementPolicy TerminatingOrFailed | spec.podReplacementPolicy = "TerminatingOrFailed" |  |
      | zero counts | spec.parallelism = 0 ; spec.completions = 0 ; spec.backoffLimit = 0 ; spec.ttlSecondsAfterFinished = 0 |  |

  @AP18
  Scenario: A Job's completions, selector, template and completion mode never change (TestValidateJobUpdate)
    Then each update of a valid Job is judged as upstream's validation tests say:
      | case | old | new | errors |
      | completions changed |  | spec.completions = 2 | spec.completions: Invalid value: 2: field is immutable |
      | parallelism changed |  | spec.parallelism = 3 |  |
      | completions removed |  | delete spec.completions | spec.completions: Invalid value: "null": field is immutable |
      | an Indexed Job scaled in tandem | spec.completionMode = "Indexed" ; spec.completions = 2 ; spec.parallelism = 2 | spec.completionMode = "Indexed" ; spec.completions = 4 ; spec.parallelism = 4 |  |
      | an Indexed Job's completions alone | spec.completionMode = "Indexed" ; spec.completions = 2 ; spec.parallelism = 2 | spec.completionMode = "Indexed" ; spec.completions = 4 ; spec.parallelism = 2 | spec.completions: Invalid value: 4: can only be modified in tandem with spec.parallelism |
      | an Indexed Job's parallelism alone | spec.completionMode = "Indexed" ; spec.completions = 2 ; spec.parallelism = 2 | spec.completionMode = "Indexed" ; spec.completions = 2 ; spec.parallelism = 1 |  |
      | an Indexed Job's completions removed | spec.completionMode = "Indexed" ; spec.completions = 2 ; spec.parallelism = 2 | spec.completionMode = "Indexed" ; delete spec.completions | spec.completions: Required value: when completion mode is Indexed |
      | completionMode changed |  | spec.completionMode = "Indexed" | spec.completionMode: Invalid value: "Indexed": field is immutable |
      | selector changed | spec.manualSelector = true | spec.manualSelector = true ; spec.selector = {"matchLabels":{"job-name":"myjob"}} | spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"job-name":"myjob"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable |
      | template changed |  | spec.template.spec.containers[0].image = "v2" | spec.template: Invalid value: core.PodTemplateSpec{… |

  @AP18
  Scenario: CronJobs: schedule, time zone, concurrency policy, job template and limits (TestValidateCronJob, TestValidateCronJobSpec, TestValidateCronJobScheduleTZ)
    Then each change to a valid CronJob is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid CronJob |  |  |
      | a descriptor | spec.schedule = "@hourly" |  |
      | every minute | spec.schedule = "@every 1m" |  |
      | an empty schedule | spec.schedule = "" | spec.schedule: Required value |
      | a schedule of four fields | spec.schedule = "* * * *" | spec.schedule: Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *] |
      | a schedule of six fields | spec.schedule = "* * * * * *" | spec.schedule: Invalid value: "* * * * * *": expected exactly 5 fields, found 6: [* * * * * *] |
      | an out-of-range minute | spec.schedule = "60 * * * *" | spec.schedule: Invalid value: "60 * * * *": end of range (60) above maximum (59): 60 |
      | a bad descriptor | spec.schedule = "@yearlyy" | spec.schedule: Invalid value: "@yearlyy": unrecognized descriptor: @yearlyy |
      | TZ in the schedule | spec.schedule = "TZ=UTC 0 * * * *" | spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead |
      | CRON_TZ in the schedule | spec.schedule = "CRON_TZ=UTC 0 * * * *" | spec.schedule: Invalid value: "CRON_TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead |
      | a negative starting deadline | spec.startingDeadlineSeconds = -1 | spec.startingDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0 |
      | a zero starting deadline | spec.startingDeadlineSeconds = 0 |  |
      | no concurrency policy | delete spec.concurrencyPolicy | spec.concurrencyPolicy: Required value |
      | an unknown concurrency policy | spec.concurrencyPolicy = "Sometimes" | spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace" |
      | Forbid | spec.concurrencyPolicy = "Forbid" |  |
      | Replace | spec.concurrencyPolicy = "Replace" |  |
      | negative successful history | spec.successfulJobsHistoryLimit = -1 | spec.successfulJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0 |
      | negative failed history | spec.failedJobsHistoryLimit = -1 | spec.failedJobsHistoryLimit: Invalid value: -1: must be greater than or equal to 0 |
      | zero histories | spec.successfulJobsHistoryLimit = 0 ; spec.failedJobsHistoryLimit = 0 |  |
      | negative parallelism | spec.jobTemplate.spec.parallelism = -1 | spec.jobTemplate.spec.parallelism: Invalid value: -1: must be greater than or equal to 0 |
      | negative completions | spec.jobTemplate.spec.completions = -1 | spec.jobTemplate.spec.completions: Invalid value: -1: must be greater than or equal to 0 |
      | negative active deadline | spec.jobTemplate.spec.activeDeadlineSeconds = -1 | spec.jobTemplate.spec.activeDeadlineSeconds: Invalid value: -1: must be greater than or equal to 0 |
      | negative ttl | spec.jobTemplate.spec.ttlSecondsAfterFinished = -1 | spec.jobTemplate.spec.ttlSecondsAfterFinished: Invalid value: -1: must be greater than or equal to 0 |
      | a selector | spec.jobTemplate.spec.selector = {"matchLabels":{"a":"b"}} | spec.jobTemplate.spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"a":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: `selector` will be auto-generated |
      | manualSelector | spec.jobTemplate.spec.manualSelector = true | spec.jobTemplate.spec.manualSelector: Unsupported value: true: supported values: "nil", "false" |
      | manualSelector false | spec.jobTemplate.spec.manualSelector = false |  |
      | restartPolicy Always | spec.jobTemplate.spec.template.spec.restartPolicy = "Always" | spec.jobTemplate.spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never" |
      | a name of 52 | metadata.name = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" |  |
      | a name of 53 | metadata.name = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" | metadata.name: Invalid value: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa": must be no more than 52 characters |
      | a time zone | spec.timeZone = "America/New_York" |  |
      | UTC | spec.timeZone = "UTC" |  |
      | Etc/GMT+5 | spec.timeZone = "Etc/GMT+5" |  |
      | an empty time zone | spec.timeZone = "" | spec.timeZone: Invalid value: "": timeZone must be nil or non-empty string |
      | a leading space | spec.timeZone = " UTC" | spec.timeZone: Invalid value: " UTC": unknown time zone  UTC |
      | Local | spec.timeZone = "Local" | spec.timeZone: Invalid value: "Local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones |
      | local | spec.timeZone = "local" | spec.timeZone: Invalid value: "local": timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones ; spec.timeZone: Invalid value: "local": unknown time zone local |
      | an unknown zone | spec.timeZone = "Continent/Zone" | spec.timeZone: Invalid value: "Continent/Zone": unknown time zone Continent/Zone |
      | a relative path | spec.timeZone = "../etc/passwd" | spec.timeZone: Invalid value: "../etc/passwd": unknown time zone ../etc/passwd |
      | a dot part | spec.timeZone = "America/./New_York" | spec.timeZone: Invalid value: "America/./New_York": unknown time zone America/./New_York |
      | a leading dash | spec.timeZone = "-America/New_York" | spec.timeZone: Invalid value: "-America/New_York": unknown time zone -America/New_York |
      | a part over 14 | spec.timeZone = "America/New_York_Cityyy" | spec.timeZone: Invalid value: "America/New_York_Cityyy": unknown time zone America/New_York_Cityyy |
      | a bad character | spec.timeZone = "America/New York" | spec.timeZone: Invalid value: "America/New York": unknown time zone America/New York |

  @AP18
  Scenario: A CronJob update may keep a TZ schedule it was created with, and revalidates a changed time zone only (TestValidateCronJobUpdate)
    Then each update of a valid CronJob is judged as upstream's validation tests say:
      | case | old | new | errors |
      | TZ kept in a schedule created with it | spec.schedule = "TZ=UTC 0 * * * *" | spec.schedule = "TZ=UTC 0 * * * *" |  |
      | another TZ schedule after one | spec.schedule = "TZ=UTC 0 * * * *" | spec.schedule = "CRON_TZ=UTC 5 * * * *" |  |
      | TZ and a time zone | spec.schedule = "TZ=UTC 0 * * * *" | spec.schedule = "TZ=UTC 0 * * * *" ; spec.timeZone = "UTC" | spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use both timeZone field and TZ or CRON_TZ in schedule |
      | TZ added on update |  | spec.schedule = "TZ=UTC 0 * * * *" | spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead |
      | an unknown time zone kept | spec.timeZone = "Continent/Zone" | spec.timeZone = "Continent/Zone" |  |
      | an unknown time zone set | spec.timeZone = "UTC" | spec.timeZone = "Continent/Zone" | spec.timeZone: Invalid value: "Continent/Zone": unknown time zone Continent/Zone |
      | a long name on update | metadata.name = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" | metadata.name = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" |  |

  @AP18
  Scenario: Namespaces: a DNS label name and finalizers that are standard or qualified (TestValidateNamespace, TestValidateNamespaceFinalizeUpdate)
    Then each change to a valid Namespace is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid Namespace |  |  |
      | standard and qualified finalizers | spec.finalizers = ["kubernetes","orphan","foregroundDeletion","example.com/foo"] |  |
      | no finalizers | spec.finalizers = [] |  |
      | a finalizer without a domain | spec.finalizers = ["foo"] | spec.finalizers: Invalid value: "foo": name is neither a standard finalizer name nor is it fully qualified |
      | a finalizer that is no qualified name | spec.finalizers = ["example.com/a b"] | spec.finalizers: Invalid value: "example.com/a b": name part must consist of alphanumeric characters… |
      | a finalizer that is neither | spec.finalizers = ["a b"] | spec.finalizers: Invalid value: "a b": name part must consist of alphanumeric characters… ; spec.finalizers: Invalid value: "a b": name is neither a standard finalizer name nor is it fully qualified |
      | a name with dots | metadata.name = "a.b" | metadata.name: Invalid value: "a.b": must not contain dots |
      | a name that is no DNS label | metadata.name = "A_B" | metadata.name: Invalid value: "A_B": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character… |
      | a namespace on a Namespace | metadata.namespace = "ns" | metadata.namespace: Forbidden: not allowed on this type |

  @AP18
  Scenario: Services: type, ports, selector, cluster IPs and policies (TestValidateServiceCreate)
    Then each change to a valid Service is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid Service |  |  |
      | missing type | delete spec.type | spec.type: Unsupported value: "": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort" |
      | unknown type | spec.type = "Balanced" | spec.type: Unsupported value: "Balanced": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort" |
      | no ports | spec.ports = [] | spec.ports: Required value |
      | headless without ports | spec.clusterIP = "None" ; spec.clusterIPs = ["None"] ; spec.ports = [] |  |
      | ExternalName without ports | spec.type = "ExternalName" ; spec.externalName = "foo.bar.example.com." ; spec.ports = [] |  |
      | ExternalName without externalName | spec.type = "ExternalName" ; spec.ports = [] | spec.externalName: Required value |
      | ExternalName not a DNS name | spec.type = "ExternalName" ; spec.externalName = "-123.bar" ; spec.ports = [] | spec.externalName: Invalid value: "-123.bar": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | two ports, one without a name | spec.ports = [{"name":"a","port":80,"targetPort":80,"protocol":"TCP"},{"port":81,"targetPort":81,"protocol":"TCP"}] | spec.ports[1].name: Required value |
      | port name not a DNS label | spec.ports[0].name = "INVALID" | spec.ports[0].name: Invalid value: "INVALID": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character… |
      | duplicate port names | spec.ports = [{"name":"a","port":80,"targetPort":80,"protocol":"TCP"},{"name":"a","port":81,"targetPort":81,"protocol":"TCP"}] | spec.ports[1].name: Duplicate value: "a" |
      | port 0 | spec.ports[0].port = 0 | spec.ports[0].port: Invalid value: 0: must be between 1 and 65535, inclusive |
      | port 65536 | spec.ports[0].port = 65536 | spec.ports[0].port: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | no protocol | delete spec.ports[0].protocol | spec.ports[0].protocol: Required value |
      | bad protocol | spec.ports[0].protocol = "INVALID" | spec.ports[0].protocol: Unsupported value: "INVALID": supported values: "SCTP", "TCP", "UDP" |
      | targetPort 0 | spec.ports[0].targetPort = 0 | spec.ports[0].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive |
      | targetPort 65536 | spec.ports[0].targetPort = 65536 | spec.ports[0].targetPort: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | targetPort by name | spec.ports[0].targetPort = "http" |  |
      | bad targetPort name | spec.ports[0].targetPort = "@" | spec.ports[0].targetPort: Invalid value: "@": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-) ; spec.ports[0].targetPort: Invalid value: "@": must contain at least one letter (a-z) |
      | nodePort on a ClusterIP Service | spec.ports[0].nodePort = 30001 | spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP' |
      | nodePort on a NodePort Service | spec.type = "NodePort" ; spec.ports[0].nodePort = 30001 |  |
      | nodePort 65535 on a NodePort Service | spec.type = "NodePort" ; spec.ports[0].nodePort = 65535 |  |
      | nodePort 65536 on a NodePort Service | spec.type = "NodePort" ; spec.ports[0].nodePort = 65536 | spec.ports[0].nodePort: Invalid value: 65536: must be between 1 and 65535, inclusive |
      | a negative nodePort | spec.type = "NodePort" ; spec.ports[0].nodePort = -1 | spec.ports[0].nodePort: Invalid value: -1: must be between 1 and 65535, inclusive |
      | nodePort 0 asks for one | spec.type = "NodePort" ; spec.ports[0].nodePort = 0 |  |
      | nodePort 0 on a ClusterIP Service | spec.ports[0].nodePort = 0 |  |
      | a duplicate nodePort | spec.type = "NodePort" ; spec.ports = [{"name":"a","port":80,"targetPort":80,"protocol":"TCP","nodePort":30001},{"name":"b","port":81,"targetPort":81,"protocol":"TCP","nodePort":30001}] | spec.ports[1].nodePort: Duplicate value: 30001 |
      | one nodePort for TCP and UDP | spec.type = "NodePort" ; spec.ports = [{"name":"a","port":80,"targetPort":80,"protocol":"TCP","nodePort":30001},{"name":"b","port":80,"targetPort":80,"protocol":"UDP","nodePort":30001}] |  |
      | ExternalName with a cluster IP | spec.type = "ExternalName" ; spec.externalName = "foo.example.com" ; spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIPs: Forbidden: may not be set for ExternalName services |
      | ExternalName with a trailing dot | spec.type = "ExternalName" ; spec.externalName = "foo.example.com." |  |
      | ClientIP affinity | spec.sessionAffinity = "ClientIP" |  |
      | externalTrafficPolicy Cluster on a LoadBalancer | spec.type = "LoadBalancer" ; spec.externalTrafficPolicy = "Cluster" |  |
      | internalTrafficPolicy Local | spec.internalTrafficPolicy = "Local" |  |
      | ipFamilyPolicy values | spec.ipFamilyPolicy = "PreferDualStack" |  |
      | ipFamilyPolicy RequireDualStack | spec.ipFamilyPolicy = "RequireDualStack" |  |
      | ipFamilyPolicy SingleStack | spec.ipFamilyPolicy = "SingleStack" |  |
      | bad selector key | spec.selector = {"NoUppercaseOrSpecialCharsLike=Equals":"bar"} | spec.selector: Invalid value: "NoUppercaseOrSpecialCharsLike=Equals": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | bad selector value | spec.selector = {"key":"a b"} | spec.selector: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | bad clusterIP | spec.clusterIP = "invalid" ; spec.clusterIPs = ["invalid"] | spec.clusterIPs[0]: Invalid value: "invalid": must be a valid IP address,… |
      | valid clusterIP | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] |  |
      | bad session affinity | spec.sessionAffinity = "Sticky" | spec.sessionAffinity: Unsupported value: "Sticky": supported values: "ClientIP", "None" |
      | externalTrafficPolicy on a ClusterIP Service | spec.externalTrafficPolicy = "Local" | spec.externalTrafficPolicy: Invalid value: "Local": may only be set for externally-accessible services |
      | externalTrafficPolicy Local on a NodePort Service | spec.type = "NodePort" ; spec.externalTrafficPolicy = "Local" |  |
      | bad externalTrafficPolicy | spec.type = "LoadBalancer" ; spec.externalTrafficPolicy = "Nearest" | spec.externalTrafficPolicy: Unsupported value: "Nearest": supported values: "Cluster", "Local" |
      | bad internalTrafficPolicy | spec.internalTrafficPolicy = "Nearest" | spec.internalTrafficPolicy: Unsupported value: "Nearest": supported values: "Cluster", "Local" |
      | bad ipFamilyPolicy | spec.ipFamilyPolicy = "DualStack" | spec.ipFamilyPolicy: Unsupported value: "DualStack": supported values: "PreferDualStack", "RequireDualStack", "SingleStack" |

  @AP18
  Scenario: A Service's allocated cluster IPs never change (TestValidateServiceUpdate)
    Then each update of a valid Service is judged as upstream's validation tests say:
      | case | old | new | errors |
      | the cluster IP kept | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] |  |
      | the cluster IP changed | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIP = "10.0.0.2" ; spec.clusterIPs = ["10.0.0.2"] | spec.clusterIPs[0]: Invalid value: []string{"10.0.0.2"}: may not change once set |
      | the cluster IP given alone, changed | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIP = "10.0.0.2" | spec.clusterIPs[0]: Invalid value: []string{"10.0.0.2"}: may not change once set |
      | the cluster IPs left out (kept by the REST storage) | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] |  |  |
      | an old cluster IP without clusterIPs, changed | spec.clusterIP = "10.0.0.1" | spec.clusterIP = "10.0.0.2" ; spec.clusterIPs = ["10.0.0.2"] | spec.clusterIPs[0]: Invalid value: []string{"10.0.0.2"}: may not change once set |
      | headless stays headless | spec.clusterIP = "None" ; spec.clusterIPs = ["None"] | spec.clusterIP = "None" ; spec.clusterIPs = ["None"] |  |
      | headless given an IP | spec.clusterIP = "None" ; spec.clusterIPs = ["None"] | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIPs[0]: Invalid value: []string{"10.0.0.1"}: may not change once set |
      | an IP made headless | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.clusterIP = "None" ; spec.clusterIPs = ["None"] | spec.clusterIPs[0]: Invalid value: []string{"None"}: may not change once set |
      | changed to ExternalName | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] | spec.type = "ExternalName" ; spec.externalName = "foo.example.com" ; delete spec.selector |  |
      | changed from ExternalName | spec.type = "ExternalName" ; spec.externalName = "foo.example.com" | spec.clusterIP = "10.0.0.1" ; spec.clusterIPs = ["10.0.0.1"] |  |

  @AP11
  Scenario: ObjectMeta on create: owner references, namespace, generation and finalizers with the bad values printed as upstream does (TestValidateObjectMetaOwnerReferences, TestValidateObjectMetaNamespaces, TestValidateFinalizersUpdate)
    Then each change to a valid ConfigMap is judged as upstream's validation tests say:
      | case | change | errors |
      | an owner reference | metadata.ownerReferences = [{"apiVersion":"apps/v1","kind":"Deployment","name":"d","uid":"u","controller":true}] |  |
      | an owner without a version | metadata.ownerReferences = [{"apiVersion":"apps/","kind":"Deployment","name":"d","uid":"u"}] | metadata.ownerReferences.apiVersion: Invalid value: "apps/": version must not be empty |
      | an owner without an apiVersion | metadata.ownerReferences = [{"kind":"Deployment","name":"d","uid":"u"}] | metadata.ownerReferences.apiVersion: Invalid value: "": version must not be empty |
      | an owner without a kind | metadata.ownerReferences = [{"apiVersion":"v1","name":"n","uid":"u"}] | metadata.ownerReferences.kind: Invalid value: "": kind must not be empty |
      | an owner without a name | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Node","uid":"u"}] | metadata.ownerReferences.name: Invalid value: "": name must not be empty |
      | an owner without a uid | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Node","name":"n"}] | metadata.ownerReferences.uid: Invalid value: "": uid must not be empty |
      | an Event as owner | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Event","name":"e","uid":"u"}] | metadata.ownerReferences: Invalid value: v1.OwnerReference{APIVersion:"v1", Kind:"Event", Name:"e", UID:"u", Controller:(*bool)(nil), BlockOwnerDeletion:(*bool)(nil)}: /v1, Kind=Event is disallowed from being an owner |
      | an events.k8s.io Event may own | metadata.ownerReferences = [{"apiVersion":"events.k8s.io/v1","kind":"Event","name":"e","uid":"u"}] |  |
      | a v1 Node may own | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Node","name":"n","uid":"u"}] |  |
      | two controllers | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Node","name":"a","uid":"1","controller":true},{"apiVersion":"v1","kind":"Node","name":"b","uid":"2","controller":true}] | metadata.ownerReferences: Invalid value: []v1.OwnerReference{v1.OwnerReference{APIVersion:"v1", Kind:"Node", Name:"a", UID:"1", Controller:(*bool)(0xc…), BlockOwnerDeletion:(*bool)(nil)}, v1.OwnerReference{APIVersion:"v1", Kind:"Node", Name:"b", UID:"2", Controller:(*bool)(0xc…), BlockOwnerDeletion:(*bool)(nil)}}: Only one reference can have Controller set to true. Found "true" in references for Node/a and Node/b |
      | one controller among owners | metadata.ownerReferences = [{"apiVersion":"v1","kind":"Node","name":"a","uid":"1","controller":true},{"apiVersion":"v1","kind":"Node","name":"b","uid":"2","controller":false}] |  |
      | no namespace | delete metadata.namespace | metadata.namespace: Required value |
      | a namespace that is no DNS label | metadata.namespace = "a.b" | metadata.namespace: Invalid value: "a.b": must not contain dots |
      | a negative generation | metadata.generation = -1 | metadata.generation: Invalid value: -1: must be greater than or equal to 0 |
      | orphan and foregroundDeletion | metadata.finalizers = ["orphan","foregroundDeletion"] | metadata.finalizers: Invalid value: []string{"orphan", "foregroundDeletion"}: finalizer orphan and foregroundDeletion cannot be both set |
      | orphan alone | metadata.finalizers = ["orphan"] |  |
      | foregroundDeletion alone | metadata.finalizers = ["foregroundDeletion"] |  |

  @AP11
  Scenario: ObjectMeta on update, with the bad values printed as upstream prints each type (TestValidateObjectMetaUpdate*, TestObjectMetaGenerationUpdate)
    Then each update of a valid ConfigMap is judged as upstream's validation tests say:
      | case | old | new | errors |
      | the name changed |  | metadata.name = "other" | metadata.name: Invalid value: "other": field is immutable |
      | the namespace changed |  | metadata.namespace = "other" | metadata.namespace: Invalid value: "other": field is immutable |
      | the uid changed | metadata.uid = "a" | metadata.uid = "b" | metadata.uid: Invalid value: "b": field is immutable |
      | the uid dropped | metadata.uid = "a" | delete metadata.uid | metadata.uid: Invalid value: "": field is immutable |
      | the creation time changed | metadata.creationTimestamp = "2024-01-01T00:00:00Z" | metadata.creationTimestamp = "2024-01-02T03:04:05Z" | metadata.creationTimestamp: Invalid value: 2024-01-02 03:04:05 +0000 UTC: field is immutable |
      | the creation time dropped | metadata.creationTimestamp = "2024-01-01T00:00:00Z" | delete metadata.creationTimestamp | metadata.creationTimestamp: Invalid value: 0001-01-01 00:00:00 +0000 UTC: field is immutable |
      | a deletion time set |  | metadata.deletionTimestamp = "2024-01-02T00:00:00Z" | metadata.deletionTimestamp: Invalid value: 2024-01-02 00:00:00 +0000 UTC: field is immutable |
      | the deletion grace period changed | metadata.deletionGracePeriodSeconds = 30 | metadata.deletionGracePeriodSeconds = 10 | metadata.deletionGracePeriodSeconds: Invalid value: 10: field is immutable |
      | the deletion grace period dropped | metadata.deletionGracePeriodSeconds = 30 | delete metadata.deletionGracePeriodSeconds | metadata.deletionGracePeriodSeconds: Invalid value: "null": field is immutable |
      | the generation decremented | metadata.generation = 5 | metadata.generation = 4 | metadata.generation: Invalid value: 4: must not be decremented |
      | the generation left out | metadata.generation = 5 |  | metadata.generation: Invalid value: 0: must not be decremented |
      | the generation incremented | metadata.generation = 5 | metadata.generation = 6 |  |
      | labels and annotations changed |  | metadata.labels = {"a":"b"} ; metadata.annotations = {"c":"d"} |  |
      | a bad label added |  | metadata.labels = {"a b":"c"} | metadata.labels: Invalid value: "a b": name part must consist of alphanumeric characters… |
      | a bad annotation added |  | metadata.annotations = {"a b":"c"} | metadata.annotations: Invalid value: "a b": name part must consist of alphanumeric characters… |
      | an owner without a kind added |  | metadata.ownerReferences = [{"apiVersion":"v1","name":"n","uid":"u"}] | metadata.ownerReferences.kind: Invalid value: "": kind must not be empty |
      | a finalizer added while deleting | metadata.deletionTimestamp = "2024-01-01T00:00:00Z" ; metadata.finalizers = ["a.com/x"] | metadata.deletionTimestamp = "2024-01-01T00:00:00Z" ; metadata.finalizers = ["a.com/x","b.com/y","a.com/z"] | metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"a.com/z", "b.com/y"} |
      | a finalizer removed while deleting | metadata.deletionTimestamp = "2024-01-01T00:00:00Z" ; metadata.finalizers = ["a.com/x"] | metadata.deletionTimestamp = "2024-01-01T00:00:00Z" ; metadata.finalizers = [] |  |

  @AP22
  Scenario: ConfigMaps: keys that can be file names, in data or binaryData but not both (TestValidateConfigMap)
    Then each change to a valid ConfigMap is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid ConfigMap | data = {"key":"value","a.b":"v","A_B-c":"v",".dotfile":"v"} |  |
      | binary data | binaryData = {"bin":"AAEC"} |  |
      | a key with a slash | data = {"a/b":"v"} | data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |
      | a key that is two dots | data = {"..":"v"} | data[..]: Invalid value: "..": must not be '..' |
      | a key in both | binaryData = {"key":"AAEC"} | data[key]: Invalid value: "key": duplicate of key present in binaryData ; binaryData[key]: Invalid value: "key": duplicate of key present in data |
      | a bad binary key | binaryData = {"a b":"AAEC"} | binaryData[a b]: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |
      | data of 1 MiB | data = {"a":"REPEAT(x,1048576)"} |  |
      | data over 1 MiB | data = {"a":"REPEAT(x,1048577)"} | : Too long: may not be more than 1048576 bytes |
      | two values over 1 MiB together | data = {"a":"REPEAT(x,524288)","b":"REPEAT(x,524289)"} | : Too long: may not be more than 1048576 bytes |
      | data and binary data of 1 MiB | data = {"a":"REPEAT(x,1048573)"} ; binaryData = {"b":"QUFB"} |  |
      | data and binary data over 1 MiB | data = {"a":"REPEAT(x,1048574)"} ; binaryData = {"b":"QUFB"} | : Too long: may not be more than 1048576 bytes |
      | binary data counted decoded | binaryData = {"b":"REPEAT(QUFB,349525)"} ; data = {"a":"x"} |  |

  @AP22
  Scenario: An immutable ConfigMap keeps its data (TestValidateConfigMapUpdate)
    Then each update of a valid ConfigMap is judged as upstream's validation tests say:
      | case | old | new | errors |
      | data changed while immutable | immutable = true | immutable = true ; data = {"key":"other"} | data: Forbidden: field is immutable when `immutable` is set |
      | immutable unset | immutable = true | immutable = false | immutable: Forbidden: field is immutable when `immutable` is set |
      | binary data added while immutable | immutable = true | immutable = true ; binaryData = {"bin":"AAEC"} | binaryData: Forbidden: field is immutable when `immutable` is set |
      | data changed while mutable | immutable = false | data = {"key":"other"} |  |
      | made immutable |  | immutable = true |  |

  @AP27
  Scenario: Secrets: keys that can be file names and what each built-in type needs (TestValidateSecret, TestValidateDockerConfigSecret, TestValidateBasicAuthSecret, TestValidateSSHAuthSecret, TestValidateTLSSecret)
    Then each change to a valid Secret is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid Secret | data = {"key":"dmFsdWU=","a.b":"","A_B-c":"dg==",".dotfile":"dg=="} |  |
      | a key with a slash | data = {"a/b":"dg=="} | data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |
      | an empty key | data = {"":"dg=="} | data[]: Invalid value: "": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |
      | a key that is a dot | data = {".":"dg=="} | data[.]: Invalid value: ".": must not be '.' |
      | a key that is two dots | data = {"..":"dg=="} | data[..]: Invalid value: "..": must not be '..' |
      | a key starting with two dots | data = {"..a":"dg=="} | data[..a]: Invalid value: "..a": must not start with '..' |
      | a type of its own | type = "example.com/mine" |  |
      | an empty type | type = "" |  |
      | a service account token with its account | type = "kubernetes.io/service-account-token" ; metadata.annotations = {"kubernetes.io/service-account.name":"sa"} |  |
      | a service account token without its account | type = "kubernetes.io/service-account-token" | metadata.annotations[kubernetes.io/service-account.name]: Required value |
      | a service account token with an empty account | type = "kubernetes.io/service-account-token" ; metadata.annotations = {"kubernetes.io/service-account.name":""} | metadata.annotations[kubernetes.io/service-account.name]: Required value |
      | a dockercfg | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"e30="} |  |
      | a dockercfg of null | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"bnVsbA=="} |  |
      | a dockercfg without its key | type = "kubernetes.io/dockercfg" | data[.dockercfg]: Required value |
      | a dockercfg that is cut short | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"ew=="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": unexpected end of JSON input |
      | a dockercfg that is empty | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":""} | data[.dockercfg]: Invalid value: "<secret contents redacted>": unexpected end of JSON input |
      | a dockercfg that is not JSON | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"eA=="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": invalid character 'x' looking for beginning of value |
      | a dockercfg that is an array | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"W10="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal array into Go value of type map[string]interface {} |
      | a dockercfg that is a string | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"InMi"} | data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal string into Go value of type map[string]interface {} |
      | a dockercfg that is a number | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"MQ=="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal number into Go value of type map[string]interface {} |
      | a dockercfg that is a bool | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"dHJ1ZQ=="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": json: cannot unmarshal bool into Go value of type map[string]interface {} |
      | a dockercfg with two values | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"e30ge30="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": invalid character '{' after top-level value |
      | a dockercfg with a value and then not JSON | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"e30geA=="} | data[.dockercfg]: Invalid value: "<secret contents redacted>": invalid character 'x' after top-level value |
      | a dockercfg of two numbers | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"MSAy"} | data[.dockercfg]: Invalid value: "<secret contents redacted>": invalid character '2' after top-level value |
      | a dockercfg with a vertical tab after it | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"e30L"} | data[.dockercfg]: Invalid value: "<secret contents redacted>": invalid character '\v' after top-level value |
      | a dockercfg padded with white space | type = "kubernetes.io/dockercfg" ; data = {".dockercfg":"IHt9IAo="} |  |
      | a dockerconfigjson | type = "kubernetes.io/dockerconfigjson" ; data = {".dockerconfigjson":"eyJhdXRocyI6e319"} |  |
      | a dockerconfigjson without its key | type = "kubernetes.io/dockerconfigjson" ; data = {".dockercfg":"e30="} | data[.dockerconfigjson]: Required value |
      | a dockerconfigjson that is not JSON | type = "kubernetes.io/dockerconfigjson" ; data = {".dockerconfigjson":"eA=="} | data[.dockerconfigjson]: Invalid value: "<secret contents redacted>": invalid character 'x' looking for beginning of value |
      | basic auth with a username | type = "kubernetes.io/basic-auth" ; data = {"username":"dQ=="} |  |
      | basic auth with an empty password | type = "kubernetes.io/basic-auth" ; data = {"password":""} |  |
      | basic auth without either | type = "kubernetes.io/basic-auth" | data[username]: Required value ; data[password]: Required value |
      | ssh auth | type = "kubernetes.io/ssh-auth" ; data = {"ssh-privatekey":"a2V5"} |  |
      | ssh auth with an empty key | type = "kubernetes.io/ssh-auth" ; data = {"ssh-privatekey":""} | data[ssh-privatekey]: Required value |
      | ssh auth without a key | type = "kubernetes.io/ssh-auth" | data[ssh-privatekey]: Required value |
      | TLS with both | type = "kubernetes.io/tls" ; data = {"tls.crt":"","tls.key":""} |  |
      | TLS without a key | type = "kubernetes.io/tls" ; data = {"tls.crt":"Yw=="} | data[tls.key]: Required value |
      | TLS without a certificate | type = "kubernetes.io/tls" ; data = {"tls.key":"aw=="} | data[tls.crt]: Required value |
      | TLS without either | type = "kubernetes.io/tls" | data[tls.crt]: Required value ; data[tls.key]: Required value |
      | data of 1 MiB | data = {"a":"REPEAT(QUFB,349525)","b":"QQ=="} |  |
      | data over 1 MiB | data = {"a":"REPEAT(QUFB,349525)","b":"QUE="} | data: Too long: may not be more than 1048576 bytes |

  @AP27
  Scenario: A Secret keeps its type, and its data once immutable (TestValidateSecretUpdate)
    Then each update of a valid Secret is judged as upstream's validation tests say:
      | case | old | new | errors |
      | type changed |  | type = "kubernetes.io/tls" ; data = {"tls.crt":"","tls.key":""} | type: Invalid value: "kubernetes.io/tls": field is immutable |
      | data changed |  | data = {"key":"b3RoZXI="} |  |
      | data changed while immutable | immutable = true | immutable = true ; data = {"key":"b3RoZXI="} | data: Forbidden: field is immutable when `immutable` is set |
      | a key added while immutable | immutable = true | immutable = true ; data = {"key":"dmFsdWU=","k2":"dg=="} | data: Forbidden: field is immutable when `immutable` is set |
      | the same data reordered while immutable | immutable = true ; data = {"a":"dg==","b":"dw=="} | immutable = true ; data = {"b":"dw==","a":"dg=="} |  |
      | immutable unset | immutable = true | immutable = false | immutable: Forbidden: field is immutable when `immutable` is set |
      | immutable removed | immutable = true | delete immutable | immutable: Forbidden: field is immutable when `immutable` is set |
      | made immutable |  | immutable = true |  |
      | made mutable while false | immutable = false | immutable = true ; data = {"key":"b3RoZXI="} |  |
      | a bad key added to an immutable one | immutable = true | immutable = true ; data = {"key":"dmFsdWU=","a/b":"dg=="} | data: Forbidden: field is immutable when `immutable` is set ; data[a/b]: Invalid value: "a/b": a valid config key must consist of alphanumeric characters, '-', '_' or '.'… |

  @AP22
  Scenario: PodDisruptionBudgets: one bound, a count or a percentage, a valid selector (TestValidatePodDisruptionBudgetSpec)
    Then each change to a valid PodDisruptionBudget is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid budget |  |  |
      | maxUnavailable instead | delete spec.minAvailable ; spec.maxUnavailable = "30%" |  |
      | both set | spec.maxUnavailable = 1 | spec: Invalid value: policy.PodDisruptionBudgetSpec{MinAvailable:(*intstr.IntOrString)(0xc…), Selector:(*v1.LabelSelector)(0xc…), MaxUnavailable:(*intstr.IntOrString)(0xc…), UnhealthyPodEvictionPolicy:(*policy.UnhealthyPodEvictionPolicyType)(nil)}: minAvailable and maxUnavailable cannot be both set |
      | negative minAvailable | spec.minAvailable = -1 | spec.minAvailable: Invalid value: -1: must be greater than or equal to 0 |
      | minAvailable over 100% | spec.minAvailable = "110%" | spec.minAvailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100% |
      | maxUnavailable not a percent | delete spec.minAvailable ; spec.maxUnavailable = "1" | spec.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"1"}: a valid percent string must be a numeric string followed by an ending '%'… |
      | an empty selector | spec.selector = {} |  |
      | a bad selector operator | spec.selector = {"matchExpressions":[{"key":"a","operator":"Near"}]} | spec.selector.matchExpressions[0].operator: Invalid value: "Near": not a valid selector operator |
      | eviction policy | spec.unhealthyPodEvictionPolicy = "AlwaysAllow" |  |
      | an unknown eviction policy | spec.unhealthyPodEvictionPolicy = "Never" | spec.unhealthyPodEvictionPolicy: Unsupported value: "Never": supported values: "AlwaysAllow", "IfHealthyBudget" |
      | a selector with NotIn and no values | spec.selector = {"matchExpressions":[{"key":"c","operator":"NotIn","values":[]}]} | spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn' |
      | a selector with In and no values | spec.selector = {"matchExpressions":[{"key":"c","operator":"In"}]} | spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn' |
      | a selector with NotIn and a value | spec.selector = {"matchExpressions":[{"key":"c","operator":"NotIn","values":["x"]}]} |  |
      | a selector with DoesNotExist and values | spec.selector = {"matchExpressions":[{"key":"c","operator":"DoesNotExist","values":["x"]}]} | spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist' |
      | a selector with Exists and values | spec.selector = {"matchExpressions":[{"key":"c","operator":"Exists","values":["x"]}]} | spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist' |
      | a selector with DoesNotExist | spec.selector = {"matchExpressions":[{"key":"c","operator":"DoesNotExist"}]} |  |
      | a selector with Gt | spec.selector = {"matchExpressions":[{"key":"c","operator":"Gt","values":["1"]}]} | spec.selector.matchExpressions[0].operator: Invalid value: "Gt": not a valid selector operator |
      | a selector with a bad key | spec.selector = {"matchExpressions":[{"key":"a b","operator":"Exists"}]} | spec.selector.matchExpressions[0].key: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | a selector with a bad value | spec.selector = {"matchExpressions":[{"key":"c","operator":"In","values":["ok","a b"]}]} | spec.selector.matchExpressions[0].values[1]: Invalid value: "a b": a valid label must be an empty string or consist of alphanumeric characters… |
      | a selector with a bad label | spec.selector = {"matchLabels":{"a b":"c"}} | spec.selector.matchLabels: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |

  @AP22
  Scenario: PersistentVolumeClaims: access modes and a positive storage request (TestValidatePersistentVolumeClaim)
    Then each change to a valid PersistentVolumeClaim is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid claim |  |  |
      | every access mode | spec.accessModes = ["ReadWriteOnce","ReadOnlyMany","ReadWriteMany"] |  |
      | ReadWriteOncePod alone | spec.accessModes = ["ReadWriteOncePod"] |  |
      | no access modes | spec.accessModes = [] | spec.accessModes: Required value: at least 1 access mode is required |
      | an unknown access mode | spec.accessModes = ["fakemode"] | spec.accessModes: Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod" |
      | ReadWriteOncePod with another mode | spec.accessModes = ["ReadWriteOncePod","ReadWriteMany"] | spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes |
      | ReadWriteOncePod with an unknown mode | spec.accessModes = ["ReadWriteOncePod","fakemode"] | spec.accessModes: Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod" |
      | no storage request | spec.resources = {"requests":{}} | spec.resources[storage]: Required value |
      | a zero storage request | spec.resources.requests.storage = "0Gi" | spec.resources[storage]: Invalid value: "0": must be greater than zero |
      | a negative storage request | spec.resources.requests.storage = "-10G" | spec.resources[storage]: Invalid value: "-10G": must be greater than zero |

  @AP22
  Scenario: A claim's spec never changes but for its volume's name and class, once, and a bound claim's request (TestValidatePersistentVolumeClaimUpdate)
    Then each update of a valid PersistentVolumeClaim is judged as upstream's validation tests say:
      | case | old | new | errors |
      | access modes changed |  | spec.accessModes = ["ReadWriteMany"] | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims |
      | bound by the binder |  | spec.volumeName = "pv-1" |  |
      | volumeName changed once set | spec.volumeName = "pv-1" | spec.volumeName = "pv-2" | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims |
      | a bound claim's request raised | status = {"phase":"Bound"} | status = {"phase":"Bound"} ; spec.resources.requests.storage = "20G" |  |
      | a pending claim's request raised |  | spec.resources.requests.storage = "20G" | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims |
      | a bound claim's request lowered, no capacity recorded | status = {"phase":"Bound"} | status = {"phase":"Bound"} ; spec.resources.requests.storage = "5G" |  |
      | a bound claim's request lowered to its capacity | status = {"phase":"Bound","capacity":{"storage":"5G"}} | status = {"phase":"Bound"} ; spec.resources.requests.storage = "5G" | spec.resources.requests.storage: Forbidden: field can not be less than status.capacity |
      | a bound claim's request lowered below its capacity | status = {"phase":"Bound","capacity":{"storage":"10G"}} | status = {"phase":"Bound"} ; spec.resources.requests.storage = "5G" | spec.resources.requests.storage: Forbidden: field can not be less than status.capacity |
      | a bound claim's request lowered above its capacity | status = {"phase":"Bound","capacity":{"storage":"4G"}} | status = {"phase":"Bound"} ; spec.resources.requests.storage = "5G" |  |
      | a class set on a claim without one |  | spec.storageClassName = "fast" |  |
      | a class changed | spec.storageClassName = "fast" | spec.storageClassName = "slow" | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims |
      | a class set where the beta annotation was | metadata.annotations = {"volume.beta.kubernetes.io/storage-class":"fast"} | metadata.annotations = {"volume.beta.kubernetes.io/storage-class":"fast"} ; spec.storageClassName = "slow" | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims |
      | volume mode changed |  | spec.volumeMode = "Block" | spec: Forbidden: spec is immutable after creation except resources.requests and volumeAttributesClassName for bound claims ; volumeMode: Invalid value: "Block": field is immutable |

  @AP28
  Scenario: PersistentVolumes: access modes, storage capacity, one volume type, reclaim policy (TestValidatePersistentVolumes, TestValidatePersistentVolumeSourceUpdate)
    Then each change to a valid PersistentVolume is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid PersistentVolume |  |  |
      | a local volume with node affinity | delete spec.hostPath ; spec.local = {"path":"/mnt/disk"} ; spec.nodeAffinity = {"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In","values":["v"]}]}]}} |  |
      | an NFS volume | delete spec.hostPath ; spec.nfs = {"server":"s","path":"/e"} |  |
      | a CSI volume | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h"} |  |
      | no access modes | spec.accessModes = [] | spec.accessModes: Required value |
      | an unknown access mode | spec.accessModes = ["fakemode"] | spec.accessModes: Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod" |
      | ReadWriteOncePod with another mode | spec.accessModes = ["ReadWriteOncePod","ReadWriteMany"] | spec.accessModes: Forbidden: may not use ReadWriteOncePod with other access modes |
      | ReadWriteOncePod with an unknown mode | spec.accessModes = ["ReadWriteOncePod","fakemode"] | spec.accessModes: Unsupported value: "fakemode": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod" |
      | no capacity | delete spec.capacity | spec.capacity: Required value ; spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage" |
      | an empty capacity | spec.capacity = {} | spec.capacity: Required value ; spec.capacity: Unsupported value: core.ResourceList{}: supported values: "storage" |
      | a zero capacity | spec.capacity = {"storage":"0"} | spec.capacity[storage]: Invalid value: "0": must be greater than zero |
      | a negative capacity | spec.capacity = {"storage":"-1Gi"} | spec.capacity[storage]: Invalid value: "-1Gi": must be greater than zero |
      | an unknown reclaim policy | spec.persistentVolumeReclaimPolicy = "fakeReclaimPolicy" | spec.persistentVolumeReclaimPolicy: Unsupported value: "fakeReclaimPolicy": supported values: "Delete", "Recycle", "Retain" |
      | an empty reclaim policy | spec.persistentVolumeReclaimPolicy = "" |  |
      | no volume type | delete spec.hostPath | spec: Required value: must specify a volume type |
      | two volume types | spec.local = {"path":"/mnt/disk"} ; spec.nodeAffinity = {"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In","values":["v"]}]}]}} | spec.local: Forbidden: may not specify more than 1 volume type |
      | three volume types | spec.nfs = {"server":"s","path":"/e"} ; spec.csi = {"driver":"d.example.com","volumeHandle":"h"} | spec.nfs: Forbidden: may not specify more than 1 volume type ; spec.csi: Forbidden: may not specify more than 1 volume type |
      | a local volume without node affinity | delete spec.hostPath ; spec.local = {"path":"/mnt/disk"} | spec.nodeAffinity: Required value: Local volume requires node affinity |
      | a hostPath of / recycled | spec.hostPath = {"path":"/","type":""} ; spec.persistentVolumeReclaimPolicy = "Recycle" | spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/' |
      | a hostPath of /a/.. recycled | spec.hostPath = {"path":"/a/..","type":""} ; spec.persistentVolumeReclaimPolicy = "Recycle" | spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/' |
      | a hostPath of /a recycled | spec.hostPath = {"path":"/a","type":""} ; spec.persistentVolumeReclaimPolicy = "Recycle" |  |
      | a hostPath of / retained | spec.hostPath = {"path":"/","type":""} |  |
      | a storage class | spec.storageClassName = "fast" |  |
      | an invalid storage class | spec.storageClassName = "-invalid-" | spec.storageClassName: Invalid value: "-invalid-": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character… |
      | Block | spec.volumeMode = "Block" |  |
      | an unknown volume mode | spec.volumeMode = "fakeVolumeMode" | spec.volumeMode: Unsupported value: "fakeVolumeMode": supported values: "Block", "Filesystem" |

  @AP28
  Scenario: A PersistentVolume's source and volume mode never change (TestValidatePersistentVolumeSourceUpdate, TestValidatePVVolumeModeUpdate)
    Then each update of a valid PersistentVolume is judged as upstream's validation tests say:
      | case | old | new | errors |
      | capacity and reclaim policy changed |  | spec.capacity = {"storage":"20G"} ; spec.persistentVolumeReclaimPolicy = "Delete" |  |
      | the host path changed |  | spec.hostPath = {"path":"/bar","type":""} | spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation |
      | the volume type changed |  | delete spec.hostPath ; spec.nfs = {"server":"s","path":"/e"} | spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation |
      | a CSI volume gains an expansion secret | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h"} | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h","controllerExpandSecretRef":{"name":"s","namespace":"ns"}} |  |
      | a CSI volume's expansion secret changed | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h","controllerExpandSecretRef":{"name":"s","namespace":"ns"}} | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h","controllerExpandSecretRef":{"name":"t","namespace":"ns"}} | spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation |
      | a CSI volume's handle changed with a secret added | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"h"} | delete spec.hostPath ; spec.csi = {"driver":"d.example.com","volumeHandle":"other","controllerExpandSecretRef":{"name":"s","namespace":"ns"}} | spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is immutable after creation |
      | volume mode changed | spec.volumeMode = "Filesystem" | spec.volumeMode = "Block" | volumeMode: Invalid value: "Block": field is immutable |
      | volume mode set |  | spec.volumeMode = "Filesystem" | volumeMode: Invalid value: "Filesystem": field is immutable |

  @AP28
  Scenario: StorageClasses: a provisioner that is a qualified name, parameters, reclaim policy and binding mode (TestValidateStorageClass, TestValidateVolumeBindingModeForStorageClass)
    Then each change to a valid StorageClass is judged as upstream's validation tests say:
      | case | change | errors |
      | a valid StorageClass |  |  |
      | a provisioner with a prefix and upper case | provisioner = "Example.COM/My-Provisioner" |  |
      | Retain and WaitForFirstConsumer | reclaimPolicy = "Retain" ; volumeBindingMode = "WaitForFirstConsumer" |  |
      | parameters | parameters = {"kubernetes.io/description":"foo","type":"pd-ssd"} |  |
      | a namespace | metadata.namespace = "ns" | metadata.namespace: Forbidden: not allowed on this type |
      | no provisioner | provisioner = "" | provisioner: Required value |
      | an invalid provisioner | provisioner = "kubernetes.io/invalid/provisioner" | provisioner: Invalid value: "kubernetes.io/invalid/provisioner": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | an invalid provisioner upper-cased | provisioner = "Bad Provisioner" | provisioner: Invalid value: "bad provisioner": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character… |
      | an empty parameter key | parameters = {"":"value"} | parameters: Invalid value: "": field can not be empty. |
      | an unknown reclaim policy | reclaimPolicy = "Recycle" | reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain" |
      | an empty reclaim policy | reclaimPolicy = "" |  |
      | no binding mode | delete volumeBindingMode | volumeBindingMode: Required value |
      | an unknown binding mode | volumeBindingMode = "Eventually" | volumeBindingMode: Unsupported value: "Eventually": supported values: "Immediate", "WaitForFirstConsumer" |

  @AP28
  Scenario: A StorageClass keeps its parameters, provisioner, reclaim policy and binding mode (TestValidateStorageClassUpdate, TestValidateUpdateVolumeBindingModeForStorageClass)
    Then each update of a valid StorageClass is judged as upstream's validation tests say:
      | case | old | new | errors |
      | annotations and labels changed |  | metadata.labels = {"a":"b"} ; metadata.annotations = {"storageclass.kubernetes.io/is-default-class":"true"} |  |
      | parameters changed | parameters = {"kubernetes.io/foo":"bar"} | parameters = {"kubernetes.io/foo":"baz"} | parameters: Forbidden: updates to parameters are forbidden. |
      | parameters reordered | parameters = {"a":"1","b":"2"} | parameters = {"b":"2","a":"1"} |  |
      | parameters emptied | parameters = {"a":"1"} | parameters = {} | parameters: Forbidden: updates to parameters are forbidden. |
      | empty parameters removed | parameters = {} | delete parameters | parameters: Forbidden: updates to parameters are forbidden. |
      | provisioner changed |  | provisioner = "kubernetes.io/other" | provisioner: Forbidden: updates to provisioner are forbidden. |
      | reclaim policy changed |  | reclaimPolicy = "Retain" | reclaimPolicy: Forbidden: updates to reclaimPolicy are forbidden. |
      | binding mode changed |  | volumeBindingMode = "WaitForFirstConsumer" | volumeBindingMode: Invalid value: "WaitForFirstConsumer": field is immutable |
      | an invalid binding mode set |  | volumeBindingMode = "Eventually" | volumeBindingMode: Unsupported value: "Eventually": supported values: "Immediate", "WaitForFirstConsumer" ; volumeBindingMode: Invalid value: "Eventually": field is immutable |
