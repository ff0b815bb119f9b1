import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../model/api/meta';
import type { KubespecWorld } from './world';

// R80-R83: a DaemonSet's ControllerRevisions, read through the driver, so the checks hold on
// any cluster. The label and image come from the scenario; the revisions from the cluster.

const HASH = 'controller-revision-hash';

/** The DaemonSet's ControllerRevisions (by controller reference), newest last. */
async function revisionsOf(w: KubespecWorld, ds: string): Promise<KObject[]> {
  const owner = await w.driver.get('daemonsets', w.driver.namespace, ds);
  const all = await w.driver.list('controllerrevisions', w.driver.namespace, {});
  return all
    .filter((r) => (r.metadata.ownerReferences ?? []).some((o) => o.controller && o.uid === owner.metadata.uid))
    .sort((a: any, b: any) => Number(a.revision) - Number(b.revision));
}

async function newestRevision(w: KubespecWorld, ds: string): Promise<KObject> {
  const revisions = await revisionsOf(w, ds);
  expect(revisions.length).toBeGreaterThan(0);
  return revisions[revisions.length - 1];
}

Then('every pod labelled {string} carries the {string} of the newest revision of daemonset {string}', function (this: KubespecWorld, sel: string, label: string, ds: string) {
  return this.driver.eventually(async () => {
    const hash = (await newestRevision(this, ds)).metadata.labels?.[label];
    expect(hash).toBeTruthy();
    const pods = (await this.driver.list('pods', this.driver.namespace, { labelSelector: sel })).filter((p) => !p.metadata.deletionTimestamp);
    expect(pods.length).toBeGreaterThan(0);
    expect(pods.map((p) => `${p.metadata.name} ${p.metadata.labels?.[label]}`)).toEqual(pods.map((p) => `${p.metadata.name} ${hash}`));
  });
});

Then('the newest revision of daemonset {string} is named after its {string} label and stores the template with image {string}', function (this: KubespecWorld, ds: string, label: string, image: string) {
  return this.driver.eventually(async () => {
    const r: any = await newestRevision(this, ds);
    expect(label).toBe(HASH);
    expect(r.metadata.name).toBe(`${ds}-${r.metadata.labels?.[label]}`);
    // The data is the patch that puts the template back whole.
    expect(r.data?.spec?.template?.$patch).toBe('replace');
    expect(r.data?.spec?.template?.spec?.containers?.map((c: any) => c.image)).toEqual([image]);
  });
});
