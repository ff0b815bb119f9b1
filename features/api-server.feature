Feature: kube-apiserver is the single front door, and only it talks to etcd
  kubectl never creates containers itself: it sends requests over the Kubernetes API. The API
  server authenticates, authorizes and validates each request, then reads and writes etcd,
  which only stores. Every other component talks only to the API server.

  Background:
    Given a cluster
    And the file "nginx.yaml":
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

  @W04 @C20
  Scenario: kubectl sends the Deployment to kube-apiserver and touches nothing else
    When I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    And the trace shows, in order:
      | kind | actor          | verb   | target                              |
      | api  | kubectl        | get    | deployments/default/nginx           |
      | api  | kubectl        | create | deployments/default                 |
      | etcd | kube-apiserver | put    | /registry/deployments/default/nginx |
    And "kubectl" made no create request for "pods"

  @W06
  Scenario: The accepted Deployment, with its desired state, is stored in etcd
    When I run `kubectl apply -f nginx.yaml`
    Then the deployment "nginx" is stored in etcd at "/registry/deployments/default/nginx" with 3 replicas

  @W06 @W07
  Scenario: etcd only stores: with no controllers, a stored Deployment makes no Pods
    # kube-controller-manager is a static Pod: moving its manifest away is how it is stopped for good.
    When I run `on k8s-master mv /etc/kubernetes/manifests/kube-controller-manager.yaml /root/`
    And 5s pass
    And I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then the deployment "nginx" is stored in etcd at "/registry/deployments/default/nginx" with 3 replicas
    And etcd holds no key under "/registry/replicasets/default/"
    And etcd holds no key under "/registry/pods/default/"

  @W05 @W07
  Scenario: Every component reads and writes through kube-apiserver; only it touches etcd
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then every etcd access in the trace was made by "kube-apiserver"
    And the components that made API requests are:
      | flanneld                |
      | kube-apiserver          |
      | kube-controller-manager |
      | kube-proxy              |
      | kube-scheduler          |
      | kubeadm                 |
      | kubectl                 |
      | kubelet                 |
      | local-path-provisioner  |

  @W05
  Scenario: A request without valid credentials is rejected before anything is read or stored
    When I run `kubectl --kubeconfig=/dev/null -s https://127.0.0.1:6443 --insecure-skip-tls-verify --token=bogus get pods`
    Then it fails with:
      """
      error: You must be logged in to the server (Unauthorized)
      """

  @W05
  Scenario: A component is only allowed what its role needs
    When the kube-scheduler tries to delete the namespace "default"
    Then the API server answers 403 Forbidden with:
      """
      namespaces "default" is forbidden: User "system:kube-scheduler" cannot delete resource "namespaces" in API group "" in the namespace "default"
      """
    And the namespace "default" still exists

  @W05
  Scenario: Validation rejects a bad object with Kubernetes' wording and stores nothing
    Given the file "bad.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
      spec:
        replicas: -1
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: web
          spec:
            containers:
              - name: nginx
                image: nginx
      """
    When I run `kubectl apply -f bad.yaml`
    Then it fails with:
      """
      The Deployment "nginx" is invalid: 
      * spec.replicas: Invalid value: -1: must be greater than or equal to 0
      * spec.template.metadata.labels: Invalid value: map[string]string{"app":"web"}: `selector` does not match template `labels`
      """
    And etcd holds no key under "/registry/deployments/default/"
