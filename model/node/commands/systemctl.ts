import { value } from '../../api/quantity';
import type { NodeHost } from '../host';
import { systemdOf, type UnitState } from '../systemd';
import type { CommandResult } from './index';
import { profileOf } from './ps-profiles';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** systemd's format_timestamp: "Thu 2026-01-01 10:00:00 UTC". */
function timestamp(ms: number): string {
  const d = new Date(ms);
  return `${DAYS[d.getUTCDay()]} ${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** systemd's format_timestamp_relative: "12s ago", "2min 5s ago", "7min ago", "1h 3min ago". */
function ago(ms: number): string {
  const s = Math.floor(ms / 1000);
  if (s >= 86400) return `${Math.floor(s / 86400)} day${s >= 172800 ? 's' : ''} ${Math.floor((s % 86400) / 3600)}h ago`;
  if (s >= 3600) return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}min ago`;
  if (s >= 300) return `${Math.floor(s / 60)}min ago`;
  if (s >= 60) return `${Math.floor(s / 60)}min ${s % 60}s ago`;
  if (s >= 1) return `${s}s ago`;
  return `${ms}ms ago`;
}

/** The journal's short format for a log line: "Jan 01 10:00:03 k8s-master kubelet[612]: …". */
export function journalLine(host: NodeHost, unit: string, pid: number, klogLine: string): string {
  // klog's header carries month, day and time: "I0101 10:00:03.123000 ...".
  const m = /^[IWE](\d\d)(\d\d) (\d\d:\d\d:\d\d)/.exec(klogLine);
  const when = m ? `${MONTHS[Number(m[1]) - 1]} ${m[2]} ${m[3]}` : '';
  return `${when} ${host.name} ${unit}[${pid}]: ${klogLine}`;
}

function status(host: NodeHost, u: UnitState): CommandResult {
  const now = host.sim.clock.nowMs();
  const s = u.spec;
  const active = !!u.main?.running;
  const out: string[] = [];
  out.push(`${active ? '●' : '○'} ${s.name}.service - ${s.description}`);
  out.push(`     Loaded: loaded (${s.fragmentPath}; enabled; preset: enabled)`);
  if (s.dropIns) {
    out.push(`    Drop-In: ${s.dropIns.dir}`);
    out.push(`             └─${s.dropIns.files.join(', ')}`);
  }
  const killed = u.last?.signal !== undefined && u.last.signal !== 15;
  const state = active ? 'active (running)' : u.autoRestart ? `activating (auto-restart)${killed ? ' (Result: signal)' : ''}` : 'inactive (dead)';
  out.push(`     Active: ${state} since ${timestamp(u.since)}; ${ago(now - u.since)}`);
  out.push(`       Docs: ${s.docs}`);
  if (active) {
    const main = u.main!;
    // The service's cgroup: its main process and what it spawned (containerd's shims stay in it: KillMode=process).
    const members = host.ps().filter((p) => p === main || isDescendant(host, p.pid, main.pid));
    const rssKiB = members.reduce((sum, p) => sum + profileOf(p.command).rss, 0);
    const cpuMs = members.reduce((sum, p) => sum + (profileOf(p.command).cpu / 100) * (host.sim.now() - p.startedAt), 0);
    out.push(`   Main PID: ${main.pid} (${s.name})`);
    out.push(`      Tasks: ${members.reduce((n, p) => n + (profileOf(p.command).stat.includes('l') ? 12 : 1), 0)} (limit: ${tasksMax(host)})`);
    out.push(`     Memory: ${(rssKiB / 1024).toFixed(1)}M`);
    out.push(`        CPU: ${(cpuMs / 1000).toFixed(3)}s`);
    out.push(`     CGroup: ${s.cgroup}`);
    members.forEach((p, i) => out.push(`             ${i === members.length - 1 ? '└─' : '├─'}${p.pid} ${p.command}`));
    const log = host.logs.get(main)?.lines ?? [];
    if (log.length) out.push('', ...log.slice(-10).map((l) => journalLine(host, s.name, main.pid, l)));
  } else if (u.last) {
    const how = u.last.signal === 15 || u.last.signal === undefined ? 'code=exited, status=0/SUCCESS' : `code=killed, signal=${u.last.signal === 9 ? 'KILL' : u.last.signal}`;
    out.push(`   Main PID: ${u.last.pid} (${how})`);
  }
  return { stdout: out.join('\n') + '\n', stderr: '', code: active ? 0 : 3 };
}

/** systemd's DefaultTasksMax: 15% of the kernel's threads-max (memory / 128 KiB), capped by pid_max. */
function tasksMax(host: NodeHost): number {
  return Math.floor(Math.min(4194304, value(host.config.capacity.memory) / 131072) * 0.15);
}

function isDescendant(host: NodeHost, pid: number, ancestor: number): boolean {
  for (let p = host.parents.get(pid); p !== undefined && p > 1; p = host.parents.get(p)) if (p === ancestor) return true;
  return false;
}

/**
 * `systemctl status|stop|start|restart UNIT` for the node agents' units, with systemd's wording
 * and exit codes (status: 0 active, 3 inactive, 4 no such unit).
 */
export function systemctl(host: NodeHost, args: string[]): CommandResult {
  const systemd = systemdOf(host);
  const [verb, ...names] = args.filter((a) => !a.startsWith('-'));
  if (!verb) return { stdout: '', stderr: 'systemctl: listing units is not modelled; name a verb and a unit\n', code: 1 };
  if (!['status', 'stop', 'start', 'restart'].includes(verb)) return { stdout: '', stderr: `Unknown command verb ${verb}.\n`, code: 1 };
  if (names.length === 0) return { stdout: '', stderr: `Too few arguments.\n`, code: 1 };
  let out = '';
  let err = '';
  let code = 0;
  for (const raw of names) {
    const name = raw.replace(/\.service$/, '');
    const u = systemd?.units.get(name);
    if (!u || !systemd) {
      if (verb === 'status') (err += `Unit ${name}.service could not be found.\n`), (code = 4);
      else (err += `Failed to ${verb} ${name}.service: Unit ${name}.service not found.\n`), (code = 5);
      continue;
    }
    if (verb === 'status') {
      const r = status(host, u);
      out += r.stdout;
      code = code || r.code;
    } else if (verb === 'stop') systemd.stop(name);
    else if (verb === 'start') systemd.start(name);
    else systemd.restart(name);
  }
  return { stdout: out, stderr: err, code };
}
