/**
 * The coreutils a `kubectl exec` reaches most to look at a container's configuration: cat and
 * ls on the files its volumes hold, printenv and env on the environment the kubelet computed,
 * with GNU coreutils' messages and exit codes (without a terminal: ls prints one name a line).
 */
import type { ExecResult } from '../../apiserver/kubelet-client';
import type { ContainerConfig } from '../cri/api';
import { containerEnvironment, statContainerPath } from '../cri/container-files';
import type { NodeHost } from '../host';

export function inspectContainer(host: NodeHost, config: ContainerConfig | undefined, hostname: string, cmd: string, args: string[], stdin: string): ExecResult {
  let stdout = '';
  let stderr = '';
  let code = 0;
  switch (cmd) {
    case 'cat':
      for (const a of args.length ? args : ['-']) {
        if (a === '-') {
          stdout += stdin;
          continue;
        }
        const p = statContainerPath(host, config, a);
        if (p?.kind === 'file') stdout += p.content;
        else {
          stderr += `cat: ${a}: ${p ? 'Is a directory' : 'No such file or directory'}\n`;
          code = 1;
        }
      }
      break;
    case 'ls': {
      const targets = args.filter((a) => !a.startsWith('-'));
      const list = targets.length ? targets : ['/'];
      list.forEach((a, i) => {
        const p = statContainerPath(host, config, a);
        if (!p) {
          stderr += `ls: cannot access '${a}': No such file or directory\n`;
          code = 2;
        } else if (p.kind === 'file') stdout += `${a}\n`;
        else stdout += (list.length > 1 ? `${i ? '\n' : ''}${a}:\n` : '') + p.entries.map((e) => `${e}\n`).join('');
      });
      break;
    }
    case 'printenv': {
      const env = containerEnvironment(config, hostname);
      if (args.length === 0) stdout = env.map(([k, v]) => `${k}=${v}\n`).join('');
      for (const name of args) {
        const hit = env.find(([k]) => k === name);
        if (hit) stdout += `${hit[1]}\n`;
        else code = 1;
      }
      break;
    }
    case 'env':
      stdout = containerEnvironment(config, hostname)
        .map(([k, v]) => `${k}=${v}\n`)
        .join('');
      break;
  }
  return { stdout, stderr, code };
}
