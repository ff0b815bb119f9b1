/**
 * busybox nslookup (networking/nslookup.c, the "big" resolver of 1.36/1.37): it reads the
 * nameservers and the search line of /etc/resolv.conf itself (no ndots: a name without a dot
 * is asked under each search domain, a dotted one as given), sends an A and an AAAA question
 * for each, and prints each reply as it comes: "Name:/Address:" lines, "** server can't find
 * NAME: NXDOMAIN", or "*** Can't find NAME: No answer". Any failed reply makes it exit 1.
 */
import { DNS_TIMEOUT_MS, dnsExchange, parseResolvConf, type Exchange } from '../../network/resolver';
import type { PodNetContext } from '../../network/pod-context';
import { isIp } from '../../network/addr';
import { Output, type ToolResult } from './net-output';

export function nslookup(args: string[], net: PodNetContext | undefined): ToolResult {
  const out = new Output();
  const names = args.filter((a) => !a.startsWith('-'));
  if (names.length === 0 || names.length > 2) {
    out.err('BusyBox nslookup: usage: nslookup [-type=QUERY_TYPE] [-debug] HOST [DNS_SERVER]\n');
    return out.done(1, 0);
  }
  const [name, explicitServer] = names;
  const conf = parseResolvConf(net?.resolvConf ?? '');
  const servers = explicitServer ? [explicitServer] : conf.nameservers.length ? conf.nameservers : ['127.0.0.1'];
  const search = explicitServer ? [] : conf.search;
  const bare = name.replace(/\.$/, '');
  // add_query_with_search: only a name without a dot goes under the search domains.
  const qnames = !name.includes('.') && search.length && !isIp(name) ? search.map((d) => `${bare}.${d}`) : [bare];
  const queries = [...qnames.map((q) => ({ q, t: 'A' as const })), ...qnames.map((q) => ({ q, t: 'AAAA' as const }))];
  let elapsed = 0;
  for (const server of servers) {
    // One socket for all questions: every one takes the same way to the same server.
    const replies: Exchange[] = [];
    for (const { q, t } of queries) {
      const x = net ? dnsExchange(net, server, q, t) : { elapsedMs: DNS_TIMEOUT_MS };
      replies.push(x);
    }
    if (replies.every((r) => !r.reply)) {
      elapsed += DNS_TIMEOUT_MS;
      continue;
    }
    elapsed += Math.max(...replies.map((r) => r.elapsedMs));
    out.out(`Server:\t\t${server}\nAddress:\t${server}:53\n\n`);
    let code = 0;
    queries.forEach(({ q }, i) => {
      const r = replies[i].reply;
      if (!r) {
        out.out(`*** Can't find ${q}: No answer\n\n`);
        return;
      }
      if (r.rcode !== 'NOERROR') {
        out.out(`** server can't find ${q}: ${r.rcode}\n\n`);
        code = 1;
        return;
      }
      if (!r.authoritative) out.out('Non-authoritative answer:\n');
      if (r.answers.length === 0) out.out(`*** Can't find ${q}: No answer\n`);
      for (const a of r.answers) out.out(`Name:\t${a.name}\nAddress: ${a.address}\n`);
      out.out('\n');
    });
    return out.done(code, elapsed);
  }
  out.out(';; connection timed out; no servers could be reached\n\n');
  return out.done(1, elapsed);
}
