/**
 * The cluster add-ons a kubeadm-built lab cluster has once `kubeadm init` finished and the
 * Flannel manifest was applied: kube-proxy and CoreDNS (kubeadm's addon phase) and Flannel.
 * They are created through the API server with kubeadm's admin credentials, like any other
 * object; the controllers, the scheduler and the kubelets take it from there.
 */
import { resourceForKind } from '../api/registry';
import { StatusError } from '../api/status';
import type { ApiServer } from '../apiserver/server';
import { ApiClient } from '../client/client';
import { formatIPv4, parseIPv4 } from '../apiserver/allocators';
import { corednsObjects } from './coredns';
import { flannelObjects } from './flannel';
import { kubeProxyObjects } from './kube-proxy';

const TOKEN = 'kubeadm-super-admin-token';

/** The tenth address of the service range: kubeadm's DNS Service IP (10.96.0.10). */
export function dnsServiceIP(serviceCIDR: string): string {
  return formatIPv4((parseIPv4(serviceCIDR.split('/')[0]) ?? 0) + 10);
}

export interface AddonOptions {
  podSubnet: string;
  serviceSubnet: string;
  /** The control-plane endpoint kube-proxy's kubeconfig names (address:6443). */
  controlPlaneEndpoint: string;
}

/** Creates the add-ons' objects (skipping any that exist). */
export function installAddons(server: ApiServer, opts: AddonOptions): void {
  server.issueToken(TOKEN, { user: 'kubernetes-super-admin', groups: ['system:masters', 'system:authenticated'] });
  const client = new ApiClient(server, TOKEN, 'kubeadm/v1.32.2 (linux/amd64) kubernetes/67a30c0');
  const objects = [
    ...corednsObjects({ dnsServiceIP: dnsServiceIP(opts.serviceSubnet) }),
    ...kubeProxyObjects({ clusterCIDR: opts.podSubnet, controlPlaneEndpoint: opts.controlPlaneEndpoint }),
    ...flannelObjects({ podCIDR: opts.podSubnet }),
  ];
  for (const obj of objects) {
    const r = resourceForKind(obj.apiVersion!, obj.kind!)!;
    try {
      client.create(r.resource, r.namespaced ? obj.metadata.namespace : undefined, obj);
    } catch (e) {
      if (!(e instanceof StatusError && e.reason === 'AlreadyExists')) throw e;
    }
  }
}

/**
 * Whether the add-ons have settled on the nodes that exist so far: every CoreDNS Pod bound to
 * a node. A reader joins the workers once the control plane is Ready with its DNS scheduled,
 * so CoreDNS runs on the control-plane node, as in a kubeadm lab cluster.
 */
export function addonsSettled(server: ApiServer): boolean {
  const client = new ApiClient(server, TOKEN, 'kubeadm/v1.32.2 (linux/amd64) kubernetes/67a30c0');
  try {
    const pods = client.list('pods', 'kube-system', { labelSelector: 'k8s-app=kube-dns' }).items;
    return pods.length > 0 && pods.every((p) => p.status?.phase === 'Running');
  } catch (e) {
    if (e instanceof StatusError) return false;
    throw e;
  }
}
