import { KubectlError } from './errors';
import type { Command } from './kubectl';
import { bool, str } from './args';
import type { Ctx } from './kubectl';
import { resolveType } from './resources';
import { selectorText } from '../apiserver/printers/format';

/**
 * POD, pod/POD, or a workload (deploy/NAME, rs/NAME, ds/NAME) whose first running Pod is used,
 * as kubectl's attachablePodForObject picks one.
 */
function podFor(ctx: Ctx, target: string): string {
  const slash = target.indexOf('/');
  if (slash < 0) return target;
  const r = resolveType(target.slice(0, slash));
  const name = target.slice(slash + 1);
  if (r.resource === 'pods') return name;
  const obj = ctx.client.get(r.resource, ctx.namespace, name);
  const selector = obj.spec?.selector;
  if (!selector) throw new KubectlError(`cannot attach to ${r.kind.toLowerCase()}: selector for ${target} not implemented`);
  const pods = ctx.client
    .list('pods', ctx.namespace, { labelSelector: selectorText(selector) })
    .items.filter((p) => !p.metadata.deletionTimestamp)
    .sort((a, b) => Number(b.status?.phase === 'Running') - Number(a.status?.phase === 'Running') || a.metadata.name!.localeCompare(b.metadata.name!));
  if (pods.length === 0) throw new KubectlError(`timed out waiting for the condition`);
  return pods[0].metadata.name!;
}

/**
 * `kubectl exec POD [-c CONTAINER] -- COMMAND [ARGS…]`: a `pods/exec` request to the API server,
 * which proxies it to the kubelet of the Pod's node. The command's output is printed and its
 * exit code, when not 0, is reported as kubectl reports it.
 */
export const execCommand: Command = {
  flags: [
    { name: 'container', short: 'c', type: 'string' },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'tty', short: 't', type: 'bool' },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'filename', short: 'f', type: 'strings' },
  ],
  run(ctx, args, p) {
    const dash = p.argsBeforeDash;
    if (args.length === 0) throw new KubectlError('pod, type/name or --filename must be specified');
    if (dash === undefined && args.length > 1) throw new KubectlError('exec [POD] [COMMAND] is not supported anymore. Use exec [POD] -- [COMMAND] instead');
    const target = args[0];
    const command = args.slice(dash === undefined ? 1 : dash);
    if (command.length === 0) throw new KubectlError('you must specify at least one command for the container');
    const name = podFor(ctx, target);
    const res = ctx.client.request({
      verb: 'create',
      resource: 'pods',
      subresource: 'exec',
      namespace: ctx.namespace,
      name,
      // -i: what the client read from its stdin goes to the command (a script for `sh`, input for `cat`).
      body: { container: str(p, 'container'), command, ...(bool(p, 'stdin') ? { stdin: ctx.io.stdin ?? '' } : {}) },
    });
    ctx.out += res.stdout;
    ctx.err += res.stderr;
    if (res.code !== 0 && !res.stderr.startsWith('error: unable to upgrade connection')) ctx.err += `command terminated with exit code ${res.code}\n`;
    return res.code;
  },
};
