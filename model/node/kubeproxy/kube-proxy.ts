import type { KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { Informer } from '../../client/informer';
import { networkOf } from '../network/fabric';
import type { NetNamespace } from '../network/namespace';
import { RestoreError } from '../network/netfilter/tables';
import type { NodeHost } from '../host';
import { buildRestore, JUMP_CHAINS } from './rules';
import { endpointsFor, servicePorts, type EndpointInfo } from './service-map';
import { mutant } from '../../sim/mutants';

/** kube-proxy's KubeProxyConfiguration as kubeadm writes it (iptables mode). */
export interface ProxyConfig {
  clusterCIDR: string;
  /** iptables.minSyncPeriod: syncs closer together than this are merged (1s). */
  minSyncPeriodMs: number;
}

/** The label kube-proxy's informers exclude: headless Services and Services of another proxy. */
const PROXY_SELECTOR = '!service.kubernetes.io/headless,!service.kubernetes.io/service-proxy-name';
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

/**
 * kube-proxy in iptables mode (pkg/proxy/iptables, v1.32) for one node: watches Services,
 * EndpointSlices and its own Node through the API server, and after each change (at most once
 * per minSyncPeriod, like the BoundedFrequencyRunner) rewrites its node's rules with one
 * iptables-restore. It never touches a packet: the kernel evaluates the rules it left behind,
 * so when kube-proxy is gone the last rules stay in force.
 */
export function startKubeProxy(ctx: ComponentContext, host: NodeHost, cfg: ProxyConfig): void {
  const net = networkOf(host);
  const log = ctx.log;
  log.info('server_linux.go:66', 'Using iptables proxy');
  log.info('server.go:698', 'Successfully retrieved node IP(s)', { IPs: [host.config.address] });
  log.info('server.go:243', 'Kube-proxy configuration may be incomplete or incorrect', { err: 'nodePortAddresses is unset; NodePort connections will be accepted on all local IPs. Consider using `--nodeport-addresses primary`' });
  log.info('server_linux.go:170', 'Using iptables Proxier');
  log.info('proxier.go:243', 'Setting route_localnet=1 to allow node-ports on localhost; to change this either disable iptables.localhostNodePorts (--iptables-localhost-nodeports) or set nodePortAddresses (--nodeport-addresses) to filter loopback addresses', { ipFamily: 'IPv4' });
  log.info('server.go:497', 'Version info', { version: 'v1.32.2' });
  if (!net) return;
  const ns = net.ns;
  // ipt.Monitor's canary chains: if someone flushes the tables, kube-proxy notices and resyncs.
  for (const t of ['mangle', 'nat', 'filter'] as const) ns.netfilter.ensureChain(t, 'KUBE-PROXY-CANARY');

  const services = ctx.informers.get('services', { labelSelector: PROXY_SELECTOR });
  const slices = ctx.informers.get('endpointslices', { labelSelector: PROXY_SELECTOR });
  slices.addIndexer('service', (s) => (s.metadata.labels?.[SERVICE_NAME_LABEL] ? [`${s.metadata.namespace}/${s.metadata.labels[SERVICE_NAME_LABEL]}`] : []));
  const nodes = ctx.informers.get('nodes', { fieldSelector: `metadata.name=${host.name}` });

  let lastSync = -Infinity;
  let pending = false;
  let fullSyncDone = false;
  const request = () => {
    if (pending || !services.hasSynced() || !slices.hasSynced()) return;
    pending = true;
    const wait = Math.max(0, lastSync + cfg.minSyncPeriodMs - ctx.sim.now());
    ctx.proc.schedule(wait, 'syncProxyRules', () => {
      pending = false;
      lastSync = ctx.sim.now();
      syncProxyRules(ns, services, slices, cfg, ctx, !fullSyncDone);
      fullSyncDone = true;
    });
  };
  const handler = { onAdd: request, onUpdate: request, onDelete: request };
  services.addEventHandler(handler);
  slices.addEventHandler(handler);
  nodes.addEventHandler({ onAdd: () => undefined });

  log.info('config.go:199', 'Starting service config controller');
  log.infof('shared_informer.go:313', 'Waiting for caches to sync for service config');
  log.info('config.go:105', 'Starting endpoint slice config controller');
  log.infof('shared_informer.go:313', 'Waiting for caches to sync for endpoint slice config');
  log.info('config.go:329', 'Starting node config controller');
  log.infof('shared_informer.go:313', 'Waiting for caches to sync for node config');
  ctx.informers.start();
  // Once both caches are synced, the first (full) sync runs unconditionally.
  ctx.proc.schedule(1, 'caches synced', () => {
    log.infof('shared_informer.go:320', 'Caches are synced for node config');
    log.infof('shared_informer.go:320', 'Caches are synced for service config');
    log.infof('shared_informer.go:320', 'Caches are synced for endpoint slice config');
    request();
  });
}

function syncProxyRules(ns: NetNamespace, services: Informer, slices: Informer, cfg: ProxyConfig, ctx: ComponentContext, full: boolean): void {
  if (full) {
    for (const j of JUMP_CHAINS) {
      ns.netfilter.ensureChain(j.table, j.dst);
      ns.netfilter.ensureRule('prepend', j.table, j.src, [...j.extra, '-m', 'comment', '--comment', j.comment, '-j', j.dst]);
    }
    for (const src of ['INPUT', 'OUTPUT']) {
      ns.netfilter.ensureChain('filter', 'KUBE-FIREWALL');
      ns.netfilter.ensureRule('prepend', 'filter', src, ['-j', 'KUBE-FIREWALL']);
    }
  }
  const ports = [];
  for (const svc of goMapOrder(services.list(), ctx)) {
    const key = `${svc.metadata.namespace}/${svc.metadata.name}`;
    const svcSlices: KObject[] = slices.byIndex('service', key);
    for (const p of servicePorts(svc)) ports.push({ svc: p, endpoints: leaky(ns, `${key}:${p.portName}`, endpointsFor(p, svcSlices)) });
  }
  const text = buildRestore({ ports, clusterCIDR: cfg.clusterCIDR, existingNatChains: [...ns.netfilter.table('nat').chains.keys()] });
  try {
    ns.netfilter.restore(text);
  } catch (e) {
    if (!(e instanceof RestoreError)) throw e;
    ctx.log.error('proxier.go:1542', 'Failed to execute iptables-restore', { err: e.message });
    return;
  }
  const endpoints = ports.reduce((n, p) => n + p.endpoints.length, 0);
  const [filterPart, natPart] = text.split('*nat');
  const count = (part: string, re: RegExp) => part.split('\n').filter((l) => re.test(l)).length;
  ctx.log.info('proxier.go:1530', 'Reloading service iptables data', {
    numServices: ports.length,
    numEndpoints: endpoints,
    numFilterChains: count(filterPart, /^:/),
    numFilterRules: count(filterPart, /^-A /),
    numNATChains: count(natPart, /^:/),
    numNATRules: count(natPart, /^-A /),
    ipFamily: 'IPv4',
  });
  ctx.sim.trace.record('netfilter', `kube-proxy/${ns.name}`, 'iptables-restore', `${ns.name}/nat`, `${ports.length} service ports, ${endpoints} endpoints`);
}

/** Go randomises map iteration: kube-proxy walks its service map in a different order on each sync. */
function goMapOrder<T>(items: T[], ctx: ComponentContext): T[] {
  const out = [...items].sort((a: any, b: any) => (a.metadata.uid < b.metadata.uid ? -1 : 1));
  for (let i = out.length - 1; i > 0; i--) {
    const j = ctx.sim.rng.int(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The bug zoo's kube-proxy-leaks-endpoints: every endpoint ever seen, per node and Service port. */
const everSeen = new WeakMap<NetNamespace, Map<string, Map<string, EndpointInfo>>>();

function leaky(ns: NetNamespace, portKey: string, endpoints: EndpointInfo[]): EndpointInfo[] {
  if (!mutant('kube-proxy-leaks-endpoints')) return endpoints;
  let byPort = everSeen.get(ns);
  if (!byPort) everSeen.set(ns, (byPort = new Map()));
  let seen = byPort.get(portKey);
  if (!seen) byPort.set(portKey, (seen = new Map()));
  // Remembers each endpoint as it was while ready: its leaving is never noticed.
  for (const e of endpoints) if (e.ready || !seen.has(`${e.ip}:${e.port}`)) seen.set(`${e.ip}:${e.port}`, e);
  return [...seen.values()];
}
