import { Process } from '../sim/process';
import type { Simulation } from '../sim/simulation';
import { KlogLog } from '../sim/log';
import { NodeFiles } from './files';

export type NodeRole = 'control-plane' | 'worker';

/** A node's spec in the cluster config (kind's node entry plus kubespec's extensions). */
export interface NodeConfig {
  name: string;
  role: NodeRole;
  /** The node's InternalIP (eth0). */
  address: string;
  /** The standard resources, and any extended ones (`example.com/foo`) or hugepages-<size> the config adds. */
  capacity: { cpu: string; memory: string; pods: string; 'ephemeral-storage': string } & Record<string, string>;
  labels: Record<string, string>;
  taints: { key: string; value?: string; effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' }[];
  /** The CRI runtime: containerd (kind's, the default) or cri-o. */
  runtime: 'containerd' | 'cri-o';
}

/**
 * A machine of the cluster: its role, address, and its "OS": the processes running on it
 * (kubelet, containerd, shims, container processes, control-plane binaries), each with a pid,
 * a command line and a log.
 */
export class NodeHost {
  readonly processes = new Map<number, Process>();
  readonly logs = new Map<Process, KlogLog>();
  /** Parent pid of each running process (ps -ef's PPID); 1 (init) unless spawned by another. */
  readonly parents = new Map<number, number>();
  /** Set by the cluster: the node's kubelet and runtime, for node-level commands. */
  services: Record<string, unknown> = {};
  /** The node's files: kubelet config, static Pod manifests, kubeconfigs. */
  readonly files: NodeFiles;

  constructor(
    readonly sim: Simulation,
    readonly config: NodeConfig,
  ) {
    this.files = new NodeFiles(() => sim.clock.nowMs());
  }

  get name(): string {
    return this.config.name;
  }

  /** Starts a process on this node (a child of `ppid`, init by default). */
  spawn(actor: string, command: string, user = 'root', ppid = 1): Process {
    const p = new Process(this.sim, this.sim.allocatePid(), this.name, actor, command, user);
    this.processes.set(p.pid, p);
    this.parents.set(p.pid, ppid);
    this.logs.set(p, new KlogLog(this.sim, p.pid));
    p.onExit(() => {
      this.processes.delete(p.pid);
      this.parents.delete(p.pid);
    });
    this.sim.trace.record('process', actor, 'start', `${this.name}/${p.pid}`, command);
    return p;
  }

  logOf(p: Process): KlogLog {
    return this.logs.get(p)!;
  }

  /** Running processes in pid order. */
  ps(): Process[] {
    return [...this.processes.values()].sort((a, b) => a.pid - b.pid);
  }

  find(actor: string): Process | undefined {
    for (const p of this.processes.values()) if (p.actor === actor) return p;
    return undefined;
  }
}
