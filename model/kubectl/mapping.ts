/**
 * What kubectl's commands share about the objects they send (create, apply, delete, scale …):
 * the REST mapping of a manifest, the namespace it goes to, --dry-run, and the last-applied
 * annotation. One module they all import, so no command imports another.
 */
import type { KObject } from '../api/meta';
import { resourceForKind, type ResourceInfo } from '../api/registry';
import { str, type Parsed } from './args';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';
import type { ManifestObject } from './manifests';
import { toCompactJSON } from './printers/json';

export const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** --dry-run: none, client or server, with kubectl's message suffixes. */
export function dryRunOf(p: Parsed): 'none' | 'client' | 'server' {
  const v = str(p, 'dry-run') ?? 'none';
  if (v === 'none' || v === 'false') return 'none';
  if (v === 'client' || v === 'true' || v === 'unchanged') return 'client';
  if (v === 'server') return 'server';
  throw new KubectlError(`Invalid dry-run value (${v}). Must be "none", "server", or "client".`);
}

/** cmdutil.GetValidationDirective: --validate as a bool or strict|warn|ignore (the fieldValidation it asks for). */
export function validationDirective(p: Parsed): 'Strict' | 'Warn' | 'Ignore' {
  const v = str(p, 'validate') ?? 'strict';
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return 'Strict';
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return 'Ignore';
  if (v === 'strict') return 'Strict';
  if (v === 'warn') return 'Warn';
  if (v === 'ignore') return 'Ignore';
  throw new KubectlError(`invalid - validate option ${JSON.stringify(v)}; must be one of: strict (or true), warn, ignore (or false)`);
}

export function dryRunSuffix(d: 'none' | 'client' | 'server'): string {
  return d === 'client' ? ' (dry run)' : d === 'server' ? ' (server dry run)' : '';
}

/** The REST mapping of a manifest object, or kubectl's "resource mapping not found" error. */
export function mappingFor(m: ManifestObject): ResourceInfo {
  const r = resourceForKind(m.obj.apiVersion!, m.obj.kind!);
  if (!r) {
    throw new KubectlError(
      `resource mapping not found for name: ${JSON.stringify(m.obj.metadata?.name ?? '')} namespace: ${JSON.stringify(m.obj.metadata?.namespace ?? '')} from ${JSON.stringify(m.source)}: no matches for kind ${JSON.stringify(m.obj.kind)} in version ${JSON.stringify(m.obj.apiVersion)}\nensure CRDs are installed first`,
    );
  }
  return r;
}

/**
 * The namespace an object goes to: its own, else -n/the default. An object naming another
 * namespace than an explicit -n is refused, as kubectl refuses it.
 */
export function namespaceFor(ctx: Ctx, r: ResourceInfo, obj: KObject): string | undefined {
  if (!r.namespaced) return undefined;
  const own = obj.metadata.namespace;
  if (own && ctx.namespaceExplicit && own !== ctx.namespace)
    throw new KubectlError(`the namespace from the provided object "${own}" does not match the namespace "${ctx.namespace}". You must pass '--namespace=${own}' to perform this operation.`);
  return own || ctx.namespace;
}

/** GetModifiedConfiguration: the object as JSON without the annotation, as stored in it. */
export function appliedConfiguration(obj: KObject): string {
  const copy: KObject = JSON.parse(JSON.stringify(obj));
  copy.metadata.annotations = { ...(copy.metadata.annotations ?? {}) };
  delete copy.metadata.annotations[LAST_APPLIED];
  return toCompactJSON(copy) + '\n';
}

/** The object with its last-applied-configuration annotation set. */
export function withApplyAnnotation(obj: KObject): KObject {
  const config = appliedConfiguration(obj);
  const copy: KObject = JSON.parse(JSON.stringify(obj));
  copy.metadata.annotations = { ...(copy.metadata.annotations ?? {}), [LAST_APPLIED]: config };
  return copy;
}
