/**
 * More of the disruption controller's tests (kubernetes v1.32, pkg/controller/disruption/
 * disruption_test.go; steps/fixtures/upstream/disruption.json): TestTotalUnmanagedPods,
 * TestUpdatePDBStatusRetries, TestPDBNotExist, TestStalePodDisruption and TestScaleFinderNoResource,
 * with the model's own rows on the same code: the informers' handlers enqueueing the budget a Pod
 * or budget event concerns (disruption.go's addPod, updatePod, deletePod, addDB, updateDB),
 * updatePdbStatus writing only what changed, failSafe keeping the status it had, the recheck of
 * an eviction's promise when it runs out. Cases run on disruption-harness.ts; the scale finder's
 * rows call getScaleController's model with upstream's fake scale client.
 */
import { Then } from '@cucumber/cucumber';
import { resourceByName } from '../../model/api/registry';
import { errors } from '../../model/api/status';
import type { Informer } from '../../model/client/informer';
import { scaleFinder } from '../../model/controllers/disruption/expected';
import { runCases, same } from './apps-fakes';
import { DisruptionCase } from './disruption-harness';
import { NAME, NS } from './disruption-objects';

const FILE = 'disruption.json';
const NO_LISTER = { getByName: () => undefined } as unknown as Informer;

/**
 * TestScaleFinderNoResource: getScaleController for a reference, the scale client answering
 * NotFound (or the Scale, or another error, as the row says).
 */
function scaleFinderRow(c: any): string | undefined {
  const getScale = (resource: string, _ns: string, name: string) => {
    if (c.scale === 'NotFound') throw errors.notFound(resourceByName(resource)!, name);
    if (c.scale.error) throw errors.internal(c.scale.error);
    return { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace: NS, uid: c.scale.uid }, spec: { replicas: c.scale.replicas } };
  };
  let got: unknown;
  try {
    got = scaleFinder({ apiVersion: c.apiVersion, kind: c.kind, name: NAME, uid: 'owner-uid' }, NS, { replicasets: NO_LISTER, deployments: NO_LISTER, getScale }) ?? null;
  } catch (e) {
    got = { error: e instanceof Error ? e.message : String(e) };
  }
  return same(got, c.want);
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  controllerCases: (c) => new DisruptionCase(c).run(),
  stalePodDisruption: (c) => new DisruptionCase(c).run(),
  scaleFinderNoResource: scaleFinderRow,
};

Then("every case of upstream's disruption controller test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream disruption controller table "${table}"`);
  runCases(FILE, table, check);
});
