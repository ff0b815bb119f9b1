import { After, Before } from '@cucumber/cucumber';
import type { KubespecWorld } from '../world';
import { WAITING_STEP_TIMEOUT_MS } from './driver';

// A real cluster outlives scenarios: each starts from a clean namespace and cleans up after
// itself. The model is made anew for every scenario and needs neither.
Before({ timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld) {
  if (this.parameters.driver === 'client-node') await this.driver.setUp();
});

After({ timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld) {
  if (this.driverStarted) await this.driver.tearDown();
});
