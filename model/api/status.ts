import type { ResourceInfo } from './registry';
import { qualifiedResource } from './registry';

/** metav1.Status: how the API server reports every failure. */
export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: Record<string, never>;
  status: 'Failure';
  message: string;
  reason: StatusReason;
  details?: { name?: string; group?: string; kind?: string; causes?: StatusCause[]; retryAfterSeconds?: number };
  code: number;
}

export type StatusReason =
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'Invalid'
  | 'BadRequest'
  | 'Forbidden'
  | 'Unauthorized'
  | 'MethodNotAllowed'
  | 'RequestEntityTooLarge'
  | 'UnsupportedMediaType'
  | 'NotAcceptable'
  | 'Expired'
  | 'Gone'
  | 'InternalError'
  | 'Timeout'
  | 'ServiceUnavailable'
  | 'NotAcceptable'
  | 'UnsupportedMediaType';

export interface StatusCause {
  reason: string;
  message: string;
  field: string;
}

/** A Status thrown by the API server and caught by clients (kubectl prints it). */
export class StatusError extends Error {
  constructor(readonly status: Status) {
    super(status.message);
  }
  get code(): number {
    return this.status.code;
  }
  get reason(): StatusReason {
    return this.status.reason;
  }
}

function status(code: number, reason: StatusReason, message: string, details?: Status['details']): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason, details, code });
}

export const errors = {
  notFound: (r: ResourceInfo, name: string) =>
    status(404, 'NotFound', `${qualifiedResource(r)} "${name}" not found`, { name, group: r.group || undefined, kind: r.resource }),
  alreadyExists: (r: ResourceInfo, name: string) =>
    status(409, 'AlreadyExists', `${qualifiedResource(r)} "${name}" already exists`, { name, group: r.group || undefined, kind: r.resource }),
  conflict: (r: ResourceInfo, name: string) =>
    status(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${qualifiedResource(r)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      { name, group: r.group || undefined, kind: r.resource },
    ),
  conflictMessage: (r: ResourceInfo, name: string, why: string) =>
    status(409, 'Conflict', `Operation cannot be fulfilled on ${qualifiedResource(r)} "${name}": ${why}`, { name, group: r.group || undefined, kind: r.resource }),
  invalid: (r: ResourceInfo, name: string, causes: FieldError[]) =>
    status(
      422,
      'Invalid',
      `${r.kind}${r.group ? '.' + r.group : ''} "${name}" is invalid: ${aggregate(causes)}`,
      { name, group: r.group || undefined, kind: r.kind, causes: causes.map((c) => ({ reason: c.type, message: c.detailMessage(), field: c.field })) },
    ),
  badRequest: (message: string) => status(400, 'BadRequest', message),
  /**
   * responsewriters.Forbidden: the resource with its subresource in the sentence, "in the
   * namespace" for a namespaced request and "at the cluster scope" for everything else (a
   * cluster-scoped resource, or a list or watch across all namespaces).
   */
  /** The authorizer's denial; `reason` (the authorizers' reasons) follows after ": " when not empty. */
  forbidden: (r: ResourceInfo, name: string, user: string, verb: string, namespace?: string, subresource?: string, reason?: string) =>
    status(
      403,
      'Forbidden',
      `${qualifiedResource(r)}${name ? ` "${name}"` : ''} is forbidden: User "${user}" cannot ${verb} resource "${r.resource}${subresource ? '/' + subresource : ''}" in API group "${r.group}"${
        namespace ? ` in the namespace "${namespace}"` : ' at the cluster scope'
      }${reason ? `: ${reason}` : ''}`,
      { name: name || undefined, group: r.group || undefined, kind: r.resource },
    ),
  /** apierrors.NewForbidden with an admission plugin's reason ("this namespace may not be deleted"). */
  forbiddenBecause: (r: ResourceInfo, name: string, why: string) =>
    status(403, 'Forbidden', `${qualifiedResource(r)} "${name}" is forbidden: ${why}`, { name, group: r.group || undefined, kind: r.resource }),
  /** A non-resource URL denied: apierrors.NewForbidden with an empty GroupResource. */
  forbiddenPath: (user: string, verb: string, path: string) => status(403, 'Forbidden', `forbidden: User "${user}" cannot ${verb} path "${path}"`, {}),
  unauthorized: () => status(401, 'Unauthorized', 'Unauthorized'),
  methodNotAllowed: (message: string) => status(405, 'MethodNotAllowed', message),
  gone: (message: string) => status(410, 'Expired', message),
  internal: (message: string) => status(500, 'InternalError', `Internal error occurred: ${message}`),
  unavailable: (message: string) => status(503, 'ServiceUnavailable', message),
};

/** field.Error from apimachinery's validation/field package. */
export class FieldError {
  constructor(
    readonly type:
      | 'FieldValueRequired'
      | 'FieldValueInvalid'
      | 'FieldValueNotSupported'
      | 'FieldValueForbidden'
      | 'FieldValueDuplicate'
      | 'FieldValueTypeInvalid'
      | 'FieldValueTooLong'
      | 'FieldValueTooMany'
      | 'FieldValueNotFound',
    readonly field: string,
    readonly badValue: unknown,
    readonly detail: string,
  ) {}

  static required(field: string, detail = ''): FieldError {
    return new FieldError('FieldValueRequired', field, '', detail);
  }
  static invalid(field: string, value: unknown, detail: string): FieldError {
    return new FieldError('FieldValueInvalid', field, value, detail);
  }
  static notSupported(field: string, value: unknown, valid: string[]): FieldError {
    return new FieldError('FieldValueNotSupported', field, value, `supported values: ${valid.map((v) => `"${v}"`).join(', ')}`);
  }
  static forbidden(field: string, detail: string): FieldError {
    return new FieldError('FieldValueForbidden', field, '', detail);
  }
  static duplicate(field: string, value: unknown): FieldError {
    return new FieldError('FieldValueDuplicate', field, value, '');
  }
  /** field.TooLong: the value is never printed. */
  static tooLong(field: string, maxLength: number): FieldError {
    return new FieldError('FieldValueTooLong', field, '<value omitted>', maxLength >= 0 ? `may not be more than ${maxLength} bytes` : 'value is too long');
  }
  static tooMany(field: string, actual: number, max: number): FieldError {
    return new FieldError('FieldValueTooMany', field, actual, `must have at most ${max} items`);
  }
  static notFound(field: string, value: unknown): FieldError {
    return new FieldError('FieldValueNotFound', field, value, '');
  }

  private typeText(): string {
    return {
      FieldValueRequired: 'Required value',
      FieldValueInvalid: 'Invalid value',
      FieldValueNotSupported: 'Unsupported value',
      FieldValueForbidden: 'Forbidden',
      FieldValueDuplicate: 'Duplicate value',
      FieldValueTypeInvalid: 'Invalid value',
      FieldValueTooLong: 'Too long',
      FieldValueTooMany: 'Too many',
      FieldValueNotFound: 'Not found',
    }[this.type];
  }

  /** The message without the field path (Status cause message). */
  detailMessage(): string {
    const t = this.typeText();
    // ErrorBody: these types never print the value.
    if (this.type === 'FieldValueRequired' || this.type === 'FieldValueForbidden' || this.type === 'FieldValueTooLong') return this.detail ? `${t}: ${this.detail}` : t;
    const v = formatValue(this.badValue);
    return this.detail ? `${t}: ${v}: ${this.detail}` : `${t}: ${v}`;
  }

  /** "spec.replicas: Invalid value: -1: must be greater than or equal to 0" */
  toString(): string {
    return `${this.field}: ${this.detailMessage()}`;
  }
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  // ErrorBody (apimachinery v1.32) turns a nil value (or nil pointer) into the string "null" and then
  // prints it as any string, with %q.
  if (v === null || v === undefined) return '"null"';
  if (typeof v === 'object') {
    if ((v as object).toString !== Object.prototype.toString && !Array.isArray(v)) return String(v);
    // %#v of a []string, the only slice validation reports as a value.
    if (Array.isArray(v)) return `[]string{${v.map((x) => JSON.stringify(String(x))).join(', ')}}`;
    // Go prints maps as map[k:v]
    return `map[${Object.keys(v as object)
      .sort()
      .map((k) => `${k}:${(v as Record<string, unknown>)[k]}`)
      .join(' ')}]`;
  }
  return String(v);
}

/** ErrorList.ToAggregate: the same message once; one error bare, several as "[a, b]". */
function aggregate(errs: FieldError[]): string {
  const msgs = [...new Set(errs.map((e) => e.toString()))];
  if (msgs.length === 1) return msgs[0];
  return `[${msgs.join(', ')}]`;
}
