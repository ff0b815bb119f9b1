import type { KObject } from '../api/meta';
import { resourceForKind, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';
import { bool, F, str, strs, type Parsed } from './args';
import { addSourceToErr, formatErrors, KubectlError, collectError } from './errors';
import type { Command, Ctx } from './kubectl';
import { readManifests, type ManifestObject } from './manifests';
import { parseOutput, printObjects } from './output';
import { toCompactJSON } from './printers/json';
import { objectRef } from './resources';
import { threeWayPatch } from './threeway';
import { validationDirective, appliedConfiguration, dryRunOf, dryRunSuffix, LAST_APPLIED, mappingFor, namespaceFor, withApplyAnnotation } from './mapping';

/** `kubectl apply -f`: client-side apply (create with the annotation, or a three-way patch). */
export const applyCommand: Command = {
  flags: [F.filename, F.recursive, F.output, F.dryRun, F.validate, F.fieldManager, F.selector, { name: 'server-side', type: 'bool' }, { name: 'force', type: 'bool' }, { name: 'prune', type: 'bool' }, { name: 'kustomize', short: 'k', type: 'string' }],
  run(ctx, args, p) {
    const files = strs(p, 'filename');
    // FilenameOptions.validate: refused before any request, the cluster untouched.
    if (files.length > 0 && str(p, 'kustomize')) throw new KubectlError('only one of -f or -k can be specified');
    if (files.length === 0) throw new KubectlError('must specify one of -f and -k');
    const dryRun = dryRunOf(p);
    // --validate becomes the server's fieldValidation on every write (kubectl 1.32 sends Strict by default).
    const fieldValidation = validationDirective(p);
    const fmt = parseOutput(str(p, 'output'), false);
    const { items, errors } = readManifests(files, ctx.io, bool(p, 'recursive'));
    if (items.length === 0 && errors.length === 0) throw new KubectlError('no objects passed to apply');
    const printed: { obj: KObject; r: ResourceInfo }[] = [];
    for (const m of items) {
      try {
        const r = mappingFor(m);
        const ns = namespaceFor(ctx, r, m.obj);
        const obj: KObject = JSON.parse(JSON.stringify(m.obj));
        if (ns) obj.metadata.namespace = ns;
        else delete obj.metadata.namespace;
        const name = obj.metadata.name;
        if (!name) throw new KubectlError(`error when retrieving current configuration of:\n${infoString(r, '', ns)}\nfrom server for: "${m.source}": resource name may not be empty`);
        const result = applyOne(ctx, r, ns, obj, m.source, dryRun, fieldValidation);
        if (fmt) printed.push({ obj: result.obj, r });
        else ctx.out += `${objectRef(r, name)} ${result.verb}${dryRunSuffix(dryRun)}\n`;
      } catch (e) {
        collectError(errors, e);
      }
    }
    if (fmt && printed.length) ctx.out += printObjects(printed, fmt, printed.length === 1);
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};

/**
 * resource.Info's String(): the mapping (GroupVersionResource and GroupVersionKind as
 * apimachinery prints them, "/v1" for the core group) and the name and namespace.
 */
function infoString(r: ResourceInfo, name: string, ns: string | undefined): string {
  return `Resource: "${r.group}/${r.version}, Resource=${r.resource}", GroupVersionKind: "${r.group}/${r.version}, Kind=${r.kind}"\nName: "${name}", Namespace: "${ns ?? ''}"`;
}

function applyOne(ctx: Ctx, r: ResourceInfo, ns: string | undefined, obj: KObject, source: string, dryRun: 'none' | 'client' | 'server', fieldValidation: 'Strict' | 'Warn' | 'Ignore'): { verb: string; obj: KObject } {
  let current: KObject | undefined;
  try {
    current = ctx.client.tryGet(r.resource, ns, obj.metadata.name!);
  } catch (e) {
    throw addSourceToErr(`retrieving current configuration of:\n${infoString(r, obj.metadata.name!, ns)}\nfrom server for:`, source, e);
  }
  const modified = withApplyAnnotation(obj);
  if (!current) {
    if (dryRun === 'client') return { verb: 'created', obj: modified };
    try {
      const created = ctx.client.create(r.resource, ns, modified, { dryRun: dryRun === 'server', fieldManager: 'kubectl-client-side-apply', fieldValidation });
      return { verb: 'created', obj: created };
    } catch (e) {
      throw addSourceToErr('creating', source, e);
    }
  }
  const lastApplied = current.metadata.annotations?.[LAST_APPLIED];
  if (lastApplied === undefined)
    ctx.err += `Warning: resource ${r.resource}/${obj.metadata.name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`;
  let original: KObject | null = null;
  try {
    original = lastApplied ? JSON.parse(lastApplied) : null;
  } catch {
    original = null;
  }
  const patch = threeWayPatch(original, modified, current);
  if (Object.keys(patch).length === 0) return { verb: 'unchanged', obj: current };
  if (dryRun === 'client') return { verb: 'configured', obj: current };
  try {
    const patched = ctx.client.patch(r.resource, ns, obj.metadata.name!, 'strategic', patch, { dryRun: dryRun === 'server', fieldManager: 'kubectl-client-side-apply', fieldValidation });
    return { verb: 'configured', obj: patched };
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'Invalid') throw e;
    throw addSourceToErr(`applying patch:\n${toCompactJSON(patch)}\nto:\nResource: "${r.group ? r.group + '/' : ''}${r.version}, Resource=${r.resource}", GroupVersionKind: "${obj.apiVersion}, Kind=${obj.kind}"\nName: "${obj.metadata.name}", Namespace: "${ns ?? ''}"\nfor:`, source, e);
  }
}
