/**
 * What the PATCH handler checks before a patch is applied: PatchOptions validation (an apply
 * patch needs a fieldManager; only an apply patch may force) and the apply configuration's
 * own checks (its version, its name, no managedFields).
 */
import type { KObject } from '../../api/meta';
import { groupVersion, type ResourceInfo } from '../../api/registry';
import { errors, FieldError } from '../../api/status';
import type { ApiRequest } from '../request';

const PATCH_OPTIONS = { kind: 'PatchOptions', group: 'meta.k8s.io' } as ResourceInfo;

/** validation.ValidatePatchOptions. */
export function validatePatchOptions(req: ApiRequest): void {
  const errs: FieldError[] = [];
  if (req.patchType === 'apply') {
    if (!req.query?.fieldManager) errs.push(FieldError.required('fieldManager', 'is required for apply patch'));
  } else if (req.query?.force !== undefined) errs.push(FieldError.forbidden('force', 'may not be specified for non-apply patch'));
  if (req.query?.fieldManager && req.query.fieldManager.length > 128) errs.push(FieldError.invalid('fieldManager', req.query.fieldManager, 'must be less than 128 characters'));
  if (errs.length) throw errors.invalid(PATCH_OPTIONS, '', errs);
}

/** The apply configuration, checked as the apply patcher and the field manager check it. */
export function applyConfiguration(r: ResourceInfo, req: ApiRequest): KObject {
  const config = req.body;
  if (!config || typeof config !== 'object' || Array.isArray(config)) throw errors.badRequest(`error decoding YAML: json: cannot unmarshal ${Array.isArray(config) ? 'array' : typeof config} into Go value of type map[string]interface {}`);
  if (config.metadata?.managedFields !== undefined && config.metadata?.managedFields !== null) throw errors.badRequest('metadata.managedFields must be nil');
  if (config.apiVersion !== groupVersion(r))
    throw errors.badRequest(`Incorrect version specified in apply patch. Specified patch version: ${config.apiVersion ?? ''}, expected: ${groupVersion(r)}`);
  if (config.kind !== r.kind) throw errors.badRequest(`Object 'Kind' is missing in '${JSON.stringify(config)}'`);
  const name = config.metadata?.name;
  if (name !== undefined && name !== req.name) throw errors.badRequest(`the name of the object (${name}) does not match the name on the URL (${req.name})`);
  if (config.metadata?.namespace && req.namespace && config.metadata.namespace !== req.namespace)
    throw errors.badRequest('the namespace of the provided object does not match the namespace sent on the request');
  return config as KObject;
}
