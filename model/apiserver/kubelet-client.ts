import type { KObject } from '../api/meta';
import { errors, StatusError } from '../api/status';

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
  exec(pod: KObject, container: string, command: string[]): ExecResult;
}

/** pods/exec: validates the request as the API server does, then hands it to the node's kubelet. */
export function execInPod(kubelets: Map<string, KubeletServer>, pod: KObject, body: any): ExecResult {
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
  return kubelet.exec(pod, container, command as string[]);
}
