/**
 * Helpers of the API server's storage: the JSON encoding in etcd (resourceVersion is the
 * key's mod revision, never stored), managed fields, the autoscaling/v1 Scale view, selector
 * parsing into Status errors, and the trace names of identities.
 */
import type { KObject } from '../api/meta';
import { jsonCopy } from '../api/json-copy';
import type { ResourceInfo } from '../api/registry';
import { type FieldSelector, matchesLabels, parseLabelSelector, SelectorParseError, type Selector } from '../api/selectors';
import { matchesFields, parseFieldSelectorFor } from './fieldlabels';
import { errors, StatusError } from '../api/status';
import type { ApiRequest, Identity } from './request';

export function connectionRefused(endpoint: string): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: `The connection to the server ${endpoint} was refused - did you specify the right host or port?`,
    reason: 'ServiceUnavailable',
    code: 0,
  });
}

export function actorOf(id: Identity, req: ApiRequest): string {
  return componentName(id.user) ?? req.userAgent ?? id.user;
}

/** system:kube-scheduler -> kube-scheduler; system:node:k8s-worker-1 -> kubelet/k8s-worker-1. */
export function componentName(user: string): string | undefined {
  if (user.startsWith('system:node:')) return `kubelet/${user.slice('system:node:'.length)}`;
  if (user === 'system:kube-scheduler') return 'kube-scheduler';
  if (user === 'system:kube-controller-manager') return 'kube-controller-manager';
  if (user === 'system:kube-proxy') return 'kube-proxy';
  if (user === 'system:serviceaccount:kube-system:kube-proxy') return 'kube-proxy';
  if (user === 'system:apiserver') return 'kube-apiserver';
  if (user === 'kubernetes-super-admin') return 'kubeadm';
  if (user === 'system:serviceaccount:kube-flannel:flannel') return 'flanneld';
  if (user === 'system:serviceaccount:local-path-storage:local-path-provisioner-service-account') return 'local-path-provisioner';
  if (user === 'kubernetes-admin') return 'kubectl';
  return undefined;
}

export function parseSelectors(req: ApiRequest) {
  try {
    return { labels: parseLabelSelector(req.query?.labelSelector ?? ''), fields: parseFieldSelectorFor(req.resource, req.query?.fieldSelector ?? '') };
  } catch (e) {
    if (e instanceof SelectorParseError) throw errors.badRequest(e.message);
    throw e;
  }
}

export function matchesSel(obj: KObject, labels: Selector, fields: FieldSelector): boolean {
  return matchesLabels(labels, obj.metadata.labels) && matchesFields(fields, obj);
}

export function encode(obj: KObject): string {
  return JSON.stringify(obj);
}

export function decode(value: string, modRevision: number): KObject {
  const o = JSON.parse(value) as KObject;
  o.metadata.resourceVersion = String(modRevision);
  return o;
}

export function stripRV(o: KObject): KObject {
  return { ...o, metadata: { ...o.metadata, resourceVersion: undefined, managedFields: undefined } };
}

/** A JSON round trip's copy (undefined fields dropped), made without the string (api/json-copy.ts). */
export function stripUndefined<T>(o: T): T {
  return jsonCopy(o);
}

/**
 * The field manager a write is recorded under (managerOrUserAgent): the fieldManager query
 * parameter, else the User-Agent up to its first "/" (kubectl, kube-controller-manager).
 */
export function managerOf(id: Identity, req: ApiRequest): string {
  return req.query?.fieldManager ?? (req.userAgent ? req.userAgent.split('/')[0] : componentName(id.user) ?? id.user);
}

export function toScale(r: ResourceInfo, obj: KObject): any {
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name: obj.metadata.name, namespace: obj.metadata.namespace, uid: obj.metadata.uid, resourceVersion: obj.metadata.resourceVersion, creationTimestamp: obj.metadata.creationTimestamp },
    spec: { replicas: obj.spec?.replicas ?? 0 },
    status: { replicas: obj.status?.replicas ?? 0, selector: obj.spec?.selector?.matchLabels ? Object.entries(obj.spec.selector.matchLabels).map(([k, v]) => `${k}=${v}`).join(',') : '' },
  };
}

/** An injected failure (model/sim/faults.ts), worded as kube-apiserver words each. */
export function injectedError(code: 409 | 500 | 504, r: ResourceInfo, name: string): StatusError {
  if (code === 409) return errors.conflict(r, name);
  if (code === 504)
    return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Timeout: request did not complete within requested timeout - context deadline exceeded', reason: 'Timeout', details: {}, code: 504 });
  return errors.internal('etcdserver: request timed out');
}
