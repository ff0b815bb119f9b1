Feature: Backing up etcd is backing up the cluster
  etcd holds every object of the cluster under /registry. etcdctl on the control-plane node
  reads it (with the client certificate kubeadm made: etcd accepts no other client), saves a
  snapshot, and restores one into a new data directory. The kubeadm procedure: stop etcd and
  kube-apiserver by moving their manifests out of the static Pod path, restore, point etcd's
  data volume at the restored directory, move the manifests back. The cluster is then as it was
  when the snapshot was taken. (The model's values and snapshot files are JSON; real etcd
  stores Kubernetes' protobuf encoding in a bbolt database.)

  Background:
    Given a cluster

  @C18 @C13
  Scenario: etcd holds the objects; etcdctl needs kubeadm's client certificate
    When I run `kubectl create deployment web --image=nginx`
    And I run `on k8s-master etcdctl --endpoints=https://127.0.0.1:2379 --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key get /registry/deployments --prefix --keys-only`
    Then the output is:
      """
      /registry/deployments/default/web

      /registry/deployments/kube-system/coredns

      """
    When I run `on k8s-master ETCDCTL_API=3 etcdctl --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key get /registry/namespaces/default --print-value-only`
    Then the output contains "\"kind\":\"Namespace\""
    When I run `on k8s-master etcdctl get /registry/namespaces/default`
    Then it fails with:
      """
      Error: context deadline exceeded
      """
    When I run `on k8s-worker-1 etcdctl version`
    Then it fails with:
      """
      bash: etcdctl: command not found
      """

  @C18
  Scenario: A snapshot restored with kubeadm's procedure brings the cluster back as of the snapshot
    When I run `kubectl create deployment before --image=nginx`
    And 20s pass
    And I run `on k8s-master etcdctl --cacert=/etc/kubernetes/pki/etcd/ca.crt --cert=/etc/kubernetes/pki/etcd/server.crt --key=/etc/kubernetes/pki/etcd/server.key snapshot save /root/snapshot.db`
    Then it succeeds
    And the output contains "Snapshot saved at /root/snapshot.db"
    When I run `kubectl create deployment after --image=nginx`
    And 20s pass
    Then 1 pod labelled "app=after" is Running
    # Stop etcd and kube-apiserver: the kubelet stops a static Pod whose manifest is gone.
    When I run `on k8s-master mkdir -p /root/manifests`
    And I run `on k8s-master mv /etc/kubernetes/manifests/etcd.yaml /root/manifests/etcd.yaml`
    And I run `on k8s-master mv /etc/kubernetes/manifests/kube-apiserver.yaml /root/manifests/kube-apiserver.yaml`
    And 30s pass
    And I run `on k8s-master etcdctl snapshot restore /root/snapshot.db --data-dir /var/lib/etcd-from-backup`
    Then it succeeds
    And the error output contains "Deprecated: Use `etcdutl snapshot restore` instead."
    And the error output contains "restored snapshot"
    When I run `on k8s-master etcdctl snapshot restore /root/snapshot.db --data-dir /var/lib/etcd-from-backup`
    Then it fails with an error containing "Error: data-dir \"/var/lib/etcd-from-backup\" not empty or could not be read"
    When I run `on k8s-master ls /var/lib/etcd-from-backup/member`
    Then the output is:
      """
      snap
      wal
      """
    # Point the etcd-data hostPath volume at the restored directory, and start both again.
    When I run `on k8s-master sed -i 's#path: /var/lib/etcd$#path: /var/lib/etcd-from-backup#' /root/manifests/etcd.yaml`
    And I run `on k8s-master mv /root/manifests/etcd.yaml /etc/kubernetes/manifests/etcd.yaml`
    And I run `on k8s-master mv /root/manifests/kube-apiserver.yaml /etc/kubernetes/manifests/kube-apiserver.yaml`
    And 1m passes
    And I run `kubectl get deployments`
    Then the output lines match:
      """
      NAME +READY +UP-TO-DATE +AVAILABLE +AGE
      before +1/1 +1 +1 +\d+m\d*s?
      """
    And 1 pod labelled "app=before" is Running
    And 0 pods labelled "app=after" exist
    When I run `on k8s-master crictl ps --name nginx`
    Then the output does not contain "after-"
