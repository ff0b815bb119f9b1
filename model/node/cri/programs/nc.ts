/**
 * busybox nc (networking/nc_bloaty.c) as a port probe: `nc -z [-v] [-w SEC] HOST PORT`. With one
 * -v an open port prints "HOST (IP:PORT) open" and a refusal nothing (it exits 1); any other
 * failure is printed with its errno text. Without -z the connection would carry stdin, which a
 * container's log has none of: nc connects, finds end of input and exits 0.
 */
import { getaddrinfo } from '../../network/resolver';
import type { PodNetContext } from '../../network/pod-context';
import { connect } from '../../network/walker';
import { SYN_TIMEOUT_MS } from '../../network/http-client';
import { Output, type ToolResult } from './net-output';

const ARP_FAIL_MS = 3_000;

export function nc(args: string[], net: PodNetContext | undefined): ToolResult {
  const out = new Output();
  let verbose = 0;
  let zero = false;
  let waitS: number | undefined;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const f = a[j];
        if (f === 'v') verbose++;
        else if (f === 'z') zero = true;
        else if (f === 'n') continue;
        else if (f === 'w') {
          const v = j + 1 < a.length ? a.slice(j + 1) : args[++i];
          if (v === undefined || !/^\d+$/.test(v)) {
            out.err(v === undefined ? `nc: option requires an argument -- 'w'\n` : `nc: invalid number '${v}'\n`);
            return out.done(1, 0);
          }
          waitS = Number(v);
          break;
        } else {
          out.err(`nc: invalid option -- '${f}'\n`);
          return out.done(1, 0);
        }
      }
    } else rest.push(a);
  }
  const [host, portText] = rest;
  if (!host || !portText) {
    out.err('nc: usage: nc [OPTIONS] HOST PORT\n');
    return out.done(1, 0);
  }
  const port = /^\d+$/.test(portText) ? Number(portText) : 0;
  if (port < 1 || port > 65535) {
    out.err(`nc: bad port '${portText}'\n`);
    return out.done(1, 0);
  }
  const lookup = net ? getaddrinfo(net, host) : { ok: false as const, elapsedMs: 0 };
  if (!lookup.ok || !net) {
    out.err(`nc: bad address '${host}'\n`);
    return out.done(1, lookup.elapsedMs);
  }
  const ip = lookup.addrs[0];
  const dotted = `${ip}:${port}`;
  const c = connect(net.net, net.origin, ip, port, 'tcp', net.net.containerRng);
  let elapsed = lookup.elapsedMs + c.elapsedMs;
  const fail = (errno: string, refused = false): ToolResult => {
    if (verbose > 1 || (verbose && !refused)) out.err(`nc: ${host} (${dotted}): ${errno}\n`);
    return out.done(1, elapsed);
  };
  const limit = waitS !== undefined ? waitS * 1000 : Infinity;
  if (c.error === 'ENETUNREACH') return fail('Network is unreachable');
  if (c.outcome === 'timeout') {
    const ms = c.error === 'EHOSTUNREACH' ? ARP_FAIL_MS : SYN_TIMEOUT_MS;
    elapsed += Math.min(ms, limit);
    return fail(limit < ms ? 'Connection timed out' : c.error === 'EHOSTUNREACH' ? 'No route to host' : 'Connection timed out');
  }
  if (c.outcome === 'refused') return fail('Connection refused', true);
  if (verbose) out.err(`${host} (${dotted}) open\n`);
  // -z closes at once; without it the connection carries stdin, which is empty here.
  void zero;
  return out.done(0, elapsed);
}
