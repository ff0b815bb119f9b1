/**
 * Namespaces: ValidateNamespace (a DNS-1123 label name, finalizers that are qualified names)
 * and the NamespaceLifecycle admission plugin's rule that the system namespaces live forever.
 */
import { FieldError } from '../../api/status';
import { isQualifiedName } from '../../api/validation';

/** NamespaceLifecycle's immortalNamespaces. */
export const IMMORTAL_NAMESPACES = ['default', 'kube-system', 'kube-public'];

/** The reason NamespaceLifecycle refuses to delete `name`, or undefined when it may go. */
export function namespaceDeletionForbidden(name: string): string | undefined {
  return IMMORTAL_NAMESPACES.includes(name) ? 'this namespace may not be deleted' : undefined;
}

const STANDARD_FINALIZERS = ['kubernetes', 'orphan', 'foregroundDeletion'];

/** validateFinalizerName of a Namespace's spec.finalizers: qualified names ("kubernetes"). */
export function validateNamespaceSpec(spec: any, errs: FieldError[]): void {
  const finalizers: unknown[] = Array.isArray(spec?.finalizers) ? spec.finalizers : [];
  finalizers.forEach((f) => {
    const name = typeof f === 'string' ? f : String(f ?? '');
    for (const msg of isQualifiedName(name)) errs.push(FieldError.invalid('spec.finalizers', name, msg));
    // validateKubeFinalizerName: a finalizer without a domain must be a standard one.
    if (!name.includes('/') && !STANDARD_FINALIZERS.includes(name))
      errs.push(FieldError.invalid('spec.finalizers', name, 'name is neither a standard finalizer name nor is it fully qualified'));
  });
}
