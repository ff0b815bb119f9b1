import * as fs from 'node:fs';
import * as path from 'node:path';
import { Cluster } from '../model/cluster';
import { parseClusterConfig, type ClusterConfig } from '../model/cluster-config';
import { ApiFacade } from '../server/facade';
import { kubeconfigYAML, writeKubeconfig } from '../server/kubeconfig';
import { WallClockPacer } from '../server/pacing';
import { createClusterPKI } from '../server/pki';
import { NodeEndpoint } from '../server/node-endpoint';

export const UP_USAGE = `Usage: kubespec up [--port N] [--address 127.0.0.1|::1] [--config kind.yaml] [--seed N] [--speed X] [--kubeconfig-out FILE] [--insecure-http]

Starts a cluster on the model and serves the Kubernetes API on 127.0.0.1 (HTTPS, a cluster CA made
at start), with virtual time running at X times wall speed (default 1). Writes a kubeconfig for the
admin user (default ./kubespec.kubeconfig) so the real kubectl and client libraries can drive it.
Ctrl-C stops it.
`;

export interface UpOptions {
  port: number;
  host: string;
  seed: number;
  speed: number;
  config?: ClusterConfig;
  kubeconfigOut: string;
  insecureHttp: boolean;
}

export class UpUsageError extends Error {}

export function parseUpArgs(args: string[]): UpOptions {
  const o: UpOptions = { port: 6443, host: '127.0.0.1', seed: 1, speed: 1, kubeconfigOut: 'kubespec.kubeconfig', insecureHttp: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const eq = a.indexOf('=');
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const value = () => {
      const v = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (v === undefined) throw new UpUsageError(`flag needs an argument: ${flag}`);
      return v;
    };
    switch (flag) {
      case '--port': {
        const v = value();
        if (!/^\d+$/.test(v) || Number(v) > 65535) throw new UpUsageError(`invalid --port "${v}": want 0-65535`);
        o.port = Number(v);
        break;
      }
      case '--address': {
        const v = value();
        if (!/^(127\.\d+\.\d+\.\d+|::1|localhost)$/.test(v)) throw new UpUsageError(`invalid --address "${v}": kubespec up serves on loopback only (127.0.0.1, ::1)`);
        o.host = v;
        break;
      }
      case '--seed': {
        const v = value();
        if (!/^\d+$/.test(v)) throw new UpUsageError(`invalid --seed "${v}": want a non-negative integer`);
        o.seed = Number(v);
        break;
      }
      case '--speed': {
        const v = value();
        const n = Number(v);
        if (!/^\d+(\.\d+)?$/.test(v) || !(n > 0) || n > 1000) throw new UpUsageError(`invalid --speed "${v}": want a number in (0, 1000]`);
        o.speed = n;
        break;
      }
      case '--config': {
        const file = value();
        let text: string;
        try {
          text = fs.readFileSync(file, 'utf8');
        } catch (e: any) {
          throw new UpUsageError(`--config ${file}: ${e?.code === 'ENOENT' ? 'no such file' : e?.code === 'EISDIR' ? 'is a directory' : e?.message}`);
        }
        o.config = parseClusterConfig(text);
        break;
      }
      case '--kubeconfig-out':
        o.kubeconfigOut = value();
        break;
      case '--insecure-http':
        o.insecureHttp = true;
        break;
      default:
        throw new UpUsageError(a.startsWith('-') ? `unknown flag: ${a}` : `unexpected argument: ${a}`);
    }
  }
  return o;
}

/** What `kubespec up` runs: the cluster, the wall-clock pacer and the HTTPS façade, until stopped. */
export interface RunningCluster {
  cluster: Cluster;
  facade: ApiFacade;
  pacer: WallClockPacer;
  kubeconfigPath: string;
  stop(): Promise<void>;
}

export async function startUp(o: UpOptions, log: (s: string) => void = () => undefined): Promise<RunningCluster> {
  // Virtual time begins at the wall clock's now (whole seconds), so real clients' AGE columns read right.
  const cluster = new Cluster({ seed: o.seed, config: o.config, epochMs: Math.floor(Date.now() / 1000) * 1000 });
  const pki = o.insecureHttp ? undefined : createClusterPKI();
  const facade = new ApiFacade(cluster, {
    host: o.host,
    port: o.port,
    tls: pki ? { key: pki.apiserver.keyPem, cert: pki.apiserver.certPem, ca: pki.ca.certPem } : undefined,
  });
  await facade.start();
  const nodes = pki ? new NodeEndpoint(cluster, { key: pki.apiserver.keyPem, cert: pki.apiserver.certPem, ca: pki.ca.certPem }, o.host) : undefined;
  await nodes?.start();
  const kubeconfigPath = path.resolve(o.kubeconfigOut);
  if (pki)
    writeKubeconfig(kubeconfigPath, kubeconfigYAML({ server: facade.url, caPem: pki.ca.certPem, clientCertPem: pki.admin.certPem, clientKeyPem: pki.admin.keyPem, nodeEndpoint: nodes?.url }));
  const pacer = new WallClockPacer((ms) => cluster.advance(ms), o.speed);
  let syncing = false;
  pacer.onTick(() => {
    facade.tick();
    if (syncing) return;
    syncing = true;
    facade.sync().then(
      () => (syncing = false),
      (e) => {
        syncing = false;
        log(`kubespec up: ${e instanceof Error ? e.message : String(e)}\n`);
      },
    );
  });
  pacer.start();
  return {
    cluster,
    facade,
    pacer,
    kubeconfigPath,
    async stop() {
      pacer.stop();
      await Promise.all([facade.stop(), nodes?.stop()]);
    },
  };
}

/** `kubespec up`: runs until SIGINT or SIGTERM; resolves with the exit status. */
export async function up(args: string[]): Promise<number> {
  let o: UpOptions;
  try {
    o = parseUpArgs(args);
  } catch (e) {
    process.stderr.write(`kubespec up: ${e instanceof Error ? e.message : String(e)}\n${UP_USAGE}`);
    return 2;
  }
  let running: RunningCluster;
  try {
    running = await startUp(o, (s) => process.stderr.write(s));
  } catch (e) {
    process.stderr.write(`kubespec up: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
  const kc = path.relative(process.cwd(), running.kubeconfigPath) || running.kubeconfigPath;
  process.stdout.write(
    `kubespec: serving the Kubernetes API of a ${running.cluster.nodes.size}-node cluster at ${running.facade.url} (speed ${o.speed}x)\n` +
      (o.insecureHttp ? '' : `Kubeconfig written to ${kc}. Use it with:\n\n  export KUBECONFIG=${kc}\n  kubectl get nodes\n\n`) +
      `Node commands: kubespec node <node> -- <command> (for example: kubespec node ${running.cluster.controlPlane.name} -- crictl ps)\n` +
      'Press Ctrl-C to stop.\n',
  );
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void running.stop().then(() => resolve(0));
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}
