import * as https from 'node:https';
import type * as http from 'node:http';
import type * as tls from 'node:tls';
import type { Cluster } from '../model/cluster';
import { runNodeCommand } from '../model/node/commands';
import { readBody, writeJSON } from './http-io';

/** The kubeconfig extension naming the node endpoint, on the cluster entry `kubespec up` writes. */
export const NODE_ENDPOINT_EXTENSION = 'kubespec.io/node-endpoint';

/** Who may run node commands: the identities `docker exec` into a kind node stands for, the cluster's admins. */
const ADMIN_GROUPS = ['kubeadm:cluster-admins', 'system:masters'];

/** What `kubespec node` sends and gets back. */
export interface NodeCommandRequest {
  argv: string[];
  stdin?: string;
}
export interface NodeCommandResponse {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * `docker exec <node> …` for a model cluster: POST /nodes/<node>/exec runs a node command (crictl,
 * ps, kill, systemctl, etcdctl, iptables-save, ip route, curl …) on that node of the model. A
 * listener of its own, on loopback, beside the API: it stays up while the model's kube-apiserver
 * is down (the seeds inspect the node exactly then), and it takes only a client certificate of the
 * cluster's CA whose groups make it an admin (the kubeconfig's).
 */
export class NodeEndpoint {
  private server?: https.Server;
  port = 0;

  constructor(
    private readonly cluster: Cluster,
    private readonly tlsOpts: { key: string; cert: string; ca: string },
    private readonly host = '127.0.0.1',
  ) {}

  get url(): string {
    return `https://${this.host}:${this.port}`;
  }

  start(port = 0): Promise<void> {
    const server = https.createServer({ ...this.tlsOpts, requestCert: true, rejectUnauthorized: true }, (req, res) => void this.handle(req, res));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.host, () => {
        this.server = server;
        const a = server.address();
        if (a && typeof a === 'object') this.port = a.port;
        resolve();
      });
    });
  }

  stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return Promise.resolve();
    s.closeAllConnections();
    return new Promise((resolve) => s.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const cert = (req.socket as tls.TLSSocket).getPeerCertificate();
    const o = cert?.subject?.O;
    const groups = o === undefined ? [] : Array.isArray(o) ? o : [o];
    if (!groups.some((g) => ADMIN_GROUPS.includes(g))) return writeJSON(res, 403, { stdout: '', stderr: `kubespec node: user "${cert?.subject?.CN ?? ''}" may not run node commands\n`, code: 1 });
    const m = /^\/nodes\/([^/]+)\/exec$/.exec(new URL(req.url ?? '/', 'https://localhost').pathname);
    if (req.method !== 'POST' || !m) return writeJSON(res, 404, { stdout: '', stderr: 'kubespec node: not found\n', code: 1 });
    let body: NodeCommandRequest;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      return writeJSON(res, 400, { stdout: '', stderr: 'kubespec node: malformed request\n', code: 1 });
    }
    if (!Array.isArray(body?.argv) || body.argv.length === 0 || !body.argv.every((a) => typeof a === 'string'))
      return writeJSON(res, 400, { stdout: '', stderr: 'kubespec node: a command is required\n', code: 2 });
    const name = decodeURIComponent(m[1]);
    const host = this.cluster.node(name);
    // What `docker exec` says for a container that does not exist.
    if (!host) return writeJSON(res, 404, { stdout: '', stderr: `Error response from daemon: No such container: ${name}\n`, code: 1 });
    try {
      const out = runNodeCommand(host, this.cluster.runtimes.get(name)!, body.argv, typeof body.stdin === 'string' ? body.stdin : undefined);
      writeJSON(res, 200, { stdout: out.stdout, stderr: out.stderr, code: out.code } satisfies NodeCommandResponse);
    } catch (e) {
      writeJSON(res, 500, { stdout: '', stderr: `kubespec node: internal error: ${e instanceof Error ? e.message : String(e)}\n`, code: 70 });
    }
  }
}
