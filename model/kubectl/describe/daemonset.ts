/** describeDaemonSet as kubectl v1.32 prints it. */
import type { KObject } from '../../api/meta';
import type { Ctx } from '../kubectl';
import { formatLabels, selectorText } from '../../apiserver/printers/format';
import { describePodTemplate } from './containers';
import { describeEvents, searchEvents } from './events';
import { podStatusFor } from './workloads';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

export function describeDaemonSet(ctx: Ctx, ds: KObject, showEvents: boolean): string {
  const pods = podStatusFor(ctx, ds);
  const events = showEvents ? searchEvents(ctx, ds, { kind: 'DaemonSet' }) : undefined;
  const s = ds.status ?? {};
  const w = new PrefixWriter();
  w.write(0, `Name:\t${ds.metadata.name}\n`);
  w.write(0, `Namespace:\t${ds.metadata.namespace}\n`);
  w.write(0, `Selector:\t${selectorText(ds.spec?.selector)}\n`);
  w.write(0, `Node-Selector:\t${formatLabels(ds.spec?.template?.spec?.nodeSelector)}\n`);
  printLabels(w, 'Labels', ds.metadata.labels);
  printAnnotations(w, 'Annotations', ds.metadata.annotations);
  w.write(0, `Desired Number of Nodes Scheduled: ${s.desiredNumberScheduled ?? 0}\n`);
  w.write(0, `Current Number of Nodes Scheduled: ${s.currentNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Up-to-date Pods: ${s.updatedNumberScheduled ?? 0}\n`);
  w.write(0, `Number of Nodes Scheduled with Available Pods: ${s.numberAvailable ?? 0}\n`);
  w.write(0, `Number of Nodes Misscheduled: ${s.numberMisscheduled ?? 0}\n`);
  w.write(0, `Pods Status:\t${pods}\n`);
  describePodTemplate(w, ds.spec?.template);
  describeEvents(w, events, ctx.now());
  return w.toString();
}
