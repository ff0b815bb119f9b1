/** Steps of the Jobs, CronJobs, `kubectl run` and `kubectl wait` features. */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KubespecWorld } from './world';

/** A Job's UID is random: the expected text names it UID and the step reads the stored Job's. */
Then('the output, with UID for the uid of the job {string}, is:', function (this: KubespecWorld, name: string, text: string) {
  const uid = this.cluster.admin.get('jobs', 'default', name).metadata.uid!;
  expect(this.output.trimEnd()).toBe(text.split('UID').join(uid).trimEnd());
});
