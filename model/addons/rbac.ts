/**
 * The RBAC objects of the addons' manifests: kube-flannel.yml's ClusterRole flannel, bound to
 * the ServiceAccount kube-flannel/flannel, and kind's local-path-storage.yaml's
 * local-path-provisioner-role (a ClusterRole, and a Role in local-path-storage), bound to
 * local-path-provisioner-service-account. Each component can do only what these allow.
 */
import type { EtcdStore } from '../etcd/store';
import type { Simulation } from '../sim/simulation';
import { PolicyWriter } from '../apiserver/authorization/bootstrap-policy/writer';
import { legacyGroup, rule, sa, storageGroup } from '../apiserver/authorization/bootstrap-policy/rule';

const LOCAL_PATH_SA = sa('local-path-storage', 'local-path-provisioner-service-account');

export function ensureAddonPolicy(etcd: EtcdStore, sim: Simulation): void {
  const w = new PolicyWriter(etcd, sim, 'addon manifests');
  w.clusterRole(
    {
      name: 'flannel',
      rules: [rule('get').groups(legacyGroup).resources('pods').get(), rule('get', 'list', 'watch').groups(legacyGroup).resources('nodes').get(), rule('patch').groups(legacyGroup).resources('nodes/status').get()],
    },
    false,
  );
  w.binding({ name: 'flannel', roleKind: 'ClusterRole', role: 'flannel', subjects: [sa('kube-flannel', 'flannel')] }, false);
  w.clusterRole(
    {
      name: 'local-path-provisioner-role',
      rules: [
        rule('get', 'list', 'watch').groups(legacyGroup).resources('nodes', 'persistentvolumeclaims', 'configmaps', 'pods', 'pods/log').get(),
        rule('*').groups(legacyGroup).resources('persistentvolumes').get(),
        rule('create', 'patch').groups(legacyGroup).resources('events').get(),
        rule('get', 'list', 'watch').groups(storageGroup).resources('storageclasses').get(),
      ],
    },
    false,
  );
  w.binding({ name: 'local-path-provisioner-bind', roleKind: 'ClusterRole', role: 'local-path-provisioner-role', subjects: [LOCAL_PATH_SA] }, false);
  w.role('local-path-storage', 'local-path-provisioner-role', [rule('get', 'list', 'watch', 'create', 'patch', 'update', 'delete').groups(legacyGroup).resources('pods').get()], false);
  w.binding({ name: 'local-path-provisioner-bind', namespace: 'local-path-storage', roleKind: 'Role', role: 'local-path-provisioner-role', subjects: [LOCAL_PATH_SA] }, false);
}
