import { setWorldConstructor, World, type IWorldOptions } from '@cucumber/cucumber';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Cluster } from '../model/cluster';
import { type ClusterConfig } from '../model/cluster-config';
import { type CommandResult, Shell } from '../model/shell/shell';
import { ClientNodeDriver } from './drivers/client-node';
import { type ClusterDriver, type DriverKind, NotPortableError } from './drivers/driver';
import { ModelDriver } from './drivers/model';
import { returnCluster, takeCluster } from './support/cluster-pool';
import { expandPlaceholders, hasPlaceholders } from './support/placeholders';

export interface KubespecParameters {
  /** fast-check runs per property scenario. */
  propertyRuns: number;
  /** Which cluster the steps drive: the in-process model (default) or a kubeconfig's (the `portable` profile). */
  driver?: DriverKind;
}

export const ROOT = path.join(__dirname, '..');

/**
 * One scenario's world: a cluster on virtual time, the reader's terminal on it, files the
 * scenario wrote, and the last command's result. A command that failed must be checked by a
 * step ("it fails …"); the After hook fails scenarios that leave a failure unchecked.
 */
export class KubespecWorld extends World<KubespecParameters> {
  seed = 1;
  config?: ClusterConfig;
  private _cluster?: Cluster;
  private _shell?: Shell;
  private _driver?: ClusterDriver;
  /** Files written by the scenario, by absolute path under the repository root. */
  readonly files = new Map<string, string>();
  last?: CommandResult & { line: string };
  lastChecked = true;

  constructor(options: IWorldOptions<KubespecParameters>) {
    super(options);
  }

  get cluster(): Cluster {
    if (this.parameters.driver === 'client-node')
      throw new NotPortableError('this step reads the model itself (trace, etcd, nodes, seed or config), not only the Kubernetes API: it cannot run on the client-node driver, so its scenario must not be tagged @portable');
    if (!this._cluster) this._cluster = takeCluster(this.seed, this.config);
    return this._cluster;
  }

  get clusterStarted(): boolean {
    return this._cluster !== undefined;
  }

  /** After the scenario: its cluster may serve the next scenario if it is still as booted (steps/support/cluster-pool.ts). */
  releaseCluster(): void {
    if (this._cluster) returnCluster(this._cluster, this.seed, this.config);
  }

  get shell(): Shell {
    if (!this._shell)
      // Files the scenario wrote shadow the repository's (examples/ stays readable).
      this._shell = new Shell(this.cluster, ROOT, {
        readFile: (p) => this.files.get(p) ?? fs.readFileSync(p, 'utf8'),
        stat: (p) => {
          if (this.files.has(p)) return 'file';
          try {
            return fs.statSync(p).isDirectory() ? 'dir' : 'file';
          } catch {
            return undefined;
          }
        },
      });
    return this._shell;
  }

  /** The cluster API-only steps talk to (steps/drivers/): the model, or KUBESPEC_KUBECONFIG's cluster. */
  get driver(): ClusterDriver {
    if (!this._driver) {
      if (this.parameters.driver === 'client-node') {
        const kubeconfig = process.env.KUBESPEC_KUBECONFIG;
        if (!kubeconfig) throw new Error('the client-node driver (profile `portable`) needs KUBESPEC_KUBECONFIG: the path of the kubeconfig of the cluster to run against');
        this._driver = new ClientNodeDriver(kubeconfig, ROOT, () => this.files);
      } else this._driver = new ModelDriver(() => this.cluster, () => this.shell);
    }
    return this._driver;
  }

  get driverStarted(): boolean {
    return this._driver !== undefined;
  }

  /** run() through the driver: on the model the same synchronous run, elsewhere the real kubectl. */
  async exec(line: string, stdin?: string): Promise<CommandResult> {
    if (this.driver.kind === 'model') return this.run(line, stdin);
    if (hasPlaceholders(line)) throw new NotPortableError('{node IP of …} and the like are read from the model\'s store: a scenario that uses them is not @portable');
    if (this.last && this.last.code !== 0 && !this.lastChecked) throw new Error(uncheckedMessage(this.last));
    const res = await this.driver.run(line, stdin);
    this.last = { ...res, line };
    this.lastChecked = res.code === 0 || (res.code === 124 && line.trim().startsWith('timeout '));
    return res;
  }

  /** Runs a command line in the terminal and keeps its result for the Then steps. */
  run(line: string, stdin?: string): CommandResult {
    if (this.last && this.last.code !== 0 && !this.lastChecked) throw new Error(uncheckedMessage(this.last));
    line = expandPlaceholders(() => this.cluster, line);
    const res = this.shell.run(line, stdin);
    this.last = { ...res, line };
    // `timeout` ends a watch on purpose: its 124 is the expected outcome, not a failure.
    this.lastChecked = res.code === 0 || (res.code === 124 && line.trim().startsWith('timeout '));
    return res;
  }

  get output(): string {
    if (!this.last) throw new Error('no command has run yet');
    return this.last.stdout;
  }
}

export function uncheckedMessage(last: CommandResult & { line: string }): string {
  return `\`${last.line}\` failed (exit ${last.code}) and no step checked it:\n${last.stderr || last.stdout}`;
}

setWorldConstructor(KubespecWorld);
