/**
 * busybox wget (networking/wget.c, 1.36/1.37) over the Pod's network: -q, -O FILE (`-` for
 * stdout), -S, --spider, -T SEC, -U AGENT, --header. The name is resolved through the Pod's
 * resolv.conf, the connection walked through the node's rules; messages and exit codes are
 * busybox's ("bad address", "can't connect to remote host (IP): …", "download timed out",
 * "server returned error: HTTP/1.1 404 Not Found").
 */
import { httpRequest, parseUrl, reasonPhrase } from '../../network/http-client';
import type { PodNetContext } from '../../network/pod-context';
import { Output, type ToolResult } from './net-output';

/** busybox's default -T: 900 s. */
const DEFAULT_TIMEOUT_S = 900;

const ERRNO = { refused: 'Connection refused', timeout: 'Connection timed out', 'no-route': 'Network is unreachable', 'host-unreachable': 'No route to host' } as const;

interface Opts {
  quiet: boolean;
  output?: string;
  serverResponse: boolean;
  spider: boolean;
  timeoutS: number;
  userAgent: string;
  headers: Record<string, string>;
  urls: string[];
}

/** getopt32 with wget's long options: short flags may be bundled (-qO-), values attached or next. */
function parseArgs(args: string[]): Opts | string {
  const o: Opts = { quiet: false, serverResponse: false, spider: false, timeoutS: DEFAULT_TIMEOUT_S, userAgent: 'Wget', headers: {}, urls: [] };
  const withValue = new Set(['O', 'T', 'U', 'o', 'P', 'Y']);
  const long: Record<string, string> = { quiet: 'q', 'output-document': 'O', 'server-response': 'S', timeout: 'T', 'user-agent': 'U', continue: 'c', 'output-file': 'o', 'directory-prefix': 'P', proxy: 'Y' };
  const set = (flag: string, value: string | undefined): string | undefined => {
    switch (flag) {
      case 'q':
        o.quiet = true;
        break;
      case 'S':
        o.serverResponse = true;
        break;
      case 'O':
        o.output = value;
        break;
      case 'T': {
        if (!/^\d+$/.test(value ?? '')) return `wget: invalid number '${value}'`;
        o.timeoutS = Number(value);
        break;
      }
      case 'U':
        o.userAgent = value ?? '';
        break;
    }
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      o.urls.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const [name, attached] = a.slice(2).split(/=(.*)/s, 2);
      if (name === 'spider') o.spider = true;
      else if (name === 'header') {
        const v = attached ?? args[++i];
        if (v === undefined) return `wget: option '--header' requires an argument`;
        const colon = v.indexOf(':');
        if (colon > 0) o.headers[v.slice(0, colon).trim()] = v.slice(colon + 1).trim();
      } else if (name === 'no-check-certificate' || name === 'post-data' || name === 'post-file') {
        if (name !== 'no-check-certificate' && attached === undefined) i++;
      } else if (long[name]) {
        const flag = long[name];
        const v = withValue.has(flag) ? (attached ?? args[++i]) : undefined;
        if (withValue.has(flag) && v === undefined) return `wget: option '--${name}' requires an argument`;
        const e = set(flag, v);
        if (e) return e;
      } else return `wget: unrecognized option '${a}'`;
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const flag = a[j];
        if (!'qSOTUcoPY'.includes(flag)) return `wget: invalid option -- '${flag}'`;
        if (withValue.has(flag)) {
          const v = j + 1 < a.length ? a.slice(j + 1) : args[++i];
          if (v === undefined) return `wget: option requires an argument -- '${flag}'`;
          const e = set(flag, v);
          if (e) return e;
          break;
        }
        set(flag, undefined);
      }
      continue;
    }
    o.urls.push(a);
  }
  return o;
}

/** The name wget saves to without -O: the URL's last path segment, or index.html. */
function fileName(path: string): string {
  const last = path.split('?')[0].split('/').pop();
  return last || 'index.html';
}

/** busybox's progress meter at its end: name, 100%, a full bar, the size and ETA. */
function progressLine(name: string, bytes: number): string {
  return `${name.padEnd(20).slice(0, 20)} 100% |${'*'.repeat(32)}| ${String(bytes).padStart(5)}  0:00:00 ETA\n`;
}

export function wget(args: string[], net: PodNetContext | undefined, now: number): ToolResult {
  const out = new Output();
  const o = parseArgs(args);
  if (typeof o === 'string') {
    out.err(`${o}\n`);
    return out.done(1, 0);
  }
  if (o.urls.length === 0) {
    out.err('wget: missing URL\n');
    return out.done(1, 0);
  }
  let elapsed = 0;
  for (const raw of o.urls) {
    const url = parseUrl(raw);
    if (!url || (url.scheme !== 'http' && url.scheme !== 'https')) {
      out.err(`wget: not an http or ftp url: ${raw}\n`);
      return out.done(1, elapsed);
    }
    if (!net) {
      out.err(`wget: bad address '${url.host}'\n`);
      return out.done(1, elapsed);
    }
    const res = httpRequest(net, { host: url.host, port: url.port, path: url.path, method: o.spider ? 'HEAD' : 'GET', userAgent: o.userAgent, headers: o.headers, timeoutMs: o.timeoutS * 1000 });
    elapsed += res.elapsedMs;
    if (res.kind === 'bad-address') {
      out.err(`wget: bad address '${url.host}'\n`);
      return out.done(1, elapsed);
    }
    if (!o.quiet) out.err(`Connecting to ${url.host} (${res.ip}:${url.port})\n`);
    if (res.kind !== 'response') {
      // The alarm of -T fires before the kernel gives up on the connect.
      if (res.kind === 'timeout' && res.timedOutByClient) out.err('wget: download timed out\n');
      else if (res.kind !== 'tls-failed') out.err(`wget: can't connect to remote host (${res.ip}): ${ERRNO[res.kind]}\n`);
      return out.done(1, elapsed);
    }
    if (url.scheme === 'https') {
      // The model's servers speak plain HTTP only; a TLS handshake with them cannot succeed.
      out.err('wget: TLS is not modelled by kubespec: the server answered in plain HTTP\n');
      return out.done(1, elapsed);
    }
    const statusLine = `HTTP/1.1 ${res.status} ${reasonPhrase(res.status)}`;
    if (o.serverResponse) {
      // nginx's order: Server, Date, then the entity's headers.
      const { Server, ...rest } = res.headers;
      const headers: [string, string][] = [...(Server ? [['Server', Server] as [string, string]] : []), ['Date', httpDate(now + elapsed)], ...Object.entries(rest)];
      out.err(`  ${statusLine}\n` + headers.map(([k, v]) => `  ${k}: ${v}\n`).join(''));
    }
    if (res.status < 200 || res.status >= 300) {
      out.err(`wget: server returned error: ${statusLine}\n`);
      return out.done(1, elapsed);
    }
    if (o.spider) {
      if (!o.quiet) out.err('remote file exists\n');
      continue;
    }
    const toStdout = o.output === '-';
    const name = toStdout ? '-' : (o.output ?? fileName(url.path));
    if (!o.quiet) out.err(toStdout ? 'writing to stdout\n' : `saving to '${name}'\n`);
    if (toStdout) out.out(res.body);
    if (!o.quiet) out.err(progressLine(name, Buffer.byteLength(res.body)) + (toStdout ? 'written to stdout\n' : `'${name}' saved\n`));
  }
  return out.done(0, elapsed);
}

/** An HTTP Date header (IMF-fixdate). */
export function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}
