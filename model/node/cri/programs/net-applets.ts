/**
 * The network tools a container may run, by name: busybox's wget, nc and nslookup (the busybox
 * image, and Alpine-based images whose /bin is busybox: curlimages/curl, nginx:alpine), and
 * curl where the image has it. Used by the busybox shell for a container's own command and by
 * the kubelet's exec for `kubectl exec`.
 */
import type { ExecResult } from '../../../apiserver/kubelet-client';
import type { NodeHost } from '../../host';
import { normalizeReference, ReferenceError } from '../../images';
import { podNetContext, type PodNetContext } from '../../network/pod-context';
import { curlTool } from './curl';
import type { ToolResult } from './net-output';
import { nc } from './nc';
import { nslookup } from './nslookup';
import { wget } from './wget';

/** A tool's arguments, the container's network, the time, and the container's files (curl --cacert). */
export type NetToolFn = (args: string[], net: PodNetContext | undefined, now: number, readFile?: (path: string) => string | undefined) => ToolResult;

/** busybox's network applets. */
export const BUSYBOX_NET_TOOLS: Record<string, NetToolFn> = { wget, nc: (a, n) => nc(a, n), nslookup: (a, n) => nslookup(a, n) };

/** Which tools an image carries: busybox's applets on busybox and Alpine, curl where it is installed. */
export function toolsOf(image: string): Record<string, NetToolFn> {
  let repo: string;
  let tag: string;
  try {
    const ref = normalizeReference(image);
    repo = ref.repository;
    tag = ref.tag ?? '';
  } catch (e) {
    if (e instanceof ReferenceError) return {};
    throw e;
  }
  if (repo === 'docker.io/library/busybox') return BUSYBOX_NET_TOOLS;
  if (repo === 'docker.io/curlimages/curl' || (repo === 'docker.io/library/nginx' && tag.includes('alpine'))) return { ...BUSYBOX_NET_TOOLS, curl: curlTool };
  return {};
}

/**
 * `kubectl exec POD -- wget|nc|nslookup|curl …` through the kubelet: the tool runs in the Pod's
 * network namespace and the time it blocks for passes. Undefined when the image has no such tool
 * (the exec path's other programs, or "executable file not found", take over).
 */
export function execNetTool(host: NodeHost, pod: { metadata: { namespace?: string; name?: string } }, argv: string[], image: string, readFile?: (path: string) => string | undefined): ExecResult | undefined {
  const [cmd, ...args] = argv;
  const name = cmd?.includes('/') ? cmd.slice(cmd.lastIndexOf('/') + 1) : cmd;
  const tool = name ? toolsOf(image)[name] : undefined;
  if (!tool) return undefined;
  const net = podNetContext(host, pod.metadata.namespace ?? '', pod.metadata.name ?? '');
  const res = tool(args, net, host.sim.clock.nowMs(), readFile);
  if (res.elapsedMs > 0) host.sim.advance(res.elapsedMs);
  const text = (s: 'stdout' | 'stderr') => res.chunks.filter((c) => c.stream === s).map((c) => c.text).join('');
  return { stdout: text('stdout'), stderr: text('stderr'), code: res.code };
}
