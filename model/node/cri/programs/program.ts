import type { PodNetContext } from '../../network/pod-context';

/** One line a container wrote, with its virtual time (epoch ms). */
export interface LogLine {
  t: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

/** What a running program may do over virtual time; nothing happens once its container stopped. */
export interface ProgramIO {
  now(): number;
  write(stream: 'stdout' | 'stderr', text: string): void;
  /** Runs `fn` after `ms` of virtual time, if the container still runs then. */
  after(ms: number, fn: () => void): void;
  exit(code: number): void;
}

/**
 * What a container runs: its processes as `ps` shows them on the node, what it logs, whether
 * it exits on its own, and how it reacts to the stop signal. A small catalogue of the images
 * the specification uses; any other command runs until it is stopped.
 */
export interface Program {
  /** Processes; the first is the container's init (pid 1 inside), the rest are its children. */
  processes: { command: string; user: string }[];
  startLogs(nowMs: number): LogLine[];
  /** Exits on its own after `afterMs` with `code` (a shell without a terminal, `true` ...). */
  exit?: { afterMs: number; code: number };
  /** Acts over time once started (a shell script: output, sleeps, its exit status). */
  run?(io: ProgramIO): void;
  /**
   * runc could not start it (the executable is missing): containerd's error for the failed
   * StartContainer; the container exits 128 with reason StartError.
   */
  startError?: string;
  /**
   * Milliseconds from the stop signal to exit; undefined when the signal is ignored (pid 1
   * without a handler, like `sleep`), so only SIGKILL at the end of the grace period stops it.
   */
  stopMs?: number;
  stopLogs?(nowMs: number): LogLine[];
}

/**
 * What a program sees of its container: the environment the runtime gives the process and a
 * read-only view of the files mounted into it (ConfigMaps, Secrets, …, written by the kubelet).
 */
export interface ContainerView {
  env: { key: string; value: string }[];
  hostname: string;
  /** The container's network (its Pod's namespace, resolv.conf, /etc/hosts), once it has one. */
  network?: () => PodNetContext | undefined;
  /** A file's content, or undefined when there is none at that path. */
  readFile(path: string): string | undefined;
  /** A directory's entry names, or undefined when it is no directory. */
  readDir(path: string): string[] | undefined;
}
