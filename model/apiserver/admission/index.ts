import type { AdmissionAttributes, AdmissionLookup } from './attributes';
import { admitNodeRestriction } from './node-restriction';
import { admitServiceAccount } from './serviceaccount';

export type { AdmissionAttributes, AdmissionLookup } from './attributes';

/**
 * The admission chain of kube-apiserver (--enable-admission-plugins, in the order upstream
 * runs them) for the plugins that live here; each throws the request's StatusError to refuse
 * it. The older plugins (NamespaceLifecycle, DefaultStorageClass) are still called inline by
 * the API server.
 */
export function admit(a: AdmissionAttributes, lookup: AdmissionLookup, disabled: ReadonlySet<string> = new Set()): void {
  if (!disabled.has('ServiceAccount')) admitServiceAccount(a, lookup);
  if (!disabled.has('NodeRestriction')) admitNodeRestriction(a, lookup);
}
