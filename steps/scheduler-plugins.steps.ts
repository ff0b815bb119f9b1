/**
 * Kubernetes' own unit-test tables for the scheduler's plugins (steps/fixtures/upstream/scheduler-*.json),
 * run against the model's plugin functions: one step, the plugin's test file and table; it lists
 * every case whose result differs from upstream's.
 */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { NODE_PLUGIN_TABLES } from './upstream/scheduler-node-plugins';
import { NODERESOURCES_TABLES } from './upstream/scheduler-noderesources';
import { PREEMPTION_VOLUME_TABLES } from './upstream/scheduler-preemption-volumes';

const PLUGINS: Record<string, Record<string, () => string[]>> = {
  noderesources: NODERESOURCES_TABLES,
  node: NODE_PLUGIN_TABLES,
  preemption: PREEMPTION_VOLUME_TABLES,
};

Then("every case of upstream's {word} plugin test {word} holds on the model", function (plugin: string, table: string) {
  const run = PLUGINS[plugin]?.[table];
  if (!run) throw new Error(`no table ${plugin}/${table}: one of ${Object.entries(PLUGINS).flatMap(([p, t]) => Object.keys(t).map((k) => `${p}/${k}`)).join(', ')}`);
  expect(run()).toEqual([]);
});
