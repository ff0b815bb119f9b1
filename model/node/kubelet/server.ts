import type { KObject } from '../../api/meta';
import type { ExecResult, KubeletServer, PodLogOptions } from '../../apiserver/kubelet-client';
import { containerForLogs, followContainerLog, readContainerLog } from './container-logs';
import { CONFIG_MIRROR } from './static-pods';
import type { ContainerConfig, ContainerRuntime } from '../cri/api';
import { inspectContainer } from './exec-inspect';
import type { NodeHost } from '../host';
import { curl } from '../network/curl';
import { networkOf } from '../network/fabric';
import { execNetTool } from '../cri/programs/net-applets';
import { execShell } from '../cri/programs/exec-shell';
import { statContainerPath } from '../cri/container-files';
import type { Process } from '../../sim/process';

/**
 * The kubelet's server (port 10250) for what kube-apiserver proxies to it: `exec` runs a
 * command in a running container through the runtime (CRI ExecSync); `logs` reads a
 * container's log. Commands see the container's network namespace: curl from a Pod leaves from the Pod's IP.
 */
export function kubeletServer(host: NodeHost, runtime: ContainerRuntime, proc: Process): KubeletServer {
  return {
    address: host.config.address,
    serving: () => proc.running,
    exec(pod: KObject, container: string, command: string[], stdin?: string): ExecResult {
      const uid = runtimeUid(pod);
      const sandbox = runtime.listPodSandbox().find((s) => s.metadata.uid === uid && s.state === 'SANDBOX_READY');
      const running = sandbox && runtime.listContainers().find((c) => c.podSandboxId === sandbox.id && c.metadata.name === container && c.state === 'CONTAINER_RUNNING');
      if (!sandbox || !running) return { stdout: '', stderr: `error: unable to upgrade connection: container not found ("${container}")\n`, code: 1 };
      host.sim.trace.record('cri', `${runtime.name}/${host.name}`, 'ExecSync', `pods/${pod.metadata.namespace}/${pod.metadata.name}/${container}`, command.join(' '));
      return runInContainer(host, sandbox.ip, pod, command, stdin, runtime.containerConfig?.(running.id));
    },
    logs(pod: KObject, container: string, opts: PodLogOptions): string {
      const id = containerForLogs(pod, container, !!opts.previous);
      return readContainerLog(runtime, id, opts);
    },
    followLogs(pod: KObject, container: string, opts: PodLogOptions) {
      const id = containerForLogs(pod, container, !!opts.previous);
      return followContainerLog(runtime, id, opts, () => proc.running);
    },
  };
}

/** The UID the runtime knows a Pod by: a mirror Pod stands for its static Pod (kubernetes.io/config.mirror). */
function runtimeUid(pod: KObject): string {
  return pod.metadata.annotations?.[CONFIG_MIRROR] ?? pod.metadata.uid!;
}

/**
 * The names the kubelet-managed /etc/hosts of a Pod resolves: localhost (127.0.0.1, the Pod's own
 * loopback: its containers share one network namespace) and the Pod's hostname (its IP).
 */
function resolveInPod(arg: string, pod: KObject, podIP: string): string {
  const hosts: Record<string, string> = { localhost: '127.0.0.1', [pod.spec?.hostname ?? pod.metadata.name!]: podIP };
  return arg.replace(/^((?:https?:\/\/)?)([^/:]+)/, (all, scheme: string, name: string) => (hosts[name] ? scheme + hosts[name] : all));
}

/** The few programs the modelled images provide; anything else is not in the image's $PATH. */
function runInContainer(host: NodeHost, podIP: string, pod: KObject, argv: string[], stdin = '', config?: ContainerConfig): ExecResult {
  const tool = execNetTool(host, pod, argv, config?.image ?? '', (p) => containerFile(host, config, p));
  if (tool) return tool;
  const sh = execShell(host, pod, argv, config, stdin);
  if (sh) return sh;
  const [cmd, ...args] = argv;
  switch (cmd) {
    case 'curl': {
      const net = networkOf(host);
      const podNet = net?.cluster.pod(podIP);
      const origin = podNet ? { node: host.name, pod: podNet } : { node: host.name };
      if (!net) return { stdout: '', stderr: 'curl: (7) Couldn\'t connect to server\n', code: 7 };
      const res = curl(net.cluster, origin, args.map((a) => resolveInPod(a, pod, podIP)));
      if (res.elapsedMs > 0) host.sim.advance(res.elapsedMs);
      return { stdout: res.stdout, stderr: res.stderr, code: res.code };
    }
    case 'hostname':
      return { stdout: `${pod.spec?.hostname ?? pod.metadata.name}\n`, stderr: '', code: 0 };
    case 'echo':
      return { stdout: `${args.join(' ')}\n`, stderr: '', code: 0 };
    case 'cat':
    case 'ls':
    case 'printenv':
    case 'env':
      // What the kubelet mounted and set: files of volumes, the container's environment.
      return inspectContainer(host, config, pod.spec?.hostname ?? pod.metadata.name!, cmd, args, stdin);
    case 'true':
      return { stdout: '', stderr: '', code: 0 };
    case 'false':
      return { stdout: '', stderr: '', code: 1 };
    default:
      return {
        stdout: `OCI runtime exec failed: exec failed: unable to start container process: exec: "${cmd}": executable file not found in $PATH: unknown\n`,
        stderr: '',
        code: 126,
      };
  }
}

/** A file's content as a process in the container reads it (curl --cacert). */
function containerFile(host: NodeHost, config: ContainerConfig | undefined, path: string): string | undefined {
  const f = statContainerPath(host, config, path);
  return f?.kind === 'file' ? f.content : undefined;
}
