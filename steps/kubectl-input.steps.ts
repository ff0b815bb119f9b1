/**
 * kubectl's client-side checks: the property that no generated command line or manifest makes
 * the model's kubectl print JavaScript or throw (steps/properties/kubectl-input.ts). The
 * scenarios' tables use the terminal steps.
 */
import { Then } from '@cucumber/cucumber';
import fc from 'fast-check';
import { Cluster } from '../model/cluster';
import { checkKubectlInput, kubectlInput } from './properties/kubectl-input';
import type { KubespecWorld } from './world';

const PROPERTY_TIMEOUT_MS = 15 * 60_000;
const DEFAULT_SEED = 20260101;

Then('no generated kubectl command line or manifest makes the model\'s kubectl leak JavaScript or throw', { timeout: PROPERTY_TIMEOUT_MS }, function (this: KubespecWorld) {
  const cluster = new Cluster({ seed: 1 });
  const params: fc.Parameters<[Parameters<typeof checkKubectlInput>[1]]> = {
    seed: Number(process.env.KUBESPEC_SEED ?? DEFAULT_SEED),
    numRuns: this.parameters.propertyRuns * 8,
    endOnFailure: true,
  };
  if (process.env.KUBESPEC_PATH) params.path = process.env.KUBESPEC_PATH;
  const details = fc.check(fc.property(kubectlInput, (input) => checkKubectlInput(cluster, input)), params);
  if (details.failed) throw new Error(fc.defaultReportMessage(details) + `\nReplay: KUBESPEC_SEED=${details.seed} KUBESPEC_PATH="${details.counterexamplePath}" npx cucumber-js features/kubectl-input.feature --tags @property`);
});
