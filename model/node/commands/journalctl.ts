/**
 * `journalctl -u UNIT [-n N] [--no-pager]`: the journal of a node agent's unit (kubelet,
 * containerd), every incarnation's klog lines in the order written, in the journal's short
 * format, as on a kind node (`docker exec kind-worker journalctl -u kubelet`). The journal has
 * only what the agents logged (systemd's own "Started …" lines are not modelled).
 */
import type { NodeHost } from '../host';
import { systemdOf } from '../systemd';
import type { CommandResult } from './index';
import { journalLine } from './systemctl';

export function journalctl(host: NodeHost, args: string[]): CommandResult {
  let unit: string | undefined;
  let lines: number | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const value = (flag: string) => (a === flag ? args[++i] : a.slice(flag.length + 1));
    if (a === '-u' || a.startsWith('--unit=')) unit = value('-u');
    else if (a === '-n' || a.startsWith('--lines=')) lines = Number(value('-n'));
    else if (a !== '--no-pager') return { stdout: '', stderr: `journalctl: option '${a}' is not modelled\n`, code: 1 };
  }
  if (!unit) return { stdout: '', stderr: 'journalctl: name a unit with -u\n', code: 1 };
  const name = unit.replace(/\.service$/, '');
  const spec = systemdOf(host)?.units.get(name)?.spec;
  const out: string[] = [];
  if (spec) {
    // The unit's processes, whatever incarnation: their command is the unit's binary.
    for (const [p, log] of [...host.logs].sort(([a], [b]) => a.pid - b.pid)) {
      if (p.command.split(' ')[0].split('/').pop() !== name) continue;
      for (const l of log.lines) out.push(journalLine(host, name, p.pid, l));
    }
  }
  if (out.length === 0) return { stdout: '-- No entries --\n', stderr: '', code: 0 };
  const shown = lines !== undefined && Number.isInteger(lines) && lines >= 0 ? out.slice(out.length - lines) : out;
  return { stdout: shown.map((l) => l + '\n').join(''), stderr: '', code: 0 };
}
