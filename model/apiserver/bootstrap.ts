/**
 * kube-apiserver's bootstrap controller (pkg/controlplane/controller/kubernetesservice and the
 * lease endpoint reconciler): once it serves, the API server makes sure the `kubernetes`
 * Service exists in `default` at the first address of the service range (10.96.0.1), and
 * publishes its own address as that Service's endpoints, an EndpointSlice also named
 * `kubernetes`. In-cluster clients find the API server this way.
 */
import { StatusError } from '../api/status';
import { ApiClient } from '../client/client';
import { formatIPv4, parseIPv4 } from './allocators';
import type { ApiServer } from './server';

const TOKEN = 'kube-apiserver-loopback-token';

/** The first usable address of a CIDR: what the `kubernetes` Service gets. */
export function firstServiceIP(cidr: string): string {
  return formatIPv4((parseIPv4(cidr.split('/')[0]) ?? 0) + 1);
}

/** kube-apiserver's loopback client (system:apiserver): what its own controllers write with ("kube-apiserver" in managedFields). */
export function loopbackClient(server: ApiServer): ApiClient {
  server.issueToken(TOKEN, { user: 'system:apiserver', groups: ['system:masters', 'system:authenticated'] });
  return new ApiClient(server, TOKEN, 'kube-apiserver/v1.32.2 (linux/amd64) kubernetes/67a30c0');
}

/** Creates (if missing) the `kubernetes` Service and its EndpointSlice; idempotent. */
export function ensureKubernetesService(server: ApiServer, opts: { advertiseAddress: string; securePort: number; serviceClusterIPRange: string }): void {
  const client = loopbackClient(server);
  createIfMissing(() =>
    client.create('services', 'default', {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { component: 'apiserver', provider: 'kubernetes' } },
      spec: {
        type: 'ClusterIP',
        clusterIP: firstServiceIP(opts.serviceClusterIPRange),
        sessionAffinity: 'None',
        ports: [{ name: 'https', port: 443, protocol: 'TCP', targetPort: opts.securePort }],
      },
    }),
  );
  createIfMissing(() =>
    client.create('endpointslices', 'default', {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: { name: 'kubernetes', namespace: 'default', labels: { 'kubernetes.io/service-name': 'kubernetes' } },
      addressType: 'IPv4',
      endpoints: [{ addresses: [opts.advertiseAddress], conditions: { ready: true } }],
      ports: [{ name: 'https', port: opts.securePort, protocol: 'TCP' }],
    }),
  );
}

function createIfMissing(create: () => void): void {
  try {
    create();
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') return;
    throw e;
  }
}
