Feature: CRI is an interface: the same walkthrough on containerd and on CRI-O
  The kubelet drives its container runtime only through the CRI (RunPodSandbox,
  CreateContainer, StartContainer, …). Any runtime that implements it will do: a node can run
  containerd (kind's, with one containerd-shim-runc-v2 per Pod and runc) or CRI-O (with one
  conmon per container and crun), and the walkthrough plays out the same on either. (kind only
  ships containerd; `runtime:` on a node entry is kubespec's extension of kind's config.)

  Background:
    Given the file "nginx.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: 3
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
              - name: nginx
                image: nginx
      """

  @C11 @W18
  Scenario Outline: The walkthrough on workers running <runtime>
    Given a cluster with this config:
      """
      kind: Cluster
      apiVersion: kind.x-k8s.io/v1alpha4
      nodes:
        - role: control-plane
        - role: worker
          runtime: <runtime>
        - role: worker
          runtime: <runtime>
      """
    When I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    When I run `timeout 40s kubectl get pods -w`
    Then the output contains "ContainerCreating"
    And the output contains "Running"
    And 3 pods labelled "app=nginx" are Running
    And every pod labelled "app=nginx" runs on a worker node
    When I delete one pod labelled "app=nginx"
    And 1m passes
    Then the deleted pod is gone and another pod took its place
    And 3 pods labelled "app=nginx" are Running
    When I run `kubectl get nodes -o custom-columns=NAME:.metadata.name,RUNTIME:.status.nodeInfo.containerRuntimeVersion`
    Then the output lines match:
      """
      NAME +RUNTIME
      k8s-master +containerd://1\.7\.24
      k8s-worker-1 +<version>
      k8s-worker-2 +<version>
      """
    When I run `kubectl describe node k8s-worker-2`
    Then the output has lines matching, in order:
      """
      ^ +kubeadm\.alpha\.kubernetes\.io/cri-socket: <socket>$
      """
    When I run `kubectl get pods -l app=nginx -o jsonpath='{.items[0].status.containerStatuses[0].containerID}'`
    Then the output lines match:
      """
      <scheme>://[0-9a-f]{64}
      """

    Examples:
      | runtime    | version                 | socket                               | scheme     |
      | containerd | containerd://1\.7\.24   | unix:///run/containerd/containerd\.sock | containerd |
      | cri-o      | cri-o://1\.32\.1        | unix:///var/run/crio/crio\.sock       | cri-o      |

  @C11
  Scenario Outline: Each runtime has its own process layout on the node
    Given a cluster with this config:
      """
      kind: Cluster
      apiVersion: kind.x-k8s.io/v1alpha4
      nodes:
        - role: control-plane
        - role: worker
          runtime: <runtime>
      """
    When I run `kubectl apply -f nginx.yaml`
    And 30s pass
    And I run `on k8s-worker-1 ps aux`
    Then the output contains "<daemon>"
    And the output contains "<holder>"
    And the output does not contain "<absent>"
    And the output contains "nginx: master process nginx -g daemon off;"
    When I run `on k8s-worker-1 crictl ps --name nginx`
    Then it succeeds
    And the output contains "Running"

    Examples:
      | runtime    | daemon                    | holder                                              | absent                  |
      | containerd | /usr/local/bin/containerd | /usr/local/bin/containerd-shim-runc-v2 -namespace k8s.io -id | /usr/bin/conmon         |
      | cri-o      | /usr/bin/crio             | /usr/bin/conmon -b /run/containers/storage/overlay-containers/ | containerd-shim-runc-v2 |

  @E06
  Scenario: An unknown runtime in the config is refused
    When I give this cluster config:
      """
      kind: Cluster
      apiVersion: kind.x-k8s.io/v1alpha4
      nodes:
        - role: control-plane
          runtime: docker
      """
    Then the config is refused with "cluster config: nodes[0].runtime: unknown runtime \"docker\", want \"containerd\" or \"cri-o\""

  @A67
  Scenario Outline: A cluster config that is not a kind Cluster is refused with what is wrong (<why>)
    When I give this cluster config:
      """
      <config>
      """
    Then the config is refused with "<message>"

    Examples:
      | why                 | config                                      | message                                                        |
      | a list              | [1, 2]                                      | cluster config must be a kind Cluster object                   |
      | a null node         | nodes: [null]                               | cluster config: nodes[0] must be a node object (role, name, labels …) |
      | a subnet that is no CIDR | networking: {podSubnet: foo}           | cluster config: networking.podSubnet: invalid CIDR address: foo |
      | a prefix past /32   | networking: {serviceSubnet: 10.96.0.0/40}  | cluster config: networking.serviceSubnet: invalid CIDR address: 10.96.0.0/40 |
