Feature: Protobuf request bodies
  client-go's typed clients, and so the real kubectl 1.32 (`kubectl create deployment`, `create
  configmap`, `drain`), send their bodies as `application/vnd.kubernetes.protobuf`: the magic
  number `k8s\0`, a runtime.Unknown envelope naming the apiVersion and kind, and the object's own
  message from k8s.io/api's generated.proto. The façade decodes them into the JSON that
  encoding/json writes for the same Go struct (non-pointer structs always written, omitempty
  zeros dropped, pointers kept even at zero, Time as RFC 3339 or null, MicroTime to the
  microsecond, Quantity and IntOrString as their strings and numbers, []byte as base64), so the
  model stores what it would have stored from the same object sent as JSON. The vectors below
  are what kubectl 1.32 sent (captured with -v=10) and what it prints for the same command
  with `--dry-run=client -o json`.

  @H76
  Scenario: kubectl's protobuf Deployment decodes to the JSON kubectl prints for it
    Given the protobuf body kubectl 1.32 sends for `kubectl create deployment web --image=nginx`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a0377656212001a0022002a00320038
      0042005a0a0a036170701203776562127a0801120c0a0a0a0361707012037765621a600a1c0a0012001a0022002a0032
      00380042005a0a0a036170701203776562124012220a056e67696e7812056e67696e782a0042006a0072008001008801
      00900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010
      0018002000280038001a002200
      """
    Then it decodes to the JSON of `kubectl create deployment web --image=nginx --dry-run=client -o json`:
      """
      {
        "kind": "Deployment",
        "apiVersion": "apps/v1",
        "metadata": {
          "name": "web",
          "creationTimestamp": null,
          "labels": {
            "app": "web"
          }
        },
        "spec": {
          "replicas": 1,
          "selector": {
            "matchLabels": {
              "app": "web"
            }
          },
          "template": {
            "metadata": {
              "creationTimestamp": null,
              "labels": {
                "app": "web"
              }
            },
            "spec": {
              "containers": [
                {
                  "name": "nginx",
                  "image": "nginx",
                  "resources": {}
                }
              ]
            }
          },
          "strategy": {}
        },
        "status": {}
      }
      """

  @H76
  Scenario: A pointer's zero is kept, a plain field's zero dropped
    Given the protobuf body kubectl 1.32 sends for `kubectl create deployment web3 --image=busybox --replicas=0 --port=80 -- sleep 10`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412cb010a210a047765623312001a0022002a003200
      380042005a0b0a036170701204776562331297010800120d0a0b0a036170701204776562331a7c0a1d0a0012001a0022
      002a003200380042005a0b0a03617070120477656233125b123d0a0762757379626f78120762757379626f781a05736c
      6565701a0231302a00320a0a001000185022002a0042006a007200800100880100900100a201001a00320042004a0052
      005800600068008201008a01009a0100c2010022020a00280038001a0c0800100018002000280038001a002200
      """
    Then it decodes to the JSON of `kubectl create deployment web3 --image=busybox --replicas=0 --port=80 --dry-run=client -o json -- sleep 10`:
      """
      {
        "kind": "Deployment",
        "apiVersion": "apps/v1",
        "metadata": {
          "name": "web3",
          "creationTimestamp": null,
          "labels": {
            "app": "web3"
          }
        },
        "spec": {
          "replicas": 0,
          "selector": {
            "matchLabels": {
              "app": "web3"
            }
          },
          "template": {
            "metadata": {
              "creationTimestamp": null,
              "labels": {
                "app": "web3"
              }
            },
            "spec": {
              "containers": [
                {
                  "name": "busybox",
                  "image": "busybox",
                  "command": [
                    "sleep",
                    "10"
                  ],
                  "ports": [
                    {
                      "containerPort": 80
                    }
                  ],
                  "resources": {}
                }
              ]
            }
          },
          "strategy": {}
        },
        "status": {}
      }
      """

  @H76
  Scenario: ConfigMap binaryData is base64, a Service's targetPort a number or a name
    Given the protobuf body kubectl 1.32 sends for `kubectl create configmap cfg --from-literal=a=1 --from-literal=b=two --from-file=bin=bin.dat`:
      """
      6b3873000a0f0a0276311209436f6e6669674d617012390a130a0363666712001a0022002a0032003800420012060a01
      6112013112080a0162120374776f1a100a0362696e120962696e6172790001ff1a002200
      """
    Then it decodes to the JSON of `kubectl create configmap cfg --from-literal=a=1 --from-literal=b=two --from-file=bin=bin.dat --dry-run=client -o json`:
      """
      {
        "kind": "ConfigMap",
        "apiVersion": "v1",
        "metadata": {
          "name": "cfg",
          "creationTimestamp": null
        },
        "data": {
          "a": "1",
          "b": "two"
        },
        "binaryData": {
          "bin": "YmluYXJ5AAH/"
        }
      }
      """
    Given the protobuf body kubectl 1.32 sends for `kubectl create service clusterip svc1 --tcp=80:8080 --tcp=443:https`:
      """
      6b3873000a0d0a0276311207536572766963651290010a210a047376633112001a0022002a003200380042005a0b0a03
      61707012047376633112670a1b0a0738302d38303830120354435018502207080010903f1a0028000a220a093434332d
      6874747073120354435018bb03220b080110001a0568747470732800120b0a036170701204737663311a002209436c75
      7374657249503a00420052005a00600068001a020a001a002200
      """
    Then it decodes to the JSON of `kubectl create service clusterip svc1 --tcp=80:8080 --tcp=443:https --dry-run=client -o json`:
      """
      {
        "kind": "Service",
        "apiVersion": "v1",
        "metadata": {
          "name": "svc1",
          "creationTimestamp": null,
          "labels": {
            "app": "svc1"
          }
        },
        "spec": {
          "ports": [
            {
              "name": "80-8080",
              "protocol": "TCP",
              "port": 80,
              "targetPort": 8080
            },
            {
              "name": "443-https",
              "protocol": "TCP",
              "port": 443,
              "targetPort": "https"
            }
          ],
          "selector": {
            "app": "svc1"
          },
          "type": "ClusterIP"
        },
        "status": {
          "loadBalancer": {}
        }
      }
      """

  @H76
  Scenario: kubectl's protobuf create through the façade stores the Deployment
    Given a cluster served over HTTPS
    And the protobuf body kubectl 1.32 sends for `kubectl create deployment web --image=nginx`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a0377656212001a0022002a00320038
      0042005a0a0a036170701203776562127a0801120c0a0a0a0361707012037765621a600a1c0a0012001a0022002a0032
      00380042005a0a0a036170701203776562124012220a056e67696e7812056e67696e782a0042006a0072008001008801
      00900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010
      0018002000280038001a002200
      """
    When the admin sends the protobuf body as POST `/apis/apps/v1/namespaces/default/deployments`
    Then the answer is 201
    And the answer's "metadata.namespace" is "default"
    And the answer's "spec.replicas" is "1"
    And the answer's "spec.strategy.type" is "RollingUpdate"
    And the answer's "spec.template.spec.containers.0.image" is "nginx"
    When the admin sends GET `/apis/apps/v1/namespaces/default/deployments/web`
    Then the answer is 200
    And the answer's "spec.template.spec.containers.0.name" is "nginx"

  @H77
  Scenario: Quantities, IntOrStrings, inlined volume sources and pointers survive the trip
    Given a cluster served over HTTPS
    And a protobuf body encoding:
      """
      {
        "kind": "Pod",
        "apiVersion": "v1",
        "metadata": {
          "name": "api",
          "creationTimestamp": null,
          "labels": {
            "app": "api"
          }
        },
        "spec": {
          "volumes": [
            {
              "name": "scratch",
              "emptyDir": {
                "sizeLimit": "1Gi"
              }
            },
            {
              "name": "cfg",
              "configMap": {
                "name": "cfg",
                "defaultMode": 420
              }
            }
          ],
          "containers": [
            {
              "name": "api",
              "image": "nginx:1.27",
              "ports": [
                {
                  "name": "http",
                  "containerPort": 80,
                  "protocol": "TCP"
                }
              ],
              "resources": {
                "limits": {
                  "cpu": "500m",
                  "memory": "128Mi"
                },
                "requests": {
                  "cpu": "250m"
                }
              },
              "volumeMounts": [
                {
                  "name": "scratch",
                  "mountPath": "/scratch"
                }
              ],
              "livenessProbe": {
                "tcpSocket": {
                  "port": 80
                },
                "periodSeconds": 10
              },
              "readinessProbe": {
                "httpGet": {
                  "path": "/healthz",
                  "port": "http"
                }
              }
            }
          ],
          "terminationGracePeriodSeconds": 0,
          "tolerations": [
            {
              "key": "node.kubernetes.io/not-ready",
              "operator": "Exists",
              "effect": "NoExecute",
              "tolerationSeconds": 300
            }
          ]
        },
        "status": {}
      }
      """
    Then it decodes back to the same JSON
    When the admin sends the protobuf body as POST `/api/v1/namespaces/default/pods`
    Then the answer is 201
    And the answer's "spec.containers.0.resources.limits.memory" is "128Mi"
    And the answer's "spec.containers.0.readinessProbe.httpGet.port" is "http"
    And the answer's "spec.containers.0.livenessProbe.tcpSocket.port" is "80"
    And the answer's "spec.volumes.0.emptyDir.sizeLimit" is "1Gi"
    And the answer's "spec.volumes.1.configMap.defaultMode" is "420"
    And the answer's "spec.terminationGracePeriodSeconds" is "0"
    And the answer's "spec.tolerations.0.tolerationSeconds" is "300"

  @H77
  Scenario: A Lease's MicroTimes keep their microseconds
    Given a cluster served over HTTPS
    And a protobuf body encoding:
      """
      {
        "kind": "Lease",
        "apiVersion": "coordination.k8s.io/v1",
        "metadata": {
          "name": "k8s-worker-1",
          "namespace": "default",
          "creationTimestamp": null
        },
        "spec": {
          "holderIdentity": "k8s-worker-1",
          "leaseDurationSeconds": 40,
          "acquireTime": "2026-01-01T10:00:00.000000Z",
          "renewTime": "2026-01-01T10:00:05.123456Z"
        }
      }
      """
    Then it decodes back to the same JSON
    When the admin sends the protobuf body as POST `/apis/coordination.k8s.io/v1/namespaces/default/leases`
    Then the answer is 201
    And the answer's "spec.renewTime" is "2026-01-01T10:00:05.123456Z"
    And the answer's "spec.acquireTime" is "2026-01-01T10:00:00.000000Z"

  @H77
  Scenario: kubectl drain's protobuf DeleteOptions are honoured
    Given the protobuf body kubectl 1.32 sends for `kubectl drain k8s-worker-2 --ignore-daemonsets --force --grace-period=5`:
      """
      6b3873000a130a027631120d44656c6574654f7074696f6e73120208051a002200
      """
    Then it decodes to:
      """
      {"kind": "DeleteOptions", "apiVersion": "v1", "gracePeriodSeconds": 5}
      """
    Given a cluster served over HTTPS
    And a protobuf body encoding:
      """
      {"kind": "ConfigMap", "apiVersion": "v1", "metadata": {"name": "cfg"}, "data": {"a": "1"}}
      """
    When the admin sends the protobuf body as POST `/api/v1/namespaces/default/configmaps`
    Then the answer is 201
    Given a protobuf body encoding:
      """
      {"kind": "DeleteOptions", "apiVersion": "v1", "propagationPolicy": "Background"}
      """
    When the admin sends the protobuf body as DELETE `/api/v1/namespaces/default/configmaps/cfg`
    Then the answer is 200
    When the admin sends GET `/api/v1/namespaces/default/configmaps/cfg`
    Then the answer is 404

  @H78
  Scenario: A protobuf body that does not decode is 400 with the decoder's words, and changes nothing
    Given a cluster served over HTTPS
    And the protobuf body kubectl 1.32 sends for `kubectl create deployment web --image=nginx`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a0377656212001a0022002a00320038
      0042005a0a0a036170701203776562127a0801120c0a0a0a0361707012037765621a600a1c0a0012001a0022002a0032
      00380042005a0a0a036170701203776562124012220a056e67696e7812056e67696e782a0042006a0072008001008801
      00900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010
      0018002000280038001a002200
      """
    And the protobuf body cut short by 20 bytes
    When the admin sends the protobuf body as POST `/apis/apps/v1/namespaces/default/deployments`
    Then the answer is a 400 BadRequest Status saying:
      """
      the object provided is unrecognized (must be of type Deployment): unexpected EOF (6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab01 ...)
      """
    And nothing was written to etcd
    Given the protobuf body without its magic number
    When the admin sends the protobuf body as POST `/apis/apps/v1/namespaces/default/deployments`
    Then the answer is a 400 BadRequest Status saying:
      """
      the object provided is unrecognized (must be of type Deployment): provided data does not appear to be a protobuf message, expected prefix [107 56 115 0] (0a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a03 ...)
      """
    And nothing was written to etcd

  @H78
  Scenario: An envelope whose object is cut short names the kind it read
    Given a cluster served over HTTPS
    And the protobuf body kubectl 1.32 sends for `kubectl create deployment web --image=nginx`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a0377656212001a0022002a00320038
      0042005a0a0a036170701203776562127a0801120c0a0a0a0361707012037765621a600a1c0a0012001a0022002a0032
      00380042005a0a0a036170701203776562124012220a056e67696e7812056e67696e782a0042006a0072008001008801
      00900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010
      0018002000280038001a002200
      """
    And the protobuf body with its object cut short by 20 bytes
    When the admin sends the protobuf body as POST `/apis/apps/v1/namespaces/default/deployments`
    Then the answer is a 400 BadRequest Status saying:
      """
      Deployment in version "v1" cannot be handled as a Deployment: unexpected EOF
      """
    And nothing was written to etcd

  @H79
  Scenario: Authorization comes before the body is read
    Given a cluster served over HTTPS
    And the protobuf body kubectl 1.32 sends for `kubectl create deployment web --image=nginx`:
      """
      6b3873000a150a07617070732f7631120a4465706c6f796d656e7412ab010a1f0a0377656212001a0022002a00320038
      0042005a0a0a036170701203776562127a0801120c0a0a0a0361707012037765621a600a1c0a0012001a0022002a0032
      00380042005a0a0a036170701203776562124012220a056e67696e7812056e67696e782a0042006a0072008001008801
      00900100a201001a00320042004a0052005800600068008201008a01009a0100c2010022020a00280038001a0c080010
      0018002000280038001a002200
      """
    And the protobuf body cut short by 20 bytes
    When an anonymous client sends the protobuf body as POST `/apis/apps/v1/namespaces/default/deployments`
    Then the answer is a 403 Forbidden Status saying:
      """
      deployments.apps is forbidden: User "system:anonymous" cannot create resource "deployments" in API group "apps" in the namespace "default"
      """
    And nothing was written to etcd
