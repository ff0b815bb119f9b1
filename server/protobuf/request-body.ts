/**
 * What a protobuf request body decodes into, and how kube-apiserver answers one that does not
 * decode (k8s.io/apiserver's endpoints/handlers).
 */
import { groupVersion, type ResourceInfo } from '../../model/api/registry';
import { errors, StatusError, type Status } from '../../model/api/status';
import { ProtobufDecodeError } from './decode';

export interface BodyKind {
  apiVersion: string;
  kind: string;
}

/** The type a handler decodes the body into: the resource's kind, its subresource's, or DeleteOptions. */
export function bodyKind(r: ResourceInfo, verb: string, subresource?: string): BodyKind {
  if (verb === 'delete' || verb === 'deletecollection') return { apiVersion: 'meta.k8s.io/v1', kind: 'DeleteOptions' };
  if (subresource === 'scale') return { apiVersion: 'autoscaling/v1', kind: 'Scale' };
  if (subresource === 'binding') return { apiVersion: 'v1', kind: 'Binding' };
  if (subresource === 'eviction') return { apiVersion: 'policy/v1', kind: 'Eviction' };
  if (subresource === 'token') return { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest' };
  return { apiVersion: groupVersion(r), kind: r.kind };
}

/** summarizeData: the first 30 bytes, as hex unless the body looks like JSON. */
function summarize(body: Buffer): string {
  if (body.length === 0) return '<empty>';
  const head = body.subarray(0, 30);
  const text = body[0] === 0x7b ? head.toString('utf8') : head.toString('hex');
  return body.length > 30 ? `${text} ...` : text;
}

/**
 * A body that does not decode. Create and update answer 400 (transformDecodeError), naming the
 * kind read from the envelope when there was one; delete passes the decoder's error through
 * (scope.err), which is a 500 with no reason.
 */
export function decodeFailure(e: ProtobufDecodeError, into: BodyKind, body: Buffer): StatusError {
  // StatusReasonUnknown is "", which the Status's JSON omits.
  if (into.kind === 'DeleteOptions') return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: e.message, code: 500 } as unknown as Status);
  if (e.gvk?.kind) {
    const version = e.gvk.apiVersion.slice(e.gvk.apiVersion.lastIndexOf('/') + 1);
    return errors.badRequest(`${e.gvk.kind} in version "${version}" cannot be handled as a ${into.kind}: ${e.message}`);
  }
  return errors.badRequest(`the object provided is unrecognized (must be of type ${into.kind}): ${e.message} (${summarize(body)})`);
}
