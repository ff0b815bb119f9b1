/**
 * One probe attempt (pkg/kubelet/prober/prober.go runProbe): an exec probe runs its command in
 * the container (CRI ExecSync) and succeeds on exit 0; an httpGet probe connects from the node
 * to the Pod's IP and port and succeeds on a status from 200 to 399; a tcpSocket probe succeeds
 * when the connection is accepted. Failures carry the words the kubelet puts in its events.
 */
import type { KObject } from '../../api/meta';
import type { KubeletServer } from '../../apiserver/kubelet-client';
import type { NodeHost } from '../host';
import { networkOf } from '../network/fabric';
import { expand } from './env';
import { formatPod } from './runtime-view';

export type ProbeResult = 'success' | 'failure';

export interface ProbeOutcome {
  /** 'unknown' with an error: the probe could not run, and its result is thrown away. */
  result: ProbeResult | 'unknown';
  /** What follows "<Type> probe failed: " in the Unhealthy event. */
  output: string;
  /** Why the probe errored ("<Type> probe errored and resulted in unknown state: <error>"). */
  error?: string;
}

/**
 * probe.ResolveContainerPort: a number, else a named port of the container, else a number written
 * as a string (strconv.Atoi); from 1 to 65535.
 */
function resolvePort(port: unknown, container: any): number | { error: string } {
  // A number reads as its digits (no port name is all digits: IANA_SVC_NAME needs a letter).
  const name = String(port ?? '');
  const named = (container.ports ?? []).find((p: any) => p.name === name);
  let n: number;
  if (named) n = named.containerPort;
  else if (/^[+-]?\d+$/.test(name)) n = Number(name);
  else return { error: `strconv.Atoi: parsing ${JSON.stringify(name)}: invalid syntax` };
  return n > 0 && n < 65536 ? n : { error: `invalid port number: ${n}` };
}

export function runProbe(host: NodeHost, server: KubeletServer | undefined, pod: KObject, container: any, probe: any, podIP: string): ProbeOutcome {
  if (probe.exec) {
    // ExpandContainerCommandOnlyStatic: $(VAR) from the container's env values alone (valueFrom is empty).
    const env = new Map<string, string>((Array.isArray(container.env) ? container.env : []).map((e: any) => [e.name, e.value ?? '']));
    const command: string[] = Array.isArray(probe.exec.command) ? probe.exec.command.map((s: unknown) => expand(String(s), (v) => env.get(v))) : [];
    const res = server?.exec(pod, container.name, command) ?? { stdout: '', stderr: '', code: 1 };
    if (res.code === 0) return { result: 'success', output: '' };
    // ExecSync's combined output; a command that cannot start is the runtime's error.
    return { result: 'failure', output: (res.stdout + res.stderr).replace(/\n$/, '') };
  }
  const action = probe.httpGet ?? probe.tcpSocket;
  if (!action) return { result: 'unknown', output: '', error: `missing probe handler for ${formatPod(pod)}:${container.name}` };
  const port = resolvePort(action.port, container);
  if (typeof port !== 'number') return { result: 'unknown', output: '', error: port.error };
  const ip: string = action.host || podIP;
  // The kubelet dials the Pod's IP from its node: whatever listens on that port in the Pod's
  // network namespace (the node's own for a hostNetwork Pod) answers.
  const net = networkOf(host);
  const ns = net?.cluster.pod(ip)?.ns ?? (ip === host.config.address ? net?.ns : undefined);
  const listener = ns?.listener(port, 'tcp');
  if (probe.tcpSocket) {
    if (listener) return { result: 'success', output: '' };
    return { result: 'failure', output: `dial tcp ${ip}:${port}: connect: connection refused` };
  }
  const path: string = action.path ? (String(action.path).startsWith('/') ? action.path : `/${action.path}`) : '/';
  const url = `${String(action.scheme ?? 'HTTP').toLowerCase()}://${ip}:${port}${path}`;
  if (!listener) return { result: 'failure', output: `Get "${url}": dial tcp ${ip}:${port}: connect: connection refused` };
  const status = listener.http(path).status;
  if (status >= 200 && status < 400) return { result: 'success', output: '' };
  return { result: 'failure', output: `HTTP probe failed with statuscode: ${status}` };
}
