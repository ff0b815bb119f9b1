import { computeProbability, isServiceChainName, serviceExternalChainName, servicePortEndpointChainName, servicePortPolicyClusterChain } from './names';
import { clusterEndpoints, endpointString, type EndpointInfo, type ServicePortInfo } from './service-map';

/** kube-proxy's mark for "masquerade this": 1 << masqueradeBit (14). */
export const MASQ_MARK = '0x4000';

/** The jump rules kube-proxy ensures outside its own chains (iptablesJumpChains), in order. */
export const JUMP_CHAINS: { table: 'filter' | 'nat'; dst: string; src: string; comment: string; extra: string[] }[] = [
  { table: 'filter', dst: 'KUBE-EXTERNAL-SERVICES', src: 'INPUT', comment: 'kubernetes externally-visible service portals', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-EXTERNAL-SERVICES', src: 'FORWARD', comment: 'kubernetes externally-visible service portals', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-NODEPORTS', src: 'INPUT', comment: 'kubernetes health check service ports', extra: [] },
  { table: 'filter', dst: 'KUBE-SERVICES', src: 'FORWARD', comment: 'kubernetes service portals', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-SERVICES', src: 'OUTPUT', comment: 'kubernetes service portals', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-FORWARD', src: 'FORWARD', comment: 'kubernetes forwarding rules', extra: [] },
  { table: 'filter', dst: 'KUBE-PROXY-FIREWALL', src: 'INPUT', comment: 'kubernetes load balancer firewall', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-PROXY-FIREWALL', src: 'OUTPUT', comment: 'kubernetes load balancer firewall', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'filter', dst: 'KUBE-PROXY-FIREWALL', src: 'FORWARD', comment: 'kubernetes load balancer firewall', extra: ['-m', 'conntrack', '--ctstate', 'NEW'] },
  { table: 'nat', dst: 'KUBE-SERVICES', src: 'OUTPUT', comment: 'kubernetes service portals', extra: [] },
  { table: 'nat', dst: 'KUBE-SERVICES', src: 'PREROUTING', comment: 'kubernetes service portals', extra: [] },
  { table: 'nat', dst: 'KUBE-POSTROUTING', src: 'POSTROUTING', comment: 'kubernetes postrouting rules', extra: [] },
];

/** What one sync works from. */
export interface SyncInput {
  /** Service ports in the order Go's map iteration gave them this time. */
  ports: { svc: ServicePortInfo; endpoints: EndpointInfo[] }[];
  /** The cluster CIDR of the ClusterCIDR local-traffic detector ("! -s 10.244.0.0/16"). */
  clusterCIDR: string;
  /** Chains now in the nat table (iptables-save), to delete the stale service chains. */
  existingNatChains: string[];
}

const q = (s: string): string => `"${s}"`;

/**
 * syncProxyRules' iptables-restore input (iptables mode, v1.32): the filter table's REJECT
 * rules for Services without endpoints and KUBE-FORWARD; the nat table's KUBE-SERVICES (one
 * jump per cluster IP and port, KUBE-NODEPORTS last), KUBE-NODEPORTS, KUBE-EXT-*, KUBE-SVC-*
 * (masquerade off-cluster sources, then one statistic jump per endpoint: 1/n, 1/(n-1), …),
 * KUBE-SEP-* (hairpin masquerade, DNAT), KUBE-POSTROUTING and KUBE-MARK-MASQ; and the
 * deletion of service chains no longer used.
 */
export function buildRestore(input: SyncInput): string {
  const filterChains = ['KUBE-SERVICES', 'KUBE-EXTERNAL-SERVICES', 'KUBE-FORWARD', 'KUBE-NODEPORTS', 'KUBE-PROXY-FIREWALL'].map((c) => `:${c} - [0:0]`);
  const filterRules: string[] = [];
  const natChains = ['KUBE-SERVICES', 'KUBE-NODEPORTS', 'KUBE-POSTROUTING', 'KUBE-MARK-MASQ'].map((c) => `:${c} - [0:0]`);
  const natRules: string[] = [
    `-A KUBE-POSTROUTING -m mark ! --mark ${MASQ_MARK}/${MASQ_MARK} -j RETURN`,
    `-A KUBE-POSTROUTING -j MARK --xor-mark ${MASQ_MARK}`,
    `-A KUBE-POSTROUTING -m comment --comment ${q('kubernetes service traffic requiring SNAT')} -j MASQUERADE --random-fully`,
    `-A KUBE-MARK-MASQ -j MARK --or-mark ${MASQ_MARK}`,
  ];
  // localhostNodePorts (the default) needs kubelet's anti-martian rule, which kube-proxy duplicates.
  filterChains.push(':KUBE-FIREWALL - [0:0]');
  filterRules.push(`-A KUBE-FIREWALL -m comment --comment ${q('block incoming localnet connections')} -d 127.0.0.0/8 ! -s 127.0.0.0/8 -m conntrack ! --ctstate RELATED,ESTABLISHED,DNAT -j DROP`);
  const active = new Set<string>();

  for (const { svc, endpoints } of input.ports) {
    const proto = svc.protocol;
    const name = svc.nameString;
    const cluster = clusterEndpoints(endpoints);
    const hasEndpoints = cluster.length > 0;
    const svcChain = servicePortPolicyClusterChain(name, proto);
    const extChain = serviceExternalChainName(name, proto);
    const match = `-m ${proto} -p ${proto} -d ${svc.clusterIP} --dport ${svc.port}`;
    if (hasEndpoints) natRules.push(`-A KUBE-SERVICES -m comment --comment ${q(`${name} cluster IP`)} ${match} -j ${svcChain}`);
    else filterRules.push(`-A KUBE-SERVICES -m comment --comment ${q(`${name} has no endpoints`)} ${match} -j REJECT`);
    for (const ext of svc.externalIPs) {
      if (hasEndpoints) natRules.push(`-A KUBE-SERVICES -m comment --comment ${q(`${name} external IP`)} -m ${proto} -p ${proto} -d ${ext} --dport ${svc.port} -j ${extChain}`);
      else filterRules.push(`-A KUBE-EXTERNAL-SERVICES -m comment --comment ${q(`${name} has no endpoints`)} -m ${proto} -p ${proto} -d ${ext} --dport ${svc.port} -j REJECT`);
    }
    if (svc.nodePort) {
      if (hasEndpoints) natRules.push(`-A KUBE-NODEPORTS -m comment --comment ${name} -m ${proto} -p ${proto} --dport ${svc.nodePort} -j ${extChain}`);
      else filterRules.push(`-A KUBE-EXTERNAL-SERVICES -m comment --comment ${q(`${name} has no endpoints`)} -m addrtype --dst-type LOCAL -m ${proto} -p ${proto} --dport ${svc.nodePort} -j REJECT`);
    }
    if (!hasEndpoints) continue;
    natRules.push(`-A ${svcChain} -m comment --comment ${q(`${name} cluster IP`)} ${match} ! -s ${input.clusterCIDR} -j KUBE-MARK-MASQ`);
    if (svc.nodePort || svc.externalIPs.length) {
      natChains.push(`:${extChain} - [0:0]`);
      active.add(extChain);
      natRules.push(`-A ${extChain} -m comment --comment ${q(`masquerade traffic for ${name} external destinations`)} -j KUBE-MARK-MASQ`);
      natRules.push(`-A ${extChain} -j ${svcChain}`);
    }
    natChains.push(`:${svcChain} - [0:0]`);
    active.add(svcChain);
    cluster.forEach((ep, i) => {
      const sep = servicePortEndpointChainName(name, proto, endpointString(ep));
      const stat = i < cluster.length - 1 ? ` -m statistic --mode random --probability ${computeProbability(cluster.length - i)}` : '';
      natRules.push(`-A ${svcChain} -m comment --comment ${q(`${name} -> ${endpointString(ep)}`)}${stat} -j ${sep}`);
    });
    for (const ep of cluster) {
      const sep = servicePortEndpointChainName(name, proto, endpointString(ep));
      natChains.push(`:${sep} - [0:0]`);
      active.add(sep);
      natRules.push(`-A ${sep} -m comment --comment ${name} -s ${ep.ip} -j KUBE-MARK-MASQ`);
      natRules.push(`-A ${sep} -m comment --comment ${name} -m ${proto} -p ${proto} -j DNAT --to-destination ${endpointString(ep)}`);
    }
  }
  for (const chain of input.existingNatChains) {
    if (!isServiceChainName(chain) || active.has(chain)) continue;
    natChains.push(`:${chain} - [0:0]`);
    natRules.push(`-X ${chain}`);
  }
  natRules.push(`-A KUBE-SERVICES -m comment --comment ${q('kubernetes service nodeports; NOTE: this must be the last rule in this chain')} -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS`);
  filterRules.push(
    '-A KUBE-FORWARD -m conntrack --ctstate INVALID -j DROP',
    `-A KUBE-FORWARD -m comment --comment ${q('kubernetes forwarding rules')} -m mark --mark ${MASQ_MARK}/${MASQ_MARK} -j ACCEPT`,
    `-A KUBE-FORWARD -m comment --comment ${q('kubernetes forwarding conntrack rule')} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`,
  );
  return ['*filter', ...filterChains, ...filterRules, 'COMMIT', '*nat', ...natChains, ...natRules, 'COMMIT', ''].join('\n');
}
