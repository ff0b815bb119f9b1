/**
 * `kubectl rollout undo (TYPE NAME | TYPE/NAME) [--to-revision=N]` (polymorphichelpers'
 * Rollbackers): a Deployment gets the Pod template and annotations of the ReplicaSet of that
 * revision by a JSON patch; a DaemonSet gets its ControllerRevision's data as a strategic merge
 * patch. Revision 0 means the one before the latest.
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { mutant } from '../../sim/mutants';
import { int, type Parsed } from '../args';
import { formatErrors, KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { dryRunOf, dryRunSuffix } from '../mapping';
import { controllerHistory, deploymentHistory, equalIgnoreHash, printTemplate, REVISION, templatePatch, type Revision } from './revisions';
import { findTargets, printTarget, requireResources, type Target } from './targets';

type DryRun = ReturnType<typeof dryRunOf>;

const revisionNotFound = (r: number) => new KubectlError(`unable to find specified revision ${r} in history`);

/** The annotations a rollback never copies from the ReplicaSet but keeps from the Deployment. */
const ANNOTATIONS_TO_SKIP = ['kubectl.kubernetes.io/last-applied-configuration', REVISION, 'deployment.kubernetes.io/revision-history', 'deployment.kubernetes.io/desired-replicas', 'deployment.kubernetes.io/max-replicas', 'deprecated.deployment.rollback.to'];

/**
 * deploymentRevision / findHistory: the exact revision asked for, or with 0 the previous one
 * (the second highest). The mutant `rollout-undo-picks-latest` takes the highest instead.
 */
function pickRevision(revisions: Revision[], toRevision: number): Revision | undefined {
  if (toRevision > 0) return revisions.find((r) => r.revision === toRevision);
  const sorted = [...revisions].sort((a, b) => a.revision - b.revision);
  return mutant('rollout-undo-picks-latest') ? sorted[sorted.length - 1] : sorted[sorted.length - 2];
}

function rollbackDeployment(ctx: Ctx, t: Target, toRevision: number, dryRun: DryRun): string {
  if (toRevision < 0) throw revisionNotFound(toRevision);
  const name = t.obj.metadata.name!;
  const revisions = deploymentHistory(ctx, t.ns!, name);
  const d = ctx.client.get('deployments', t.ns, name);
  const to = pickRevision(revisions, toRevision);
  if (!to) {
    if (toRevision > 0) throw revisionNotFound(toRevision);
    throw new KubectlError(`no rollout history found for deployment ${JSON.stringify(name)}`);
  }
  const rs = to.source;
  if (dryRun === 'client') return printTemplate(rs.spec?.template);
  if (d.spec?.paused) throw new KubectlError("you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again");
  if (equalIgnoreHash(rs.spec?.template, d.spec?.template)) return `skipped rollback (current template already matches revision ${toRevision})`;
  const template = deepCopy(rs.spec?.template ?? {});
  if (template.metadata?.labels) delete template.metadata.labels['pod-template-hash'];
  const annotations: Record<string, string> = {};
  for (const k of ANNOTATIONS_TO_SKIP) if (d.metadata.annotations?.[k] !== undefined) annotations[k] = d.metadata.annotations[k];
  for (const [k, v] of Object.entries(rs.metadata.annotations ?? {})) if (!ANNOTATIONS_TO_SKIP.includes(k)) annotations[k] = v as string;
  const patch = [
    { op: 'replace', path: '/spec/template', value: template },
    { op: 'replace', path: '/metadata/annotations', value: annotations },
  ];
  try {
    ctx.client.patch('deployments', t.ns, name, 'json', patch, { dryRun: dryRun === 'server' });
  } catch (e: any) {
    if (e?.code === 0) throw e;
    throw new KubectlError(`failed restoring revision ${toRevision}: ${e?.status?.message ?? e?.message}`);
  }
  return 'rolled back';
}

/** DaemonSetRollbacker and StatefulSetRollbacker: the revision's stored patch, sent as it is. */
function rollbackFromControllerRevision(ctx: Ctx, t: Target, toRevision: number, dryRun: DryRun): string {
  if (toRevision < 0) throw revisionNotFound(toRevision);
  const resource = t.r.resource as 'daemonsets' | 'statefulsets';
  const { ds, revisions } = controllerHistory(ctx, resource, t.ns!, t.obj.metadata.name!);
  if (toRevision === 0 && revisions.length <= 1) throw new KubectlError('no last revision to roll back to');
  const to = pickRevision(revisions, toRevision);
  if (!to) throw revisionNotFound(toRevision);
  if (dryRun === 'client') return `will roll back to ${printTemplate(to.template)}`;
  if (canonicalJSON(templatePatch(ds)) === canonicalJSON(to.source.data)) return `skipped rollback (current template already matches revision ${toRevision})`;
  try {
    ctx.client.patch(resource, t.ns, ds.metadata.name!, 'strategic', to.source.data, { dryRun: dryRun === 'server' });
  } catch (e: any) {
    if (e?.code === 0) throw e;
    throw new KubectlError(`failed restoring revision ${toRevision}: ${e?.status?.message ?? e?.message}`);
  }
  return 'rolled back';
}

export function runUndo(ctx: Ctx, args: string[], p: Parsed): number {
  const dryRun = dryRunOf(p);
  requireResources(args, p);
  const toRevision = int(p, 'to-revision') ?? 0;
  const { targets, errors } = findTargets(ctx, args, p);
  try {
    for (const t of targets) {
      let result: string;
      if (t.r.resource === 'deployments') result = rollbackDeployment(ctx, t, toRevision, dryRun);
      else if (t.r.resource === 'daemonsets' || t.r.resource === 'statefulsets') result = rollbackFromControllerRevision(ctx, t, toRevision, dryRun);
      else throw new KubectlError(`no rollbacker has been implemented for ${JSON.stringify(groupKind(t.obj, t))}`);
      printTarget(ctx, p, t, result + dryRunSuffix(dryRun));
    }
  } catch (e) {
    ctx.err += formatErrors([e]);
    return 1;
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}

/** schema.GroupKind printed with %q through its String(): "ReplicaSet.apps". */
function groupKind(_obj: KObject, t: Target): string {
  return t.r.group ? `${t.r.kind}.${t.r.group}` : t.r.kind;
}
