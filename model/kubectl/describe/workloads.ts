import type { KObject } from '../../api/meta';
import { controllerOf } from '../../api/meta';
import { fromLabelSelector } from '../../api/selectors';
import type { Ctx } from '../kubectl';
import { rfc1123z } from '../printers/rfc1123';
import { formatLabelSelector, selectorText } from '../../apiserver/printers/format';
import { describePodTemplate } from './containers';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

/** getPodStatusForController: phases of the Pods this controller owns. */
export function podStatusFor(ctx: Ctx, obj: KObject): string {
  const sel = selectorText(obj.spec?.selector);
  let running = 0,
    waiting = 0,
    succeeded = 0,
    failed = 0;
  try {
    if (fromLabelSelector(obj.spec?.selector) === null) throw new Error('nil selector');
    for (const p of ctx.client.list('pods', obj.metadata.namespace, { labelSelector: sel }).items) {
      if (controllerOf(p)?.uid !== obj.metadata.uid) continue;
      const phase = p.status?.phase;
      if (phase === 'Running') running++;
      else if (phase === 'Pending') waiting++;
      else if (phase === 'Succeeded') succeeded++;
      else if (phase === 'Failed') failed++;
    }
  } catch (e: any) {
    return `error in fetching pods: ${e.message}`;
  }
  return `${running} Running / ${waiting} Waiting / ${succeeded} Succeeded / ${failed} Failed`;
}

/** describeReplicaSet. */
export function describeReplicaSet(ctx: Ctx, rs: KObject, showEvents: boolean): string {
  const pods = podStatusFor(ctx, rs);
  const events = showEvents ? searchEvents(ctx, rs, { kind: 'ReplicaSet' }) : undefined;
  const w = new PrefixWriter();
  w.write(0, `Name:\t${rs.metadata.name}\n`);
  w.write(0, `Namespace:\t${rs.metadata.namespace}\n`);
  w.write(0, `Selector:\t${formatLabelSelector(rs.spec?.selector)}\n`);
  printLabels(w, 'Labels', rs.metadata.labels);
  printAnnotations(w, 'Annotations', rs.metadata.annotations);
  const ref = controllerOf(rs);
  if (ref) w.write(0, `Controlled By:\t${ref.kind}/${ref.name}\n`);
  w.write(0, `Replicas:\t${rs.status?.replicas ?? 0} current / ${rs.spec?.replicas ?? 0} desired\n`);
  w.write(0, `Pods Status:\t${pods}\n`);
  describePodTemplate(w, rs.spec?.template);
  describeConditions(w, rs.status?.conditions);
  describeEvents(w, events, ctx.now());
  return w.toString();
}

/** describeDeployment, with OldReplicaSets/NewReplicaSet found among the ReplicaSets it owns. */
export function describeDeployment(ctx: Ctx, d: KObject, showEvents: boolean): string {
  const events = showEvents ? searchEvents(ctx, d, { kind: 'Deployment' }) : undefined;
  let owned: KObject[] | undefined;
  try {
    owned = ctx.client.list('replicasets', d.metadata.namespace, { labelSelector: selectorText(d.spec?.selector) }).items.filter((rs) => controllerOf(rs)?.uid === d.metadata.uid);
  } catch {
    owned = undefined;
  }
  const w = new PrefixWriter();
  const s = d.status ?? {};
  w.write(0, `Name:\t${d.metadata.name}\n`);
  w.write(0, `Namespace:\t${d.metadata.namespace}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(d.metadata.creationTimestamp)}\n`);
  printLabels(w, 'Labels', d.metadata.labels);
  printAnnotations(w, 'Annotations', d.metadata.annotations);
  w.write(0, `Selector:\t${selectorText(d.spec?.selector)}\n`);
  w.write(0, `Replicas:\t${d.spec?.replicas ?? 0} desired | ${s.updatedReplicas ?? 0} updated | ${s.replicas ?? 0} total | ${s.availableReplicas ?? 0} available | ${s.unavailableReplicas ?? 0} unavailable\n`);
  w.write(0, `StrategyType:\t${d.spec?.strategy?.type ?? ''}\n`);
  w.write(0, `MinReadySeconds:\t${d.spec?.minReadySeconds ?? 0}\n`);
  const ru = d.spec?.strategy?.rollingUpdate;
  if (ru) w.write(0, `RollingUpdateStrategy:\t${ru.maxUnavailable} max unavailable, ${ru.maxSurge} max surge\n`);
  describePodTemplate(w, d.spec?.template);
  describeConditions(w, s.conditions);
  if (owned && owned.length > 0) {
    const { newRS, oldRSs } = splitReplicaSets(d, owned);
    const fmt = (list: KObject[]) => list.map((rs) => `${rs.metadata.name} (${rs.status?.replicas ?? 0}/${rs.spec?.replicas ?? 0} replicas created)`).join(', ') || '<none>';
    w.write(0, `OldReplicaSets:\t${fmt(oldRSs)}\n`);
    w.write(0, `NewReplicaSet:\t${fmt(newRS ? [newRS] : [])}\n`);
  }
  describeEvents(w, events, ctx.now());
  return w.toString();
}

function describeConditions(w: PrefixWriter, conditions: any[] | undefined): void {
  if (!conditions?.length) return;
  w.write(0, 'Conditions:\n  Type\tStatus\tReason\n');
  w.write(1, '----\t------\t------\n');
  for (const c of conditions) w.write(1, `${c.type} \t${c.status}\t${c.reason ?? ''}\n`);
}

/**
 * deploymentutil.FindNewReplicaSet: the oldest ReplicaSet whose template equals the
 * Deployment's (ignoring the pod-template-hash label); the others with Pods or replicas are old.
 */
function splitReplicaSets(d: KObject, rss: KObject[]): { newRS?: KObject; oldRSs: KObject[] } {
  const strip = (t: any) => {
    const c = JSON.parse(JSON.stringify(t ?? {}));
    if (c.metadata?.labels) delete c.metadata.labels['pod-template-hash'];
    return canonical(c);
  };
  const want = strip(d.spec?.template);
  const sorted = [...rss].sort((a, b) => Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? '') || (a.metadata.name! < b.metadata.name! ? -1 : 1));
  const newRS = sorted.find((rs) => strip(rs.spec?.template) === want);
  return { newRS, oldRSs: sorted.filter((rs) => rs !== newRS) };
}

function canonical(v: any): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  return `{${Object.keys(v)
    .filter((k) => v[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
    .join(',')}}`;
}
