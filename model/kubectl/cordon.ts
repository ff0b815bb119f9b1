/**
 * `kubectl cordon|uncordon NODE` (kubectl's cmd/drain and pkg/drain CordonHelper): sets or
 * clears spec.unschedulable with a strategic merge patch and prints "node/x cordoned",
 * "already cordoned", "uncordoned" or "already uncordoned". drain cordons the same way first.
 */
import type { KObject } from '../api/meta';
import { F, str, type Parsed } from './args';
import { KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { dryRunOf, dryRunSuffix } from './mapping';

/** cmdutil.UsageErrorf: the message, then where to look. */
export function usageError(command: string, msg: string): KubectlError {
  return new KubectlError(`${msg}\nSee 'kubectl ${command} -h' for help and examples`);
}

/**
 * The nodes a command names (NODE arguments, or -l): the builder's ResourceNames("nodes", args…)
 * with SingleResourceType; a missing node is the API server's NotFound.
 */
export function nodesOf(ctx: Ctx, command: string, args: string[], p: Parsed): KObject[] {
  const selector = str(p, 'selector');
  if (args.length === 0 && selector === undefined) throw usageError(command, `USAGE: ${command} NODE [flags]`);
  if (args.length > 0 && selector) throw usageError(command, 'error: cannot specify both a node name and a --selector option');
  if (args.length === 0) return ctx.client.list('nodes', undefined, { labelSelector: selector }).items;
  return args.map((a) => ctx.client.get('nodes', undefined, a.replace(/^(node|nodes|no)\//i, '')));
}

/** RunCordonOrUncordon: each node patched unless it already is as desired; errors printed, the command goes on. */
export function cordonOrUncordon(ctx: Ctx, nodes: KObject[], desired: boolean, dryRun: 'none' | 'client' | 'server'): void {
  const word = desired ? 'cordon' : 'uncordon';
  for (const node of nodes) {
    const name = node.metadata.name!;
    if (!!node.spec?.unschedulable === desired) {
      ctx.out += `node/${name} already ${word}ed${dryRunSuffix(dryRun)}\n`;
      continue;
    }
    if (dryRun !== 'client') {
      try {
        // PatchOrReplace: the two-way merge patch of spec.unschedulable (omitempty, so false is a removal).
        ctx.client.patch('nodes', undefined, name, 'strategic', { spec: { unschedulable: desired ? true : null } }, { dryRun: dryRun === 'server' });
      } catch (e) {
        if (!(e instanceof Error) || (e as any).code === 0) throw e;
        ctx.err += `error: unable to ${word} node ${JSON.stringify(name)}: ${e.message}\n`;
        continue;
      }
    }
    ctx.out += `node/${name} ${word}ed${dryRunSuffix(dryRun)}\n`;
  }
}

const FLAGS = [F.dryRun, F.selector];

function cordonCommandFor(desired: boolean): Command {
  const name = desired ? 'cordon' : 'uncordon';
  return {
    flags: FLAGS,
    run(ctx, args, p) {
      const dryRun = dryRunOf(p);
      cordonOrUncordon(ctx, nodesOf(ctx, name, args, p), desired, dryRun);
      return 0;
    },
  };
}

export const cordonCommand = cordonCommandFor(true);
export const uncordonCommand = cordonCommandFor(false);
