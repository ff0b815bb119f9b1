/**
 * `kubectl rollout history (TYPE NAME | TYPE/NAME) [--revision=N]`: the revisions as the table
 * "REVISION  CHANGE-CAUSE", or one revision's Pod template (polymorphichelpers' HistoryViewer).
 */
import { formatErrors, KubectlError } from '../errors';
import { int, str, type Parsed } from '../args';
import { deepCopy } from '../../api/meta';
import { resourceByName } from '../../api/registry';
import { parseOutput, printObjects } from '../output';
import type { Ctx } from '../kubectl';
import { describeTabWriter } from '../printers/tabwriter';
import { CHANGE_CAUSE, controllerHistory, deploymentHistory, printTemplate, type Revision } from './revisions';
import { findTargets, printTarget, requireResources, type Target } from './targets';

export function revisionsOf(ctx: Ctx, t: Target): Revision[] {
  const name = t.obj.metadata.name!;
  if (t.r.resource === 'deployments') return deploymentHistory(ctx, t.ns!, name);
  if (t.r.resource === 'daemonsets' || t.r.resource === 'statefulsets') return controllerHistory(ctx, t.r.resource, t.ns!, name).revisions;
  throw new KubectlError(`no history viewer has been implemented for ${JSON.stringify(`${t.r.kind}${t.r.group ? '.' + t.r.group : ''}`)}`);
}

/** ViewHistory: the overview table, or the template of the one revision asked for. */
function viewHistory(revisions: Revision[], revision: number): string {
  if (revisions.length === 0) return 'No rollout history found.';
  if (revision > 0) {
    const r = revisions.find((x) => x.revision === revision);
    if (!r) throw new KubectlError('unable to find the specified revision');
    return printTemplate(r.template);
  }
  // tabbedString: minwidth 0, tabwidth 8, padding 2.
  const w = describeTabWriter();
  w.write('REVISION\tCHANGE-CAUSE\n');
  for (const r of revisions) w.write(`${r.revision}\t${r.template?.metadata?.annotations?.[CHANGE_CAUSE] || r.source.metadata.annotations?.[CHANGE_CAUSE] || '<none>'}\n`);
  w.flush();
  return w.take();
}

export function runHistory(ctx: Ctx, args: string[], p: Parsed): number {
  requireResources(args, p);
  const revision = int(p, 'revision') ?? 0;
  if (revision < 0) throw new KubectlError(`revision must be a positive integer: ${revision}`);
  const { targets, errors } = findTargets(ctx, args, p);
  // Visit stops at the first error, as r.Visit does.
  try {
    for (const t of targets) {
      if (str(p, 'output')) {
        printRevisionObjects(ctx, p, t, revision);
        continue;
      }
      const text = viewHistory(revisionsOf(ctx, t), revision);
      const withRevision = revision > 0 ? `with revision #${revision}` : '';
      printTarget(ctx, p, t, `${withRevision}\n${text}`);
    }
  } catch (e) {
    errors.push(e);
    ctx.err += formatErrors([e]);
    return 1;
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}

/** With -o, GetHistory's objects print: a Deployment's ReplicaSets, a DaemonSet as of each revision. */
function printRevisionObjects(ctx: Ctx, p: Parsed, t: Target, revision: number): void {
  const fmt = parseOutput(str(p, 'output'), false)!;
  const chosen = revisionsOf(ctx, t).filter((r) => revision <= 0 || r.revision === revision);
  for (const r of chosen) {
    if (t.r.resource === 'deployments') ctx.out += printObjects([{ obj: r.source, r: resourceByName('replicasets')! }], fmt, true);
    else {
      const ds = deepCopy(t.obj);
      ds.spec.template = r.template;
      ctx.out += printObjects([{ obj: ds, r: t.r }], fmt, true);
    }
  }
}
