import { After, Before } from '@cucumber/cucumber';
import type { KubespecWorld } from '../world';

// A real cluster outlives scenarios: each starts from a clean namespace and cleans up after
// itself. The model is made anew for every scenario and needs neither.
Before(async function (this: KubespecWorld) {
  if (this.parameters.driver === 'client-node') await this.driver.setUp();
});

After(async function (this: KubespecWorld) {
  if (this.driverStarted) await this.driver.tearDown();
});
