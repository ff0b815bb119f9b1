/**
 * `kubectl create token SERVICE_ACCOUNT_NAME` (pkg/cmd/create/create_token.go): a TokenRequest
 * for the ServiceAccount (audiences, --duration, a bound Pod, Secret or Node), the token printed
 * alone, or the TokenRequest with -o.
 */
import { resourceByName } from '../api/registry';
import { StatusError } from '../api/status';
import { str, strs, type FlagSpec, type Parsed } from './args';
import { KubectlError } from './errors';
import { parseGoDuration } from './goparse';
import type { Ctx } from './kubectl';
import { parseOutput, PRINT_FLAGS, printObjects } from './output';

export const TOKEN_FLAGS: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string' },
  ...PRINT_FLAGS,
  { name: 'audience', type: 'stringArray' },
  { name: 'duration', type: 'duration' },
  { name: 'bound-object-kind', type: 'string' },
  { name: 'bound-object-name', type: 'string' },
  { name: 'bound-object-uid', type: 'string' },
];

/** boundObjectKindToAPIVersions. */
const BOUND_KINDS: Record<string, string> = { Node: 'v1', Pod: 'v1', Secret: 'v1' };

export function createToken(ctx: Ctx, p: Parsed, args: string[]): number {
  const named = p.argsBeforeDash === undefined ? args.length : p.argsBeforeDash - 1;
  if (named !== 1) throw new KubectlError(`exactly one NAME is required, got ${named}\nSee 'kubectl create token -h' for help and examples`);
  const name = args[0];
  const fmt = parseOutput(str(p, 'output'), false);
  // Validate, before any request.
  const durationMs = str(p, 'duration') === undefined ? 0 : parseGoDuration(str(p, 'duration')!);
  if (durationMs < 0) throw new KubectlError('--duration must be greater than or equal to 0');
  if (durationMs % 1000 !== 0) throw new KubectlError('--duration cannot be expressed in units less than seconds');
  const audiences = strs(p, 'audience');
  if (audiences.some((a) => a === '')) throw new KubectlError('--audience must not be an empty string');
  const kind = str(p, 'bound-object-kind') ?? '';
  const boundName = str(p, 'bound-object-name') ?? '';
  const boundUID = str(p, 'bound-object-uid') ?? '';
  if (!kind) {
    if (boundName) throw new KubectlError('--bound-object-name can only be set if --bound-object-kind is provided');
    if (boundUID) throw new KubectlError('--bound-object-uid can only be set if --bound-object-kind is provided');
  } else {
    if (!(kind in BOUND_KINDS)) throw new KubectlError(`supported --bound-object-kind values are ${Object.keys(BOUND_KINDS).sort().join(', ')}`);
    if (!boundName) throw new KubectlError('--bound-object-name is required if --bound-object-kind is provided');
  }
  const spec: any = { audiences: audiences.length ? audiences : null };
  if (durationMs > 0) spec.expirationSeconds = durationMs / 1000;
  if (kind) spec.boundObjectRef = { kind, apiVersion: BOUND_KINDS[kind], name: boundName, ...(boundUID ? { uid: boundUID } : {}) };
  let answer: any;
  try {
    answer = ctx.client.request({ verb: 'create', resource: 'serviceaccounts', subresource: 'token', namespace: ctx.namespace, name, body: { kind: 'TokenRequest', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: null }, spec, status: { token: '', expirationTimestamp: null } } });
  } catch (e) {
    if (e instanceof StatusError && e.code !== 0) throw new KubectlError(`failed to create token: ${e.status.message}`);
    throw e;
  }
  const token = answer?.status?.token ?? '';
  if (!token) throw new KubectlError('failed to create token: no token in server response');
  if (fmt) {
    ctx.out += printObjects([{ obj: answer, r: { ...resourceByName('serviceaccounts')!, kind: 'TokenRequest', group: 'authentication.k8s.io', resource: 'tokenrequests' } }], fmt, true);
    return 0;
  }
  // Not a terminal (a pipe, a file, the reader's transcript): the token without a newline.
  ctx.out += token;
  return 0;
}
