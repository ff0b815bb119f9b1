import type { KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import { networkAddress, parseCidr } from '../network/addr';
import { FLANNEL_MTU } from '../network/cni';
import { networkOf } from '../network/fabric';
import type { NetNamespace } from '../network/namespace';
import { route } from '../network/routes';
import type { NodeHost } from '../host';

/** The annotations flannel's kube subnet manager writes on its Node and reads on the others. */
export const ANNOTATIONS = {
  backendData: 'flannel.alpha.coreos.com/backend-data',
  backendType: 'flannel.alpha.coreos.com/backend-type',
  kubeSubnetManager: 'flannel.alpha.coreos.com/kube-subnet-manager',
  publicIp: 'flannel.alpha.coreos.com/public-ip',
} as const;

const VNI = 1;
const VXLAN_PORT = 8472;

/**
 * flanneld with `--ip-masq --kube-subnet-mgr` and the vxlan backend (flannel v0.26): takes its
 * subnet from its Node's spec.podCIDR, creates flannel.1 (VNI 1, UDP 8472, the subnet's .0
 * address), announces its VTEP MAC and public IP as annotations on its Node, and for every
 * other Node that announced one adds a route to that Node's subnet via flannel.1 with the
 * subnet address as gateway (`UG` in `route -n`), plus the neighbour and FDB entries VXLAN
 * needs. It also installs its masquerade (FLANNEL-POSTRTG) and forward (FLANNEL-FWD) rules.
 */
export function startFlanneld(ctx: ComponentContext, host: NodeHost, clusterCIDR: string): void {
  const net = networkOf(host);
  const log = ctx.log;
  log.infof('main.go:211', `CLI flags config: {etcdEndpoints:http://127.0.0.1:4001,http://127.0.0.1:2379 etcdPrefix:/coreos.com/network etcdKeyfile: etcdCertfile: etcdCAFile: etcdUsername: etcdPassword: version:false kubeSubnetMgr:true kubeApiUrl: kubeAnnotationPrefix:flannel.alpha.coreos.com kubeConfigFile: iface:[] ifaceRegex:[] ipMasq:true ifaceCanReach: subnetFile:/run/flannel/subnet.env publicIP: publicIPv6: subnetLeaseRenewMargin:60 healthzIP:0.0.0.0 healthzPort:0 iptablesResyncSeconds:5 iptablesForwardRules:true netConfPath:/etc/kube-flannel/net-conf.json setNodeNetworkUnavailable:true}`);
  if (!net) return;
  const ns = net.ns;
  const nodes = ctx.informers.get('nodes');
  let mine: { subnet: string; mac: string } | undefined;

  const setUp = (self: KObject) => {
    const podCIDR: string | undefined = self.spec?.podCIDR;
    if (!podCIDR || mine) return;
    const publicIp = host.config.address;
    log.infof('kube.go:139', `Waiting 10m0s for node controller to sync`);
    log.infof('main.go:475', `Current network or subnet (${clusterCIDR}, ${podCIDR}) is not equal to previous one (0.0.0.0/0, 0.0.0.0/0), trying to recycle old iptables rules`);
    log.infof('vxlan.go:141', `VXLAN config: VNI=${VNI} Port=0 GBP=false Learning=false DirectRouting=false`);
    const vtep = ns.link('flannel.1') ?? ns.addLink('flannel.1', 'vxlan', { mtu: FLANNEL_MTU, state: 'UNKNOWN', vxlan: { id: VNI, local: publicIp, port: VXLAN_PORT } });
    const subnetAddr = networkAddress(podCIDR);
    vtep.addrs = [{ ip: subnetAddr, bits: 32, scope: 'global' }];
    mine = { subnet: podCIDR, mac: vtep.mac };
    installMasqRules(ns, clusterCIDR, podCIDR);
    try {
      ctx.client.patch('nodes', undefined, host.name, 'strategic', {
        metadata: {
          annotations: {
            [ANNOTATIONS.backendData]: JSON.stringify({ VNI, VtepMAC: vtep.mac }),
            [ANNOTATIONS.backendType]: 'vxlan',
            [ANNOTATIONS.kubeSubnetManager]: 'true',
            [ANNOTATIONS.publicIp]: publicIp,
          },
        },
      }, { subresource: 'status' });
    } catch {
      mine = undefined; // the API server was unreachable: try again on the next Node event
      return;
    }
    log.infof('main.go:405', `Wrote subnet file to /run/flannel/subnet.env`);
    log.infof('main.go:409', 'Running backend.');
    log.infof('vxlan_network.go:65', `watching for new subnet leases`);
    for (const n of nodes.list()) handleNode(n);
  };

  const handleNode = (n: KObject) => {
    if (n.metadata.name === host.name) return setUp(n);
    if (!mine) return;
    const a = n.metadata.annotations ?? {};
    const cidr: string | undefined = n.spec?.podCIDR;
    if (!cidr || a[ANNOTATIONS.backendType] !== 'vxlan' || !a[ANNOTATIONS.publicIp]) return;
    let data: { VtepMAC?: string };
    try {
      data = JSON.parse(a[ANNOTATIONS.backendData] ?? '{}');
    } catch {
      return;
    }
    if (!data.VtepMAC) return;
    const gw = networkAddress(cidr);
    const known = ns.vxlanFdb.get(gw);
    if (known?.mac === data.VtepMAC && known.remote === a[ANNOTATIONS.publicIp]) return;
    log.infof('vxlan_network.go:100', `Received Subnet Event with VxLan: BackendType: vxlan, PublicIP: ${a[ANNOTATIONS.publicIp]}, PublicIPv6: (nil), BackendData: {"VNI":${VNI},"VtepMAC":"${data.VtepMAC}"}, BackendV6Data: (nil)`);
    ns.vxlanFdb.set(gw, { mac: data.VtepMAC, remote: a[ANNOTATIONS.publicIp] });
    ns.routes.add(route(cidr, 'flannel.1', { gateway: gw, onlink: true }));
  };

  const handleDelete = (n: KObject) => {
    const cidr: string | undefined = n.spec?.podCIDR;
    if (!cidr || n.metadata.name === host.name) return;
    const gw = networkAddress(cidr);
    ns.vxlanFdb.delete(gw);
    const c = parseCidr(cidr);
    if (c) ns.routes.del(c, 'flannel.1');
  };

  nodes.addEventHandler({ onAdd: handleNode, onUpdate: (_o, n) => handleNode(n), onDelete: handleDelete });
  ctx.informers.start();
}

/** flannel's --ip-masq rules (trafficmngr/iptables) and its FORWARD accept rules. */
function installMasqRules(ns: NetNamespace, clusterCIDR: string, podCIDR: string): void {
  const nf = ns.netfilter;
  const c = ['-m', 'comment', '--comment', 'flanneld masq'];
  nf.ensureChain('nat', 'FLANNEL-POSTRTG');
  nf.ensureRule('append', 'nat', 'POSTROUTING', [...c, '-j', 'FLANNEL-POSTRTG']);
  for (const spec of [
    ['-m', 'mark', '--mark', '0x4000/0x4000', ...c, '-j', 'RETURN'],
    ['-s', podCIDR, '-d', clusterCIDR, ...c, '-j', 'RETURN'],
    ['-s', clusterCIDR, '-d', podCIDR, ...c, '-j', 'RETURN'],
    ['!', '-s', clusterCIDR, '-d', podCIDR, ...c, '-j', 'RETURN'],
    ['-s', clusterCIDR, '!', '-d', '224.0.0.0/4', ...c, '-j', 'MASQUERADE', '--random-fully'],
    ['!', '-s', clusterCIDR, '-d', clusterCIDR, ...c, '-j', 'MASQUERADE', '--random-fully'],
  ])
    nf.ensureRule('append', 'nat', 'FLANNEL-POSTRTG', spec);
  const f = ['-m', 'comment', '--comment', 'flanneld forward'];
  nf.ensureChain('filter', 'FLANNEL-FWD');
  nf.ensureRule('append', 'filter', 'FORWARD', [...f, '-j', 'FLANNEL-FWD']);
  nf.ensureRule('append', 'filter', 'FLANNEL-FWD', ['-s', clusterCIDR, ...f, '-j', 'ACCEPT']);
  nf.ensureRule('append', 'filter', 'FLANNEL-FWD', ['-d', clusterCIDR, ...f, '-j', 'ACCEPT']);
}
