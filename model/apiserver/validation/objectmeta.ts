/**
 * ObjectMeta validation (apimachinery pkg/api/validation/objectmeta.go and
 * pkg/apis/meta/v1/validation): name or generateName per kind, namespace, labels,
 * annotations and their total size, owner references, finalizers; and on update the fields
 * that never change. Label and annotation keys are checked in sorted order so the errors read
 * the same on every run (Go ranges over maps at random).
 */
import { FieldError } from '../../api/status';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, type NameFn } from '../../api/validation';
import { ownerReferencesValue, ownerReferenceValue, plain, stringsValue } from './govalue';

export const FIELD_IMMUTABLE = 'field is immutable';
export const IS_NEGATIVE = 'must be greater than or equal to 0';
/** TotalAnnotationSizeLimitB: 256 KiB of keys and values together. */
export const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

const byteLen = (s: string): number => Buffer.byteLength(s, 'utf8');
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const entries = (m: unknown): [string, unknown][] => (m && typeof m === 'object' && !Array.isArray(m) ? Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : []);

/** ValidateNonnegativeField. */
export function validateNonnegative(value: unknown, path: string, errs: FieldError[]): void {
  if (typeof value === 'number' && value < 0) errs.push(FieldError.invalid(path, value, IS_NEGATIVE));
}

/** ValidateLabelName: a qualified name. */
export function validateLabelName(name: string, path: string, errs: FieldError[]): void {
  for (const msg of isQualifiedName(name)) errs.push(FieldError.invalid(path, name, msg));
}

/**
 * ValidateLabels. A null value decodes to "" (Go's zero string), which is a valid label value,
 * so `app: null` is accepted as the empty label.
 */
export function validateLabels(labels: unknown, path: string, errs: FieldError[]): void {
  for (const [k, v] of entries(labels)) {
    validateLabelName(k, path, errs);
    for (const msg of isValidLabelValue(str(v))) errs.push(FieldError.invalid(path, str(v), msg));
  }
}

/** ValidateAnnotations: keys are qualified names (case-insensitively), 256 KiB in all. */
export function validateAnnotations(annotations: unknown, path: string, errs: FieldError[]): void {
  let total = 0;
  for (const [k, v] of entries(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(FieldError.invalid(path, k, msg));
    total += byteLen(k) + byteLen(str(v));
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(FieldError.tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
}

/** ValidateOwnerReferences: apiVersion with a version, kind, name and uid; one controller. */
function validateOwnerReferences(refs: unknown, path: string, errs: FieldError[]): void {
  if (!Array.isArray(refs)) return;
  let firstController = '';
  for (const ref of refs) {
    const r = ref && typeof ref === 'object' ? ref : {};
    const apiVersion = str(r.apiVersion);
    const version = apiVersion.includes('/') ? apiVersion.split('/').slice(1).join('/') : apiVersion;
    if (!version) errs.push(FieldError.invalid(`${path}.apiVersion`, apiVersion, 'version must not be empty'));
    if (!str(r.kind)) errs.push(FieldError.invalid(`${path}.kind`, str(r.kind), 'kind must not be empty'));
    if (!str(r.name)) errs.push(FieldError.invalid(`${path}.name`, str(r.name), 'name must not be empty'));
    if (!str(r.uid)) errs.push(FieldError.invalid(`${path}.uid`, str(r.uid), 'uid must not be empty'));
    if (apiVersion === 'v1' && r.kind === 'Event') errs.push(FieldError.invalid(path, ownerReferenceValue(r), '/v1, Kind=Event is disallowed from being an owner'));
    if (r.controller === true) {
      const name = `${str(r.kind)}/${str(r.name)}`;
      if (firstController)
        errs.push(FieldError.invalid(path, ownerReferencesValue(refs), `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${name}`));
      else firstController = name;
    }
  }
}

/** ValidateFinalizers: qualified names, never both orphan and foregroundDeletion. */
function validateFinalizers(finalizers: unknown, path: string, errs: FieldError[]): void {
  if (!Array.isArray(finalizers)) return;
  for (const f of finalizers) for (const msg of isQualifiedName(str(f))) errs.push(FieldError.invalid(path, str(f), msg));
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion'))
    errs.push(FieldError.invalid(path, stringsValue(finalizers), 'finalizer orphan and foregroundDeletion cannot be both set'));
}

/** ValidateObjectMeta: `nameFn` checks name and generateName as the kind requires. */
export function validateObjectMeta(meta: any, requiresNamespace: boolean, nameFn: NameFn, path: string, errs: FieldError[]): void {
  const m = meta && typeof meta === 'object' ? meta : {};
  const generateName = str(m.generateName);
  if (generateName) for (const msg of nameFn(generateName, true)) errs.push(FieldError.invalid(`${path}.generateName`, generateName, msg));
  const name = str(m.name);
  if (!name) errs.push(FieldError.required(`${path}.name`, 'name or generateName is required'));
  else for (const msg of nameFn(name, false)) errs.push(FieldError.invalid(`${path}.name`, name, msg));
  const ns = str(m.namespace);
  if (requiresNamespace) {
    if (!ns) errs.push(FieldError.required(`${path}.namespace`));
    else for (const msg of nameIsDNSLabel(ns, false)) errs.push(FieldError.invalid(`${path}.namespace`, ns, msg));
  } else if (ns) errs.push(FieldError.forbidden(`${path}.namespace`, 'not allowed on this type'));
  validateNonnegative(m.generation, `${path}.generation`, errs);
  validateLabels(m.labels, `${path}.labels`, errs);
  validateAnnotations(m.annotations, `${path}.annotations`, errs);
  validateOwnerReferences(m.ownerReferences, `${path}.ownerReferences`, errs);
  validateFinalizers(m.finalizers, `${path}.finalizers`, errs);
}

/** ValidateImmutableField (Semantic.DeepEqual, on the JSON form). */
export function validateImmutable(next: unknown, old: unknown, path: string, shown: unknown, errs: FieldError[]): void {
  if (canonical(next) !== canonical(old)) errs.push(FieldError.invalid(path, shown, FIELD_IMMUTABLE));
}

function canonical(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (typeof v === 'object') return `{${Object.keys(v as object).sort().filter((k) => (v as any)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** time.Time's String of an RFC 3339 timestamp: "2024-01-02 00:00:00 +0000 UTC" (the zero time when unset). */
function goTimeString(v: unknown): string {
  const m = typeof v === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.exec(v) : null;
  if (!m) return '0001-01-01 00:00:00 +0000 UTC';
  const frac = m[3] ? m[3].replace(/0+$/, '') : '';
  if (m[4] === 'Z') return `${m[1]} ${m[2]}${frac === '.' ? '' : frac} +0000 UTC`;
  const offset = m[4].replace(':', '');
  return `${m[1]} ${m[2]}${frac === '.' ? '' : frac} ${offset} ${offset}`;
}

/** ValidateObjectMetaUpdate: name, namespace, uid and timestamps never change; no new finalizers on a deleted object. */
export function validateObjectMetaUpdate(meta: any, oldMeta: any, path: string, errs: FieldError[]): void {
  const m = meta ?? {};
  const o = oldMeta ?? {};
  if (o.deletionTimestamp) {
    const old = new Set<string>(Array.isArray(o.finalizers) ? o.finalizers : []);
    const extra = [...new Set<string>(Array.isArray(m.finalizers) ? m.finalizers : [])].filter((f) => !old.has(f)).sort();
    if (extra.length) errs.push(FieldError.forbidden(`${path}.finalizers`, `no new finalizers can be added if the object is being deleted, found new finalizers ${stringsValue(extra)}`));
  }
  // GetGeneration() is 0 when unset.
  const generation = (g: unknown): number => (typeof g === 'number' ? g : 0);
  if (generation(m.generation) < generation(o.generation)) errs.push(FieldError.invalid(`${path}.generation`, generation(m.generation), 'must not be decremented'));
  // The bad value as ErrorBody prints each getter's type: strings quoted, a metav1.Time by its
  // String method (the zero time when unset), a nil *Time or *int64 as "null".
  const shown: Record<string, (v: unknown) => unknown> = {
    name: (v) => v ?? '',
    namespace: (v) => v ?? '',
    uid: (v) => v ?? '',
    creationTimestamp: (v) => plain(goTimeString(v)),
    deletionTimestamp: (v) => (v === undefined || v === null ? null : plain(goTimeString(v))),
    deletionGracePeriodSeconds: (v) => v ?? null,
  };
  for (const f of ['name', 'namespace', 'uid', 'creationTimestamp', 'deletionTimestamp', 'deletionGracePeriodSeconds'])
    validateImmutable(m[f], o[f], `${path}.${f}`, shown[f](m[f]), errs);
  validateLabels(m.labels, `${path}.labels`, errs);
  validateAnnotations(m.annotations, `${path}.annotations`, errs);
  validateOwnerReferences(m.ownerReferences, `${path}.ownerReferences`, errs);
}

/** ValidateLabelSelector (meta/v1): matchLabels as labels, each requirement's operator, key and values. */
export function validateLabelSelector(sel: any, path: string, errs: FieldError[]): void {
  if (!sel || typeof sel !== 'object') return;
  validateLabels(sel.matchLabels, `${path}.matchLabels`, errs);
  const exprs: unknown[] = Array.isArray(sel.matchExpressions) ? sel.matchExpressions : [];
  exprs.forEach((e: any, i) => {
    const p = `${path}.matchExpressions[${i}]`;
    const values: unknown[] = Array.isArray(e?.values) ? e.values : [];
    const op = str(e?.operator);
    if (op === 'In' || op === 'NotIn') {
      if (values.length === 0) errs.push(FieldError.required(`${p}.values`, "must be specified when `operator` is 'In' or 'NotIn'"));
    } else if (op === 'Exists' || op === 'DoesNotExist') {
      if (values.length > 0) errs.push(FieldError.forbidden(`${p}.values`, "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
    } else errs.push(FieldError.invalid(`${p}.operator`, op, 'not a valid selector operator'));
    validateLabelName(str(e?.key), `${p}.key`, errs);
    values.forEach((v, j) => {
      for (const msg of isValidLabelValue(str(v))) errs.push(FieldError.invalid(`${p}.values[${j}]`, str(v), msg));
    });
  });
}
