import type { NodeHost } from '../host';
import type { CommandResult } from './index';

/**
 * `pkill [-f] [-9] PATTERN` and `kill [-9|-KILL|-TERM] PID…`, as procps and bash print them.
 * Killing a process ends it at once (its timers, queues and watches go with it); whoever
 * supervises it (the kubelet for containers, systemd for node agents) decides what comes back.
 */
export function pkill(host: NodeHost, args: string[]): CommandResult {
  let full = false;
  let signal = 15;
  const rest: string[] = [];
  for (const a of args) {
    if (a === '-f' || a === '--full') full = true;
    else if (/^-(9|KILL|TERM|15|SIGKILL|SIGTERM)$/.test(a)) signal = signalOf(a);
    else if (a.startsWith('-')) return { stdout: '', stderr: `pkill: invalid option -- '${a.replace(/^-+/, '')}'\n`, code: 2 };
    else rest.push(a);
  }
  if (rest.length !== 1) return { stdout: '', stderr: rest.length ? 'pkill: only one pattern can be provided\n' : 'pkill: no matching criteria specified\n', code: 2 };
  let re: RegExp;
  try {
    re = new RegExp(rest[0]);
  } catch {
    return { stdout: '', stderr: `pkill: cannot compile regular expression '${rest[0]}'\n`, code: 2 };
  }
  // Without -f, pkill matches the process name (the first 15 characters of the executable's base name).
  const victims = host.ps().filter((p) => re.test(full ? p.command : processName(p.command)));
  for (const p of victims) p.kill(signal);
  return { stdout: '', stderr: '', code: victims.length ? 0 : 1 };
}

export function kill(host: NodeHost, args: string[]): CommandResult {
  const pids = args.filter((a) => !/^-(9|KILL|TERM|15|SIGKILL|SIGTERM|s)$/.test(a));
  const sigArg = args.find((a) => /^-(9|KILL|TERM|15|SIGKILL|SIGTERM)$/.test(a));
  const signal = sigArg ? signalOf(sigArg) : 15;
  let err = '';
  for (const a of pids) {
    const p = /^\d+$/.test(a) ? host.processes.get(Number(a)) : undefined;
    if (!/^\d+$/.test(a)) err += `bash: kill: ${a}: arguments must be process or job IDs\n`;
    else if (!p) err += `bash: kill: (${a}) - No such process\n`;
    else p.kill(signal);
  }
  if (pids.length === 0) return { stdout: '', stderr: 'kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n', code: 2 };
  return { stdout: '', stderr: err, code: err ? 1 : 0 };
}

function processName(command: string): string {
  const exe = command.split(' ')[0];
  return exe.slice(exe.lastIndexOf('/') + 1).slice(0, 15);
}

/** -9, -KILL, -SIGKILL: 9; -15, -TERM, -SIGTERM: 15. */
function signalOf(flag: string): number {
  return /9|KILL/.test(flag) ? 9 : 15;
}
