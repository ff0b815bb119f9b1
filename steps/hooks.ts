import { After, setDefaultTimeout } from '@cucumber/cucumber';
import fc from 'fast-check';
import { type KubespecWorld, uncheckedMessage } from './world';

// Property steps search many runs; ordinary steps finish far sooner.
setDefaultTimeout(60_000);
// fast-check 4 hides the assertion message in Error.cause, which Cucumber does not print.
fc.configureGlobal({ includeErrorInReport: true });

After(function (this: KubespecWorld) {
  this.releaseCluster();
  if (this.last && this.last.code !== 0 && !this.lastChecked) throw new Error(uncheckedMessage(this.last));
  if (this.clusterStarted && this.cluster.sim.failures.length) {
    const f = this.cluster.sim.failures[0];
    throw new Error(`the model failed inside "${f.label}": ${(f.error as Error)?.stack ?? f.error}`);
  }
});
