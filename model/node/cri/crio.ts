import type { Process } from '../../sim/process';
import type { ContainerConfig, ContainerRuntime, PodSandboxConfig } from './api';
import type { NodeHost } from '../host';
import type { ImageRegistry, RegistryImage } from '../images';
import type { Program } from './programs';
import { CriRuntime, type RuntimeFlavor } from './runtime';
import { containerProgram, type SandboxProcesses } from './sandbox-processes';
import { Workloads } from './workloads';

export const CRIO_VERSION = '1.32.1';
const STORAGE = '/run/containers/storage/overlay-containers';

/**
 * CRI-O's process layout for one sandbox: no shim per Pod, but one conmon (the container
 * monitor) per container, the pause ("infra") container included. Each conmon runs crun to
 * create and start its container, stays as the parent of the container's processes, and
 * reaps them; crun exits once the container runs.
 */
class ConmonSandbox implements SandboxProcesses {
  private readonly containers = new Map<string, { conmon: Process; program: Program; procs: Process[] }>();

  constructor(
    private readonly host: NodeHost,
    private readonly sandboxId: string,
    private readonly pod: PodSandboxConfig['metadata'],
  ) {}

  /** conmon's command line, as CRI-O builds it (oci/runtime_oci.go). */
  private conmon(id: string, name: string, attempt: number, logPath: string): Process {
    const m = this.pod;
    const userdata = `${STORAGE}/${id}/userdata`;
    const cmd = [
      '/usr/bin/conmon', '-b', userdata, '-c', id, '--exit-dir', '/var/run/crio/exits', '-l', logPath, '--log-level', 'info',
      '-n', `k8s_${name}_${m.name}_${m.namespace}_${m.uid}_${attempt}`, '-P', `${userdata}/conmon-pidfile`, '-p', `${userdata}/pidfile`,
      '--persist-dir', `/var/lib/containers/storage/overlay-containers/${id}/userdata`, '-r', '/usr/bin/crun', '--runtime-arg', '--root=/run/crun',
      '--socket-dir-path', '/var/run/crio', '--syslog', '-u', id, '-s',
    ].join(' ');
    const p = this.host.spawn('conmon', cmd);
    // crun create + crun start: short-lived children of conmon.
    for (const c of [`/usr/bin/crun --root=/run/crun create --bundle ${userdata} --pid-file ${userdata}/pidfile ${id}`, `/usr/bin/crun --root=/run/crun start ${id}`])
      this.host.spawn('crun', c, 'root', p.pid).kill();
    return p;
  }

  runInit(command: string, user: string): void {
    const conmon = this.conmon(this.sandboxId, 'POD', this.pod.attempt, `${STORAGE}/${this.sandboxId}/userdata/ctr.log`);
    const p = this.host.spawn(`pause/${this.sandboxId.slice(0, 13)}`, command, user, conmon.pid);
    this.containers.set(this.sandboxId, { conmon, program: { processes: [{ command, user }], startLogs: () => [], stopMs: 5 }, procs: [p] });
  }

  runContainer(id: string, img: RegistryImage, config: ContainerConfig): Program {
    const m = this.pod;
    const { name, attempt } = config.metadata;
    const conmon = this.conmon(id, name, attempt, `/var/log/pods/${m.namespace}_${m.name}_${m.uid}/${name}/${attempt}.log`);
    const program = containerProgram(this.host, img, config);
    const procs: Process[] = [];
    program.processes.forEach((p, i) => procs.push(this.host.spawn(`container/${name}`, p.command, p.user, i === 0 ? conmon.pid : procs[0].pid)));
    this.containers.set(id, { conmon, program, procs });
    return program;
  }

  mainProcess(id: string): Process | undefined {
    return this.containers.get(id)?.procs[0];
  }

  pidOf(id: string): number | undefined {
    return this.containers.get(id)?.procs[0]?.pid;
  }

  programOf(id: string): Program | undefined {
    return this.containers.get(id)?.program;
  }

  /** The container's processes are gone; its conmon writes the exit file and exits too. */
  endContainer(id: string): void {
    const c = this.containers.get(id);
    if (!c) return;
    for (const p of [...c.procs].reverse()) p.kill();
    c.conmon.kill();
    this.containers.delete(id);
  }

  shutdown(): void {
    for (const id of [...this.containers.keys()]) this.endContainer(id);
  }
}

/**
 * CRI-O 1.32: the same CRI as containerd (the kubelet cannot tell them apart but by name),
 * with its daemon /usr/bin/crio, conmon per container and crun as the OCI runtime.
 */
export const CRIO: RuntimeFlavor = {
  name: 'cri-o',
  version: CRIO_VERSION,
  daemon: { actor: 'crio', command: '/usr/bin/crio' },
  endpoint: 'unix:///var/run/crio/crio.sock',
  ociRuntime: 'crun',
  newSandbox: (host, id, config) => new ConmonSandbox(host, id, config.metadata),
  cannotRestart: (id) => `container ${id} is not in created state: stopped`,
};

/** CRI-O with conmon and crun on `host`. */
export function createCrio(host: NodeHost, images: ImageRegistry, workloads: Workloads = new Workloads()): ContainerRuntime {
  return new CriRuntime(host, images, workloads, CRIO);
}
