import type { ClusterNetwork } from '../network/fabric';
import { networkOf } from '../network/fabric';
import { formatIpAddr } from '../network/links';
import { formatIpRoute, formatRouteN } from '../network/routes';
import { curl } from '../network/curl';
import { formatHops, connect, type Origin } from '../network/walker';
import { isIp } from '../network/addr';
import type { NodeHost } from '../host';
import type { CommandResult } from './index';

const NO_NET: CommandResult = { stdout: '', stderr: 'Cannot open netlink socket: Permission denied\n', code: 1 };

/** `route -n` (net-tools). Without -n, route would try to resolve names; kind nodes are asked with -n. */
export function routeCmd(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return NO_NET;
  if (args.some((a) => a !== '-n')) return { stdout: '', stderr: `route: invalid option -- '${args.find((a) => a !== '-n')!.replace(/^-+/, '')}'\n`, code: 1 };
  return { stdout: formatRouteN(net.ns.routes), stderr: '', code: 0 };
}

/** `ip addr` / `ip a` / `ip address show`, `ip route` / `ip r` (iproute2 6.1). */
export function ipCmd(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return NO_NET;
  const [obj, sub = 'show'] = args;
  if (sub !== 'show' && sub !== 'list' && sub !== 'ls') return { stdout: '', stderr: `Command "${sub}" is unknown, try "ip ${obj} help".\n`, code: 1 };
  if (obj && 'address'.startsWith(obj)) return { stdout: formatIpAddr(net.ns.links), stderr: '', code: 0 };
  if (obj && 'route'.startsWith(obj)) return { stdout: formatIpRoute(net.ns.routes), stderr: '', code: 0 };
  if (!obj) return { stdout: '', stderr: 'Usage: ip [ OPTIONS ] OBJECT { COMMAND | help }\n', code: 255 };
  return { stdout: '', stderr: `Object "${obj}" is unknown, try "ip help".\n`, code: 1 };
}

/** `curl …` on the node itself (its root network namespace); the time it takes passes. */
export function curlCmd(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return NO_NET;
  const res = curl(net.cluster, { node: host.name }, args);
  if (res.elapsedMs > 0) host.sim.advance(res.elapsedMs);
  return { stdout: res.stdout, stderr: res.stderr, code: res.code };
}

/**
 * `trace-packet [SRC] DST:PORT` (kubespec's own command, not a Linux one): the way the first
 * packet of a TCP connection takes, hop by hop, through the same rules, routes and devices
 * that carry it. SRC is this node (the default) or the IP of a Pod on this node.
 */
export function tracePacket(host: NodeHost, args: string[]): CommandResult {
  const net = networkOf(host);
  if (!net) return NO_NET;
  const usage = { stdout: '', stderr: 'usage: trace-packet [SRC-IP] DST-IP:PORT\n', code: 2 };
  if (args.length < 1 || args.length > 2) return usage;
  const m = /^(\d+\.\d+\.\d+\.\d+):(\d+)$/.exec(args[args.length - 1]);
  if (!m || !isIp(m[1])) return usage;
  const origin = originOf(net.cluster, host, args.length === 2 ? args[0] : undefined);
  if (typeof origin === 'string') return { stdout: '', stderr: origin, code: 1 };
  const c = connect(net.cluster, origin, m[1], Number(m[2]));
  const verdict = c.outcome === 'connected' ? `connected to ${c.dst}:${c.dport}` : c.outcome === 'refused' ? 'refused (RST or ICMP unreachable)' : 'no answer (the connection would time out)';
  return { stdout: formatHops(c.hops) + `result: ${verdict}\n`, stderr: '', code: c.outcome === 'connected' ? 0 : 1 };
}

function originOf(net: ClusterNetwork, host: NodeHost, src: string | undefined): Origin | string {
  if (!src || src === host.config.address) return { node: host.name };
  const pod = net.pod(src);
  if (!pod || pod.node !== host.name) return `trace-packet: ${src} is neither ${host.name} nor a Pod on it\n`;
  return { node: host.name, pod };
}
