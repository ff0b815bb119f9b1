/**
 * Object shapes. The `kubernetes-types` package gives the JSON form of each kind (read-only);
 * the model writes objects, so it uses writable forms of the same shapes.
 */
import type { ObjectMeta as KtObjectMeta, OwnerReference as KtOwnerReference } from 'kubernetes-types/meta/v1';
import { canonicalEqual, canonicalJSON, jsonCopy } from './json-copy';

type Writable<T> = { -readonly [K in keyof T]: T[K] };
export type OwnerReference = Writable<KtOwnerReference>;
export interface ObjectMeta extends Omit<Writable<KtObjectMeta>, 'labels' | 'annotations' | 'ownerReferences' | 'finalizers' | 'managedFields'> {
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  finalizers?: string[];
  managedFields?: any[];
}

/** Any Kubernetes object as it travels through the API (JSON form). */
export interface KObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: any;
  status?: any;
  [field: string]: any;
}

/** A copy as a JSON round trip makes it (model/api/json-copy.ts does it without the string). */
export function deepCopy<T>(o: T): T {
  return o === undefined ? o : jsonCopy(o);
}

/** "namespace/name", or "name" for cluster-scoped objects: client-go's MetaNamespaceKeyFunc. */
export function keyOf(o: { metadata?: ObjectMeta }): string {
  const m = o.metadata ?? {};
  return m.namespace ? `${m.namespace}/${m.name}` : `${m.name}`;
}

export function splitKey(key: string): { namespace?: string; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}

/** The ownerReference with controller: true, if any (metav1.GetControllerOf). */
export function controllerOf(o: { metadata?: ObjectMeta }): OwnerReference | undefined {
  return (o.metadata?.ownerReferences ?? []).find((r) => r.controller === true);
}

export { canonicalJSON } from './json-copy';

/** canonicalJSON(a) === canonicalJSON(b) (compared without the strings). */
export function semanticEqual(a: unknown, b: unknown): boolean {
  return canonicalEqual(a, b);
}
