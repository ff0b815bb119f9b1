import { After, Given, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { canonicalJSON, controllerOf, type KObject } from '../model/api/meta';
import { DaemonSetController } from '../model/controllers/daemonset/controller';
import { matchesRevision } from '../model/controllers/daemonset/history';
import { CONTROLLER_REVISION_HASH, revisionHash, targetNodeName, templateGeneration } from '../model/controllers/daemonset/podtemplate';
import { calculateStatus } from '../model/controllers/daemonset/status';
import type { KubespecWorld } from './world';

// CT20: the DaemonSet controller keeps the counts of the nodes it need not look at again
// (model/controllers/daemonset/node-tally.ts) and counts only the others on each sync. Here every
// sync of the in-process controller is followed by upstream's count (updateDaemonSetStatus over
// every node, calculateStatus) from the same caches, and the status the sync wrote (or left,
// being unchanged) must equal it.

interface TallyCheck {
  syncs: number;
  /** Syncs whose full count had a node not settled: no Pod, an old, unready or extra one, or a Pod where none should run. */
  unsettled: number;
  mismatches: string[];
}

const original = DaemonSetController.prototype.syncDaemonSet;
let active: TallyCheck | undefined;

After(function () {
  DaemonSetController.prototype.syncDaemonSet = original;
  active = undefined;
});

/** The status the last sync stands by: the one it wrote, or the cached one it found unchanged. */
function checkedSync(this: any, key: string): void {
  const check = active!;
  const ctx = this.ctx;
  let written: any;
  const client = Object.create(ctx.client);
  client.updateStatus = (resource: string, ns: string | undefined, body: KObject) => {
    if (resource === 'daemonsets') written = body.status;
    return ctx.client.updateStatus(resource, ns, body);
  };
  this.ctx = Object.create(ctx, { client: { value: client } });
  try {
    original.call(this, key);
  } finally {
    this.ctx = ctx;
  }
  const ds: KObject | undefined = this.dsInformer.get(key);
  if (!ds || ds.metadata.deletionTimestamp) return;
  const got = written ?? ds.status;
  // The hash the Pods of the current template carry: the matching revision's label (or, when the
  // revision was made in this sync and the cache has not seen it yet, the hash it was named with).
  const revisions = this.historyInformer.list(ds.metadata.namespace).filter((h: KObject) => controllerOf(h)?.uid === ds.metadata.uid);
  const hash = revisions.find((h: KObject) => matchesRevision(ds, h))?.metadata.labels?.[CONTROLLER_REVISION_HASH] ?? revisionHash(ds);
  const want = calculateStatus(ds, this.sortedNodes(), this.nodesToDaemonPods(ds), hash, templateGeneration(ds), ctx.sim.clock.nowMs());
  check.syncs++;
  const d = want.desiredNumberScheduled;
  if (want.currentNumberScheduled !== d || want.updatedNumberScheduled !== d || want.numberReady !== d || want.numberMisscheduled) check.unsettled++;
  if (canonicalJSON(got) !== canonicalJSON(want)) check.mismatches.push(`${key} at ${new Date(ctx.sim.clock.nowMs()).toISOString()}: the sync's ${canonicalJSON(got)}, every node's ${canonicalJSON(want)}`);
}

Given('every DaemonSet sync has its status checked against a count over every node', function (this: KubespecWorld) {
  active = { syncs: 0, unsettled: 0, mismatches: [] };
  DaemonSetController.prototype.syncDaemonSet = checkedSync;
});

/** What a kubelet would write for a Pod whose containers all ended: the phase Failed or Succeeded. */
When('the pod of the DaemonSet {string} on {string} is marked {word}', function (this: KubespecWorld, ds: string, node: string, phase: string) {
  expect(['Failed', 'Succeeded']).toContain(phase);
  const pods = this.cluster.admin.list('pods', 'default').items.filter((p) => controllerOf(p)?.name === ds && targetNodeName(p) === node && !p.metadata.deletionTimestamp);
  expect(pods.map((p) => targetNodeName(p))).toEqual([node]);
  this.cluster.admin.updateStatus('pods', 'default', { ...pods[0], status: { ...pods[0].status, phase } });
});

Then('every DaemonSet sync wrote the status a count over every node gives, in {int} or more syncs with a node not settled', function (this: KubespecWorld, min: number) {
  const check = active!;
  expect(check.mismatches).toEqual([]);
  expect(check.unsettled).toBeGreaterThanOrEqual(min);
  this.attach(`${check.syncs} DaemonSet syncs checked, ${check.unsettled} of them with a node not settled`, 'text/plain');
});
