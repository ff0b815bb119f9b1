Feature: The lab cluster: one control-plane node and two workers
  A cluster is a set of nodes in two roles. The control-plane node runs kube-apiserver, etcd,
  kube-scheduler and kube-controller-manager; every node runs a kubelet and a container
  runtime. Application Pods are kept off the control-plane node by its taint.

  Background:
    Given a cluster

  @W20
  Scenario: The lab has one control-plane node and two workers, all Ready
    When I run `kubectl get nodes`
    Then it succeeds
    And the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-master +Ready +control-plane +\d+s +v1\.32\.2
      k8s-worker-1 +Ready +<none> +\d+s +v1\.32\.2
      k8s-worker-2 +Ready +<none> +\d+s +v1\.32\.2
      """

  @W01
  Scenario: The control plane's components run on the control-plane node
    When I run `on k8s-master ps aux`
    Then it succeeds
    And the output contains "kube-apiserver --advertise-address="
    And the output contains "etcd --advertise-client-urls="
    And the output contains "kube-scheduler --authentication-kubeconfig="
    And the output contains "kube-controller-manager --allocate-node-cidrs=true"
    When I run `on k8s-worker-1 ps aux`
    Then the output does not contain "kube-apiserver"
    And the output does not contain "kube-scheduler"

  @W01 @W02
  Scenario Outline: Every node, <node> included, runs a kubelet and a container runtime
    When I run `on <node> ps aux`
    Then it succeeds
    And the output contains "/usr/bin/kubelet"
    And the output contains "/usr/local/bin/containerd"

    Examples:
      | node         |
      | k8s-master   |
      | k8s-worker-1 |
      | k8s-worker-2 |

  @W02
  Scenario: The control-plane node is tainted so that application Pods land on workers
    When I run `kubectl get node k8s-master -o jsonpath='{.spec.taints[0].key}:{.spec.taints[0].effect}'`
    Then the output is:
      """
      node-role.kubernetes.io/control-plane:NoSchedule
      """
    When I run `kubectl create deployment web --image=nginx --replicas=6`
    And 1m passes
    Then 6 pods labelled "app=web" are Running
    And every pod labelled "app=web" runs on a worker node
