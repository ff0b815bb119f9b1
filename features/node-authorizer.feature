Feature: A kubelet may touch only what its own node needs: the Node authorizer and NodeRestriction
  Every kubelet authenticates as system:node:<node> in the group system:nodes. kube-apiserver runs
  with --authorization-mode=Node,RBAC and the NodeRestriction admission plugin, as kubeadm and
  kind set it up. The Node authorizer keeps a graph of the Pods bound to each node and of the
  Secrets, ConfigMaps, claims and ServiceAccounts they use: a kubelet may read an object only
  when the graph leads from it to its node, and may read only its own Node and its own Pods.
  Writes the authorizer lets every kubelet make (Pod status, its Node, mirror Pods) are narrowed
  by NodeRestriction to the kubelet's own node. A refusal is 403 Forbidden, the authorizer's
  reason after the usual sentence.

  Background:
    Given a cluster
    When I run `kubectl create secret generic db --from-literal=password=s3cret`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        nodeName: k8s-worker-1
        containers:
        - name: web
          image: nginx
          env:
          - name: PASSWORD
            valueFrom:
              secretKeyRef: {name: db, key: password}
      """
    And 20s pass

  @V01
  Scenario: A kubelet reads the Secret of a Pod bound to its node; another node's kubelet is refused with the authorizer's reason
    When the kubelet of "k8s-worker-1" runs `kubectl get secret db -o jsonpath={.data.password}`
    Then the output is:
      """
      czNjcmV0
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get secret db`
    Then it fails with:
      """
      Error from server (Forbidden): secrets "db" is forbidden: User "system:node:k8s-worker-2" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node 'k8s-worker-2' and this object
      """
    When the kubelet of "k8s-worker-1" runs `kubectl get secrets`
    Then it fails with:
      """
      Error from server (Forbidden): secrets is forbidden: User "system:node:k8s-worker-1" cannot list resource "secrets" in API group "" in the namespace "default": No Object name found
      """
    # The edge goes with the Pod: once it is gone, so is the kubelet's access.
    When I run `kubectl delete pod web --grace-period=0 --force`
    And the kubelet of "k8s-worker-1" runs `kubectl get secret db`
    Then it fails with:
      """
      Error from server (Forbidden): secrets "db" is forbidden: User "system:node:k8s-worker-1" cannot get resource "secrets" in API group "" in the namespace "default": no relationship found between node 'k8s-worker-1' and this object
      """

  @V02
  Scenario: A kubelet reads only its own Node, and lists only the Pods bound to it
    When the kubelet of "k8s-worker-2" runs `kubectl get node k8s-worker-2 -o name`
    Then the output is:
      """
      node/k8s-worker-2
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get nodes`
    Then it fails with:
      """
      Error from server (Forbidden): nodes is forbidden: User "system:node:k8s-worker-2" cannot list resource "nodes" in API group "" at the cluster scope: node 'k8s-worker-2' cannot read all nodes, only its own Node object
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get node k8s-worker-1`
    Then it fails with:
      """
      Error from server (Forbidden): nodes "k8s-worker-1" is forbidden: User "system:node:k8s-worker-2" cannot get resource "nodes" in API group "" at the cluster scope: node 'k8s-worker-2' cannot read 'k8s-worker-1', only its own Node object
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get pods -A`
    Then it fails with:
      """
      Error from server (Forbidden): pods is forbidden: User "system:node:k8s-worker-2" cannot list resource "pods" in API group "" at the cluster scope: can only list/watch pods with spec.nodeName field selector
      """
    When the kubelet of "k8s-worker-1" runs `kubectl get pods --field-selector spec.nodeName=k8s-worker-1 -o name`
    Then the output is:
      """
      pod/web
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get pod web`
    Then it fails with:
      """
      Error from server (Forbidden): pods "web" is forbidden: User "system:node:k8s-worker-2" cannot get resource "pods" in API group "" in the namespace "default": no relationship found between node 'k8s-worker-2' and this object
      """

  @V03
  Scenario: A kubelet updates the status of its own Pods only (NodeRestriction)
    # The authorizer lets every kubelet write pods/status; NodeRestriction checks the node.
    When the kubelet of "k8s-worker-2" writes the status of the Pod "web"
    Then it fails with:
      """
      Error from server (Forbidden): pods "web" is forbidden: node "k8s-worker-2" can only update pod status for pods with spec.nodeName set to itself
      """
    When I run `kubectl get pod web -o jsonpath={.status.message}`
    Then the output is:
      """
      """
    When the kubelet of "k8s-worker-1" writes the status of the Pod "web"
    Then it succeeds
    When I run `kubectl get pod web -o jsonpath={.status.message}`
    Then the output is:
      """
      written by the kubelet of k8s-worker-1
      """

  @V04
  Scenario: A kubelet may not give its Node node-restriction.kubernetes.io/ labels, nor change another Node
    When the kubelet of "k8s-worker-2" runs `kubectl label node k8s-worker-2 node-restriction.kubernetes.io/pool=gold`
    Then it fails with:
      """
      Error from server (Forbidden): nodes "k8s-worker-2" is forbidden: is not allowed to modify labels: node-restriction.kubernetes.io/pool
      """
    When the kubelet of "k8s-worker-2" runs `kubectl label node k8s-worker-2 node-role.kubernetes.io/worker=`
    Then it fails with:
      """
      Error from server (Forbidden): nodes "k8s-worker-2" is forbidden: is not allowed to modify labels: node-role.kubernetes.io/worker
      """
    When the kubelet of "k8s-worker-2" runs `kubectl label node k8s-worker-2 disk=ssd`
    Then the output is:
      """
      node/k8s-worker-2 labeled
      """
    When the kubelet of "k8s-worker-2" runs `kubectl taint node k8s-worker-2 dedicated=db:NoSchedule`
    Then it fails with:
      """
      Error from server (Forbidden): nodes "k8s-worker-2" is forbidden: node "k8s-worker-2" is not allowed to modify taints
      """
    When I run `kubectl get node k8s-worker-2 -o jsonpath={.metadata.labels.disk}/{.spec.taints}`
    Then the output is:
      """
      ssd/
      """

  @V05
  Scenario: A kubelet creates only mirror Pods, deletes only its own Pods, and keeps to its own Lease
    When the kubelet of "k8s-worker-1" runs `kubectl run sneaky --image=nginx`
    Then it fails with:
      """
      Error from server (Forbidden): pods "sneaky" is forbidden: pod does not have "kubernetes.io/config.mirror" annotation, node "k8s-worker-1" can only create mirror pods
      """
    When the kubelet of "k8s-worker-2" runs `kubectl delete pod web`
    Then it fails with:
      """
      Error from server (Forbidden): pods "web" is forbidden: node "k8s-worker-2" can only delete pods with spec.nodeName set to itself
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get lease k8s-worker-1 -n kube-node-lease`
    Then it fails with:
      """
      Error from server (Forbidden): leases.coordination.k8s.io "k8s-worker-1" is forbidden: User "system:node:k8s-worker-2" cannot get resource "leases" in API group "coordination.k8s.io" in the namespace "kube-node-lease": can only access node lease with the same name as the requesting node
      """
    When the kubelet of "k8s-worker-2" runs `kubectl get lease k8s-worker-2 -n kube-node-lease -o name`
    Then the output is:
      """
      lease.coordination.k8s.io/k8s-worker-2
      """
    When I run `kubectl get pods -o name`
    Then the output is:
      """
      pod/web
      """
