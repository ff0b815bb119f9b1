/**
 * `kubectl exec POD -- sh -c 'SCRIPT'` in an image whose /bin/sh is busybox's (busybox,
 * curlimages/curl, the Alpine nginx): the same shell a container's own command runs, with the
 * container's environment, files and network, its network tools, and virtual time passing as
 * the script sleeps or waits on the network. The output comes back as the exec stream carries
 * it, byte for byte.
 */
import type { ExecResult } from '../../../apiserver/kubelet-client';
import type { ContainerConfig } from '../api';
import { containerEnvironment, statContainerPath } from '../container-files';
import type { NodeHost } from '../../host';
import { podNetContext } from '../../network/pod-context';
import { Shell } from './busybox';
import { toolsOf } from './net-applets';
import type { ContainerView, ProgramIO } from './program';

/** How much virtual time an exec may take before the model stops waiting for it (kubectl would wait forever). */
const EXEC_LIMIT_MS = 60 * 60 * 1000;

/**
 * Runs `sh …` in the container; undefined when argv is not the image's busybox shell. A bare
 * `sh` reads its script from the exec's stdin (`kubectl exec -i POD -- sh < script`).
 */
export function execShell(host: NodeHost, pod: { metadata: { namespace?: string; name?: string }; spec?: { hostname?: string } }, argv: string[], config: ContainerConfig | undefined, stdin = ''): ExecResult | undefined {
  const name = argv[0]?.slice(argv[0].lastIndexOf('/') + 1);
  if ((name !== 'sh' && name !== 'ash') || (argv[0].includes('/') && argv[0] !== `/bin/${name}`)) return undefined;
  const tools = toolsOf(config?.image ?? '');
  if (!config || Object.keys(tools).length === 0) return undefined;
  const hostname = pod.spec?.hostname ?? pod.metadata.name ?? '';
  const view: ContainerView = {
    env: containerEnvironment(config, hostname).map(([key, value]) => ({ key, value })),
    hostname,
    network: () => podNetContext(host, pod.metadata.namespace ?? '', pod.metadata.name ?? ''),
    readFile: (p) => {
      const f = statContainerPath(host, config, p);
      return f?.kind === 'file' ? f.content : undefined;
    },
    readDir: (p) => {
      const f = statContainerPath(host, config, p);
      return f?.kind === 'dir' ? f.entries : undefined;
    },
  };
  let stdout = '';
  let stderr = '';
  let code: number | undefined;
  // The shell continues in callbacks after each wait: run them in turn, letting virtual time pass for each.
  const pending: { ms: number; fn: () => void }[] = [];
  const start = host.sim.clock.nowMs();
  const io: ProgramIO = {
    now: () => host.sim.clock.nowMs(),
    write: (stream, text) => (stream === 'stdout' ? (stdout += text) : (stderr += text)),
    after: (ms, fn) => void pending.push({ ms, fn }),
    exit: (c) => void (code = c),
  };
  const args = argv.length === 1 && stdin ? ['-c', stdin] : argv.slice(1);
  new Shell(io, view, tools, false).exec([name, ...args], (c) => (code = c));
  while (code === undefined && pending.length && host.sim.clock.nowMs() - start < EXEC_LIMIT_MS) {
    const next = pending.shift()!;
    if (next.ms > 0) host.sim.advance(next.ms);
    next.fn();
  }
  if (code === undefined) return { stdout, stderr: stderr + `kubespec: the command still runs after ${EXEC_LIMIT_MS / 60_000} minutes of virtual time; the model stops waiting for it\n`, code: 137 };
  return { stdout, stderr, code };
}
