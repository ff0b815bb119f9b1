import { isIp } from './addr';
import { CLUSTER_DOMAIN } from './coredns-dns';
import type { DnsReply } from './namespace';
import type { PodNetContext } from './pod-context';
import { connect } from './walker';

/** The Service address of the cluster DNS (the kubelet's clusterDNS, kubeadm's 10.96.0.10). */
export const CLUSTER_DNS = '10.96.0.10';

/**
 * The /etc/resolv.conf the kubelet writes for a Pod with dnsPolicy ClusterFirst
 * (pkg/kubelet/network/dns: the namespace's search path, clusterDNS, ndots:5).
 */
export function clusterFirstResolvConf(namespace: string, nameserver = CLUSTER_DNS): string {
  return `search ${namespace}.svc.${CLUSTER_DOMAIN} svc.${CLUSTER_DOMAIN} ${CLUSTER_DOMAIN}\nnameserver ${nameserver}\noptions ndots:5\n`;
}

export interface ResolvConf {
  nameservers: string[];
  search: string[];
  ndots: number;
}

/** resolv.conf(5) as the C libraries read it: nameserver lines, the last search/domain line, options ndots. */
export function parseResolvConf(text: string): ResolvConf {
  const out: ResolvConf = { nameservers: [], search: [], ndots: 1 };
  for (const line of text.split('\n')) {
    const [key, ...rest] = line.trim().split(/\s+/);
    if (key === 'nameserver' && rest[0]) out.nameservers.push(rest[0]);
    else if (key === 'search' || key === 'domain') out.search = rest;
    else if (key === 'options')
      for (const o of rest) {
        const m = /^ndots:(\d+)$/.exec(o);
        if (m) out.ndots = Math.min(15, Number(m[1]));
      }
  }
  return out;
}

/** One DNS exchange over UDP: the reply, or nothing (no server answers: a timeout), and the time it took. */
export interface Exchange {
  reply?: DnsReply;
  /** The port was unreachable (ICMP: a REJECT rule, or no socket there). */
  refused?: boolean;
  elapsedMs: number;
}

/** A resolver's wait for one UDP query (glibc's and busybox's RES_TIMEOUT, 5 s). */
export const DNS_TIMEOUT_MS = 5000;

/**
 * Sends one question from the Pod to a nameserver: the datagram goes through the Pod's and the
 * node's netfilter and routes like any packet (kube-proxy's DNAT of 10.96.0.10:53 to a CoreDNS
 * Pod), and whatever listens on UDP 53 at the end answers.
 */
export function dnsExchange(ctx: PodNetContext, server: string, qname: string, qtype: 'A' | 'AAAA'): Exchange {
  const c = connect(ctx.net, ctx.origin, server, 53, 'udp', ctx.net.containerRng);
  if (c.outcome === 'connected' && c.listener?.dns) return { reply: c.listener.dns(qname, qtype), elapsedMs: c.elapsedMs };
  if (c.outcome === 'refused' && !c.error) return { refused: true, elapsedMs: c.elapsedMs };
  return { elapsedMs: DNS_TIMEOUT_MS };
}

/** What getaddrinfo gives back: addresses, or EAI_NONAME / EAI_AGAIN, and the time it took. */
export type Lookup = { ok: true; addrs: string[]; elapsedMs: number } | { ok: false; elapsedMs: number };

/**
 * getaddrinfo(3) for IPv4 as glibc does it for a program in the Pod: an address literal is
 * itself; /etc/hosts (localhost, the Pod's own hostname); then DNS through resolv.conf: a name
 * with fewer dots than ndots is tried under each search domain first and as given last (at
 * least ndots dots: as given first), the first server that answers deciding each name. As
 * glibc's res_nsearch, only "no such name" moves on to the next candidate: a refused or silent
 * server (TRY_AGAIN, ECONNREFUSED) ends the search, after two attempts of 5 s each.
 */
export function getaddrinfo(ctx: PodNetContext, name: string): Lookup {
  if (isIp(name)) return { ok: true, addrs: [name], elapsedMs: 0 };
  const host = ctx.hosts[name];
  if (host) return { ok: true, addrs: [host], elapsedMs: 0 };
  const conf = parseResolvConf(ctx.resolvConf);
  const absolute = name.endsWith('.');
  const bare = name.replace(/\.$/, '');
  const dots = bare.split('.').length - 1;
  const searched = absolute ? [] : conf.search.map((d) => `${bare}.${d}`);
  const names = absolute ? [bare] : dots >= conf.ndots ? [bare, ...searched] : [...searched, bare];
  let elapsedMs = 0;
  const servers = conf.nameservers.length ? conf.nameservers : ['127.0.0.1'];
  for (const q of names) {
    let reply: DnsReply | undefined;
    // glibc: attempts:2, each trying the servers in turn.
    for (let attempt = 0; attempt < 2 && !reply; attempt++)
      for (const server of servers) {
        const x = dnsExchange(ctx, server, q, 'A');
        elapsedMs += x.elapsedMs;
        if (x.reply) {
          reply = x.reply;
          break;
        }
      }
    if (!reply || reply.rcode === 'SERVFAIL') return { ok: false, elapsedMs };
    if (reply.answers.length) return { ok: true, addrs: reply.answers.map((a) => a.address), elapsedMs };
  }
  return { ok: false, elapsedMs };
}
