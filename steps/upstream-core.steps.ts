/**
 * Kubernetes' own unit-test tables for the controllers, the kubelet and the registry
 * (steps/fixtures/upstream/*.json), run against the model's functions: one step, the table
 * named by area and table; it lists every case whose result differs from upstream's.
 */
import { Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { GARBAGE_COLLECTOR_TABLES } from './upstream/garbagecollector';
import { KUBELET_TABLES } from './upstream/kubelet';
import { KUBELET_ACTIONS_TABLES } from './upstream/kubelet-actions';
import { NODE_LIFECYCLE_TABLES } from './upstream/nodelifecycle';
import { SCHEDULING_QUEUE_TABLES } from './upstream/scheduling-queue';
import { SCHEDULER_CACHE_TABLES } from './upstream/scheduler-cache';
import { SCHEDULER_EVENTHANDLER_TABLES } from './upstream/scheduler-eventhandlers';
import { REGISTRY_TABLES } from './upstream/registry';
import { REGISTRY_DELETE_TABLES } from './upstream/registry-delete';
import { TAINT_EVICTION_TABLES } from './upstream/tainteviction';

const AREAS: Record<string, Record<string, () => string[]>> = {
  tainteviction: TAINT_EVICTION_TABLES,
  kubelet: KUBELET_TABLES,
  registry: REGISTRY_TABLES,
  garbagecollector: GARBAGE_COLLECTOR_TABLES,
  'registry-delete': REGISTRY_DELETE_TABLES,
  'kubelet-actions': KUBELET_ACTIONS_TABLES,
  nodelifecycle: NODE_LIFECYCLE_TABLES,
  'scheduling-queue': SCHEDULING_QUEUE_TABLES,
  'scheduler-cache': SCHEDULER_CACHE_TABLES,
  'scheduler-eventhandlers': SCHEDULER_EVENTHANDLER_TABLES,
};

Then("every case of upstream's {word} table {word} holds on the model", function (area: string, table: string) {
  const run = AREAS[area]?.[table];
  if (!run) throw new Error(`no table ${area}/${table}: one of ${Object.entries(AREAS).flatMap(([a, t]) => Object.keys(t).map((k) => `${a}/${k}`)).join(', ')}`);
  expect(run()).toEqual([]);
});
