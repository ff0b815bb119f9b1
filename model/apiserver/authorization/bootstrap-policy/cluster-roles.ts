/**
 * The bootstrap ClusterRoles of kube-apiserver 1.32 (plugin/pkg/auth/authorizer/rbac/
 * bootstrappolicy/policy.go ClusterRoles()), as its testdata/cluster-roles.yaml lists them:
 * cluster-admin, the aggregated admin/edit/view and their system:aggregate-to-* parts, and the
 * roles of the system's users (nodes, the scheduler, the controller manager, kube-proxy, …).
 */
import {
  appsGroup, authenticationGroup, authorizationGroup, autoscalingGroup, batchGroup, certificatesGroup, coordinationGroup, discoveryGroup, eventsGroup,
  extensionsGroup, legacyGroup, networkingGroup, nodeGroup, policyGroup, rbacGroup, Read, ReadWrite, rule, storageGroup, Write, type ClusterRoleSpec,
} from './rule';

const aggregateTo = (role: string) => ({ [`rbac.authorization.k8s.io/aggregate-to-${role}`]: 'true' });

/** The monitoring endpoints system:monitoring may read. */
const monitoringURLs = ['/metrics', '/metrics/slis', '/livez', '/readyz', '/healthz', '/livez/*', '/readyz/*', '/healthz/*'];
const publicInfoURLs = ['/livez', '/readyz', '/healthz', '/version', '/version/'];

export function clusterRoles(): ClusterRoleSpec[] {
  return [
    { name: 'admin', labels: {}, rules: [], aggregateFrom: aggregateTo('admin') },
    {
      name: 'cluster-admin',
      rules: [rule('*').groups('*').resources('*').get(), rule('*').urls('*').get()],
    },
    { name: 'edit', labels: aggregateTo('admin'), rules: [], aggregateFrom: aggregateTo('edit') },
    {
      name: 'system:aggregate-to-admin',
      labels: aggregateTo('admin'),
      rules: [
        rule('create').groups(authorizationGroup).resources('localsubjectaccessreviews').get(),
        rule(...ReadWrite).groups(rbacGroup).resources('roles', 'rolebindings').get(),
      ],
    },
    {
      name: 'system:aggregate-to-edit',
      labels: aggregateTo('edit'),
      rules: [
        rule(...Read).groups(legacyGroup).resources('pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward', 'secrets', 'services/proxy').get(),
        rule('impersonate').groups(legacyGroup).resources('serviceaccounts').get(),
        rule(...Write).groups(legacyGroup).resources('pods', 'pods/attach', 'pods/proxy', 'pods/exec', 'pods/portforward').get(),
        rule('create').groups(legacyGroup).resources('pods/eviction').get(),
        rule(...Write)
          .groups(legacyGroup)
          .resources('replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/proxy', 'persistentvolumeclaims', 'configmaps', 'secrets', 'events')
          .get(),
        rule('create').groups(legacyGroup).resources('serviceaccounts/token').get(),
        rule(...Write).groups(appsGroup).resources('statefulsets', 'statefulsets/scale', 'daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'replicasets', 'replicasets/scale').get(),
        rule(...Write).groups(autoscalingGroup).resources('horizontalpodautoscalers').get(),
        rule(...Write).groups(batchGroup).resources('jobs', 'cronjobs').get(),
        rule(...Write)
          .groups(extensionsGroup)
          .resources('daemonsets', 'deployments', 'deployments/scale', 'deployments/rollback', 'ingresses', 'replicasets', 'replicasets/scale', 'replicationcontrollers/scale', 'networkpolicies')
          .get(),
        rule(...Write).groups(policyGroup).resources('poddisruptionbudgets').get(),
        rule(...Write).groups(networkingGroup).resources('networkpolicies', 'ingresses').get(),
        rule(...ReadWrite).groups(coordinationGroup).resources('leases').get(),
      ],
    },
    {
      name: 'system:aggregate-to-view',
      labels: aggregateTo('view'),
      rules: [
        rule(...Read)
          .groups(legacyGroup)
          .resources('pods', 'replicationcontrollers', 'replicationcontrollers/scale', 'serviceaccounts', 'services', 'services/status', 'endpoints', 'persistentvolumeclaims', 'persistentvolumeclaims/status', 'configmaps')
          .get(),
        rule(...Read)
          .groups(legacyGroup)
          .resources('limitranges', 'resourcequotas', 'bindings', 'events', 'pods/status', 'resourcequotas/status', 'namespaces/status', 'replicationcontrollers/status', 'pods/log')
          .get(),
        rule(...Read).groups(legacyGroup).resources('namespaces').get(),
        rule(...Read).groups(discoveryGroup).resources('endpointslices').get(),
        rule(...Read)
          .groups(appsGroup)
          .resources('controllerrevisions', 'statefulsets', 'statefulsets/status', 'statefulsets/scale', 'daemonsets', 'daemonsets/status', 'deployments', 'deployments/status', 'deployments/scale', 'replicasets', 'replicasets/status', 'replicasets/scale')
          .get(),
        rule(...Read).groups(autoscalingGroup).resources('horizontalpodautoscalers', 'horizontalpodautoscalers/status').get(),
        rule(...Read).groups(batchGroup).resources('jobs', 'cronjobs', 'cronjobs/status', 'jobs/status').get(),
        rule(...Read)
          .groups(extensionsGroup)
          .resources('daemonsets', 'daemonsets/status', 'deployments', 'deployments/scale', 'deployments/status', 'ingresses', 'ingresses/status', 'replicasets', 'replicasets/scale', 'replicasets/status', 'replicationcontrollers/scale', 'networkpolicies')
          .get(),
        rule(...Read).groups(policyGroup).resources('poddisruptionbudgets', 'poddisruptionbudgets/status').get(),
        rule(...Read).groups(networkingGroup).resources('ingresses', 'ingresses/status', 'networkpolicies').get(),
      ],
    },
    {
      name: 'system:auth-delegator',
      rules: [rule('create').groups(authenticationGroup).resources('tokenreviews').get(), rule('create').groups(authorizationGroup).resources('subjectaccessreviews').get()],
    },
    {
      name: 'system:basic-user',
      rules: [
        rule('create').groups(authorizationGroup).resources('selfsubjectaccessreviews', 'selfsubjectrulesreviews').get(),
        rule('create').groups(authenticationGroup).resources('selfsubjectreviews').get(),
      ],
    },
    { name: 'system:certificates.k8s.io:certificatesigningrequests:nodeclient', rules: [rule('create').groups(certificatesGroup).resources('certificatesigningrequests/nodeclient').get()] },
    { name: 'system:certificates.k8s.io:certificatesigningrequests:selfnodeclient', rules: [rule('create').groups(certificatesGroup).resources('certificatesigningrequests/selfnodeclient').get()] },
    ...['kube-apiserver-client', 'kube-apiserver-client-kubelet', 'kubelet-serving', 'legacy-unknown'].map((signer) => ({
      name: `system:certificates.k8s.io:${signer}-approver`,
      rules: [rule('approve').groups(certificatesGroup).resources('signers').names(`kubernetes.io/${signer}`).get()],
    })),
    {
      name: 'system:discovery',
      rules: [rule('get').urls('/livez', '/readyz', '/healthz', '/version', '/version/', '/openapi', '/openapi/*', '/api', '/api/*', '/apis', '/apis/*').get()],
    },
    {
      name: 'system:heapster',
      rules: [rule(...Read).groups(legacyGroup).resources('events', 'pods', 'nodes', 'namespaces').get(), rule(...Read).groups(extensionsGroup).resources('deployments').get()],
    },
    { name: 'system:kube-aggregator', rules: [rule(...Read).groups(legacyGroup).resources('services', 'endpoints').get()] },
    {
      name: 'system:kube-controller-manager',
      rules: [
        rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get(),
        // Its leader election lease.
        rule('create').groups(coordinationGroup).resources('leases').get(),
        rule('get', 'update').groups(coordinationGroup).resources('leases').names('kube-controller-manager').get(),
        // The ServiceAccount token controller (and creating ServiceAccounts for controllers).
        rule('create').groups(legacyGroup).resources('secrets', 'serviceaccounts').get(),
        rule('delete').groups(legacyGroup).resources('secrets').get(),
        rule('get').groups(legacyGroup).resources('namespaces', 'secrets', 'serviceaccounts', 'configmaps').get(),
        rule('update').groups(legacyGroup).resources('secrets', 'serviceaccounts').get(),
        rule('create').groups(authenticationGroup).resources('tokenreviews').get(),
        rule('create').groups(authorizationGroup).resources('subjectaccessreviews').get(),
        // The shared informers list and watch everything.
        rule('list', 'watch').groups('*').resources('*').get(),
        rule('create').groups(legacyGroup).resources('serviceaccounts/token').get(),
      ],
    },
    { name: 'system:kube-dns', rules: [rule('list', 'watch').groups(legacyGroup).resources('endpoints', 'services').get()] },
    {
      name: 'system:kube-scheduler',
      rules: [
        rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get(),
        rule('create').groups(coordinationGroup).resources('leases').get(),
        // Its lease watched and its candidacy for coordinated leader election (both since 1.31).
        rule('get', 'update', 'list', 'watch').groups(coordinationGroup).resources('leases').names('kube-scheduler').get(),
        rule(...ReadWrite).groups(coordinationGroup).resources('leasecandidates').get(),
        rule(...Read).groups(legacyGroup).resources('nodes').get(),
        rule(...Read, 'delete').groups(legacyGroup).resources('pods').get(),
        rule('create').groups(legacyGroup).resources('pods/binding', 'bindings').get(),
        rule('patch', 'update').groups(legacyGroup).resources('pods/status').get(),
        rule(...Read).groups(legacyGroup).resources('replicationcontrollers', 'services').get(),
        rule(...Read).groups(appsGroup, extensionsGroup).resources('replicasets').get(),
        rule(...Read).groups(appsGroup).resources('statefulsets').get(),
        rule(...Read).groups(policyGroup).resources('poddisruptionbudgets').get(),
        rule(...Read).groups(legacyGroup).resources('persistentvolumeclaims', 'persistentvolumes').get(),
        rule('create').groups(authenticationGroup).resources('tokenreviews').get(),
        rule('create').groups(authorizationGroup).resources('subjectaccessreviews').get(),
        rule(...Read).groups(storageGroup).resources('csinodes').get(),
        // NodeVolumeLimits counts the volumes attached (1.32).
        rule(...Read).groups(storageGroup).resources('volumeattachments').get(),
        rule(...Read).groups(legacyGroup).resources('namespaces').get(),
        rule(...Read).groups(storageGroup).resources('csidrivers').get(),
        rule(...Read).groups(storageGroup).resources('csistoragecapacities').get(),
      ],
    },
    {
      name: 'system:kubelet-api-admin',
      rules: [
        rule(...Read).groups(legacyGroup).resources('nodes').get(),
        rule('proxy').groups(legacyGroup).resources('nodes').get(),
        rule('*').groups(legacyGroup).resources('nodes/proxy', 'nodes/metrics', 'nodes/stats', 'nodes/log').get(),
      ],
    },
    { name: 'system:monitoring', rules: [rule('get').urls(...monitoringURLs).get()] },
    {
      name: 'system:node',
      rules: [
        rule('create').groups(authenticationGroup).resources('tokenreviews').get(),
        rule('create').groups(authorizationGroup).resources('subjectaccessreviews', 'localsubjectaccessreviews').get(),
        rule(...Read).groups(legacyGroup).resources('services').get(),
        rule('create', 'get', 'list', 'watch').groups(legacyGroup).resources('nodes').get(),
        rule('update', 'patch').groups(legacyGroup).resources('nodes/status').get(),
        rule('update', 'patch').groups(legacyGroup).resources('nodes').get(),
        rule('create', 'update', 'patch').groups(legacyGroup).resources('events').get(),
        rule(...Read).groups(legacyGroup).resources('pods').get(),
        rule('create', 'delete').groups(legacyGroup).resources('pods').get(),
        rule('update', 'patch').groups(legacyGroup).resources('pods/status').get(),
        rule('create').groups(legacyGroup).resources('pods/eviction').get(),
        rule(...Read).groups(legacyGroup).resources('secrets', 'configmaps').get(),
        rule('get').groups(legacyGroup).resources('persistentvolumeclaims', 'persistentvolumes').get(),
        rule('get').groups(legacyGroup).resources('endpoints').get(),
        rule('create', 'get', 'list', 'watch').groups(certificatesGroup).resources('certificatesigningrequests').get(),
        rule('get', 'create', 'update', 'patch', 'delete').groups(coordinationGroup).resources('leases').get(),
        rule('get').groups(storageGroup).resources('volumeattachments').get(),
        rule('create').groups(legacyGroup).resources('serviceaccounts/token').get(),
        rule('get', 'update', 'patch').groups(legacyGroup).resources('persistentvolumeclaims/status').get(),
        rule(...Read).groups(storageGroup).resources('csidrivers').get(),
        rule('get', 'create', 'update', 'patch', 'delete').groups(storageGroup).resources('csinodes').get(),
        rule(...Read).groups(nodeGroup).resources('runtimeclasses').get(),
      ],
    },
    { name: 'system:node-bootstrapper', rules: [rule('create', 'get', 'list', 'watch').groups(certificatesGroup).resources('certificatesigningrequests').get()] },
    {
      name: 'system:node-problem-detector',
      rules: [
        rule('get').groups(legacyGroup).resources('nodes').get(),
        rule('patch').groups(legacyGroup).resources('nodes/status').get(),
        rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get(),
      ],
    },
    {
      name: 'system:node-proxier',
      rules: [
        rule('list', 'watch').groups(legacyGroup).resources('services', 'endpoints').get(),
        rule(...Read).groups(legacyGroup).resources('nodes').get(),
        rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get(),
        rule('list', 'watch').groups(discoveryGroup).resources('endpointslices').get(),
      ],
    },
    {
      name: 'system:persistent-volume-provisioner',
      rules: [
        rule('get', 'list', 'watch', 'create', 'delete').groups(legacyGroup).resources('persistentvolumes').get(),
        rule('get', 'list', 'watch', 'update').groups(legacyGroup).resources('persistentvolumeclaims').get(),
        rule(...Read).groups(storageGroup).resources('storageclasses').get(),
        rule('watch').groups(legacyGroup).resources('events').get(),
        rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get(),
      ],
    },
    { name: 'system:public-info-viewer', rules: [rule('get').urls(...publicInfoURLs).get()] },
    { name: 'system:service-account-issuer-discovery', rules: [rule('get').urls('/.well-known/openid-configuration', '/.well-known/openid-configuration/', '/openid/v1/jwks', '/openid/v1/jwks/').get()] },
    {
      name: 'system:volume-scheduler',
      rules: [
        rule(...Read, 'patch', 'update').groups(legacyGroup).resources('persistentvolumes').get(),
        rule(...Read).groups(storageGroup).resources('storageclasses').get(),
        rule(...Read, 'patch', 'update').groups(legacyGroup).resources('persistentvolumeclaims').get(),
      ],
    },
    { name: 'view', labels: { ...aggregateTo('edit') }, rules: [], aggregateFrom: aggregateTo('view') },
  ];
}
