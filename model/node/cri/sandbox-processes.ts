import type { Process } from '../../sim/process';
import type { RegistryImage } from '../images';
import type { ContainerConfig } from './api';
import type { NodeHost } from '../host';
import { programFor, type Program } from './programs';
import { containerView } from './programs/view';
import { podNetContext } from '../network/pod-context';

/**
 * The node processes that hold one Pod sandbox: containerd's single shim per sandbox, or
 * CRI-O's conmon per container. The runtime starts and ends containers through it.
 */
export interface SandboxProcesses {
  /** Starts the sandbox's init (the pause process). */
  runInit(command: string, user: string): void;
  /** Starts a container's processes; returns the program it runs. */
  runContainer(id: string, img: RegistryImage, config: ContainerConfig): Program;
  /** The container's init process (pid 1 inside it). */
  mainProcess(id: string): Process | undefined;
  pidOf(id: string): number | undefined;
  programOf(id: string): Program | undefined;
  /** The container's processes are gone (exited or killed). */
  endContainer(id: string): void;
  /** Stops everything in the sandbox, and the processes that held it. */
  shutdown(): void;
}

/** What a container of `img` runs on `host`: the image's program, its version tag, the node's CPUs. */
export function containerProgram(host: NodeHost, img: RegistryImage, config: ContainerConfig): Program {
  const version = img.tags.find((t) => /^\d+\.\d+\.\d+$/.test(t)) ?? img.tags[0] ?? '';
  const cpus = Math.max(1, Math.floor(Number(host.config.capacity.cpu) || 1));
  const view = { ...containerView(config), network: () => podNetContext(host, config.labels?.['io.kubernetes.pod.namespace'] ?? '', config.labels?.['io.kubernetes.pod.name'] ?? '') };
  return programFor(img.program, version, config.command, config.args, cpus, view);
}
