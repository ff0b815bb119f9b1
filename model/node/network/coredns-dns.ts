import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { mutant } from '../../sim/mutants';
import type { Rng } from '../../sim/rng';
import { isIp } from './addr';
import type { DnsReply, Listener } from './namespace';

/** The zone kubeadm's Corefile gives the kubernetes plugin. */
export const CLUSTER_DOMAIN = 'cluster.local';
const SERVICE_NAME_LABEL = 'kubernetes.io/service-name';

const nx = (authoritative = true): DnsReply => ({ rcode: 'NXDOMAIN', authoritative, answers: [] });
const nodata = (): DnsReply => ({ rcode: 'NOERROR', authoritative: true, answers: [] });

/**
 * CoreDNS's socket on port 53 (UDP and TCP) with kubeadm's Corefile: the kubernetes plugin
 * answers for cluster.local from the Services and EndpointSlices it reads through the API
 * server as the coredns ServiceAccount (the real plugin serves from its watch cache; this one
 * lists at each question, so it answers what the API server holds at that moment); `forward . /etc/resolv.conf` sends everything else to
 * the node's resolver, which in this model knows no names beyond the cluster (NXDOMAIN, not
 * authoritative); `loadbalance` shuffles the A records of a reply.
 */
export function corednsDnsListener(podName: string, client: ApiClient, rng: Rng): Listener {
  return {
    program: `coredns (${podName})`,
    http: () => ({ status: 400, headers: {}, body: '' }),
    dns(qname, qtype) {
      const reply = answer(client, qname.toLowerCase().replace(/\.$/, ''), qtype);
      shuffle(reply.answers, rng);
      return reply;
    },
  };
}

/**
 * The kubernetes plugin (plugin/kubernetes, "pods insecure"): `svc.ns.svc.cluster.local` is
 * a ClusterIP Service's address or a headless Service's ready endpoints,
 * `host.svc.ns.svc.cluster.local` one endpoint by its hostname, `a-b-c-d.ns.pod.cluster.local`
 * the address it spells; a namespace name alone exists without records (NODATA). Anything else
 * in the zone is NXDOMAIN. Only IPv4: an AAAA question for a name that exists has no answer.
 */
function answer(client: ApiClient, name: string, qtype: 'A' | 'AAAA'): DnsReply {
  if (name !== CLUSTER_DOMAIN && !name.endsWith(`.${CLUSTER_DOMAIN}`)) return nx(false);
  const labels = name === CLUSTER_DOMAIN ? [] : name.slice(0, -CLUSTER_DOMAIN.length - 1).split('.');
  try {
    const kind = labels[labels.length - 1];
    if (labels.length === 0 || (labels.length === 1 && (kind === 'svc' || kind === 'pod'))) return nodata();
    if (kind === 'pod') {
      if (labels.length === 2) return namespaceExists(client, labels[0]) ? nodata() : nx();
      if (labels.length !== 3) return nx();
      const ip = labels[0].replace(/-/g, '.');
      if (!isIp(ip) || !namespaceExists(client, labels[1])) return nx();
      return records(qtype, name, [ip]);
    }
    if (kind !== 'svc') return nx();
    if (labels.length === 2) return namespaceExists(client, labels[0]) ? nodata() : nx();
    const [ns, svcName] = [labels[labels.length - 2], labels[labels.length - 3]];
    const svc = client.list('services', ns, { fieldSelector: `metadata.name=${svcName}` }).items[0];
    if (!svc) return nx();
    const ready = readyEndpoints(client, svc);
    if (labels.length === 4) {
      const hit = ready.filter((e) => e.hostname === labels[0]);
      return hit.length ? records(qtype, name, hit.map((e) => e.ip)) : nx();
    }
    if (labels.length !== 3) return nx();
    if (svc.spec?.type === 'ExternalName') return nx();
    const clusterIP: string | undefined = svc.spec?.clusterIP;
    if (clusterIP && clusterIP !== 'None') return records(qtype, name, [clusterIP]);
    // A headless Service is its ready endpoints; with none, the name does not exist.
    return ready.length ? records(qtype, name, [...new Set(ready.map((e) => e.ip))]) : nx();
  } catch (e) {
    // The API server cannot be read: CoreDNS answers SERVFAIL.
    if (e instanceof StatusError) return { rcode: 'SERVFAIL', authoritative: false, answers: [] };
    throw e;
  }
}

function records(qtype: 'A' | 'AAAA', name: string, ips: string[]): DnsReply {
  if (qtype === 'AAAA') return nodata();
  return { rcode: 'NOERROR', authoritative: true, answers: ips.map((address) => ({ name, type: 'A', address })) };
}

/** kubeadm's system:coredns ClusterRole grants list and watch, not get: every read is a list. */
function namespaceExists(client: ApiClient, ns: string): boolean {
  return client.list('namespaces', undefined, { fieldSelector: `metadata.name=${ns}` }).items.length > 0;
}

/** The ready addresses of a Service's EndpointSlices (what the plugin's endpoint watch holds). */
function readyEndpoints(client: ApiClient, svc: KObject): { ip: string; hostname?: string }[] {
  const slices = client.list('endpointslices', svc.metadata.namespace, { labelSelector: `${SERVICE_NAME_LABEL}=${svc.metadata.name}` }).items;
  const out: { ip: string; hostname?: string }[] = [];
  for (const s of slices)
    for (const e of (s as any).endpoints ?? [])
      if (e?.conditions?.ready !== false || mutant('coredns-lists-unready-endpoints')) for (const ip of e.addresses ?? []) out.push({ ip, hostname: e.hostname });
  return out.sort((a, b) => (a.ip < b.ip ? -1 : a.ip > b.ip ? 1 : 0));
}

/** The loadbalance plugin: a random order of the A records. */
function shuffle<T>(xs: T[], rng: Rng): void {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
}
