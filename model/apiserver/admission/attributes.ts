import type { KObject } from '../../api/meta';
import type { ResourceInfo } from '../../api/registry';
import type { Identity } from '../request';

/** admission.Operation. */
export type Operation = 'CREATE' | 'UPDATE' | 'DELETE';

/**
 * admission.Attributes: what an admission plugin sees of a request: who, which operation on
 * which resource (and subresource), the object as it will be stored and the one stored now.
 */
export interface AdmissionAttributes {
  user: Identity;
  operation: Operation;
  resource: ResourceInfo;
  subresource?: string;
  namespace?: string;
  name: string;
  /** The new object (create, update); a TokenRequest or Eviction for those subresources. */
  object?: any;
  /** The stored object (update, delete). */
  oldObject?: KObject;
}

/** Reads an admission plugin needs (the informers' listers of kube-apiserver). */
export interface AdmissionLookup {
  get(resource: string, namespace: string | undefined, name: string): KObject | undefined;
  /** names.SimpleNameGenerator's 5 random characters, from a stream of their own (the ServiceAccount volume's name). */
  nameSuffix(): string;
}
