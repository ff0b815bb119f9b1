/** describeStatefulSet and describePersistentVolumeClaim as kubectl v1.32 prints them. */
import type { KObject } from '../../api/meta';
import { tryQuantity } from '../../api/quantity';
import { accessModesString } from '../../apiserver/printers/storage';
import { selectorText } from '../../apiserver/printers/format';
import type { Ctx } from '../kubectl';
import { rfc1123z } from '../printers/rfc1123';
import { describePodTemplate } from './containers';
import { describeEvents, searchEvents } from './events';
import { podStatusFor } from './workloads';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

/** storageutil.GetPersistentVolumeClaimClass: the beta annotation wins over the field. */
const claimClass = (pvc: any): string => pvc?.metadata?.annotations?.['volume.beta.kubernetes.io/storage-class'] ?? pvc?.spec?.storageClassName ?? '';

/** Go's %s of a []PersistentVolumeAccessMode: "[ReadWriteOnce]". */
const goModes = (modes: unknown): string => `[${(Array.isArray(modes) ? modes : []).join(' ')}]`;

export function describeStatefulSet(ctx: Ctx, sts: KObject, showEvents: boolean): string {
  const pods = podStatusFor(ctx, sts);
  const events = showEvents ? searchEvents(ctx, sts, { kind: 'StatefulSet' }) : undefined;
  const spec = sts.spec ?? {};
  const w = new PrefixWriter();
  w.write(0, `Name:\t${sts.metadata.name}\n`);
  w.write(0, `Namespace:\t${sts.metadata.namespace}\n`);
  w.write(0, `CreationTimestamp:\t${rfc1123z(sts.metadata.creationTimestamp)}\n`);
  w.write(0, `Selector:\t${selectorText(spec.selector)}\n`);
  printLabels(w, 'Labels', sts.metadata.labels);
  printAnnotations(w, 'Annotations', sts.metadata.annotations);
  w.write(0, `Replicas:\t${spec.replicas ?? 1} desired | ${sts.status?.replicas ?? 0} total\n`);
  w.write(0, `Update Strategy:\t${spec.updateStrategy?.type ?? ''}\n`);
  if (typeof spec.updateStrategy?.rollingUpdate?.partition === 'number') w.write(1, `Partition:\t${spec.updateStrategy.rollingUpdate.partition}\n`);
  w.write(0, `Pods Status:\t${pods}\n`);
  describePodTemplate(w, spec.template);
  const templates: any[] = Array.isArray(spec.volumeClaimTemplates) ? spec.volumeClaimTemplates : [];
  if (templates.length === 0) w.write(0, 'Volume Claims:\t<none>\n');
  else {
    w.write(0, 'Volume Claims:\n');
    for (const t of templates) {
      w.write(1, `Name:\t${t?.metadata?.name ?? ''}\n`);
      w.write(1, `StorageClass:\t${claimClass(t)}\n`);
      printLabels(w, 'Labels', t?.metadata?.labels, '  ');
      printLabels(w, 'Annotations', t?.metadata?.annotations, '  ');
      const storage = t?.spec?.resources?.requests?.storage;
      const q = storage === undefined ? undefined : tryQuantity(storage);
      w.write(1, `Capacity:\t${q ? q.toString() : '<default>'}\n`);
      w.write(1, `Access Modes:\t${goModes(t?.spec?.accessModes)}\n`);
    }
  }
  describeEvents(w, events, ctx.now());
  return w.toString();
}

/** getPodsForPVC: the Pods of the namespace that mount the claim, by name. */
function usedBy(ctx: Ctx, pvc: KObject): string {
  const names = ctx.client
    .list('pods', pvc.metadata.namespace)
    .items.filter((p) => (p.spec?.volumes ?? []).some((v: any) => v?.persistentVolumeClaim?.claimName === pvc.metadata.name))
    .map((p) => p.metadata.name!)
    .sort();
  return names.length ? names.join(', ') : '<none>';
}

export function describePersistentVolumeClaim(ctx: Ctx, pvc: KObject, showEvents: boolean): string {
  const events = showEvents ? searchEvents(ctx, pvc, { kind: 'PersistentVolumeClaim' }) : undefined;
  const w = new PrefixWriter();
  w.write(0, `Name:\t${pvc.metadata.name}\n`);
  w.write(0, `Namespace:\t${pvc.metadata.namespace}\n`);
  w.write(0, `StorageClass:\t${claimClass(pvc)}\n`);
  w.write(0, `Status:\t${pvc.metadata.deletionTimestamp ? 'Terminating' : (pvc.status?.phase ?? '')}\n`);
  w.write(0, `Volume:\t${pvc.spec?.volumeName ?? ''}\n`);
  printLabels(w, 'Labels', pvc.metadata.labels);
  printAnnotations(w, 'Annotations', pvc.metadata.annotations);
  w.write(0, `Finalizers:\t[${(pvc.metadata.finalizers ?? []).join(' ')}]\n`);
  const capacity = pvc.spec?.volumeName ? tryQuantity(pvc.status?.capacity?.storage ?? '0') : undefined;
  w.write(0, `Capacity:\t${capacity ? capacity.toString() : ''}\n`);
  w.write(0, `Access Modes:\t${pvc.spec?.volumeName ? accessModesString(pvc.status?.accessModes) : ''}\n`);
  if (pvc.spec?.volumeMode) w.write(0, `VolumeMode:\t${pvc.spec.volumeMode}\n`);
  w.write(0, `Used By:\t${usedBy(ctx, pvc)}\n`);
  describeEvents(w, events, ctx.now());
  return w.toString();
}
