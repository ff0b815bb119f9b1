/**
 * The schema property (features/schema-property.feature): generated objects of every served
 * kind, valid and not, sent to one cluster's API server (steps/properties/schema-objects.ts,
 * schema-check.ts).
 */
import { Then } from '@cucumber/cucumber';
import fc from 'fast-check';
import { Cluster } from '../../model/cluster';
import { activeMutant } from '../../model/sim/mutants';
import { checkSchemaCase } from './schema-check';
import { schemaCase, uncoveredKinds, type SchemaCase } from './schema-objects';
import type { KubespecWorld } from '../world';

const PROPERTY_TIMEOUT_MS = 10 * 60_000;
const DEFAULT_SEED = 20260113;

Then('every served kind has generated objects', function () {
  const missing = uncoveredKinds();
  if (missing.length) throw new Error(`no base object for: ${missing.join(', ')}`);
});

Then('generated objects of every served kind are accepted or rejected as their schema and validation say', { timeout: PROPERTY_TIMEOUT_MS }, function (this: KubespecWorld) {
  const cluster = new Cluster({ seed: 1 });
  let n = 0;
  const params: fc.Parameters<[SchemaCase]> = {
    seed: Number(process.env.KUBESPEC_SEED ?? DEFAULT_SEED),
    numRuns: this.parameters.propertyRuns * 8,
    endOnFailure: true,
  };
  if (process.env.KUBESPEC_PATH) params.path = process.env.KUBESPEC_PATH;
  const details = fc.check(
    fc.property(schemaCase, (generated) => {
      // Each run its own name, so runs do not meet in the one cluster.
      const c: SchemaCase = { ...generated, body: structuredClone(generated.body) };
      const name = c.body.metadata?.name;
      if (typeof name === 'string') c.body.metadata.name = name.replace(/^web/, `web-${++n}`);
      const wrong = checkSchemaCase(cluster, c);
      if (wrong) throw new Error(`${c.family} ${c.r.kind} (fieldValidation=${c.directive}): ${wrong}\n${JSON.stringify(c.body)}`);
    }),
    params,
  );
  if (details.failed) {
    const mutant = activeMutant() ? ` (mutant ${activeMutant()})` : '';
    throw new Error(fc.defaultReportMessage(details) + `${mutant}\nReplay: KUBESPEC_SEED=${details.seed} KUBESPEC_PATH="${details.counterexamplePath}" npx cucumber-js features/schema-property.feature --tags @property`);
  }
});
