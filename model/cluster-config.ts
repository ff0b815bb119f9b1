import yaml from 'js-yaml';
import { isQualifiedName } from './api/labels/validation';
import { parseQuantity, QuantityError, type Quantity } from './api/quantity';
import type { NodeConfig, NodeRole } from './node/host';

/**
 * The cluster's topology, in kind's config format (kind.x-k8s.io/v1alpha4 `Cluster` with a
 * `nodes` list), extended with what kind takes from Docker: each node's name, address,
 * capacity, labels and taints.
 */
export interface ClusterConfig {
  name: string;
  nodes: NodeConfig[];
  /** Pod network (Flannel's default, as kubeadm's --pod-network-cidr in the seeds). */
  podSubnet: string;
  serviceSubnet: string;
  kubernetesVersion: string;
}

export class ConfigError extends Error {}

const DEFAULT_CAPACITY = { cpu: '4', memory: '8029876Ki', pods: '110', 'ephemeral-storage': '102626232Ki' };

function defaultNode(role: NodeRole, name: string, index: number): NodeConfig {
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': name,
    'kubernetes.io/os': 'linux',
  };
  if (role === 'control-plane') {
    labels['node-role.kubernetes.io/control-plane'] = '';
    labels['node.kubernetes.io/exclude-from-external-load-balancers'] = '';
  }
  return {
    name,
    role,
    address: `172.18.0.${index + 2}`,
    capacity: { ...DEFAULT_CAPACITY },
    labels,
    taints: role === 'control-plane' ? [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] : [],
    runtime: 'containerd',
  };
}

/** The seeds' lab: one control-plane node and two workers (W20). */
export function defaultConfig(): ClusterConfig {
  return {
    name: 'kind',
    nodes: [defaultNode('control-plane', 'k8s-master', 0), defaultNode('worker', 'k8s-worker-1', 1), defaultNode('worker', 'k8s-worker-2', 2)],
    podSubnet: '10.244.0.0/16',
    serviceSubnet: '10.96.0.0/12',
    kubernetesVersion: 'v1.32.2',
  };
}

/** Reads a kind-style YAML config; names default to k8s-master, k8s-worker-N. */
export function parseClusterConfig(text: string): ClusterConfig {
  let doc: any;
  try {
    doc = yaml.load(text);
  } catch (e: any) {
    throw new ConfigError(`error parsing cluster config: ${e.message}`);
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) throw new ConfigError('cluster config must be a kind Cluster object');
  if (doc.kind !== undefined && doc.kind !== 'Cluster') throw new ConfigError(`unknown kind "${doc.kind}" in cluster config, want "Cluster"`);
  const cfg = defaultConfig();
  cfg.name = typeof doc.name === 'string' ? doc.name : cfg.name;
  if (doc.networking?.podSubnet) cfg.podSubnet = cidrOf(doc.networking.podSubnet, 'networking.podSubnet');
  if (doc.networking?.serviceSubnet) cfg.serviceSubnet = cidrOf(doc.networking.serviceSubnet, 'networking.serviceSubnet');
  if (doc.nodes !== undefined) {
    if (!Array.isArray(doc.nodes) || doc.nodes.length === 0) throw new ConfigError('cluster config: nodes must be a non-empty list');
    let workers = 0;
    let planes = 0;
    cfg.nodes = doc.nodes.map((n: any, i: number) => {
      if (!n || typeof n !== 'object' || Array.isArray(n)) throw new ConfigError(`cluster config: nodes[${i}] must be a node object (role, name, labels …)`);
      const role: NodeRole = n?.role ?? 'control-plane';
      if (role !== 'control-plane' && role !== 'worker') throw new ConfigError(`cluster config: nodes[${i}].role: unknown role "${role}"`);
      const name = n.name ?? (role === 'worker' ? `k8s-worker-${++workers}` : planes++ === 0 ? 'k8s-master' : `k8s-master-${planes}`);
      if (role === 'worker' && n.name) workers++;
      const node = defaultNode(role, String(name), i);
      if (n.address) node.address = String(n.address);
      if (n.capacity !== undefined && n.capacity !== null) node.capacity = { ...node.capacity, ...parseCapacity(n.capacity, i) };
      if (n.labels) node.labels = { ...node.labels, ...Object.fromEntries(Object.entries(n.labels).map(([k, v]) => [k, String(v ?? '')])) };
      if (n.taints !== undefined) node.taints = (n.taints ?? []).map((t: any) => parseTaint(t, i));
      // kubespec's extension: the node's CRI runtime (kind itself only ships containerd).
      if (n.runtime !== undefined) {
        if (n.runtime !== 'containerd' && n.runtime !== 'cri-o') throw new ConfigError(`cluster config: nodes[${i}].runtime: unknown runtime "${n.runtime}", want "containerd" or "cri-o"`);
        node.runtime = n.runtime;
      }
      return node;
    });
    const names = new Set<string>();
    for (const n of cfg.nodes) {
      if (names.has(n.name)) throw new ConfigError(`cluster config: duplicate node name "${n.name}"`);
      names.add(n.name);
    }
    if (!cfg.nodes.some((n) => n.role === 'control-plane')) throw new ConfigError('cluster config: must have at least one control-plane node');
  }
  return cfg;
}

/** An IPv4 CIDR such as 10.244.0.0/16, as kind takes for its subnets (the model is IPv4 only). */
function cidrOf(v: unknown, field: string): string {
  const s = String(v);
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(s);
  if (!m || m.slice(1, 5).some((o) => Number(o) > 255) || Number(m[5]) > 32 || Number(m[5]) < 8)
    throw new ConfigError(`cluster config: ${field}: invalid CIDR address: ${s}`);
  return s;
}

/** "key=value:Effect", "key:Effect", or {key, value, effect}. */
function parseTaint(t: any, i: number): NodeConfig['taints'][number] {
  if (typeof t === 'string') {
    const m = t.match(/^([^=:]+)(?:=([^:]*))?:(NoSchedule|PreferNoSchedule|NoExecute)$/);
    if (!m) throw new ConfigError(`cluster config: nodes[${i}].taints: invalid taint spec: ${t}`);
    return m[2] !== undefined ? { key: m[1], value: m[2], effect: m[3] as any } : { key: m[1], effect: m[3] as any };
  }
  if (!t?.key || !['NoSchedule', 'PreferNoSchedule', 'NoExecute'].includes(t.effect)) throw new ConfigError(`cluster config: nodes[${i}].taints: invalid taint ${JSON.stringify(t)}`);
  return t.value !== undefined ? { key: String(t.key), value: String(t.value), effect: t.effect } : { key: String(t.key), effect: t.effect };
}

/** The resources a node may report without a domain (validateResourceName's standard ones for nodes). */
const STANDARD_NODE_RESOURCES = ['cpu', 'memory', 'pods', 'ephemeral-storage'];

/**
 * A node's capacity: what its kubelet reports in status.capacity and status.allocatable. Besides
 * the standard resources and hugepages-<size>, a fully qualified name is an extended resource
 * (`example.com/foo: 2`), as a device plugin would advertise it. Every value must be a
 * non-negative quantity, or the cluster could not be described by real Node objects.
 */
function parseCapacity(capacity: unknown, i: number): Record<string, string> {
  const where = `cluster config: nodes[${i}].capacity`;
  if (typeof capacity !== 'object' || Array.isArray(capacity)) throw new ConfigError(`${where}: must be a mapping of resource names to quantities`);
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(capacity as Record<string, unknown>)) {
    const nameErrs = isQualifiedName(name);
    if (nameErrs.length) throw new ConfigError(`${where}: invalid resource name "${name}": ${nameErrs.join('; ')}`);
    if (!name.includes('/') && !STANDARD_NODE_RESOURCES.includes(name) && !name.startsWith('hugepages-'))
      throw new ConfigError(`${where}: invalid resource name "${name}": must be a standard resource type or fully qualified`);
    if (typeof v !== 'string' && typeof v !== 'number') throw new ConfigError(`${where}.${name}: invalid quantity ${JSON.stringify(v)}: must be a string or a number`);
    const text = String(v);
    let amount: Quantity;
    try {
      amount = parseQuantity(text);
    } catch (e) {
      if (!(e instanceof QuantityError)) throw e;
      throw new ConfigError(`${where}.${name}: invalid quantity "${text}": ${e.message}`);
    }
    if (amount.sign() < 0) throw new ConfigError(`${where}.${name}: invalid quantity "${text}": must be greater than or equal to 0`);
    out[name] = text;
  }
  return out;
}
