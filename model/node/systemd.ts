import type { Process } from '../sim/process';
import type { NodeHost } from './host';

/** A service unit as its unit file and drop-ins describe it (what `systemctl status` shows of it). */
export interface UnitSpec {
  /** "kubelet", "containerd": the unit is `<name>.service`. */
  name: string;
  description: string;
  fragmentPath: string;
  dropIns?: { dir: string; files: string[] };
  docs: string;
  /** The unit's control group ("/system.slice/containerd.service"). */
  cgroup: string;
  /** Restart=always with RestartSec: systemd starts the service again when its process dies on its own. */
  restartSec?: number;
  /** ExecStart: starts the service's main process. */
  start(): Process;
}

/** One unit's state: its main process and when it last changed state (virtual epoch ms). */
export interface UnitState {
  spec: UnitSpec;
  main?: Process;
  /** When the unit entered its current state (ActiveEnterTimestamp / InactiveEnterTimestamp). */
  since: number;
  /** The last main process and how it ended, for an inactive unit's status. */
  last?: { pid: number; signal?: number; activeFor: number };
  /** Bumped by stop/start so a pending automatic restart of an earlier incarnation does nothing. */
  epoch: number;
  /** The main process died on its own and systemd will start it again after RestartSec. */
  autoRestart?: boolean;
}

/**
 * The node's systemd, reduced to the service units of the node agents (containerd, kubelet):
 * start, stop, restart, and Restart=always (a killed kubelet comes back after RestartSec, as
 * kind's kubelet.service says). Stopping a unit kills its main process only (KillMode=process
 * for containerd, whose shims and containers keep running).
 */
export class Systemd {
  readonly units = new Map<string, UnitState>();

  constructor(private readonly host: NodeHost) {}

  register(spec: UnitSpec): void {
    this.units.set(spec.name, { spec, since: this.host.sim.clock.nowMs(), epoch: 0 });
  }

  /** systemctl start: no-op when active. */
  start(name: string): void {
    const u = this.units.get(name);
    if (!u || u.main?.running) return;
    u.epoch++;
    u.autoRestart = false;
    const p = u.spec.start();
    u.main = p;
    u.since = this.host.sim.clock.nowMs();
    const epoch = u.epoch;
    p.onExit(() => {
      if (u.main !== p) return;
      const now = this.host.sim.clock.nowMs();
      u.last = { pid: p.pid, signal: p.exitSignal, activeFor: now - u.since };
      u.since = now;
      u.main = undefined;
      // Died on its own (kill, pkill): Restart=always brings it back; `systemctl stop` bumped the epoch first.
      if (u.spec.restartSec !== undefined && u.epoch === epoch) {
        u.autoRestart = true;
        this.host.sim.schedule(u.spec.restartSec, `systemd: restart ${name}.service on ${this.host.name}`, () => {
          if (u.epoch === epoch) this.start(name);
        });
      }
    });
  }

  /** systemctl stop: SIGTERM to the main process. */
  stop(name: string): void {
    const u = this.units.get(name);
    if (!u) return;
    u.epoch++;
    u.autoRestart = false;
    u.main?.kill(15);
  }

  restart(name: string): void {
    this.stop(name);
    this.start(name);
  }
}

/** The node's systemd, if the cluster gave it one. */
export function systemdOf(host: NodeHost): Systemd | undefined {
  return host.services.systemd as Systemd | undefined;
}
