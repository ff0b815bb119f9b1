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
      // GNU ls: a missing operand is an error; the other files, sorted, first; then each directory,
      // sorted, under a "dir:" heading when there was more than one operand, a blank line between.
      const targets = args.filter((a) => !a.startsWith('-'));
      const list = targets.length ? targets : ['/'];
      const files: string[] = [];
      const dirs: [string, string[]][] = [];
      for (const a of list) {
        const p = statContainerPath(host, config, a);
        if (!p) {
          stderr += `ls: cannot access '${a}': No such file or directory\n`;
          code = 2;
        } else if (p.kind === 'file') files.push(a);
        else dirs.push([a, p.entries]);
      }
      const byName = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
      const blocks = files.length ? [files.sort(byName).map((f) => `${f}\n`).join('')] : [];
      for (const [dir, entries] of dirs.sort((x, y) => byName(x[0], y[0]))) blocks.push((list.length > 1 ? `${dir}:\n` : '') + entries.map((e) => `${e}\n`).join(''));
      stdout += blocks.join('\n');
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
