/**
 * The busybox image's programs on virtual time: echo, printf, sleep, cat, printenv, env, ls,
 * date, hostname, true, false, test and `sh -c` scripts (shell.ts), so a Job's container does
 * what its command says and exits with its status. A name busybox does not have fails to start
 * as runc fails it, in containerd's words.
 */
import { BUSYBOX_APPLETS, IMPLEMENTED } from './applet-names';
import { BUSYBOX_NET_TOOLS, type NetToolFn } from './net-applets';
import type { ContainerView, Program } from './program';
import { Shell } from './shell-process';

export { BUSYBOX_APPLETS } from './applet-names';
export { Shell } from './shell-process';

const SEARCHED = ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin'];

/** containerd 1.7 with runc 1.1: a task that could not exec its process. */
export const runcStartError = (detail: string) =>
  `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: ${detail}: unknown`;

/** The applet an argv[0] names ("sleep", "/bin/sleep"), or why exec would fail. */
export function resolveApplet(arg0: string): { applet: string } | { error: string } {
  if (!arg0.includes('/')) return BUSYBOX_APPLETS.has(arg0) ? { applet: arg0 } : { error: `exec: ${JSON.stringify(arg0)}: executable file not found in $PATH` };
  const slash = arg0.lastIndexOf('/');
  const dir = arg0.slice(0, slash) || '/';
  const name = arg0.slice(slash + 1);
  if (SEARCHED.includes(dir) && BUSYBOX_APPLETS.has(name)) return { applet: name };
  return { error: `exec: ${JSON.stringify(arg0)}: stat ${arg0}: no such file or directory` };
}

/** A container running `argv` with busybox's programs; undefined when it runs until stopped. */
export function busyboxProgram(argv: string[], view: ContainerView, extraTools: Record<string, NetToolFn> = {}): Program {
  const cmdline = argv.join(' ');
  const base = { processes: [{ command: cmdline, user: 'root' }], startLogs: () => [], stopMs: undefined };
  if (argv.length === 0) return { ...base, processes: [{ command: 'sh', user: 'root' }], exit: { afterMs: 10, code: 0 } };
  const tools = { ...BUSYBOX_NET_TOOLS, ...extraTools };
  const extra = argv[0].slice(argv[0].lastIndexOf('/') + 1);
  const r = extraTools[extra] ? { applet: extra } : resolveApplet(argv[0]);
  if ('error' in r) return { ...base, startError: runcStartError(r.error) };
  if (!IMPLEMENTED.has(r.applet) && !extraTools[r.applet]) return base;
  return { ...base, run: (io) => new Shell(io, view, tools).exec([r.applet, ...argv.slice(1)], (code) => io.exit(code)) };
}
