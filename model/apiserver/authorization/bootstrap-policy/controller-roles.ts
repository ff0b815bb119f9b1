/**
 * The roles kube-controller-manager's controllers run with under
 * --use-service-account-credentials (bootstrappolicy/controller_policy.go): ClusterRole
 * system:controller:<name>, bound by a ClusterRoleBinding of the same name to the ServiceAccount
 * kube-system/<name>. The set is 1.32's with its default feature gates (testdata/controller-roles.yaml
 * without the roles of gated controllers).
 */
import {
  admissionregistrationGroup, appsGroup, authorizationGroup, autoscalingGroup, batchGroup, certificatesGroup, eventsRule, extensionsGroup, legacyGroup,
  discoveryGroup, policyGroup, rbacGroup, Read, rule, storageGroup, type ClusterRoleSpec,
} from './rule';

const controller = (name: string, rules: ReturnType<typeof eventsRule>[]): ClusterRoleSpec => ({ name: `system:controller:${name}`, rules });

export function controllerRoles(): ClusterRoleSpec[] {
  return [
    controller('attachdetach-controller', [
      rule('list', 'watch').groups(legacyGroup).resources('persistentvolumes', 'persistentvolumeclaims').get(),
      rule(...Read).groups(legacyGroup).resources('nodes').get(),
      rule('patch', 'update').groups(legacyGroup).resources('nodes/status').get(),
      rule('list', 'watch').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
      rule('get', 'create', 'delete', 'list', 'watch').groups(storageGroup).resources('volumeattachments').get(),
      rule(...Read).groups(storageGroup).resources('csidrivers').get(),
      rule(...Read).groups(storageGroup).resources('csinodes').get(),
    ]),
    controller('certificate-controller', [
      rule('get', 'list', 'watch', 'delete').groups(certificatesGroup).resources('certificatesigningrequests').get(),
      rule('update').groups(certificatesGroup).resources('certificatesigningrequests/status', 'certificatesigningrequests/approval').get(),
      rule('approve').groups(certificatesGroup).resources('signers').names('kubernetes.io/kube-apiserver-client-kubelet').get(),
      rule('sign')
        .groups(certificatesGroup)
        .resources('signers')
        .names('kubernetes.io/legacy-unknown', 'kubernetes.io/kube-apiserver-client', 'kubernetes.io/kube-apiserver-client-kubelet', 'kubernetes.io/kubelet-serving')
        .get(),
      rule('create').groups(authorizationGroup).resources('subjectaccessreviews').get(),
      eventsRule(),
    ]),
    controller('clusterrole-aggregation-controller', [rule('escalate', 'get', 'list', 'watch', 'update', 'patch').groups(rbacGroup).resources('clusterroles').get()]),
    controller('cronjob-controller', [
      rule('get', 'list', 'watch', 'update').groups(batchGroup).resources('cronjobs').get(),
      rule('get', 'list', 'watch', 'create', 'update', 'delete', 'patch').groups(batchGroup).resources('jobs').get(),
      rule('update').groups(batchGroup).resources('cronjobs/status').get(),
      rule('update').groups(batchGroup).resources('cronjobs/finalizers').get(),
      rule('list', 'delete').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('daemon-set-controller', [
      rule(...Read).groups(extensionsGroup, appsGroup).resources('daemonsets').get(),
      rule('update').groups(extensionsGroup, appsGroup).resources('daemonsets/status').get(),
      rule('update').groups(extensionsGroup, appsGroup).resources('daemonsets/finalizers').get(),
      rule('list', 'watch').groups(legacyGroup).resources('nodes').get(),
      rule('list', 'watch', 'create', 'delete', 'patch').groups(legacyGroup).resources('pods').get(),
      rule('create').groups(legacyGroup).resources('pods/binding').get(),
      rule('get', 'list', 'watch', 'create', 'delete', 'update', 'patch').groups(appsGroup).resources('controllerrevisions').get(),
      eventsRule(),
    ]),
    controller('deployment-controller', [
      rule('get', 'list', 'watch', 'update').groups(extensionsGroup, appsGroup).resources('deployments').get(),
      rule('update').groups(extensionsGroup, appsGroup).resources('deployments/status').get(),
      rule('update').groups(extensionsGroup, appsGroup).resources('deployments/finalizers').get(),
      rule('get', 'list', 'watch', 'create', 'update', 'patch', 'delete').groups(appsGroup, extensionsGroup).resources('replicasets').get(),
      // Pods are listed to fill in the owner references of orphaned ReplicaSets' Pods.
      rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('disruption-controller', [
      rule(...Read).groups(extensionsGroup, appsGroup).resources('deployments').get(),
      rule(...Read).groups(appsGroup, extensionsGroup).resources('replicasets').get(),
      rule(...Read).groups(legacyGroup).resources('replicationcontrollers').get(),
      rule(...Read).groups(policyGroup).resources('poddisruptionbudgets').get(),
      rule(...Read).groups(appsGroup).resources('statefulsets').get(),
      rule('update').groups(policyGroup).resources('poddisruptionbudgets/status').get(),
      rule('patch', 'update').groups(legacyGroup).resources('pods/status').get(),
      rule('get').groups('*').resources('*/scale').get(),
      eventsRule(),
    ]),
    controller('endpoint-controller', [
      rule(...Read).groups(legacyGroup).resources('services', 'pods').get(),
      rule('get', 'list', 'create', 'update', 'delete').groups(legacyGroup).resources('endpoints').get(),
      rule('create').groups(legacyGroup).resources('endpoints/restricted').get(),
      eventsRule(),
    ]),
    controller('endpointslice-controller', [
      rule(...Read).groups(legacyGroup).resources('services', 'pods', 'nodes').get(),
      // The EndpointSlices are owned by their Service (OwnerReferencesPermissionEnforcement).
      rule('update').groups(legacyGroup).resources('services/finalizers').get(),
      rule('get', 'list', 'create', 'update', 'delete').groups(discoveryGroup).resources('endpointslices').get(),
      eventsRule(),
    ]),
    controller('endpointslicemirroring-controller', [
      rule(...Read).groups(legacyGroup).resources('services', 'endpoints').get(),
      rule('update').groups(legacyGroup).resources('services/finalizers').get(),
      rule('update').groups(legacyGroup).resources('endpoints/finalizers').get(),
      rule('get', 'list', 'create', 'update', 'delete').groups(discoveryGroup).resources('endpointslices').get(),
      eventsRule(),
    ]),
    controller('ephemeral-volume-controller', [
      rule(...Read).groups(legacyGroup).resources('pods').get(),
      rule('update').groups(legacyGroup).resources('pods/finalizers').get(),
      rule('get', 'list', 'watch', 'create').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      eventsRule(),
    ]),
    controller('expand-controller', [
      rule('get', 'list', 'watch', 'update', 'patch').groups(legacyGroup).resources('persistentvolumes').get(),
      rule('update', 'patch').groups(legacyGroup).resources('persistentvolumeclaims/status').get(),
      rule(...Read).groups(legacyGroup).resources('persistentvolumeclaims').get(),
      eventsRule(),
      // The in-tree portworx volume plugin.
      rule('get').groups(legacyGroup).resources('services').get(),
    ]),
    controller('generic-garbage-collector', [rule('get', 'list', 'watch', 'patch', 'update', 'delete').groups('*').resources('*').get(), eventsRule()]),
    controller('horizontal-pod-autoscaler', [
      rule(...Read).groups(autoscalingGroup).resources('horizontalpodautoscalers').get(),
      rule('update').groups(autoscalingGroup).resources('horizontalpodautoscalers/status').get(),
      rule('get', 'update').groups('*').resources('*/scale').get(),
      // 1.32's lists without watch (kubernetes#130405 added it for 1.33).
      rule('list').groups(legacyGroup).resources('pods').get(),
      rule('list').groups('metrics.k8s.io').resources('pods').get(),
      rule('get', 'list').groups('custom.metrics.k8s.io').resources('*').get(),
      rule('get', 'list').groups('external.metrics.k8s.io').resources('*').get(),
      eventsRule(),
    ]),
    controller('job-controller', [
      rule('get', 'list', 'watch', 'update', 'patch').groups(batchGroup).resources('jobs').get(),
      rule('update').groups(batchGroup).resources('jobs/status').get(),
      rule('update').groups(batchGroup).resources('jobs/finalizers').get(),
      rule('list', 'watch', 'create', 'delete', 'patch').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('legacy-service-account-token-cleaner', [
      rule('get').groups(legacyGroup).resources('configmaps').names('kube-apiserver-legacy-service-account-token-tracking').get(),
      rule('patch', 'delete').groups(legacyGroup).resources('secrets').get(),
    ]),
    controller('namespace-controller', [
      rule('get', 'list', 'watch', 'delete').groups(legacyGroup).resources('namespaces').get(),
      rule('update').groups(legacyGroup).resources('namespaces/finalize', 'namespaces/status').get(),
      rule('get', 'list', 'delete', 'deletecollection').groups('*').resources('*').get(),
    ]),
    controller('node-controller', [
      rule('get', 'list', 'update', 'delete', 'patch').groups(legacyGroup).resources('nodes').get(),
      rule('patch', 'update').groups(legacyGroup).resources('nodes/status').get(),
      // Taint-based evictions update the Pods' conditions before deleting them.
      rule('patch', 'update').groups(legacyGroup).resources('pods/status').get(),
      rule('list', 'delete', 'get').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('persistent-volume-binder', [
      rule('get', 'list', 'watch', 'update', 'create', 'delete').groups(legacyGroup).resources('persistentvolumes').get(),
      rule('update').groups(legacyGroup).resources('persistentvolumes/status').get(),
      rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      rule('update').groups(legacyGroup).resources('persistentvolumeclaims/status').get(),
      rule('list', 'watch', 'get', 'create', 'delete').groups(legacyGroup).resources('pods').get(),
      rule(...Read).groups(storageGroup).resources('storageclasses').get(),
      rule('list', 'watch').groups(legacyGroup).resources('nodes').get(),
      eventsRule(),
      // recyclerClient.WatchPod, and the in-tree portworx volume plugin.
      rule('watch').groups(legacyGroup).resources('events').get(),
      rule('get').groups(legacyGroup).resources('services').get(),
    ]),
    controller('pod-garbage-collector', [
      rule('list', 'watch', 'delete').groups(legacyGroup).resources('pods').get(),
      rule('get', 'list').groups(legacyGroup).resources('nodes').get(),
      rule('patch').groups(legacyGroup).resources('pods/status').get(),
    ]),
    controller('pv-protection-controller', [rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('persistentvolumes').get(), eventsRule()]),
    controller('pvc-protection-controller', [
      rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      rule(...Read).groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('replicaset-controller', [
      rule('get', 'list', 'watch', 'update').groups(appsGroup, extensionsGroup).resources('replicasets').get(),
      rule('update').groups(appsGroup, extensionsGroup).resources('replicasets/status').get(),
      rule('update').groups(appsGroup, extensionsGroup).resources('replicasets/finalizers').get(),
      rule('list', 'watch', 'patch', 'create', 'delete').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('replication-controller', [
      rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('replicationcontrollers').get(),
      rule('update').groups(legacyGroup).resources('replicationcontrollers/status').get(),
      rule('update').groups(legacyGroup).resources('replicationcontrollers/finalizers').get(),
      rule('list', 'watch', 'patch', 'create', 'delete').groups(legacyGroup).resources('pods').get(),
      eventsRule(),
    ]),
    controller('resourcequota-controller', [rule('list', 'watch').groups('*').resources('*').get(), rule('update').groups(legacyGroup).resources('resourcequotas/status').get(), eventsRule()]),
    controller('root-ca-cert-publisher', [rule('create', 'update').groups(legacyGroup).resources('configmaps').get(), eventsRule()]),
    controller('route-controller', [rule('list', 'watch').groups(legacyGroup).resources('nodes').get(), rule('patch').groups(legacyGroup).resources('nodes/status').get(), eventsRule()]),
    controller('service-account-controller', [rule('create').groups(legacyGroup).resources('serviceaccounts').get(), eventsRule()]),
    controller('service-controller', [
      rule(...Read).groups(legacyGroup).resources('services').get(),
      rule('patch', 'update').groups(legacyGroup).resources('services/status').get(),
      rule('list', 'watch').groups(legacyGroup).resources('nodes').get(),
      eventsRule(),
    ]),
    controller('statefulset-controller', [
      rule('list', 'watch').groups(legacyGroup).resources('pods').get(),
      rule(...Read).groups(appsGroup).resources('statefulsets').get(),
      rule('update').groups(appsGroup).resources('statefulsets/status').get(),
      rule('update').groups(appsGroup).resources('statefulsets/finalizers').get(),
      rule('get', 'create', 'delete', 'update', 'patch').groups(legacyGroup).resources('pods').get(),
      rule('get', 'create', 'delete', 'update', 'patch', 'list', 'watch').groups(appsGroup).resources('controllerrevisions').get(),
      rule('get', 'create', 'list', 'watch').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      eventsRule(),
      // Appended after the events rule while StatefulSetAutoDeletePVC was a gate (GA in 1.32, moved in 1.35).
      rule('update', 'delete').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      rule('update').groups(legacyGroup).resources('pods/finalizers').get(),
    ]),
    controller('ttl-after-finished-controller', [rule('get', 'list', 'watch', 'delete').groups(batchGroup).resources('jobs').get(), eventsRule()]),
    controller('ttl-controller', [rule('update', 'patch', 'list', 'watch').groups(legacyGroup).resources('nodes').get(), eventsRule()]),
    controller('validatingadmissionpolicy-status-controller', [
      rule(...Read).groups(admissionregistrationGroup).resources('validatingadmissionpolicies').get(),
      rule('get', 'patch', 'update').groups(admissionregistrationGroup).resources('validatingadmissionpolicies/status').get(),
      eventsRule(),
    ]),
  ];
}

/** The ServiceAccount of a controller role: system:controller:<name> runs as kube-system/<name>. */
export function controllerServiceAccount(roleName: string): string {
  return roleName.slice('system:controller:'.length);
}
