import type { Plugin } from '../framework/interface';
import { NodeAffinity } from './node-affinity';
import { NodeName } from './node-name';
import { NodeResourcesBalancedAllocation } from './node-resources-balanced-allocation';
import { NodeResourcesFit } from './node-resources-fit';
import { NodeUnschedulable } from './node-unschedulable';
import { TaintToleration } from './taint-toleration';
import { VolumeBinding } from './volumebinding';

/** A plugin enabled in a profile, with its score weight (0: no Score extension point). */
export interface EnabledPlugin {
  plugin: Plugin;
  weight: number;
}

/** The profile every Pod without another spec.schedulerName belongs to. */
export const DEFAULT_SCHEDULER_NAME = 'default-scheduler';

/**
 * The default profile's plugins, in the order of v1.32's getDefaultPlugins
 * (pkg/scheduler/apis/config/v1/default_plugins.go): filters run in this order and a node's
 * first failing filter is its reason. Not modelled, with their default weights:
 * SchedulingGates, PrioritySort (the queue orders by priority itself), NodePorts,
 * VolumeRestrictions, NodeVolumeLimits, VolumeBinding, VolumeZone, PodTopologySpread (2),
 * InterPodAffinity (2), ImageLocality (1); DefaultPreemption finds no victims
 * (see default-preemption.ts); DefaultBinder is the scheduler's bind call.
 */
export function defaultPlugins(): EnabledPlugin[] {
  return [
    { plugin: new NodeUnschedulable(), weight: 0 },
    { plugin: new NodeName(), weight: 0 },
    { plugin: new TaintToleration(), weight: 3 },
    { plugin: new NodeAffinity(), weight: 2 },
    { plugin: new NodeResourcesFit(), weight: 1 },
    { plugin: new VolumeBinding(), weight: 0 },
    { plugin: new NodeResourcesBalancedAllocation(), weight: 1 },
  ];
}
