import { After, Before } from '@cucumber/cucumber';
import type { KubespecWorld } from '../world';
import { WAITING_STEP_TIMEOUT_MS } from './driver';
import { clientVersion } from '../support/real-kubectl';

// `@kubectl-1.N`: the scenario reads output whose layout the real kubectl settled on in 1.N (describe's
// fields, for example). On the portable driver an older kubectl skips it, saying why; the model's own
// kubectl prints 1.32's layout and always runs it.
Before(function (this: KubespecWorld, { pickle }) {
  if (this.parameters.driver !== 'client-node') return;
  for (const t of pickle.tags) {
    const m = /^@kubectl-1\.(\d+)$/.exec(t.name);
    const v = clientVersion();
    if (m && v && v.minor < Number(m[1])) {
      this.log(`skipped: needs kubectl 1.${m[1]} or newer for its output layout; the real kubectl here is ${v.gitVersion}`);
      return 'skipped';
    }
  }
  return undefined;
});

// `@real-kubectl-1.N`: the scenario compares the model's kubectl with what the real kubectl 1.N does
// (a message or a format an older kubectl words differently). An older real kubectl on the PATH
// (Debian's kubernetes-client is 1.20) skips it on any driver, saying why; it never passes.
Before(function (this: KubespecWorld, { pickle }) {
  for (const t of pickle.tags) {
    const m = /^@real-kubectl-1\.(\d+)$/.exec(t.name);
    const v = m ? clientVersion() : null;
    if (m && v && v.minor < Number(m[1])) {
      this.log(`skipped: compares with the real kubectl 1.${m[1]}'s behaviour; the real kubectl here is ${v.gitVersion}`);
      return 'skipped';
    }
  }
  return undefined;
});

// A real cluster outlives scenarios: each starts from a clean namespace and cleans up after
// itself. The model is made anew for every scenario and needs neither.
Before({ timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld) {
  if (this.parameters.driver === 'client-node') await this.driver.setUp();
});

After({ timeout: WAITING_STEP_TIMEOUT_MS }, async function (this: KubespecWorld) {
  if (this.driverStarted) await this.driver.tearDown();
});
