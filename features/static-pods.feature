Feature: Static Pods: the kubelet of the control-plane node runs the control plane
  kubeadm writes the control plane as Pod manifests into /etc/kubernetes/manifests, the
  kubelet's staticPodPath. The kubelet of k8s-master runs them itself, with no API server
  (there is none until it has started one), and shows each in kube-system as a mirror Pod
  named after the node, controlled by the Node. Adding, changing or removing a manifest file
  starts, replaces or stops its Pod.

  Background:
    Given a cluster

  @C14
  Scenario: The kubelet's config names the static Pod path, which holds the four control-plane manifests
    When I run `on k8s-master cat /var/lib/kubelet/config.yaml`
    Then it succeeds
    And the output contains "staticPodPath: /etc/kubernetes/manifests"
    When I run `on k8s-master ls /etc/kubernetes/manifests`
    Then the output is:
      """
      etcd.yaml
      kube-apiserver.yaml
      kube-controller-manager.yaml
      kube-scheduler.yaml
      """
    When I run `on k8s-master cat /etc/kubernetes/manifests/kube-apiserver.yaml`
    Then the output contains "image: registry.k8s.io/kube-apiserver:v1.32.2"
    And the output contains "    - --advertise-address=172.18.0.2"
    And the output contains "  hostNetwork: true"
    When I run `on k8s-worker-1 ls /etc/kubernetes/manifests`
    Then the output is:
      """
      """

  @C01 @C14
  Scenario: The control plane shows in kube-system as Pods named after the node
    When I run `kubectl get pods -n kube-system -l tier=control-plane -o wide`
    Then it succeeds
    And the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      etcd-k8s-master +1/1 +Running +0 +\d+s +172\.18\.0\.2 +k8s-master +<none> +<none>
      kube-apiserver-k8s-master +1/1 +Running +0 +\d+s +172\.18\.0\.2 +k8s-master +<none> +<none>
      kube-controller-manager-k8s-master +1/1 +Running +0 +\d+s +172\.18\.0\.2 +k8s-master +<none> +<none>
      kube-scheduler-k8s-master +1/1 +Running +0 +\d+s +172\.18\.0\.2 +k8s-master +<none> +<none>
      """

  @C14
  Scenario: A mirror Pod is controlled by its Node and marked as a mirror
    When I run `kubectl describe pod kube-apiserver-k8s-master -n kube-system`
    Then it succeeds
    And the output contains "Controlled By:  Node/k8s-master"
    And the output contains "kubernetes.io/config.source: file"
    And the output contains "Priority Class Name:  system-node-critical"
    When I run `kubectl get pod kube-apiserver-k8s-master -n kube-system -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.metadata.annotations.kubernetes\.io/config\.mirror}'`
    Then the output lines match:
      """
      Node/k8s-master [0-9a-f]{32}
      """

  @C14 @C02
  Scenario: The static Pods run as containers of the control-plane node's containerd
    When I run `on k8s-master crictl pods`
    Then it succeeds
    And the output contains "kube-apiserver-k8s-master"
    And the output contains "etcd-k8s-master"
    When I run `on k8s-master ps aux`
    Then the output contains "/usr/bin/kubelet --bootstrap-kubeconfig="
    And the output contains "kube-apiserver --advertise-address=172.18.0.2 --allow-privileged=true"

  @C14
  Scenario: Moving a manifest away stops its Pod; moving it back starts it again
    When I run `on k8s-master mv /etc/kubernetes/manifests/kube-scheduler.yaml /root/`
    And 5s pass
    And I run `kubectl get pods -n kube-system -l component=kube-scheduler`
    Then it succeeds
    And the output is:
      """
      """
    When I run `on k8s-master ps aux`
    Then the output does not contain "kube-scheduler --authentication-kubeconfig"
    When I run `on k8s-master mv /root/kube-scheduler.yaml /etc/kubernetes/manifests/`
    And 10s pass
    And I run `kubectl get pod kube-scheduler-k8s-master -n kube-system -o jsonpath='{.status.phase}'`
    Then the output is:
      """
      Running
      """
    When I run `on k8s-master ps aux`
    Then the output contains "kube-scheduler --authentication-kubeconfig"

  @C14 @W12
  Scenario: A manifest written on a worker starts a static Pod there; editing it replaces the Pod
    When I run `on k8s-worker-1 tee /etc/kubernetes/manifests/static-web.yaml` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: static-web
        labels:
          app: static-web
      spec:
        containers:
          - name: web
            image: nginx:1.27
      """
    And 30s pass
    Then 1 pod labelled "app=static-web" is Running
    And pod labelled "app=static-web" is bound to "k8s-worker-1"
    When I run `kubectl get pods -l app=static-web`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      static-web-k8s-worker-1 +1/1 +Running +0 +\d+s
      """
    When I run `on k8s-worker-1 sed -i 's/nginx:1.27/nginx:1.26/' /etc/kubernetes/manifests/static-web.yaml`
    And 30s pass
    And I run `kubectl get pod static-web-k8s-worker-1 -o jsonpath='{.spec.containers[0].image} {.status.phase}'`
    Then the output is:
      """
      nginx:1.26 Running
      """
    When I run `on k8s-worker-1 rm /etc/kubernetes/manifests/static-web.yaml`
    And 30s pass
    Then 0 pods labelled "app=static-web" exist

  @C14
  Scenario: Deleting a mirror Pod does not stop the static Pod; the kubelet shows it again
    When I run `kubectl delete pod kube-scheduler-k8s-master -n kube-system`
    Then it succeeds
    When 5s pass
    And I run `kubectl get pod kube-scheduler-k8s-master -n kube-system -o jsonpath='{.status.phase}'`
    Then the output is:
      """
      Running
      """
    And the trace shows, in order:
      | kind | actor              | verb   | target                                   |
      | api  | kubectl            | delete | pods/kube-system/kube-scheduler-k8s-master |
      | api  | kubelet/k8s-master | create | pods/kube-system                         |
