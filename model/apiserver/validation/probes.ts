/**
 * A container's probes (pkg/apis/core/validation validateLivenessProbe, validateReadinessProbe,
 * validateStartupProbe, validateProbe, validateHandler): exactly one handler, non-negative
 * timings, a valid port, liveness and startup succeeding after one success, and no
 * terminationGracePeriodSeconds on a readiness probe.
 */
import { FieldError } from '../../api/status';
import { isValidPortName, isValidPortNum } from '../../api/validation';

// Stryker disable next-line ConditionalExpression: only decoded objects reach validation, where a probe and its handlers are objects, null or absent (a string or number is a 400 from the decoder first)
const isObj = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

/** ValidatePortNumOrName. A port left out decodes to the IntOrString zero value, the number 0. */
function validatePort(port: unknown, path: string, errs: FieldError[]): void {
  if (typeof port === 'string') {
    for (const msg of isValidPortName(port)) errs.push(FieldError.invalid(path, port, msg));
  } else {
    const n = typeof port === 'number' ? port : 0;
    for (const msg of isValidPortNum(n)) errs.push(FieldError.invalid(path, n, msg));
  }
}

function validateHandler(p: Record<string, any>, path: string, errs: FieldError[]): void {
  let handlers = 0;
  if (isObj(p.exec)) {
    handlers++;
    if (!Array.isArray(p.exec.command) || p.exec.command.length === 0) errs.push(FieldError.required(`${path}.exec.command`));
  }
  if (isObj(p.httpGet)) {
    if (handlers++) errs.push(FieldError.forbidden(`${path}.httpGet`, 'may not specify more than 1 handler type'));
    else {
      if (!p.httpGet.path) errs.push(FieldError.required(`${path}.httpGet.path`));
      validatePort(p.httpGet.port, `${path}.httpGet.port`, errs);
      const scheme = p.httpGet.scheme ?? '';
      if (scheme !== 'HTTP' && scheme !== 'HTTPS') errs.push(FieldError.notSupported(`${path}.httpGet.scheme`, scheme, ['HTTP', 'HTTPS']));
    }
  }
  if (isObj(p.tcpSocket)) {
    if (handlers++) errs.push(FieldError.forbidden(`${path}.tcpSocket`, 'may not specify more than 1 handler type'));
    else validatePort(p.tcpSocket.port, `${path}.tcpSocket.port`, errs);
  }
  if (isObj(p.grpc)) {
    if (handlers++) errs.push(FieldError.forbidden(`${path}.grpc`, 'may not specify more than 1 handler type'));
    else {
      // validateGRPCAction: an int32 port, never a name.
      const port = typeof p.grpc.port === 'number' ? p.grpc.port : 0;
      for (const msg of isValidPortNum(port)) errs.push(FieldError.invalid(`${path}.grpc.port`, port, msg));
    }
  }
  if (handlers === 0) errs.push(FieldError.required(path, 'must specify a handler type'));
}

function validateProbe(p: unknown, path: string, errs: FieldError[]): p is Record<string, any> {
  if (!isObj(p)) return false;
  validateHandler(p, path, errs);
  for (const f of ['initialDelaySeconds', 'timeoutSeconds', 'periodSeconds', 'successThreshold', 'failureThreshold'])
    if ((p[f] ?? 0) < 0) errs.push(FieldError.invalid(`${path}.${f}`, p[f], 'must be greater than or equal to 0'));
  const tgp = p.terminationGracePeriodSeconds;
  if (typeof tgp === 'number' && tgp <= 0) errs.push(FieldError.invalid(`${path}.terminationGracePeriodSeconds`, tgp, 'must be greater than 0'));
  return true;
}

/** The three probes of a regular container at `path` (spec.containers[i]). */
export function validateContainerProbes(c: any, path: string, errs: FieldError[]): void {
  if (validateProbe(c?.livenessProbe, `${path}.livenessProbe`, errs) && c.livenessProbe.successThreshold !== 1)
    errs.push(FieldError.invalid(`${path}.livenessProbe.successThreshold`, c.livenessProbe.successThreshold, 'must be 1'));
  if (validateProbe(c?.readinessProbe, `${path}.readinessProbe`, errs) && c.readinessProbe.terminationGracePeriodSeconds !== undefined)
    errs.push(FieldError.invalid(`${path}.readinessProbe.terminationGracePeriodSeconds`, c.readinessProbe.terminationGracePeriodSeconds, 'must not be set for readinessProbes'));
  if (validateProbe(c?.startupProbe, `${path}.startupProbe`, errs) && c.startupProbe.successThreshold !== 1)
    errs.push(FieldError.invalid(`${path}.startupProbe.successThreshold`, c.startupProbe.successThreshold, 'must be 1'));
}
