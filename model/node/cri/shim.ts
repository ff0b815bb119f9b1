import type { ContainerConfig } from './api';
import type { NodeHost } from '../host';
import type { RegistryImage } from '../images';
import type { Process } from '../../sim/process';
import type { Program } from './programs';
import { containerProgram, type SandboxProcesses } from './sandbox-processes';

const TASK_DIR = '/run/containerd/io.containerd.runtime.v2.task/k8s.io';

/**
 * containerd-shim-runc-v2 for one Pod sandbox: the process that parents the sandbox's pause
 * process and every container's processes, and runs runc to create and start them (runc
 * itself exits as soon as the container runs).
 */
export class Shim implements SandboxProcesses {
  readonly proc: Process;
  private readonly tasks = new Map<string, { program: Program; procs: Process[] }>();

  constructor(
    private readonly host: NodeHost,
    readonly sandboxId: string,
  ) {
    this.proc = host.spawn(
      'containerd-shim-runc-v2',
      `/usr/local/bin/containerd-shim-runc-v2 -namespace k8s.io -id ${sandboxId} -address /run/containerd/containerd.sock`,
    );
  }

  /** runc create + runc start: two short-lived runc processes, as `ps` would catch them. */
  private runc(id: string): void {
    const base = `runc --root /run/containerd/runc/k8s.io --log ${TASK_DIR}/${id}/log.json --log-format json`;
    for (const cmd of [`${base} create --bundle ${TASK_DIR}/${id} --pid-file ${TASK_DIR}/${id}/init.pid ${id}`, `${base} start ${id}`]) {
      this.host.spawn('runc', cmd, 'root', this.proc.pid).kill();
    }
  }

  /** Starts the sandbox's init (the pause process). */
  runInit(command: string, user: string): void {
    this.runc(this.sandboxId);
    const p = this.host.spawn(`pause/${this.sandboxId.slice(0, 13)}`, command, user, this.proc.pid);
    this.tasks.set(this.sandboxId, { program: { processes: [{ command, user }], startLogs: () => [], stopMs: 5 }, procs: [p] });
  }

  /** Starts a container's processes; returns the program it runs. */
  runContainer(id: string, img: RegistryImage, config: ContainerConfig): Program {
    this.runc(id);
    const program = containerProgram(this.host, img, config);
    const procs: Process[] = [];
    const actor = `container/${config.metadata.name}`;
    program.processes.forEach((p, i) => procs.push(this.host.spawn(actor, p.command, p.user, i === 0 ? this.proc.pid : procs[0].pid)));
    this.tasks.set(id, { program, procs });
    return program;
  }

  /** The container's init process (pid 1 inside it). */
  mainProcess(id: string): Process | undefined {
    return this.tasks.get(id)?.procs[0];
  }

  pidOf(id: string): number | undefined {
    return this.tasks.get(id)?.procs[0]?.pid;
  }

  programOf(id: string): Program | undefined {
    return this.tasks.get(id)?.program;
  }

  /** The container's processes are gone (exited or killed). */
  endContainer(id: string): void {
    const t = this.tasks.get(id);
    if (!t) return;
    for (const p of [...t.procs].reverse()) p.kill();
    this.tasks.delete(id);
  }

  /** Stops everything in the sandbox and the shim itself. */
  shutdown(): void {
    for (const id of [...this.tasks.keys()]) this.endContainer(id);
    this.proc.kill();
  }
}
