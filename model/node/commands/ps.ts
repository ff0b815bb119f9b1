import { value } from '../../api/quantity';
import type { NodeHost } from '../host';
import type { CommandResult } from './index';
import { profileOf } from './ps-profiles';

interface Row {
  pid: number;
  ppid: number;
  user: string;
  command: string;
  startMs: number;
}

/** Processes every kind node has before any component starts (systemd in the node container), started when the node booted. */
const BASE: Row[] = [
  { pid: 1, ppid: 0, user: 'root', command: '/sbin/init', startMs: 0 },
  { pid: 87, ppid: 1, user: 'root', command: '/lib/systemd/systemd-journald', startMs: 0 },
];

/**
 * procps-ng's `ps aux` and `ps -ef` over the node's processes, with procps' column widths
 * (PID 7 wide for pid_max 4194304) and its habit of letting an over-wide value push the
 * following columns right.
 */
export function ps(host: NodeHost, args: string[]): CommandResult {
  const now = host.sim.clock.nowMs();
  const rows: Row[] = BASE.map((r) => ({ ...r, startMs: host.sim.clock.epochMs }));
  for (const p of host.ps()) rows.push({ pid: p.pid, ppid: host.parents.get(p.pid) ?? 1, user: p.user, command: p.command, startMs: host.sim.clock.epochMs + p.startedAt });
  const opt = args.join(' ');
  const full = opt === '-ef' || opt === '-e -f' || opt === '-fe' || opt === '-aef';
  const maxPid = rows.reduce((m, r) => Math.max(m, r.pid), 0);
  rows.push({ pid: maxPid + 1, ppid: 0, user: 'root', command: `ps ${opt}`.trim(), startMs: now });
  if (opt !== 'aux' && opt !== '-aux' && opt !== 'auxww' && !full && opt !== '-e' && opt !== '') return { stdout: '', stderr: `error: unsupported option (BSD syntax)\n`, code: 1 };
  const memKb = value(host.config.capacity.memory) / 1024;
  const out: string[] = [];
  if (full) {
    out.push(line([['UID', 8, 'l'], ['PID', 7, 'r'], ['PPID', 7, 'r'], ['C', 2, 'r'], ['STIME', 5, 'l'], ['TTY', 8, 'l'], ['TIME', 8, 'r']], 'CMD'));
    for (const r of rows) {
      const { cpuSec, pcpu } = cpu(r, now);
      out.push(line([[user(r.user), 8, 'l'], [String(r.pid), 7, 'r'], [String(r.ppid), 7, 'r'], [String(Math.floor(pcpu)), 2, 'r'], [start(r.startMs, now), 5, 'l'], ['?', 8, 'l'], [hms(cpuSec), 8, 'r']], r.command));
    }
  } else {
    out.push(line([['USER', 8, 'l'], ['PID', 7, 'r'], ['%CPU', 4, 'r'], ['%MEM', 4, 'r'], ['VSZ', 6, 'r'], ['RSS', 5, 'r'], ['TTY', 8, 'l'], ['STAT', 4, 'l'], ['START', 5, 'r'], ['TIME', 6, 'r']], 'COMMAND'));
    for (const r of rows) {
      const prof = profileOf(r.command);
      const { cpuSec, pcpu } = cpu(r, now);
      const pmem = Math.floor((prof.rss * 1000) / memKb) / 10;
      out.push(
        line(
          [[user(r.user), 8, 'l'], [String(r.pid), 7, 'r'], [pcpu.toFixed(1), 4, 'r'], [pmem.toFixed(1), 4, 'r'], [String(prof.vsz), 6, 'r'], [String(prof.rss), 5, 'r'], ['?', 8, 'l'], [prof.stat, 4, 'l'], [start(r.startMs, now), 5, 'r'], [mss(cpuSec), 6, 'r']],
          r.command,
        ),
      );
    }
  }
  return { stdout: out.map((l) => l + '\n').join(''), stderr: '', code: 0 };
}

/** One output line: fields separated by a space, an over-wide field's excess taken from later padding. */
function line(fields: [string, number, 'l' | 'r'][], last: string): string {
  let s = '';
  let debt = 0;
  for (const [text, width, align] of fields) {
    let pad = width - text.length;
    if (pad < 0) {
      debt -= pad;
      pad = 0;
    } else if (debt > 0) {
      const take = Math.min(debt, pad);
      pad -= take;
      debt -= take;
    }
    s += (align === 'r' ? ' '.repeat(pad) + text : text + ' '.repeat(pad)) + ' ';
  }
  return s + last;
}

/** Cumulative CPU seconds and %CPU (cputime over elapsed time, as procps computes it). */
function cpu(r: Row, now: number): { cpuSec: number; pcpu: number } {
  const elapsed = Math.max(0, (now - r.startMs) / 1000);
  const cpuSec = Math.floor((elapsed * profileOf(r.command).cpu) / 100);
  const pcpu = elapsed > 0 ? Math.floor((cpuSec * 1000) / elapsed) / 10 : 0;
  return { cpuSec, pcpu };
}

/** START/STIME: HH:MM within a day, else "Mondd". */
function start(ms: number, now: number): string {
  const d = new Date(ms);
  if (now - ms < 24 * 3600 * 1000) return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()]}${String(d.getUTCDate()).padStart(2, '0')}`;
}

/** ps aux's TIME: M:SS. */
function mss(sec: number): string {
  return `${Math.floor(sec / 60)}:${String(sec % 60).padStart(2, '0')}`;
}

/** ps -ef's TIME: HH:MM:SS. */
function hms(sec: number): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(Math.floor(sec / 3600))}:${p(Math.floor((sec % 3600) / 60))}:${p(sec % 60)}`;
}

/** User names longer than 8 characters are cut to 7 and a '+'. */
function user(u: string): string {
  return u.length > 8 ? u.slice(0, 7) + '+' : u;
}
