import { cronJobPrinter } from './cronjob';
import { daemonSetPrinter } from './daemonset';
import { deploymentPrinter } from './deployment';
import { endpointSlicePrinter } from './endpointslice';
import { eventPrinter } from './event';
import { jobPrinter } from './job';
import { configMapPrinter, defaultPrinter, leasePrinter, serviceAccountPrinter } from './misc';
import { namespacePrinter } from './namespace';
import { nodePrinter } from './node';
import { pdbPrinter } from './pdb';
import { podPrinter } from './pod';
import { replicaSetPrinter } from './replicaset';
import { secretPrinter } from './secret';
import { servicePrinter } from './service';
import { controllerRevisionPrinter, statefulSetPrinter } from './statefulset';
import { persistentVolumeClaimPrinter, persistentVolumePrinter, storageClassPrinter } from './storage';
import type { TableHandler } from './types';
import { clusterRoleBindingPrinter, roleBindingPrinter, rolePrinter } from './rbac';

const PRINTERS: Record<string, TableHandler> = {
  pods: podPrinter,
  deployments: deploymentPrinter,
  replicasets: replicaSetPrinter,
  daemonsets: daemonSetPrinter,
  nodes: nodePrinter,
  events: eventPrinter,
  namespaces: namespacePrinter,
  services: servicePrinter,
  endpointslices: endpointSlicePrinter,
  leases: leasePrinter,
  configmaps: configMapPrinter,
  secrets: secretPrinter,
  serviceaccounts: serviceAccountPrinter,
  poddisruptionbudgets: pdbPrinter,
  statefulsets: statefulSetPrinter,
  controllerrevisions: controllerRevisionPrinter,
  persistentvolumeclaims: persistentVolumeClaimPrinter,
  persistentvolumes: persistentVolumePrinter,
  storageclasses: storageClassPrinter,
  jobs: jobPrinter,
  cronjobs: cronJobPrinter,
  roles: rolePrinter,
  clusterroles: rolePrinter,
  rolebindings: roleBindingPrinter,
  clusterrolebindings: clusterRoleBindingPrinter,
};

/** The table handler the API server prints a resource with (the default one for kinds without). */
export function printerFor(resource: string): TableHandler {
  return PRINTERS[resource] ?? defaultPrinter;
}
