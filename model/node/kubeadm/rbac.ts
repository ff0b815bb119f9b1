/**
 * The RBAC objects `kubeadm init` (1.32) creates once the API server answers: admin.conf's group
 * kubeadm:cluster-admins bound to cluster-admin (kubeadm 1.29+; only super-admin.conf is in
 * system:masters), the bootstrap-token and node-certificate bindings, the Roles that let joining
 * nodes read kubelet-config and kubeadm-config, and its addons' roles: CoreDNS's
 * system:coredns and kube-proxy's kubeadm:node-proxier.
 */
import type { EtcdStore } from '../../etcd/store';
import type { Simulation } from '../../sim/simulation';
import { PolicyWriter } from '../../apiserver/authorization/bootstrap-policy/writer';
import { discoveryGroup, group, legacyGroup, rule, sa, user, type BindingSpec } from '../../apiserver/authorization/bootstrap-policy/rule';

const BOOTSTRAPPERS = 'system:bootstrappers:kubeadm:default-node-token';

const crb = (name: string, role: string, subjects: BindingSpec['subjects']): BindingSpec => ({ name, roleKind: 'ClusterRole', role, subjects });
const rb = (namespace: string, name: string, role: string, subjects: BindingSpec['subjects']): BindingSpec => ({ name, namespace, roleKind: 'Role', role, subjects });

export function ensureKubeadmPolicy(etcd: EtcdStore, sim: Simulation): void {
  const w = new PolicyWriter(etcd, sim, 'kubeadm init', 'kubeadm');
  w.binding(crb('kubeadm:cluster-admins', 'cluster-admin', [group('kubeadm:cluster-admins')]), false);
  // phase bootstrap-token: joining nodes post CSRs, get them approved, read the cluster's config.
  w.clusterRole({ name: 'kubeadm:get-nodes', rules: [rule('get').groups(legacyGroup).resources('nodes').get()] }, false);
  w.binding(crb('kubeadm:get-nodes', 'kubeadm:get-nodes', [group(BOOTSTRAPPERS)]), false);
  w.binding(crb('kubeadm:kubelet-bootstrap', 'system:node-bootstrapper', [group(BOOTSTRAPPERS)]), false);
  w.binding(crb('kubeadm:node-autoapprove-bootstrap', 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', [group(BOOTSTRAPPERS)]), false);
  w.binding(crb('kubeadm:node-autoapprove-certificate-rotation', 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', [group('system:nodes')]), false);
  w.role('kube-public', 'kubeadm:bootstrap-signer-clusterinfo', [rule('get').groups(legacyGroup).resources('configmaps').names('cluster-info').get()], false);
  w.binding(rb('kube-public', 'kubeadm:bootstrap-signer-clusterinfo', 'kubeadm:bootstrap-signer-clusterinfo', [user('system:anonymous')]), false);
  w.role('kube-system', 'kubeadm:kubelet-config', [rule('get').groups(legacyGroup).resources('configmaps').names('kubelet-config').get()], false);
  w.binding(rb('kube-system', 'kubeadm:kubelet-config', 'kubeadm:kubelet-config', [group('system:nodes'), group(BOOTSTRAPPERS)]), false);
  w.role('kube-system', 'kubeadm:nodes-kubeadm-config', [rule('get').groups(legacyGroup).resources('configmaps').names('kubeadm-config').get()], false);
  w.binding(rb('kube-system', 'kubeadm:nodes-kubeadm-config', 'kubeadm:nodes-kubeadm-config', [group(BOOTSTRAPPERS), group('system:nodes')]), false);
  // phase addon coredns.
  w.clusterRole(
    {
      name: 'system:coredns',
      rules: [rule('list', 'watch').groups(legacyGroup).resources('endpoints', 'services', 'pods', 'namespaces').get(), rule('list', 'watch').groups(discoveryGroup).resources('endpointslices').get()],
    },
    false,
  );
  w.binding(crb('system:coredns', 'system:coredns', [sa('kube-system', 'coredns')]), false);
  // phase addon kube-proxy: its ServiceAccount gets system:node-proxier; joining nodes read its ConfigMap.
  w.binding(crb('kubeadm:node-proxier', 'system:node-proxier', [sa('kube-system', 'kube-proxy')]), false);
  w.role('kube-system', 'kube-proxy', [rule('get').groups(legacyGroup).resources('configmaps').names('kube-proxy').get()], false);
  w.binding(rb('kube-system', 'kube-proxy', 'kube-proxy', [group(BOOTSTRAPPERS)]), false);
}
