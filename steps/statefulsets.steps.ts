import { Then } from '@cucumber/cucumber';
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
