import type { ClusterNetwork } from './fabric';
import { isIp } from './addr';
import { connect, type Origin } from './walker';

/** What a command run on a node or in a container prints and returns. */
export interface CurlResult {
  stdout: string;
  stderr: string;
  code: number;
  /** Virtual milliseconds the command took (a timed-out connect blocks for them). */
  elapsedMs: number;
}

/** Linux gives up on a SYN after tcp_syn_retries=6: 1+2+4+…+64 s. */
const SYN_TIMEOUT_MS = 127_000;

/**
 * curl 7.88 from a node or a Pod: `curl [-s] [-S] [-m SECONDS] [--connect-timeout SECONDS]
 * http://IP[:PORT][/PATH]`. The connection is walked through the origin's rules and routes;
 * the body is whatever the listening server answers. Errors are worded as curl words them.
 */
export function curl(net: ClusterNetwork, origin: Origin, args: string[]): CurlResult {
  let silent = false;
  let showError = false;
  let maxTime: number | undefined;
  let url: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '-s' || a === '--silent') silent = true;
    else if (a === '-S' || a === '--show-error') showError = true;
    else if (a === '-sS' || a === '-Ss') silent = showError = true;
    else if (a === '-m' || a === '--max-time' || a === '--connect-timeout') {
      const v = Number(args[++i]);
      if (!Number.isFinite(v)) return fail(`curl: option ${a}: expected a proper numerical parameter\ncurl: try 'curl --help' or 'curl --manual' for more information\n`, 2);
      maxTime = v;
    } else if (a.startsWith('-')) return fail(`curl: option ${a}: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information\n`, 2);
    else url = a;
  }
  if (!url) return fail(`curl: try 'curl --help' or 'curl --manual' for more information\n`, 2);
  const m = /^(?:(https?):\/\/)?([^/:]+)(?::(\d+))?(\/.*)?$/.exec(url);
  if (!m) return fail(`curl: (3) URL using bad/illegal format or missing URL\n`, 3);
  const [, scheme = 'http', host, portText, path = '/'] = m;
  const port = portText ? Number(portText) : scheme === 'https' ? 443 : 80;
  const err = (text: string, code: number, elapsedMs: number): CurlResult => ({ stdout: '', stderr: silent && !showError ? '' : `${text}\n`, code, elapsedMs });
  if (!isIp(host)) return err(`curl: (6) Could not resolve host: ${host}`, 6, 0);

  const c = connect(net, origin, host, port);
  if (c.outcome === 'timeout') {
    if (maxTime !== undefined && maxTime * 1000 < SYN_TIMEOUT_MS) {
      const ms = Math.round(maxTime * 1000) + 1 + net.sim.rng.int(2);
      return err(`curl: (28) Connection timed out after ${ms} milliseconds`, 28, ms);
    }
    const ms = SYN_TIMEOUT_MS + 20 + net.sim.rng.int(80);
    return err(`curl: (28) Failed to connect to ${host} port ${port} after ${ms} ms: Couldn't connect to server`, 28, ms);
  }
  if (c.outcome === 'refused') return err(`curl: (7) Failed to connect to ${host} port ${port} after ${c.elapsedMs} ms: Couldn't connect to server`, 7, c.elapsedMs);
  if (scheme === 'https') return err(`curl: (35) OpenSSL/3.0.15: error:0A00010B:SSL routines::wrong version number`, 35, c.elapsedMs);
  const res = c.listener!.http(path);
  return { stdout: res.body, stderr: '', code: 0, elapsedMs: c.elapsedMs };

  function fail(text: string, code: number): CurlResult {
    return { stdout: '', stderr: text, code, elapsedMs: 0 };
  }
}
