import { decodeSnapshot, encodeSnapshot, writeDataDir } from '../../etcd/datadir';
import type { EtcdStore } from '../../etcd/store';
import { normalize } from '../files';
import type { NodeHost } from '../host';
import type { CommandResult } from './index';

/** etcd 3.5's client, as kubeadm's etcd image ships it. */
const ETCDCTL_VERSION = '3.5.16';
/** etcdctl's --dial-timeout default. */
const DIAL_TIMEOUT_MS = 5000;
const abs = (p: string) => normalize(p.startsWith('/') ? p : `/${p}`);

interface Parsed {
  args: string[];
  flags: Map<string, string | true>;
}

const BOOL_FLAGS = new Set(['prefix', 'keys-only', 'print-value-only', 'count-only']);

/** cobra/pflag as etcdctl uses them: --flag=value, --flag value, boolean flags alone. */
function parse(argv: string[]): Parsed {
  const args: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      args.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (eq >= 0) flags.set(name, a.slice(eq + 1));
    else if (BOOL_FLAGS.has(name)) flags.set(name, true);
    else flags.set(name, argv[++i] ?? '');
  }
  return { args, flags };
}

/** zap's JSON line, as etcdctl's client logs it. */
function zapJson(host: NodeHost, caller: string, msg: string, fields: Record<string, unknown> = {}, logger?: string): string {
  const ts = new Date(host.sim.clock.nowMs()).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
  return JSON.stringify({ level: 'info', ts, ...(logger ? { logger } : {}), caller, msg, ...fields });
}

/** zap's console line, as etcdutl's restore logs it. */
function zapConsole(host: NodeHost, caller: string, msg: string, fields: Record<string, unknown>): string {
  const ts = new Date(host.sim.clock.nowMs()).toISOString();
  const f = Object.entries(fields)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`)
    .join(', ');
  return `${ts}\tinfo\t${caller}\t${msg}\t{${f}}`;
}

/** go-humanize's Bytes: "3.2 MB", "842 kB", "512 B". */
function humanBytes(n: number): string {
  if (n < 10) return `${n} B`;
  const units = ['B', 'kB', 'MB', 'GB'];
  const e = Math.min(Math.floor(Math.log(n) / Math.log(1000)), units.length - 1);
  const v = n / 1000 ** e;
  return `${v < 10 ? v.toFixed(1) : v.toFixed(0)} ${units[e]}`;
}

/**
 * The etcd client talks TLS with a client certificate to kubeadm's etcd (--client-cert-auth):
 * without --cacert, --cert and --key, or without etcd listening, it gives up after the dial
 * timeout with "context deadline exceeded".
 */
function connect(host: NodeHost, p: Parsed): EtcdStore | CommandResult {
  const store = host.services.etcd as EtcdStore | undefined;
  const endpoint = String(p.flags.get('endpoints') ?? '127.0.0.1:2379');
  const tls = ['cacert', 'cert', 'key'].every((f) => typeof p.flags.get(f) === 'string' && host.files.read(abs(p.flags.get(f) as string)));
  const local = /^(https:\/\/)?(127\.0\.0\.1|localhost):2379$/.test(endpoint) || endpoint === `https://${host.config.address}:2379`;
  if (!store || !store.running || !tls || !local) {
    host.sim.advance(DIAL_TIMEOUT_MS);
    return { stdout: '', stderr: 'Error: context deadline exceeded\n', code: 1 };
  }
  return store;
}

/**
 * `etcdctl get KEY [--prefix] [--keys-only] [--print-value-only]`, `etcdctl snapshot save FILE`
 * and `etcdctl snapshot restore FILE --data-dir DIR` (etcd v3 API, as ETCDCTL_API=3), on the
 * control-plane node. Values are the model's JSON encoding of objects; real Kubernetes stores
 * protobuf (bytes starting "k8s\0"), which etcdctl prints as binary.
 */
export function etcdctl(host: NodeHost, argv: string[]): CommandResult {
  const p = parse(argv);
  const [cmd, sub, ...rest] = p.args;
  if (cmd === 'version') return { stdout: `etcdctl version: ${ETCDCTL_VERSION}\nAPI version: 3.5\n`, stderr: '', code: 0 };
  if (cmd === 'get') {
    if (!sub) return { stdout: '', stderr: 'Error: get command needs one argument as key and an optional argument as range_end\n', code: 1 };
    const store = connect(host, p);
    if (!('range' in store)) return store;
    const kvs = p.flags.has('prefix') ? store.range(sub) : [store.get(sub)].filter((kv) => kv !== undefined);
    if (p.flags.has('count-only')) return { stdout: '', stderr: '', code: 0 };
    let out = '';
    for (const kv of kvs) {
      if (p.flags.has('keys-only')) out += `${kv!.key}\n\n`;
      else if (p.flags.has('print-value-only')) out += `${kv!.value}\n`;
      else out += `${kv!.key}\n${kv!.value}\n`;
    }
    return { stdout: out, stderr: '', code: 0 };
  }
  if (cmd === 'snapshot' && sub === 'save') return snapshotSave(host, p, rest[0]);
  if (cmd === 'snapshot' && sub === 'restore') return snapshotRestore(host, p, rest[0]);
  if (!cmd) return { stdout: `NAME:\n\tetcdctl - A simple command line client for etcd3.\n`, stderr: '', code: 0 };
  return { stdout: '', stderr: `Error: unknown command "${cmd}" for "etcdctl"\nRun 'etcdctl --help' for usage.\n`, code: 1 };
}

function snapshotSave(host: NodeHost, p: Parsed, file: string | undefined): CommandResult {
  if (!file) return { stdout: '', stderr: 'Error: snapshot save expects one argument\n', code: 1 };
  const store = connect(host, p);
  if (!('snapshot' in store)) return store;
  const path = abs(file);
  const text = encodeSnapshot(store.snapshot());
  const ep = String(p.flags.get('endpoints') ?? '127.0.0.1:2379');
  const log = [
    zapJson(host, 'snapshot/v3_snapshot.go:65', 'created temporary db file', { path: `${file}.part` }),
    zapJson(host, `v3@v${ETCDCTL_VERSION}/maintenance.go:212`, 'opened snapshot stream; downloading', {}, 'client'),
    zapJson(host, 'snapshot/v3_snapshot.go:73', 'fetching snapshot', { endpoint: ep }),
    zapJson(host, `v3@v${ETCDCTL_VERSION}/maintenance.go:220`, 'completed snapshot read; closing', {}, 'client'),
    zapJson(host, 'snapshot/v3_snapshot.go:88', 'fetched snapshot', { endpoint: ep, size: humanBytes(Buffer.byteLength(text)), took: 'now' }),
    zapJson(host, 'snapshot/v3_snapshot.go:97', 'saved', { path: file }),
  ];
  host.files.write(path, text, 0o600);
  return { stdout: `Snapshot saved at ${file}\n`, stderr: log.join('\n') + '\n', code: 0 };
}

function snapshotRestore(host: NodeHost, p: Parsed, file: string | undefined): CommandResult {
  const deprecated = 'Deprecated: Use `etcdutl snapshot restore` instead.\n\n';
  if (!file) return { stdout: '', stderr: deprecated + 'Error: snapshot restore requires exactly one argument\n', code: 1 };
  const dataDir = abs(String(p.flags.get('data-dir') ?? `${p.flags.get('name') ?? 'default'}.etcd`));
  const f = host.files.read(abs(file));
  if (!f) return { stdout: '', stderr: deprecated + `Error: open ${file}: no such file or directory\n`, code: 1 };
  const snap = decodeSnapshot(f.content);
  if (!snap) return { stdout: '', stderr: deprecated + 'Error: snapshot file integrity check failed. 0 errors found.\n', code: 1 };
  if (host.files.list(dataDir)?.length || host.files.read(dataDir)) return { stdout: '', stderr: deprecated + `Error: data-dir "${dataDir}" not empty or could not be read\n`, code: 1 };
  const fields = { path: file, 'wal-dir': `${dataDir}/member/wal`, 'data-dir': dataDir, 'snap-dir': `${dataDir}/member/snap`, 'initial-memory-map-size': 10737418240 };
  writeDataDir(host.files, dataDir, snap);
  const log = [zapConsole(host, 'snapshot/v3_snapshot.go:265', 'restoring snapshot', fields), zapConsole(host, 'snapshot/v3_snapshot.go:293', 'restored snapshot', fields)];
  return { stdout: '', stderr: deprecated + log.join('\n') + '\n', code: 0 };
}
