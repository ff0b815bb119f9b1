/**
 * The other direction: a JSON object written as client-go's protobuf serializer writes it (the
 * "k8s\0" prefix, the runtime.Unknown envelope, the object's message), as a typed client sends
 * a request body. The JSON forms of the well-known types go back to their messages.
 */
import * as protobuf from 'protobufjs';
import { messageFor, PROTOBUF_PREFIX, root } from './decode';

const UNKNOWN = root.lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');

function seconds(rfc3339: string): { seconds: number; nanos: number } {
  const ms = Date.parse(rfc3339);
  if (Number.isNaN(ms)) throw new Error(`not an RFC 3339 time: ${rfc3339}`);
  const frac = /\.(\d+)/.exec(rfc3339)?.[1] ?? '';
  return { seconds: Math.floor(ms / 1000), nanos: Number(frac.padEnd(9, '0').slice(0, 9)) };
}

const WELL_KNOWN_FROM_JSON: Record<string, (v: any) => Record<string, unknown>> = {
  'k8s.io.apimachinery.pkg.apis.meta.v1.Time': (v) => ({ seconds: seconds(v).seconds }),
  'k8s.io.apimachinery.pkg.apis.meta.v1.MicroTime': (v) => seconds(v),
  'k8s.io.apimachinery.pkg.apis.meta.v1.FieldsV1': (v) => ({ Raw: Buffer.from(JSON.stringify(v)) }),
  'k8s.io.apimachinery.pkg.runtime.RawExtension': (v) => ({ raw: Buffer.from(JSON.stringify(v)) }),
  'k8s.io.apimachinery.pkg.api.resource.Quantity': (v) => ({ string: String(v) }),
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString': (v) => (typeof v === 'string' ? { type: 1, strVal: v } : { type: 0, intVal: v }),
  'k8s.io.api.authentication.v1.ExtraValue': (v) => ({ items: v ?? [] }),
  'k8s.io.api.authorization.v1.ExtraValue': (v) => ({ items: v ?? [] }),
};

function messageFromJSON(type: protobuf.Type, json: any): Record<string, unknown> {
  const wellKnown = WELL_KNOWN_FROM_JSON[type.fullName.slice(1)];
  if (wellKnown) return wellKnown(json);
  const out: Record<string, unknown> = {};
  for (const f of type.fieldsArray) {
    const tag = (f.options ?? {}) as { jsonName?: string; inline?: boolean };
    const msgType = f.resolvedType instanceof protobuf.Type ? f.resolvedType : undefined;
    // An inlined struct's fields sit in the parent's JSON object.
    if (tag.inline && msgType) {
      out[f.name] = messageFromJSON(msgType, json);
      continue;
    }
    const v = json?.[tag.jsonName ?? f.name];
    if (v === undefined || v === null) continue;
    const element = (e: any) => (msgType ? messageFromJSON(msgType, e) : f.type === 'bytes' ? Buffer.from(e, 'base64') : e);
    if (f.map) out[f.name] = Object.fromEntries(Object.entries(v).map(([k, e]) => [k, element(e)]));
    else if (f.repeated) out[f.name] = (v as unknown[]).map(element);
    else out[f.name] = element(v);
  }
  return out;
}

/** Encodes an object by its apiVersion and kind, as application/vnd.kubernetes.protobuf. */
export function encodeProtobuf(obj: { apiVersion: string; kind: string; [k: string]: unknown }): Buffer {
  const type = messageFor(obj.apiVersion, obj.kind);
  if (!type) throw new Error(`no protobuf message for ${obj.apiVersion} ${obj.kind}`);
  const raw = type.encode(messageFromJSON(type, obj)).finish();
  const unk = UNKNOWN.encode({ typeMeta: { apiVersion: obj.apiVersion, kind: obj.kind }, raw, contentEncoding: '', contentType: '' }).finish();
  return Buffer.concat([PROTOBUF_PREFIX, unk]);
}
