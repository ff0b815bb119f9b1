/**
 * How kube-apiserver ends a Namespace (pkg/registry/core/namespace/storage and the
 * NamespaceLifecycle admission plugin): the first DELETE only marks it (deletionTimestamp,
 * status.phase Terminating); it stays while spec.finalizers holds "kubernetes", which the
 * namespace controller removes through the finalize subresource once the content is gone, and
 * that write removes it. Meanwhile nothing new may be created in it.
 */
import type { KObject } from '../api/meta';
import { qualifiedResource, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';

/** NamespaceLifecycle's refusal of a create in a Terminating namespace (403, cause NamespaceTerminating). */
export function namespaceTerminating(r: ResourceInfo, name: string, ns: string): StatusError {
  const why = `unable to create new content in namespace ${ns} because it is being terminated`;
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: name ? `${qualifiedResource(r)} "${name}" is forbidden: ${why}` : `${qualifiedResource(r)} is forbidden: ${why}`,
    reason: 'Forbidden',
    details: { name: name || undefined, group: r.group || undefined, kind: r.resource, causes: [{ reason: 'NamespaceTerminating', message: `namespace ${ns} is being terminated`, field: 'metadata.namespace' }] },
    code: 403,
  });
}

export function isTerminating(ns: KObject | undefined): boolean {
  return ns?.status?.phase === 'Terminating';
}

/** The first DELETE of a Namespace: marked for deletion and Terminating, nothing removed yet. */
export function markTerminating(ns: KObject, now: string): KObject {
  return { ...ns, metadata: { ...ns.metadata, deletionTimestamp: ns.metadata.deletionTimestamp ?? now }, status: { ...ns.status, phase: 'Terminating' } };
}

/** Whether a DELETE may remove the Namespace now: only once its spec.finalizers are done. */
export function finalizersDone(ns: KObject): boolean {
  return (ns.spec?.finalizers ?? []).length === 0 && (ns.metadata.finalizers ?? []).length === 0;
}

/** PUT namespaces/x/finalize: only spec.finalizers changes. */
export function finalized(old: KObject, body: any): KObject {
  return { ...old, metadata: { ...old.metadata }, spec: { ...old.spec, finalizers: Array.isArray(body?.spec?.finalizers) && body.spec.finalizers.length ? body.spec.finalizers : undefined } };
}

/** namespaceStrategy.PrepareForCreate: Active, and the "kubernetes" finalizer always among spec.finalizers. */
export function prepareNamespaceForCreate(ns: KObject): void {
  const finalizers: string[] = Array.isArray(ns.spec?.finalizers) ? ns.spec.finalizers : [];
  ns.spec = { ...(ns.spec ?? {}), finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'] };
  ns.status = { phase: 'Active' };
}

/** namespaceStrategy.PrepareForUpdate: spec.finalizers change only through the finalize subresource. */
export function prepareNamespaceForUpdate(next: KObject, old: KObject): void {
  next.spec = { ...(next.spec ?? {}) };
  if (old.spec?.finalizers) next.spec.finalizers = old.spec.finalizers;
  else delete next.spec.finalizers;
}
