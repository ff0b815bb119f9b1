import type { KObject } from '../../api/meta';
import { PrefixWriter, printAnnotations, printLabels } from './writer';

/**
 * describeNamespace. The model serves no ResourceQuotas or LimitRanges, so it prints what a
 * namespace without them shows.
 */
export function describeNamespace(ns: KObject): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${ns.metadata.name}\n`);
  printLabels(w, 'Labels', ns.metadata.labels);
  printAnnotations(w, 'Annotations', ns.metadata.annotations);
  w.write(0, `Status:\t${ns.status?.phase ?? ''}\n`);
  const conds: any[] = ns.status?.conditions ?? [];
  if (conds.length) {
    w.write(0, 'Conditions:\n');
    w.write(1, 'Type\tStatus\tLastTransitionTime\tReason\tMessage\n');
    w.write(1, '----\t------\t------------------\t------\t-------\n');
    for (const c of conds) w.write(1, `${c.type}\t${c.status}\t${c.lastTransitionTime ?? ''}\t${c.reason ?? ''}\t${c.message ?? ''}\n`);
  }
  w.write(0, '\n');
  w.write(0, 'No resource quota.\n');
  w.write(0, '\n');
  w.write(0, 'No LimitRange resource.\n');
  return w.toString();
}
