import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import type { KubespecWorld } from './world';

/** The Pod's ordinal from its name ("web-2" is 2). */
const ordinal = (p: KObject): number => Number(/-(\d+)$/.exec(p.metadata.name ?? '')?.[1] ?? -1);

Then('each pod of the StatefulSet {string} was created after the one before it was Running and Ready', function (this: KubespecWorld, set: string) {
  return this.driver.eventually(async () => {
    const pods = (await this.driver.list('pods', this.driver.namespace, {}))
      .filter((p) => p.metadata.ownerReferences?.some((r) => r.kind === 'StatefulSet' && r.name === set))
      .sort((a, b) => ordinal(a) - ordinal(b));
    expect(pods.length).toBeGreaterThan(1);
    const timeline = pods.map((p) => {
      const ready = (p.status?.conditions ?? []).find((c: any) => c.type === 'Ready' && c.status === 'True');
      return { pod: p.metadata.name, created: p.metadata.creationTimestamp, ready: ready?.lastTransitionTime ?? null };
    });
    for (let i = 1; i < timeline.length; i++) {
      const prev = timeline[i - 1];
      expect({ [String(timeline[i].pod)]: timeline[i].created, after: prev }).toEqual({
        [String(timeline[i].pod)]: timeline[i].created,
        after: { ...prev, ready: prev.ready !== null && Date.parse(prev.ready) <= Date.parse(String(timeline[i].created)) ? prev.ready : 'Ready before the next Pod was created' },
      });
    }
  });
});

Then(
  'every pod labelled {string} has the label {string} set to the StatefulSet {string}\'s status.{word}',
  function (this: KubespecWorld, sel: string, label: string, set: string, field: string) {
    return this.driver.eventually(async () => {
      const sts = await this.driver.get('statefulsets', this.driver.namespace, set);
      const want = sts.status?.[field];
      expect(typeof want).toBe('string');
      const pods = await this.driver.list('pods', this.driver.namespace, { labelSelector: sel });
      expect(pods.length).toBeGreaterThan(0);
      expect(pods.map((p) => `${p.metadata.name}=${p.metadata.labels?.[label]}`)).toEqual(pods.map((p) => `${p.metadata.name}=${want}`));
    });
  },
);

/** What a reader does with `docker exec <node> sh -c 'echo … > …'`: writes into a volume's directory on its node. */
When('I write {string} into {string} on the node of the volume bound to the claim {string}', async function (this: KubespecWorld, text: string, file: string, claim: string) {
  const pvc = await this.driver.get('persistentvolumeclaims', this.driver.namespace, claim);
  expect(pvc.spec?.volumeName).toBeTruthy();
  const pv = await this.driver.get('persistentvolumes', undefined, pvc.spec!.volumeName);
  const node = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms?.[0]?.matchExpressions?.[0]?.values?.[0];
  expect(node).toBeTruthy();
  const result = await this.exec(`on ${node} tee ${pv.spec!.hostPath.path}/${file}`, `${text}\n`);
  expect(result.code).toBe(0);
});

Then('the volume bound to the claim {string} is named after the claim\'s uid, on the node the Pod {string} runs on', async function (this: KubespecWorld, claim: string, pod: string) {
  const pvc = await this.driver.get('persistentvolumeclaims', this.driver.namespace, claim);
  const p = await this.driver.get('pods', this.driver.namespace, pod);
  const pv = await this.driver.get('persistentvolumes', undefined, pvc.spec!.volumeName);
  const node = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms?.[0]?.matchExpressions?.[0]?.values?.[0];
  expect({ volume: pv.metadata.name, node, path: pv.spec?.hostPath?.path }).toEqual({
    volume: `pvc-${pvc.metadata.uid}`,
    node: p.spec?.nodeName,
    path: `/var/local-path-provisioner/pvc-${pvc.metadata.uid}_${this.driver.namespace}_${claim}`,
  });
});

Then('no node has anything under {string}', async function (this: KubespecWorld, dir: string) {
  const found: string[] = [];
  for (const node of await this.driver.workerNodes()) {
    const r = await this.exec(`on ${node} ls ${dir}`);
    // A node that never had a volume has no such directory: that is an answer too.
    this.lastChecked = true;
    if (r.code === 0 && r.stdout.trim()) found.push(`${node}: ${r.stdout.trim()}`);
  }
  expect(found).toEqual([]);
});
