/**
 * The disruption controller's tests (kubernetes v1.32, pkg/controller/disruption/disruption_test.go;
 * steps/fixtures/upstream/disruption.json) run against the model's DisruptionController on a
 * FakeControlPlane (disruption-harness.ts: the objects upstream adds to the informers' stores
 * are created through the API, each `dc.sync` is the budget's key put on the controller's queue
 * and the virtual time to run it), and its finder tests against the model's finders.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import type { Informer } from '../../model/client/informer';
import { deploymentFinder, replicaSetFinder, type ScaleListers, statefulSetFinder } from '../../model/controllers/disruption/expected';
import { runCases, same } from './apps-fakes';
import { DisruptionCase } from './disruption-harness';
import { FOO_BAR, NAME, NS } from './disruption-objects';

const FILE = 'disruption.json';

/** The listers as the finder tests fill them: objects by name. */
function listers(objects: Record<string, KObject[]>): ScaleListers {
  const lister = (items: KObject[]) => ({ getByName: (_ns: string, name: string) => items.find((o) => o.metadata.name === name) }) as unknown as Informer;
  return { replicasets: lister(objects.rs ?? []), deployments: lister(objects.d ?? []), statefulsets: lister(objects.ss ?? []) };
}

const controller = (kind: string, uid: string, replicas: number, extra: any = {}): KObject => ({ apiVersion: 'apps/v1', kind, metadata: { name: NAME, namespace: NS, uid, labels: FOO_BAR, ...extra }, spec: { replicas } });

/** A finder's answer, or the error it returns (verifyGroupKind's ParseGroupVersion). */
function found(f: () => unknown): unknown {
  try {
    return f() ?? null;
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

const CHECKS: Record<string, (c: any) => string | undefined> = {
  cases: (c) => new DisruptionCase(c).run(),
  // TestBasicFinderFunctions: a ReplicaSet of 10 and a StatefulSet of 14, found by group and kind.
  basicFinderFunctions: (c) => {
    const rsExtra = c.rsOwnedByDeployment ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: NAME, uid: 'd-uid', controller: true }] } : {};
    const l = listers({ rs: [controller('ReplicaSet', 'rs-uid', 10, rsExtra)], ss: [controller('StatefulSet', 'ss-uid', 14)] });
    const uid = c.target === 'rs' ? 'rs-uid' : 'ss-uid';
    const finder = c.finder === 'replicaSet' ? replicaSetFinder : statefulSetFinder;
    const got = found(() => finder({ apiVersion: c.apiVersion, kind: c.kind, name: NAME, uid: c.uid ?? uid }, NS, l));
    return same(got, c.error ? { error: c.error } : c.scale === null ? null : { uid, scale: c.scale });
  },
  // TestDeploymentFinderFunction: a Deployment of 10 controls a ReplicaSet of 5.
  deploymentFinderFunction: (c) => {
    const d = controller('Deployment', 'd-uid', 10);
    const rs = controller('ReplicaSet', 'rs-uid', 5, { ownerReferences: [{ apiVersion: c.depApiVersion, kind: c.depKind, name: NAME, uid: 'd-uid', controller: true }] });
    const rsRef = { apiVersion: c.rsApiVersion, kind: c.rsKind, name: NAME, uid: c.rsUid ?? 'rs-uid' };
    if (c.depUid) rs.metadata.ownerReferences![0].uid = c.depUid;
    const got = deploymentFinder(rsRef, NS, listers({ rs: [rs], d: [d] }));
    return same(got ?? null, c.scale === null ? null : { uid: 'd-uid', scale: c.scale });
  },
};

Then("every case of upstream's disruption test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream disruption table "${table}"`);
  runCases(FILE, table, check);
});
