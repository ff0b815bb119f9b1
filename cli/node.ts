import * as fs from 'node:fs';
import * as https from 'node:https';
import * as yaml from 'js-yaml';
import { NODE_ENDPOINT_EXTENSION, type NodeCommandResponse } from '../server/node-endpoint';

export const NODE_USAGE = `Usage: kubespec node [--kubeconfig FILE] <node> -- <command…>

Runs a command on a node of the cluster that \`kubespec up\` serves, as \`docker exec <node> …\` does on a
kind cluster: crictl, ps, kill, pkill, systemctl, etcdctl, iptables-save, ip route, route -n, curl, cat, ls …
The kubeconfig (--kubeconfig, else $KUBECONFIG, else ./kubespec.kubeconfig) gives the endpoint and the credentials.
`;

interface Endpoint {
  url: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

class NodeUsageError extends Error {}

/** Reads the node endpoint and the admin credentials out of the kubeconfig `kubespec up` wrote. */
export function endpointFromKubeconfig(text: string): Endpoint {
  const kc: any = yaml.load(text);
  const ctxName = kc?.['current-context'];
  const ctx = kc?.contexts?.find((c: any) => c.name === ctxName)?.context;
  const cluster = kc?.clusters?.find((c: any) => c.name === ctx?.cluster)?.cluster;
  const user = kc?.users?.find((u: any) => u.name === ctx?.user)?.user;
  const ext = cluster?.extensions?.find((e: any) => e.name === NODE_ENDPOINT_EXTENSION)?.extension;
  if (!ext?.server) throw new NodeUsageError(`the kubeconfig's current context "${ctxName ?? ''}" is not a kubespec cluster (no ${NODE_ENDPOINT_EXTENSION} extension): start one with \`kubespec up\``);
  const b64 = (s: string | undefined, what: string) => {
    if (!s) throw new NodeUsageError(`the kubeconfig's user has no ${what}`);
    return Buffer.from(s, 'base64');
  };
  return { url: ext.server, ca: b64(cluster['certificate-authority-data'], 'certificate-authority-data'), cert: b64(user?.['client-certificate-data'], 'client-certificate-data'), key: b64(user?.['client-key-data'], 'client-key-data') };
}

function post(ep: Endpoint, node: string, argv: string[], stdin: string | undefined): Promise<NodeCommandResponse> {
  const body = JSON.stringify({ argv, stdin });
  const url = new URL(`/nodes/${encodeURIComponent(node)}/exec`, ep.url);
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: 'POST', ca: ep.ca, cert: ep.cert, key: ep.key, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          reject(new Error(`unexpected answer from ${ep.url} (HTTP ${res.statusCode})`));
        }
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) =>
      reject(e.code === 'ECONNREFUSED' ? new Error(`cannot reach the cluster's nodes at ${ep.url}: is \`kubespec up\` still running?`) : e),
    );
    req.end(body);
  });
}

function readStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', () => resolve(chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined));
    process.stdin.on('error', () => resolve(undefined));
  });
}

/** `kubespec node <node> -- <command…>`: resolves with the command's exit status. */
export async function node(args: string[]): Promise<number> {
  let kubeconfig = process.env.KUBECONFIG?.split(':')[0] || 'kubespec.kubeconfig';
  const rest = [...args];
  try {
    while (rest[0]?.startsWith('--kubeconfig')) {
      const a = rest.shift()!;
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : rest.shift();
      if (!v) throw new NodeUsageError('flag needs an argument: --kubeconfig');
      kubeconfig = v;
    }
    if (rest[0] === '-h' || rest[0] === '--help') {
      process.stdout.write(NODE_USAGE);
      return 0;
    }
    const nodeName = rest.shift();
    if (!nodeName || nodeName.startsWith('-')) throw new NodeUsageError('a node name is required');
    if (rest[0] === '--') rest.shift();
    if (rest.length === 0) throw new NodeUsageError('a command is required after the node name');
    let text: string;
    try {
      text = fs.readFileSync(kubeconfig, 'utf8');
    } catch {
      throw new NodeUsageError(`cannot read the kubeconfig ${kubeconfig}: start a cluster with \`kubespec up\`, or pass --kubeconfig`);
    }
    const ep = endpointFromKubeconfig(text);
    const out = await post(ep, nodeName, rest, await readStdin());
    process.stdout.write(out.stdout);
    process.stderr.write(out.stderr);
    return out.code;
  } catch (e) {
    process.stderr.write(`kubespec node: ${e instanceof Error ? e.message : String(e)}\n${e instanceof NodeUsageError ? NODE_USAGE : ''}`);
    return e instanceof NodeUsageError ? 2 : 1;
  }
}
