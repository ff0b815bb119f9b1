/**
 * polymorphichelpers' history: a Deployment's revisions are its ReplicaSets (by their
 * deployment.kubernetes.io/revision annotation), a DaemonSet's its ControllerRevisions (whose
 * data is a strategic merge patch replacing spec.template).
 */
import { controllerOf, deepCopy, type KObject } from '../../api/meta';
import { selectorText } from '../../apiserver/printers/format';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { describePodTemplate } from '../describe/containers';
import { PrefixWriter } from '../describe/writer';

export const CHANGE_CAUSE = 'kubernetes.io/change-cause';
export const REVISION = 'deployment.kubernetes.io/revision';

/** One revision: its number, the Pod template it ran, and the object it was read from. */
export interface Revision {
  revision: number;
  template: any;
  /** The ReplicaSet or ControllerRevision. */
  source: KObject;
}

/** A revision annotation that is no integer is skipped (with a warning in klog, not on stderr). */
function revisionOf(o: KObject): number | undefined {
  const v = o.metadata.annotations?.[REVISION];
  if (v === undefined || !/^-?\d+$/.test(v)) return undefined;
  return Number(v);
}

/** deploymentutil.EqualIgnoreHash, the controller's own. */
export { equalIgnoreHash } from '../../controllers/deployment/hash';

/** getDeploymentReplicaSets: the ReplicaSets the Deployment controls (deploymentutil.GetAllReplicaSets). */
function deploymentReplicaSets(ctx: Ctx, d: KObject): KObject[] {
  const selector = selectorText(d.spec?.selector);
  return ctx.client
    .list('replicasets', d.metadata.namespace, { labelSelector: selector })
    .items.filter((rs) => controllerOf(rs)?.uid === d.metadata.uid);
}

/** DeploymentHistoryViewer.GetHistory: revision to ReplicaSet, the template carrying the change-cause. */
export function deploymentHistory(ctx: Ctx, ns: string, name: string): Revision[] {
  const d = getFor(ctx, 'deployments', ns, name, 'deployment');
  const out = new Map<number, Revision>();
  for (const rs of deploymentReplicaSets(ctx, d)) {
    const v = revisionOf(rs);
    if (v === undefined) continue;
    const template = deepCopy(rs.spec?.template ?? {});
    const cause = rs.metadata.annotations?.[CHANGE_CAUSE];
    template.metadata = template.metadata ?? {};
    template.metadata.annotations = template.metadata.annotations ?? {};
    if (cause) template.metadata.annotations[CHANGE_CAUSE] = cause;
    out.set(v, { revision: v, template, source: rs });
  }
  return [...out.values()].sort((a, b) => a.revision - b.revision);
}

/**
 * daemonSetHistory / statefulSetHistory: the object and the ControllerRevisions it controls,
 * selected by its selector.
 */
export function controllerHistory(ctx: Ctx, resource: 'daemonsets' | 'statefulsets', ns: string, name: string): { ds: KObject; revisions: Revision[] } {
  const ds = getFor(ctx, resource, ns, name, resource === 'daemonsets' ? 'DaemonSet' : 'Statefulset');
  const selector = selectorText(ds.spec?.selector);
  const revisions = ctx.client
    .list('controllerrevisions', ns, { labelSelector: selector })
    .items.filter((cr) => controllerOf(cr)?.uid === ds.metadata.uid)
    .map((cr) => ({ revision: Number(cr.revision ?? 0), template: applyTemplatePatch(ds, cr), source: cr }))
    .sort((a, b) => a.revision - b.revision);
  return { ds, revisions };
}

/** applyDaemonSetHistory: the stored patch replaces the template, so the template is the patch's. */
function applyTemplatePatch(ds: KObject, cr: KObject): any {
  const t = deepCopy(cr.data?.spec?.template ?? ds.spec?.template ?? {});
  delete t.$patch;
  return t;
}

export const daemonSetHistory = (ctx: Ctx, ns: string, name: string) => controllerHistory(ctx, 'daemonsets', ns, name);

/** The patch a DaemonSet's (or StatefulSet's) current template makes (getDaemonSetPatch), to compare with a revision's data. */
export function templatePatch(obj: KObject): any {
  return { spec: { template: { ...deepCopy(obj.spec?.template ?? {}), $patch: 'replace' } } };
}

/** The Get the history viewers wrap: "failed to retrieve Deployment web: <error>". */
function getFor(ctx: Ctx, resource: string, ns: string, name: string, what: string): KObject {
  try {
    return ctx.client.get(resource, ns, name);
  } catch (e: any) {
    if (e?.code === 0) throw e;
    throw new KubectlError(`failed to retrieve ${what} ${name}: ${e?.status?.message ?? e?.message}`);
  }
}

/**
 * printTemplate: describe.DescribePodTemplate through a PrefixWriter straight onto a buffer,
 * so the tabs stay tabs (rollout history prints them as they are).
 */
export function printTemplate(template: any): string {
  const w = new RawPrefixWriter();
  describePodTemplate(w, template);
  return w.toString();
}

/** A PrefixWriter without the tabwriter: what describe.NewPrefixWriter over a bytes.Buffer does. */
class RawPrefixWriter extends PrefixWriter {
  private raw = '';
  override write(level: number, text: string): void {
    this.raw += '  '.repeat(level) + text;
  }
  override writeLine(text: string): void {
    this.raw += text + '\n';
  }
  override toString(): string {
    return this.raw;
  }
}
