/**
 * Request bodies in Kubernetes' protobuf encoding (Content-Type application/vnd.kubernetes.protobuf,
 * what client-go's typed clients send), decoded into the JSON object the API server would have
 * received as application/json: apimachinery's protobuf serializer (runtime/serializer/protobuf)
 * reads the "k8s\0" prefix and the runtime.Unknown envelope; the object's own message becomes
 * what encoding/json writes for the decoded Go struct (descriptors.json carries the Go json tags).
 */
import * as protobuf from 'protobufjs';
import descriptors from './descriptors.json';
import { toNumber, WELL_KNOWN } from './well-known';

/** protoEncodingPrefix: the magic number before every protobuf-encoded object. */
export const PROTOBUF_PREFIX = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

export const root = protobuf.Root.fromJSON({ nested: descriptors.nested as protobuf.INamespace['nested'] });
const UNKNOWN = root.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');

/** A failure of the serializer's Decode, with the group/version/kind it had read when it failed (nil before). */
export class ProtobufDecodeError extends Error {
  constructor(
    message: string,
    readonly gvk?: { apiVersion: string; kind: string },
  ) {
    super(message);
  }
}

/** The message of a kind in an apiVersion; meta/v1's option kinds are registered in every group version. */
export function messageFor(apiVersion: string, kind: string): protobuf.Type | undefined {
  const k = descriptors.kinds.find((x) => x.apiVersion === apiVersion && x.kind === kind) ?? descriptors.metaKinds.find((x) => x.kind === kind);
  return k ? root.lookupType(k.type) : undefined;
}

/** gogo-protobuf's words for what protobufjs reports: a message cut short is io.ErrUnexpectedEOF. */
function goError(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  if (e instanceof RangeError || /index out of range/.test(msg)) return 'unexpected EOF';
  const wire = /invalid wire type (\d+)/.exec(msg);
  if (wire) return `proto: illegal wireType ${wire[1]}`;
  return msg;
}

/**
 * Decodes a protobuf body. `defaults` is the kind the request's URL expects: the envelope's
 * typeMeta fills in from it where empty (copyKindDefaults).
 */
export function decodeProtobuf(data: Buffer, defaults: { apiVersion: string; kind: string }): Record<string, unknown> {
  if (data.length === 0) throw new ProtobufDecodeError('empty data');
  if (data.length < PROTOBUF_PREFIX.length || !data.subarray(0, PROTOBUF_PREFIX.length).equals(PROTOBUF_PREFIX))
    throw new ProtobufDecodeError(`provided data does not appear to be a protobuf message, expected prefix [${[...PROTOBUF_PREFIX].join(' ')}]`);
  if (data.length === PROTOBUF_PREFIX.length) throw new ProtobufDecodeError('empty body');
  let unk: Record<string, any>;
  try {
    unk = UNKNOWN.decode(data.subarray(PROTOBUF_PREFIX.length)) as unknown as Record<string, any>;
  } catch (e) {
    throw new ProtobufDecodeError(goError(e));
  }
  const apiVersion: string = unk.typeMeta?.apiVersion || defaults.apiVersion;
  const kind: string = unk.typeMeta?.kind || defaults.kind;
  const gvk = { apiVersion, kind };
  const type = messageFor(apiVersion, kind);
  if (!type) throw new ProtobufDecodeError(`no kind "${kind}" is registered for version "${apiVersion}" in scheme "pkg/api/legacyscheme/scheme.go:30"`, gvk);
  let msg: Record<string, any>;
  try {
    msg = type.decode(unk.raw ?? Buffer.alloc(0)) as unknown as Record<string, any>;
  } catch (e) {
    throw new ProtobufDecodeError(goError(e), gvk);
  }
  // TypeMeta comes first, as encoding/json writes the embedded struct.
  return { kind, apiVersion, ...(messageJSON(type, msg) as Record<string, unknown>) };
}

/** The options import-protos.ts records from each Go field's json tag. */
interface GoTag {
  jsonName?: string;
  omitempty?: boolean;
  pointer?: boolean;
  inline?: boolean;
}

const hasOwn = (m: object | undefined, k: string) => !!m && Object.prototype.hasOwnProperty.call(m, k);

/** What encoding/json writes for a decoded message; undefined is the Go zero value (the field was not on the wire). */
function messageJSON(type: protobuf.Type, m: Record<string, any> | undefined): unknown {
  const wellKnown = WELL_KNOWN[type.fullName.slice(1)];
  if (wellKnown) return wellKnown(m);
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const tag = (f.options ?? {}) as GoTag;
    const raw = hasOwn(m, f.name) ? m![f.name] : undefined;
    let value: unknown;
    if (f.map || f.repeated) {
      // A nil slice or map: omitted with omitempty, else null (empty ones do not survive the wire either).
      const empty = raw === undefined || (f.map ? Object.keys(raw).length === 0 : raw.length === 0);
      if (empty) {
        if (tag.omitempty) continue;
        value = null;
      } else if (f.map) {
        // encoding/json sorts map keys.
        value = Object.fromEntries(Object.keys(raw).sort().map((k) => [k, elementJSON(f, raw[k])]));
      } else value = (raw as unknown[]).map((v) => elementJSON(f, v));
    } else if (f.resolvedType instanceof protobuf.Type) {
      // A nil pointer is omitted (or null); a struct value is always written, even with omitempty.
      if (raw === undefined && tag.pointer) {
        if (tag.omitempty) continue;
        value = null;
      } else value = messageJSON(f.resolvedType, raw);
      if (tag.inline) {
        Object.assign(out, value);
        continue;
      }
    } else if (raw === undefined && tag.pointer) {
      if (tag.omitempty) continue;
      value = null;
    } else {
      value = raw === undefined ? zero(f.type) : scalarJSON(f.type, raw);
      // omitempty drops a zero value, but not a pointer's (replicas: 0 is set).
      if (tag.omitempty && !tag.pointer && isZero(value)) continue;
    }
    out[tag.jsonName ?? f.name] = value;
  }
  return out;
}

function elementJSON(f: protobuf.Field, v: unknown): unknown {
  return f.resolvedType instanceof protobuf.Type ? messageJSON(f.resolvedType, v as Record<string, any>) : scalarJSON(f.type, v);
}

function scalarJSON(type: string, v: unknown): unknown {
  switch (type) {
    case 'int64':
    case 'uint64':
    case 'sint64':
    case 'fixed64':
    case 'sfixed64':
      return toNumber(v);
    case 'bytes':
      // []byte is base64 in JSON (ConfigMap binaryData).
      return Buffer.from(v as Uint8Array).toString('base64');
    default:
      return v;
  }
}

/** The Go zero value of a scalar the wire did not carry: a nil []byte is null. */
function zero(type: string): unknown {
  if (type === 'string') return '';
  if (type === 'bool') return false;
  if (type === 'bytes') return null;
  return 0;
}

function isZero(v: unknown): boolean {
  return v === '' || v === 0 || v === false || v === null;
}
