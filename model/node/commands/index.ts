import type { ContainerRuntime } from '../cri/api';
import type { NodeHost } from '../host';
import { crictl } from './crictl';
import { cat, cp, ls, mkdir, mv, rm, sed, tee } from './files';
import { kill, pkill } from './kill';
import { iptables, iptablesSave } from './iptables';
import { curlCmd, ipCmd, routeCmd, tracePacket } from './network';
import { ps } from './ps';
import { etcdctl } from './etcdctl';
import { systemctl } from './systemctl';
import { journalctl } from './journalctl';

/** What a command run on a node prints and returns. */
export interface CommandResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * Runs a command on a node, as `docker exec <node> <command>` would on a kind node:
 * `crictl pods|ps [-a]|images|logs`, `ps aux`, `ps -ef`, `hostname`. Anything else is not
 * installed: bash's "command not found" with exit code 127.
 */
export function runNodeCommand(host: NodeHost, runtime: ContainerRuntime, argv: string[], stdin?: string): CommandResult {
  // Leading VAR=value words set the command's environment (ETCDCTL_API=3 etcdctl …): not modelled.
  const start = argv.findIndex((a) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(a));
  const [cmd, ...args] = start < 0 ? [] : argv.slice(start);
  switch (cmd) {
    case 'etcdctl':
      return host.services.etcd ? etcdctl(host, args) : { stdout: '', stderr: 'bash: etcdctl: command not found\n', code: 127 };
    case 'crictl':
      return crictl(host, runtime, args);
    case 'ps':
      return ps(host, args);
    case 'pkill':
      return pkill(host, args);
    case 'kill':
      return kill(host, args);
    case 'cat':
      return cat(host, args);
    case 'ls':
      return ls(host, args);
    case 'mv':
      return mv(host, args);
    case 'cp':
      return cp(host, args);
    case 'rm':
      return rm(host, args);
    case 'tee':
      return tee(host, args, stdin);
    case 'mkdir':
      return mkdir(host, args);
    case 'sed':
      return sed(host, args);
    case 'iptables':
      return iptables(host, args);
    case 'iptables-save':
      return iptablesSave(host, args);
    case 'route':
      return routeCmd(host, args);
    case 'ip':
      return ipCmd(host, args);
    case 'curl':
      return curlCmd(host, args);
    case 'trace-packet':
      return tracePacket(host, args);
    case 'systemctl':
      return systemctl(host, args);
    case 'journalctl':
      return journalctl(host, args);
    case 'hostname':
      return { stdout: `${host.name}\n`, stderr: '', code: 0 };
    default:
      return { stdout: '', stderr: `bash: ${cmd}: command not found\n`, code: 127 };
  }
}
