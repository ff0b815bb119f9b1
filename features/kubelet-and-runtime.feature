Feature: The kubelet runs its node's Pods through the container runtime
  Every node runs a kubelet. It learns from the API server which Pods are bound to its node,
  and asks the container runtime over CRI to create the Pod sandbox, pull the image, then
  create and start the container. containerd does this through containerd-shim and runc.
  The kubelet keeps reporting the Pods' status.

  Background:
    Given a cluster
    And the file "one.yaml":
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
        labels:
          app: web
      spec:
        nodeSelector:
          kubernetes.io/hostname: k8s-worker-2
        containers:
          - name: nginx
            image: nginx
      """

  @W12
  Scenario: Only the kubelet of the Pod's node acts on it, having learned of it by a watch
    When I run `kubectl apply -f one.yaml`
    And 30s pass
    Then pod labelled "app=web" is Running
    And the trace shows, in order:
      | kind  | actor                | verb    | target           |
      | api   | kube-scheduler       | create  | pods/binding/default/web |
      | watch | kubelet/k8s-worker-2 | ADDED   | pods/default/web |
      | cri   | containerd/k8s-worker-2 | RunPodSandbox | pods/default/web |
      | api   | kubelet/k8s-worker-2 | update  | pods/status/default/web |
    And "kubelet/k8s-worker-1" made no update request for "pods/status/default/web"

  @W13
  Scenario: Sandbox, image, container: the CRI calls in order
    When I run `kubectl apply -f one.yaml`
    And 30s pass
    Then the trace shows, in order:
      | kind | actor                   | verb            | target                 |
      | cri  | containerd/k8s-worker-2 | RunPodSandbox   | pods/default/web       |
      | cri  | containerd/k8s-worker-2 | PullImage       | pods/default/web       |
      | cri  | containerd/k8s-worker-2 | CreateContainer | pods/default/web/nginx |
      | cri  | containerd/k8s-worker-2 | StartContainer  | pods/default/web/nginx |
    When I run `kubectl describe pod web`
    Then the output contains "Successfully assigned default/web to k8s-worker-2"
    And the output contains "Pulling image \"nginx\""
    And the output contains "Created container nginx"
    And the output contains "Started container nginx"

  @W13
  Scenario: containerd runs the container through a shim and runc
    When I run `kubectl apply -f one.yaml`
    And 30s pass
    And I run `on k8s-worker-2 crictl ps`
    Then it succeeds
    And the output lines match:
      """
      CONTAINER +IMAGE +CREATED +STATE +NAME +ATTEMPT +POD ID +POD( +NAMESPACE)?
      [0-9a-f]{13} +[0-9a-f]{13} +.* ago +Running +nginx +0 +[0-9a-f]{13} +web( +default)?
      [0-9a-f]{13} +[0-9a-f]{13} +.* ago +Running +kube-flannel +0 +[0-9a-f]{13} +kube-flannel-ds-[a-z0-9]{5} +kube-flannel
      [0-9a-f]{13} +[0-9a-f]{13} +.* ago +Running +kube-proxy +0 +[0-9a-f]{13} +kube-proxy-[a-z0-9]{5} +kube-system
      """
    When I run `on k8s-worker-2 ps aux`
    Then the output contains "containerd-shim-runc-v2 -namespace k8s.io -id"
    And the output contains "nginx: master process nginx -g daemon off;"
    And the trace shows, in order:
      | kind | actor                   | verb           | target                 |
      | cri  | containerd/k8s-worker-2 | StartContainer | pods/default/web/nginx |
      | cri  | containerd/k8s-worker-2 | runc create    | pods/default/web/nginx |
      | cri  | containerd/k8s-worker-2 | runc start     | pods/default/web/nginx |

  @W12
  Scenario: The kubelet reports the Pod's status, and its IP comes from the node's Pod CIDR
    When I run `kubectl apply -f one.yaml`
    And 30s pass
    Then every running pod labelled "app=web" has an IP from its node's Pod CIDR
    When I run `kubectl get pod web -o jsonpath='{.status.phase} {.status.conditions[?(@.type=="Ready")].status} {.status.containerStatuses[0].ready}'`
    Then the output is:
      """
      Running True true
      """
