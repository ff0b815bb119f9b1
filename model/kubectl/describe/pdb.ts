import type { KObject } from '../../api/meta';
import { formatLabelSelector } from '../../apiserver/printers/format';
import type { Ctx } from '../kubectl';
import { describeEvents, searchEvents } from './events';
import { PrefixWriter } from './writer';

/** describePodDisruptionBudgetV1: the budget, its selector and the disruption controller's counts. */
export function describePodDisruptionBudget(ctx: Ctx, pdb: KObject, showEvents: boolean): string {
  const w = new PrefixWriter();
  w.write(0, `Name:\t${pdb.metadata.name}\n`);
  w.write(0, `Namespace:\t${pdb.metadata.namespace}\n`);
  const spec = pdb.spec ?? {};
  if (spec.minAvailable !== undefined && spec.minAvailable !== null) w.write(0, `Min available:\t${spec.minAvailable}\n`);
  else if (spec.maxUnavailable !== undefined && spec.maxUnavailable !== null) w.write(0, `Max unavailable:\t${spec.maxUnavailable}\n`);
  w.write(0, spec.selector ? `Selector:\t${formatLabelSelector(spec.selector)}\n` : 'Selector:\t<unset>\n');
  const s = pdb.status ?? {};
  w.write(0, 'Status:\n');
  w.write(2, `Allowed disruptions:\t${s.disruptionsAllowed ?? 0}\n`);
  w.write(2, `Current:\t${s.currentHealthy ?? 0}\n`);
  w.write(2, `Desired:\t${s.desiredHealthy ?? 0}\n`);
  w.write(2, `Total:\t${s.expectedPods ?? 0}\n`);
  describeEvents(w, showEvents ? searchEvents(ctx, pdb, { kind: 'PodDisruptionBudget' }) : undefined, ctx.now());
  return w.toString();
}
