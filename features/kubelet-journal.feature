Feature: The kubelet's journal tells what it did, in klog's words
  On a kind node the kubelet is a systemd unit and logs to the journal (`journalctl -u kubelet`):
  when it starts (the main sync loop, the static Pod path, registering its Node, the Pod CIDR the
  Node got), each Pod the API server gives it or takes away (SyncLoop ADD, UPDATE, DELETE,
  REMOVE, with the source and the Pod), each sandbox it creates, and on the control-plane node the
  mirror Pod of each static Pod. Each line is klog's header, the source file and line, the quoted
  message and its key="value" pairs, as kubelet v1.32 writes them.

  Background:
    Given a cluster

  @KL06
  Scenario: A worker's kubelet registers its Node, then syncs a Pod from ADD to REMOVE
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        nodeName: k8s-worker-1
        containers:
          - name: nginx
            image: nginx
      """
    And 30s pass
    And I run `kubectl delete pod web`
    And 5s pass
    And I run `on k8s-worker-1 journalctl -u kubelet --no-pager`
    Then it succeeds
    And the output has lines matching, in order:
      """
      ^Jan 01 10:00:0\d k8s-worker-1 kubelet\[\d+\]: I0101 10:00:0\d\.\d{6} +\d+ kubelet\.go:1566\] "Starting kubelet main sync loop"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:406\] "Adding static pod path" path="/etc/kubernetes/manifests"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet_node_status\.go:76\] "Attempting to register node" node="k8s-worker-1"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet_node_status\.go:79\] "Successfully registered node" node="k8s-worker-1"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet_network\.go:61\] "Updating Pod CIDR" originalPodCIDR="" newPodCIDR="10\.244\.1\.0/24"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:2468\] "SyncLoop ADD" source="api" pods=\["default/web"\]$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kuberuntime_manager\.go:1047\] "Created PodSandbox for pod" podSandboxID="[0-9a-f]{64}" pod="default/web"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:2478\] "SyncLoop DELETE" source="api" pods=\["default/web"\]$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:2484\] "SyncLoop REMOVE" source="api" pods=\["default/web"\]$
      """
    # updatePodCIDR: only a change of the Node's Pod CIDR is logged, not each Node update after it.
    And the output has 1 line matching "Updating Pod CIDR"
    When I run `on k8s-worker-1 journalctl -u kubelet -n 1`
    Then the output lines match:
      """
      .* kubelet\.go:2484\] "SyncLoop REMOVE" source="api" pods=\["default/web"\]
      """

  @KL06
  Scenario: The control-plane node's kubelet creates a mirror Pod for each static Pod
    When 5s pass
    And I run `on k8s-master journalctl -u kubelet`
    Then the output has lines matching, in order:
      """
      kubelet\.go:1941\] "Creating a mirror pod for static pod" pod="kube-system/etcd-k8s-master"$
      kubelet\.go:1941\] "Creating a mirror pod for static pod" pod="kube-system/kube-apiserver-k8s-master"$
      kubelet\.go:1941\] "Creating a mirror pod for static pod" pod="kube-system/kube-controller-manager-k8s-master"$
      kubelet\.go:1941\] "Creating a mirror pod for static pod" pod="kube-system/kube-scheduler-k8s-master"$
      """
    When I run `on k8s-master journalctl -u kube-nothing`
    Then the output is:
      """
      -- No entries --
      """

  @KL06
  Scenario: A static Pod on a worker comes from the file source; a manifest that is not a Pod is logged and skipped
    When I run `on k8s-worker-1 tee /etc/kubernetes/manifests/static-web.yaml` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: static-web
      spec:
        containers:
          - name: web
            image: nginx
      """
    And I run `on k8s-worker-1 tee /etc/kubernetes/manifests/notapod.yaml` with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: x
      """
    And 30s pass
    And I run `on k8s-worker-1 journalctl -u kubelet`
    Then the output has lines matching, in order:
      """
      kubelet\[\d+\]: E0101 [\d:.]+ +\d+ file\.go:187\] "Could not process manifest file" err=".+" path="/etc/kubernetes/manifests/notapod\.yaml"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ config\.go:398\] "Receiving a new pod" pods=\["default/static-web-k8s-worker-1"\] source="file"$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:2468\] "SyncLoop ADD" source="file" pods=\["default/static-web-k8s-worker-1"\]$
      kubelet\[\d+\]: I0101 [\d:.]+ +\d+ kubelet\.go:1941\] "Creating a mirror pod for static pod" pod="default/static-web-k8s-worker-1"$
      """
