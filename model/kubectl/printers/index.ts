import { daemonSetPrinter } from './daemonset';
import { deploymentPrinter } from './deployment';
import { endpointSlicePrinter } from './endpointslice';
import { eventPrinter } from './event';
import { configMapPrinter, defaultPrinter, leasePrinter, serviceAccountPrinter } from './misc';
import { namespacePrinter } from './namespace';
import { nodePrinter } from './node';
import { podPrinter } from './pod';
import { replicaSetPrinter } from './replicaset';
import { servicePrinter } from './service';
import type { TablePrinter } from './types';

const PRINTERS: Record<string, TablePrinter> = {
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
  serviceaccounts: serviceAccountPrinter,
};

/** The table printer the API server uses for a resource. */
export function printerFor(resource: string): TablePrinter {
  return PRINTERS[resource] ?? defaultPrinter;
}
