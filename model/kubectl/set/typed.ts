/**
 * runtime.Encode(scheme.DefaultJSONEncoder(), obj) of a typed object: what `kubectl set` prints
 * after decoding a manifest into its Go struct. Fields come in the struct's declaration order
 * (TypeMeta's kind and apiVersion first), Go's zero values stay where no omitempty drops them
 * (`strategy: {}`, `resources: {}`, `status: {}`, `creationTimestamp: null`), map keys sorted,
 * quantities canonical ("0.5" prints as "500m"); fields the struct lacks are gone.
 */
import type { KObject } from '../../api/meta';
import { tryQuantity } from '../../api/quantity';
import type { ResourceInfo } from '../../api/registry';
import type { StructNode, TypeNode } from '../../apiserver/decoding/schema';
import { schemaOfResource } from '../../apiserver/decoding/schema';

const OMIT = Symbol('omit');

export function encodeTyped(r: ResourceInfo, obj: KObject): KObject {
  const schema = schemaOfResource(r);
  if (!schema) return obj;
  return encodeStruct(schema, obj, true) as KObject;
}

function isEmpty(node: TypeNode, v: unknown): boolean {
  // A non-pointer struct (Time, Quantity, IntOrString too) is never empty to encoding/json.
  if (node.kind === 'struct' || node.kind === 'time' || node.kind === 'quantity' || node.kind === 'intOrString') return false;
  if (v === undefined || v === null) return true;
  switch (node.kind) {
    case 'string':
    case 'bytes':
      return v === '';
    case 'bool':
      return v === false;
    case 'int32':
    case 'int64':
    case 'float64':
      return v === 0;
    case 'slice':
      return Array.isArray(v) && v.length === 0;
    case 'map':
      return typeof v === 'object' && Object.keys(v as object).length === 0;
    default:
      return false;
  }
}

/** Go's zero value of a field that is absent, as encoding/json writes it. */
function zero(node: TypeNode, ptr: boolean): unknown {
  if (ptr) return null;
  switch (node.kind) {
    case 'string':
    case 'bytes':
      return '';
    case 'bool':
      return false;
    case 'int32':
    case 'int64':
    case 'float64':
      return 0;
    case 'slice':
    case 'map':
    case 'any':
    case 'time':
      return null;
    case 'struct':
      return encodeStruct(node, {}, false);
    case 'quantity':
      return '0';
    case 'intOrString':
      return 0;
  }
}

function encodeStruct(node: StructNode, v: any, top: boolean): unknown {
  const out: Record<string, unknown> = {};
  const order = top ? ['kind', 'apiVersion', ...node.order.filter((k) => k !== 'kind' && k !== 'apiVersion')] : node.order;
  for (const name of order) {
    const f = node.fields.get(name);
    if (!f) continue;
    const value = v?.[name];
    if (f.omitempty && (f.ptr ? value === undefined || value === null : isEmpty(f.type, value))) continue;
    const e = value === undefined || value === null ? zero(f.type, f.ptr) : encode(f.type, value);
    if (e !== OMIT) out[name] = e;
  }
  return out;
}

function encode(node: TypeNode, v: any): unknown {
  switch (node.kind) {
    case 'struct':
      return typeof v === 'object' && v !== null ? encodeStruct(node, v, false) : v;
    case 'slice':
      return Array.isArray(v) ? v.map((x) => (x === null ? null : encode(node.items, x))) : v;
    case 'map': {
      if (typeof v !== 'object' || v === null) return v;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) out[k] = v[k] === null ? null : encode(node.values, v[k]);
      return out;
    }
    case 'quantity':
      return tryQuantity(v)?.toString() ?? v;
    default:
      return v;
  }
}
