/**
 * curl 8.11 (the curlimages/curl image, and nginx:alpine's) in a container: `curl [-s] [-S]
 * [-f] [-k] [-H 'Name: value'] [--cacert FILE] [-X METHOD] [-d DATA] [-o FILE] [-w FORMAT]
 * [-m SEC] [--connect-timeout SEC] URL`. The name is resolved through the Pod's resolv.conf, the
 * connection walked through the node's rules; https verifies the server's certificate against
 * --cacert (read from the container's files) or the image's CA bundle, which holds only public
 * CAs. Errors are curl's numbered ones in its words.
 */
import { httpRequest, parseUrl } from '../../network/http-client';
import type { PodNetContext } from '../../network/pod-context';
import type { TlsFailure, TrustPolicy } from '../../network/tls';
import { meterDone, meterFailed, meterStart } from './curl-progress';
import { Output, type ToolResult } from './net-output';

const TRY = "curl: try 'curl --help' or 'curl --manual' for more information\n";
const WITH_VALUE = new Set(['-H', '--header', '--cacert', '-o', '--output', '-w', '--write-out', '-m', '--max-time', '--connect-timeout', '-A', '--user-agent', '-X', '--request', '-d', '--data', '--data-raw']);
/** curl's tool_operate.c: what follows a certificate verification failure (60). */
const CA_CERT_ERRORMSG =
  'More details here: https://curl.se/docs/sslcerts.html\n\ncurl failed to verify the legitimacy of the server and therefore could not\nestablish a secure connection to it. To learn more about this situation and\nhow to fix it, please visit the webpage mentioned above.\n';

export function curlTool(args: string[], net: PodNetContext | undefined, _now?: number, readFile: (path: string) => string | undefined = () => undefined): ToolResult {
  const out = new Output();
  let silent = false;
  let showError = false;
  let failOnError = false;
  let output: string | undefined;
  let writeOut: string | undefined;
  let timeoutS: number | undefined;
  let userAgent = 'curl/8.11.1';
  const headers: Record<string, string> = {};
  let insecure = false;
  let cacert: string | undefined;
  let method: string | undefined;
  let data: string | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    let a = args[i];
    if (/^-[a-zA-Z]{2,}$/.test(a)) {
      // Bundled short flags (-sS, -fsSL, -sk): the last may take a value.
      const flags = a.slice(1).split('');
      const bad = flags.find((f) => !'sSfkLvIo'.includes(f) && !WITH_VALUE.has(`-${f}`));
      if (bad) return usage(`curl: option -${bad}: is unknown\n`);
      for (const f of flags.slice(0, -1)) apply(`-${f}`, undefined);
      a = `-${flags[flags.length - 1]}`;
    }
    if (WITH_VALUE.has(a)) {
      const v = args[++i];
      if (v === undefined) return usage(`curl: option ${a}: requires parameter\n`);
      const e = apply(a, v);
      if (e) return usage(e);
    } else if (a.startsWith('-') && a !== '-') {
      const e = apply(a, undefined);
      if (e) return usage(e);
    } else url = a;
  }
  if (!url) return usage('');
  const u = parseUrl(url);
  // Malformed URLs and unknown protocols fail before any transfer, so before any meter.
  const fail = (text: string, code: number, elapsedMs: number): ToolResult => {
    if (!silent && code !== 1 && code !== 3) out.err(meterFailed(code));
    if (!silent || showError) out.err(`curl: (${code}) ${text}\n`);
    return out.done(code, elapsedMs);
  };
  if (!u || (u.scheme !== 'http' && u.scheme !== 'https')) return fail(u ? `Protocol "${u.scheme}" not supported` : 'URL rejected: Malformed input to a URL function', u ? 1 : 3, 0);
  if (!net) return fail(`Could not resolve host: ${u.host}`, 6, 0);
  // The image's own CA bundle holds public CAs only: no cluster CA is in it.
  const trust: TrustPolicy | undefined = u.scheme !== 'https' ? undefined : insecure ? { insecure: true } : { insecure: false, bundle: cacert === undefined ? '' : readFile(cacert) };
  // -d sends a form POST unless -H says otherwise.
  if (data !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const res = httpRequest(net, {
    host: u.host,
    port: u.port,
    path: u.path,
    method: method ?? (data !== undefined ? 'POST' : 'GET'),
    ...(data !== undefined ? { body: data } : {}),
    userAgent,
    headers,
    timeoutMs: timeoutS !== undefined ? timeoutS * 1000 : undefined,
    ...(trust ? { tls: trust } : {}),
  });
  if (res.kind === 'bad-address') return fail(`Could not resolve host: ${u.host}`, 6, res.elapsedMs);
  if (res.kind === 'timeout' && res.timedOutByClient) return fail(`Connection timed out after ${res.elapsedMs} milliseconds`, 28, res.elapsedMs);
  if (res.kind === 'timeout') return fail(`Failed to connect to ${u.host} port ${u.port} after ${res.elapsedMs} ms: Could not connect to server`, 28, res.elapsedMs);
  if (res.kind === 'tls-failed') return tlsFail(res.failure, res.elapsedMs);
  if (res.kind !== 'response') return fail(`Failed to connect to ${u.host} port ${u.port} after ${res.elapsedMs} ms: Could not connect to server`, 7, res.elapsedMs);
  if (failOnError && res.status >= 400) return fail(`The requested URL returned error: ${res.status}`, 22, res.elapsedMs);
  if (!silent) out.err(meterStart());
  if (output === undefined || output === '-') out.out(res.body);
  if (!silent) out.err(meterDone(Buffer.byteLength(res.body), res.elapsedMs));
  if (writeOut !== undefined) out.out(writeOut.replace(/%\{http_code\}/g, String(res.status).padStart(3, '0')).replace(/%\{remote_ip\}/g, res.ip).replace(/\\n/g, '\n'));
  return out.done(0, res.elapsedMs);

  function tlsFail(f: TlsFailure, elapsedMs: number): ToolResult {
    // A plain HTTP server: OpenSSL's ClientHello meets an HTTP answer.
    if (f.kind === 'bad-cafile') return fail(`error setting certificate file: ${cacert}`, 77, elapsedMs);
    if (f.kind === 'plaintext') return fail('OpenSSL/3.3.2: error:0A00010B:SSL routines::wrong version number', 35, elapsedMs);
    const text = f.kind === 'untrusted' ? 'SSL certificate problem: unable to get local issuer certificate' : `SSL: no alternative certificate subject name matches target host name '${f.host}'`;
    if (!silent) out.err(meterFailed(60));
    if (!silent || showError) out.err(`curl: (60) ${text}\n${CA_CERT_ERRORMSG}`);
    return out.done(60, elapsedMs);
  }

  function apply(flag: string, v: string | undefined): string | undefined {
    switch (flag) {
      case '-s':
      case '--silent':
        silent = true;
        break;
      case '-S':
      case '--show-error':
        showError = true;
        break;
      case '-f':
      case '--fail':
        failOnError = true;
        break;
      case '-k':
      case '--insecure':
        insecure = true;
        break;
      case '--cacert':
        cacert = v;
        break;
      case '-L':
      case '--location':
      case '-v':
        break;
      case '-d':
      case '--data':
      case '--data-raw':
        // Several -d join with '&'; --data strips newlines (it reads as a form), --data-raw keeps them.
        data = (data === undefined ? '' : data + '&') + (flag === '--data-raw' ? v! : v!.replace(/[\r\n]/g, ''));
        break;
      case '-H':
      case '--header': {
        const colon = v!.indexOf(':');
        if (colon > 0) headers[v!.slice(0, colon).trim()] = v!.slice(colon + 1).trim();
        break;
      }
      case '-o':
      case '--output':
        output = v;
        break;
      case '-w':
      case '--write-out':
        writeOut = v;
        break;
      case '-A':
      case '--user-agent':
        userAgent = v!;
        break;
      case '-m':
      case '--max-time':
      case '--connect-timeout':
        if (!Number.isFinite(Number(v))) return `curl: option ${flag}: expected a proper numerical parameter\n`;
        timeoutS = Number(v);
        break;
      case '-X':
      case '--request':
        method = v;
        break;
      default:
        return `curl: option ${flag}: is unknown\n`;
    }
    return undefined;
  }

  function usage(text: string): ToolResult {
    out.err(text + TRY);
    return out.done(2, 0);
  }
}
