import type { KObject } from '../api/meta';
import { bool, str } from './args';
import { KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { selectorText } from '../apiserver/printers/format';
import { resolveType } from './resources';

const USAGE = "error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples";

/**
 * POD, pod/POD, or a workload whose Pods are found by its selector: the first one (running
 * before not, then by name), with kubectl's "Found N pods, using pod/NAME" when there are several.
 */
function podFor(ctx: Ctx, target: string): KObject {
  const slash = target.indexOf('/');
  const r = slash < 0 ? undefined : resolveType(target.slice(0, slash));
  const name = slash < 0 ? target : target.slice(slash + 1);
  if (!r || r.resource === 'pods') return ctx.client.get('pods', ctx.namespace, name);
  const obj = ctx.client.get(r.resource, ctx.namespace, name);
  const selector = obj.spec?.selector;
  if (!selector) throw new KubectlError(`cannot get the logs from ${r.group ? `${r.kind}.${r.group}` : r.kind}: selector for ${target} not implemented`);
  const pods = ctx.client
    .list('pods', ctx.namespace, { labelSelector: selectorText(selector) })
    .items.filter((p) => !p.metadata.deletionTimestamp)
    .sort((a, b) => Number(b.status?.phase === 'Running') - Number(a.status?.phase === 'Running') || a.metadata.name!.localeCompare(b.metadata.name!));
  if (pods.length === 0) throw new KubectlError('timed out waiting for the condition');
  if (pods.length > 1) ctx.err += `Found ${pods.length} pods, using pod/${pods[0].metadata.name}\n`;
  return pods[0];
}

/**
 * `kubectl logs POD|TYPE/NAME [-c CONTAINER] [-p] [--tail N] [--timestamps]`: a GET of
 * `pods/log`, which the API server proxies to the kubelet of the Pod's node. Without -c,
 * kubectl picks the kubectl.kubernetes.io/default-container or the first container, saying so
 * when there are others.
 */
export const logsCommand: Command = {
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'previous', short: 'p', type: 'bool' },
    { name: 'tail', type: 'int64' },
    { name: 'timestamps', type: 'bool' },
    { name: 'follow', short: 'f', type: 'bool' },
    { name: 'all-containers', type: 'bool' },
  ],
  run(ctx, args, p) {
    if (args.length !== 1) throw new KubectlError(USAGE);
    const pod = podFor(ctx, args[0]);
    const tail = p.flags.get('tail');
    const tailLines = typeof tail === 'number' && tail >= 0 ? tail : undefined;
    const containers: string[] = bool(p, 'all-containers') ? (pod.spec?.containers ?? []).map((c: any) => c.name) : [containerOf(ctx, pod, str(p, 'container'))];
    for (const container of containers) {
      const text: string = ctx.client.request({
        verb: 'get',
        resource: 'pods',
        subresource: 'log',
        namespace: pod.metadata.namespace,
        name: pod.metadata.name,
        query: { container, previous: bool(p, 'previous') || undefined, tailLines, timestamps: bool(p, 'timestamps') || undefined },
      });
      ctx.out += text;
    }
    return 0;
  },
};

/** -c, else the default-container annotation, else the first container ("Defaulted container …"). */
function containerOf(ctx: Ctx, pod: KObject, given: string | undefined): string {
  if (given) return given;
  const containers: any[] = pod.spec?.containers ?? [];
  const annotated = pod.metadata.annotations?.['kubectl.kubernetes.io/default-container'];
  if (annotated) {
    if (containers.some((c) => c.name === annotated)) return annotated;
    ctx.err += `Default container name "${annotated}" not found in pod ${pod.metadata.name}\n`;
  }
  const first = containers[0]?.name ?? '';
  const all = [...(pod.spec?.initContainers ?? []), ...containers].map((c: any) => c.name);
  if (all.length > 1) ctx.err += `Defaulted container "${first}" out of: ${all.join(', ')}\n`;
  return first;
}
