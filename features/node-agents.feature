Feature: The node agents are systemd services: stopping the kubelet does not stop the Pods
  On a kind node, containerd and the kubelet run as systemd units (kubelet.service with
  kubeadm's and kind's drop-ins, Restart=always). The containers belong to containerd and its
  shims, not to the kubelet: with the kubelet stopped they keep running, and a new kubelet finds
  them through the CRI and carries on without restarting them.

  Background:
    Given a cluster

  @C03 @C02
  Scenario: systemctl status shows the kubelet's unit, its process and its journal
    When I run `on k8s-worker-1 systemctl status kubelet`
    Then it succeeds
    And the output has lines matching, in order:
      """
      ^● kubelet.service - kubelet: The Kubernetes Node Agent
           Loaded: loaded \(/etc/systemd/system/kubelet.service; enabled; preset: enabled\)
          Drop-In: /etc/systemd/system/kubelet.service.d
                   └─10-kubeadm.conf, 11-kind.conf
           Active: active \(running\) since Thu 2026-01-01 10:00:0\d UTC; \d+s ago
             Docs: http://kubernetes.io/docs/
         Main PID: \d+ \(kubelet\)
            Tasks: \d+ \(limit: \d+\)
           Memory: [\d.]+M
              CPU: [\d.]+s
           CGroup: /kubelet.slice/kubelet.service
                   └─\d+ /usr/bin/kubelet --bootstrap-kubeconfig=/etc/kubernetes/bootstrap-kubelet.conf .*
      ^$
      ^Jan 01 10:00:\d\d k8s-worker-1 kubelet\[\d+\]: I0101 10:00:\d\d\.\d+ +\d+ [a-z_]+\.go:\d+\] ".*
      """
    When I run `on k8s-master systemctl status kubelet.service foo`
    Then it fails with:
      """
      Unit foo.service could not be found.
      """

  @C03
  Scenario: With the kubelet stopped the containers keep running; a new kubelet picks them up
    When I run `kubectl create deployment nginx --image=nginx --replicas=3`
    And 30s pass
    And I run `on k8s-worker-1 crictl ps -q`
    And I note the output
    And I run `on k8s-worker-1 systemctl stop kubelet`
    And I run `on k8s-worker-1 systemctl status kubelet`
    Then it fails
    And the output contains "○ kubelet.service - kubelet: The Kubernetes Node Agent"
    And the output contains "     Active: inactive (dead) since Thu 2026-01-01 10:01:"
    When I run `on k8s-worker-1 ps aux`
    Then the output does not contain "/usr/bin/kubelet"
    And the output contains "nginx: master process"
    When 20s pass
    And I run `on k8s-worker-1 systemctl start kubelet`
    And 20s pass
    And I run `on k8s-worker-1 crictl ps -q`
    Then the output is the noted output
    And 3 pods labelled "app=nginx" are Running
    When I run `kubectl get pods`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\d+s
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\d+s
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\d+s
      """

  @C03
  Scenario: A killed kubelet is started again by systemd (Restart=always, RestartSec=1s)
    When I run `on k8s-worker-2 pkill kubelet`
    And I run `on k8s-worker-2 systemctl status kubelet`
    Then it fails
    And the output contains "Active: activating (auto-restart)"
    When 2s pass
    And I run `on k8s-worker-2 systemctl status kubelet`
    Then it succeeds
    And the output contains "Active: active (running) since Thu 2026-01-01 10:00:3"

  @C11 @C03
  Scenario: With containerd stopped the node turns NotReady; started again, it carries on
    When I run `on k8s-worker-1 systemctl stop containerd`
    And 30s pass
    And I run `kubectl get node k8s-worker-1`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-worker-1 +NotReady +<none> +\d+s +v1.32.2
      """
    When I run `kubectl describe node k8s-worker-1`
    Then the output contains "container runtime is down"
    When I run `on k8s-worker-1 systemctl restart containerd`
    And 30s pass
    And I run `kubectl get node k8s-worker-1`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION
      k8s-worker-1 +Ready +<none> +\d+s +v1.32.2
      """
