/**
 * `kubectl drain NODE` (kubectl's cmd/drain RunDrain): cordon the node, list its Pods
 * (--pod-selector), sort them through the drain filters (refusing DaemonSet-managed Pods,
 * Pods with emptyDir data and Pods without a controller unless told otherwise, with upstream's
 * warnings), then evict them through the Eviction API (or delete them, --disable-eviction) and
 * wait until they are gone: "node/x drained". A node that cannot be drained is reported and the
 * command goes on with the next, ending with the errors as cmdutil.CheckErr prints an aggregate.
 */
import { parseLabelSelector } from '../../api/labels/selector';
import { StatusError } from '../../api/status';
import { bool, F, int, str } from '../args';
import { KubectlError, messageForError } from '../errors';
import { parseGoDuration } from '../goparse';
import type { Command } from '../kubectl';
import { dryRunOf, dryRunSuffix } from '../mapping';
import { cordonOrUncordon, nodesOf } from '../cordon';
import { errorsOf, filterPods, podsToDelete, warnings, type DrainOptions } from './filters';
import { evictOrDeletePods } from './evict';

/** utilerrors.Aggregate's Error(): one message as itself, several in brackets. */
const aggregate = (msgs: string[]) => (msgs.length === 1 ? msgs[0] : `[${msgs.join(', ')}]`);

export const drainCommand: Command = {
  flags: [
    F.dryRun,
    F.selector,
    { name: 'force', type: 'bool' },
    { name: 'ignore-daemonsets', type: 'bool' },
    { name: 'delete-emptydir-data', type: 'bool' },
    { name: 'grace-period', type: 'int' },
    F.timeout,
    { name: 'pod-selector', type: 'string' },
    { name: 'disable-eviction', type: 'bool' },
    { name: 'skip-wait-for-delete-timeout', type: 'int' },
    { name: 'chunk-size', type: 'int64' },
  ],
  run(ctx, args, p) {
    const nodes = nodesOf(ctx, 'drain', args, p);
    const dryRun = dryRunOf(p);
    const podSelector = str(p, 'pod-selector') ?? '';
    if (podSelector) {
      try {
        parseLabelSelector(podSelector);
      } catch {
        throw new KubectlError('--pod-selector=<pod_selector> must be a valid label selector');
      }
    }
    const opts: DrainOptions = {
      force: bool(p, 'force'),
      ignoreAllDaemonSets: bool(p, 'ignore-daemonsets'),
      deleteEmptyDirData: bool(p, 'delete-emptydir-data'),
      podSelector,
      skipWaitForDeleteTimeoutSeconds: int(p, 'skip-wait-for-delete-timeout') ?? 0,
      nowMs: ctx.now(),
    };
    const timeout = str(p, 'timeout');
    const evictOpts = {
      gracePeriodSeconds: int(p, 'grace-period') ?? -1,
      timeoutMs: timeout ? parseGoDuration(timeout) : 0,
      serverDryRun: dryRun === 'server',
      usingEviction: !bool(p, 'disable-eviction'),
      skipWaitForDeleteTimeoutSeconds: opts.skipWaitForDeleteTimeoutSeconds,
    };
    cordonOrUncordon(ctx, nodes, true, dryRun);
    const fatal: string[][] = [];
    const remaining: string[] = [];
    for (const node of nodes) {
      const name = node.metadata.name!;
      const errs = drainNode(ctx, name, opts, evictOpts, dryRun);
      if (errs.length === 0) {
        ctx.out += `node/${name} drained${dryRunSuffix(dryRun)}\n`;
        continue;
      }
      ctx.err += `error: unable to drain node ${JSON.stringify(name)} due to error: ${aggregate(errs)}, continuing command...\n`;
      fatal.push(errs);
      remaining.push(name);
    }
    if (remaining.length) ctx.err += `There are pending nodes to be drained:\n${remaining.map((n) => ` ${n}\n`).join('')}`;
    if (fatal.length === 0) return 0;
    // CheckErr of NewAggregate(fatal): one node's aggregate is unwrapped and printed one error a line.
    if (fatal.length === 1) ctx.err += fatal[0].map((m) => `${m}\n`).join('');
    else ctx.err += fatal.map((errs) => `${aggregate(errs)}\n`).join('');
    return 1;
  },
};

/** deleteOrEvictPodsSimple: the node's Pods filtered, warned about, and evicted; returns the errors. */
function drainNode(ctx: Parameters<Command['run']>[0], node: string, opts: DrainOptions, evictOpts: Parameters<typeof evictOrDeletePods>[2], dryRun: 'none' | 'client' | 'server'): string[] {
  const list = podsOnNode(ctx, node, opts);
  const errs = errorsOf(list);
  if (errs.length) return errs;
  const warned = warnings(list);
  if (warned) ctx.err += `Warning: ${warned}\n`;
  const pods = podsToDelete(list);
  if (dryRun === 'client') {
    for (const pod of pods) ctx.out += `evicting pod ${pod.metadata.namespace}/${pod.metadata.name} (dry run)\n`;
    return [];
  }
  const failed = evictOrDeletePods(ctx, pods, evictOpts);
  if (failed.length === 0) return [];
  const pending = podsToDelete(podsOnNode(ctx, node, opts));
  if (pending.length) ctx.err += `There are pending pods in node ${JSON.stringify(node)} when an error occurred: ${aggregate(failed)}\n${pending.map((p) => `pod/${p.metadata.name}\n`).join('')}`;
  return failed;
}

/** GetPodsForDeletion's list: every namespace, spec.nodeName=node, the --pod-selector. */
function podsOnNode(ctx: Parameters<Command['run']>[0], node: string, opts: DrainOptions) {
  let items;
  try {
    items = ctx.client.list('pods', undefined, { labelSelector: opts.podSelector || undefined, fieldSelector: `spec.nodeName=${node}` }).items;
  } catch (e) {
    if (e instanceof StatusError && e.code !== 0) throw new KubectlError(messageForError(e));
    throw e;
  }
  return filterPods(ctx, items, opts);
}
