import type { NodeHost } from '../host';
import { networkOf, type ClusterNetwork } from './fabric';
import { clusterFirstResolvConf } from './resolver';
import type { Origin } from './walker';

/**
 * What a process in a container has of the network: the namespace its sockets live in (the
 * Pod's, or the node's for a hostNetwork Pod), the resolv.conf and /etc/hosts the kubelet
 * wrote for the Pod.
 */
export interface PodNetContext {
  net: ClusterNetwork;
  origin: Origin;
  resolvConf: string;
  hosts: Record<string, string>;
  /** The address the Pod's sockets leave from. */
  ip: string;
}

/** The network of a container of Pod `namespace/name` on `host`; undefined before it has one. */
export function podNetContext(host: NodeHost, namespace: string, name: string): PodNetContext | undefined {
  const net = networkOf(host);
  if (!net) return undefined;
  const pod = net.cluster.podByName(`${namespace}/${name}`, host.name);
  const hosts: Record<string, string> = { localhost: '127.0.0.1' };
  if (!pod) {
    // A hostNetwork Pod uses the node's namespace and resolver (dnsPolicy ClusterFirst falls
    // back to Default there): the model's nodes know no nameserver.
    const ip = host.config.address;
    return { net: net.cluster, origin: { node: host.name }, resolvConf: '', hosts: { ...hosts, [host.name]: ip }, ip };
  }
  hosts[name] = pod.ip;
  return { net: net.cluster, origin: { node: host.name, pod }, resolvConf: clusterFirstResolvConf(namespace), hosts, ip: pod.ip };
}
