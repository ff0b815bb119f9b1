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

export type ProbeResult = 'success' | 'failure';

export interface ProbeOutcome {
  result: ProbeResult;
  /** What follows "<Type> probe failed: " in the Unhealthy event. */
  output: string;
}

/** A named port resolves through the container's ports (findPortByName). */
function resolvePort(port: unknown, container: any): number | string {
  if (typeof port === 'number') return port;
  const named = (container.ports ?? []).find((p: any) => p.name === port);
  if (named) return named.containerPort;
  const n = Number(port);
  return Number.isInteger(n) ? n : `couldn't find port: ${port} in ${container.name}`;
}

export function runProbe(host: NodeHost, server: KubeletServer | undefined, pod: KObject, container: any, probe: any, podIP: string): ProbeOutcome {
  if (probe.exec) {
    const command: string[] = Array.isArray(probe.exec.command) ? probe.exec.command.map(String) : [];
    const res = server?.exec(pod, container.name, command) ?? { stdout: '', stderr: '', code: 1 };
    if (res.code === 0) return { result: 'success', output: '' };
    // ExecSync's combined output; a command that cannot start is the runtime's error.
    return { result: 'failure', output: (res.stdout + res.stderr).replace(/\n$/, '') };
  }
  const action = probe.httpGet ?? probe.tcpSocket;
  if (!action) return { result: 'failure', output: 'missing probe handler' };
  const port = resolvePort(action.port, container);
  if (typeof port === 'string') return { result: 'failure', output: port };
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
