import type { KObject } from '../api/meta';
import { errors, StatusError, type StatusReason } from '../api/status';

/** What a command run in a container printed, and its exit code. */
export interface ExecResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * The kubelet's own API (port 10250) as kube-apiserver reaches it for `pods/exec`: the API
 * server looks the Pod up, then proxies the request to the kubelet of the Pod's node.
 */
export interface KubeletServer {
  /** The node's address, for the "dial tcp …:10250" error when the kubelet is not there. */
  readonly address: string;
  /** False while the kubelet process is down. */
  serving(): boolean;
  /** Runs a command in a running container; `stdin` is what the client sent before closing its stdin. */
  exec(pod: KObject, container: string, command: string[], stdin?: string): ExecResult;
  /** GET /containerLogs/NS/POD/CONTAINER: the container's log; throws BadRequest as the kubelet answers 400. */
  logs(pod: KObject, container: string, opts: PodLogOptions): string;
  /** The same with follow=true: the kubelet keeps reading the container's log until the container stops. */
  followLogs(pod: KObject, container: string, opts: PodLogOptions): LogFollower;
}

/**
 * A followed container log (pods/log?follow=true): the HTTP layer reads it as virtual time
 * passes and writes each new piece to the client, until the container instance stops.
 */
export interface LogFollower {
  /** What was written since the last read (the first read: the log so far, cut to tailLines). */
  read(): string;
  /** True once the container instance no longer runs (or its kubelet went away): after a last read, the stream ends. */
  ended(): boolean;
}

/**
 * pods/exec with stdin=true: the request is validated and the stream opened before any input
 * arrives; the command runs once the client has sent its stdin and closed it.
 */
export interface ExecSession {
  run(stdin: string): ExecResult;
}

/** The query of pods/log (PodLogOptions) the model honours. */
export interface PodLogOptions {
  container?: string;
  /** The previous terminated instance of the container (kubectl logs -p). */
  previous?: boolean;
  /** Only the last N lines. */
  tailLines?: number;
  /** Each line prefixed with its RFC3339Nano time. */
  timestamps?: boolean;
  /** Keep the stream open and send what the container writes next (kubectl logs -f). */
  follow?: boolean;
}

/** The "connection refused" Status of a request proxied to a kubelet that is down (no reason: "Error from server: …"). */
function kubeletUnreachable(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: '' as StatusReason, code: 500 }); // StatusReasonUnknown
}

/**
 * pods/log (registry/core/pod LogLocation): picks the container (the only one, or the one
 * named, which must exist), then asks the kubelet of the Pod's node for that container's log.
 */
export function logsOfPod(kubelets: Map<string, KubeletServer>, pod: KObject, opts: PodLogOptions & { follow: true }): LogFollower;
export function logsOfPod(kubelets: Map<string, KubeletServer>, pod: KObject, opts: PodLogOptions): string | LogFollower;
export function logsOfPod(kubelets: Map<string, KubeletServer>, pod: KObject, opts: PodLogOptions): string | LogFollower {
  const name = pod.metadata.name!;
  const names: string[] = [...(pod.spec?.initContainers ?? []), ...(pod.spec?.containers ?? [])].map((c: any) => c.name);
  let container = opts.container ?? '';
  if (!container) {
    const containers: any[] = pod.spec?.containers ?? [];
    if (containers.length === 0) throw errors.badRequest(`a container name must be specified for pod ${name}`);
    if (containers.length > 1) throw errors.badRequest(`a container name must be specified for pod ${name}, choose one of: [${names.join(' ')}]`);
    container = containers[0].name;
  } else if (!names.includes(container)) throw errors.badRequest(`container ${container} is not valid for pod ${name}`);
  const node = pod.spec?.nodeName;
  // Not scheduled yet: there is no kubelet to ask, and nothing has run.
  if (!node) return opts.follow ? { read: () => '', ended: () => true } : '';
  const kubelet = kubelets.get(node);
  if (!kubelet || !kubelet.serving()) {
    const addr = kubelet?.address ?? node;
    throw kubeletUnreachable(`Get "https://${addr}:10250/containerLogs/${pod.metadata.namespace}/${name}/${container}": dial tcp ${addr}:10250: connect: connection refused`);
  }
  return opts.follow ? kubelet.followLogs(pod, container, opts) : kubelet.logs(pod, container, opts);
}

/**
 * pods/exec: validates the request as the API server does, then hands it to the node's kubelet.
 * With `stdin: true` (PodExecOptions) it returns the open session, which runs the command on the
 * input the client sends; with `stdin` a string, that string is the whole input.
 */
export function execInPod(kubelets: Map<string, KubeletServer>, pod: KObject, body: any): ExecResult | ExecSession {
  const name = pod.metadata.name!;
  const containers: any[] = pod.spec?.containers ?? [];
  const command: unknown = body?.command;
  if (!Array.isArray(command) || command.length === 0 || !command.every((c) => typeof c === 'string'))
    throw errors.badRequest('you must specify at least 1 command');
  const container = typeof body?.container === 'string' && body.container ? body.container : containers[0]?.name;
  if (!containers.some((c) => c.name === container)) throw errors.badRequest(`container ${container} is not valid for pod ${name}`);
  const node = pod.spec?.nodeName;
  if (!node) throw errors.badRequest(`pod ${name} does not have a host assigned`);
  if (pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed')
    throw errors.badRequest(`cannot exec into a container in a completed pod; current phase is ${pod.status.phase}`);
  const kubelet = kubelets.get(node);
  if (!kubelet || !kubelet.serving())
    throw new StatusError({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `error dialing backend: dial tcp ${kubelet?.address ?? node}:10250: connect: connection refused`,
      reason: 'InternalError',
      code: 500,
    });
  if (body?.stdin === true) return { run: (stdin: string) => kubelet.exec(pod, container, command as string[], stdin) };
  return kubelet.exec(pod, container, command as string[], typeof body?.stdin === 'string' ? body.stdin : undefined);
}
