/**
 * Decoding a body into a kind's schema, as kube-apiserver's decoders do:
 * - "json" is sigs.k8s.io/json (Go's encoding/json, case-sensitive): a wrong type is an
 *   UnmarshalTypeError (the first one wins; decoding goes on), a custom UnmarshalJSON's error
 *   (Quantity, IntOrString, Time) stops at once; in strict mode unknown and duplicate fields are
 *   collected beside, with the path of the strict field stack ("spec.containers[0].foo").
 * - "unstructured" is runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation, which
 *   a strategic merge patch's result goes through: its own words for a wrong type, the first
 *   error ends it, unknown fields collected the same way.
 * The result holds only fields of the schema: unknown fields are never stored, whatever the mode.
 */
import { quantityFromJSON, QuantityError } from '../../api/quantity';
import type { FieldNode, StructNode, TypeNode } from './schema';
import { type JNode, valueOf } from './jsontree';

export type DecodeMode = 'json' | 'unstructured';

/** A decoding failure in the decoder's own words ("json: cannot unmarshal string into …"). */
export class GoDecodeError extends Error {}

export interface Decoded {
  value: Record<string, unknown>;
  /** Strict decoding errors (`unknown field "spec.foo"`, `duplicate field "spec.replicas"`), in document order. */
  strict: string[];
}

/** What a field decoded from a null leaves: nothing (OMIT), or Go's zero value as encoded. */
const OMIT = Symbol('omit');
type Out = unknown | typeof OMIT;

class Decoder {
  private saved?: string;
  private readonly strict: string[] = [];
  private readonly seen = new Set<string>();
  /** errorContext: the innermost struct and the names of the fields decoded into (no indices). */
  private struct?: string;
  private readonly fieldStack: string[] = [];
  /** The strict field stack, as sigs.k8s.io/json joins it: keys with ".", indices as "[i]". */
  private path = '';

  constructor(
    private readonly mode: DecodeMode,
    private readonly collectStrict: boolean,
  ) {}

  run(schema: StructNode, j: JNode): Decoded {
    const v = this.value(schema, j, false);
    if (this.saved !== undefined) throw new GoDecodeError(this.saved);
    return { value: (v === OMIT ? {} : v) as Record<string, unknown>, strict: this.strict };
  }

  private strictError(kind: 'unknown field' | 'duplicate field', key: string): void {
    if (!this.collectStrict) return;
    const msg = `${kind} ${JSON.stringify(this.path ? `${this.path}.${key}` : key)}`;
    if (this.seen.has(msg) || this.strict.length >= 100) return;
    this.seen.add(msg);
    this.strict.push(msg);
  }

  /** An UnmarshalTypeError with the current context, as Error() prints it. */
  private typeMessage(value: string, goType: string): string {
    if (this.struct !== undefined || this.fieldStack.length)
      return `json: cannot unmarshal ${value} into Go struct field ${this.struct ?? ''}.${this.fieldStack.join('.')} of type ${goType}`;
    return `json: cannot unmarshal ${value} into Go value of type ${goType}`;
  }

  /** d.saveError: the first error is kept and decoding goes on (the value is skipped). */
  private save(msg: string): Out {
    this.saved ??= msg;
    return OMIT;
  }

  /** A wrong JSON type for the node, in the mode's words. */
  private mismatch(node: TypeNode, j: JNode): Out {
    if (this.mode === 'unstructured') throw new GoDecodeError(converterMessage(node, j));
    return this.save(this.typeMessage(jsonKind(j, node), node.go));
  }

  private value(node: TypeNode, j: JNode, ptr: boolean): Out {
    if (j.t === 'null') return zeroOf(node, ptr);
    switch (node.kind) {
      case 'struct':
        return j.t === 'object' ? this.object(node, j.entries) : this.mismatch(node, j);
      case 'map':
        if (j.t !== 'object') return this.mismatch(node, j);
        return this.map(node.values, j.entries);
      case 'slice':
        if (j.t !== 'array') return this.mismatch(node, j);
        return this.items(node.items, j.items);
      case 'string':
        return j.t === 'string' ? j.v : this.mismatch(node, j);
      case 'bool':
        return j.t === 'bool' ? j.v : this.mismatch(node, j);
      case 'int32':
      case 'int64':
        if (j.t !== 'number') return this.mismatch(node, j);
        if (this.mode === 'unstructured') return isInt(j.text) || Number.isInteger(Number(j.text)) ? Number(j.text) : this.mismatch(node, j);
        return inRange(j.text, node.kind) ? Number(j.text) : this.save(this.typeMessage(`number ${j.text}`, node.go));
      case 'float64':
        return j.t === 'number' ? Number(j.text) : this.mismatch(node, j);
      case 'bytes':
        if (j.t !== 'string') return this.mismatch(node, j);
        return this.bytes(j.v);
      case 'quantity':
        return this.quantity(j);
      case 'intOrString':
        return this.intOrString(j);
      case 'time':
        // Time.UnmarshalJSON reads a string first (json.Unmarshal into a string).
        if (j.t === 'string') return j.v;
        throw new GoDecodeError(this.mode === 'unstructured' ? `json: cannot unmarshal ${jsonKind(j)} into Go value of type string` : this.typeMessage(jsonKind(j), 'string'));
      case 'any':
        return valueOf(j);
    }
  }

  private object(node: StructNode, entries: [string, JNode][]): Out {
    if (this.mode === 'unstructured') return this.unstructuredObject(node, entries);
    const out: Record<string, unknown> = {};
    const decoded = new Set<string>();
    const { struct, path } = this;
    const depth = this.fieldStack.length;
    for (const [key, j] of entries) {
      const f: FieldNode | undefined = node.fields.get(key);
      if (!f) {
        this.strictError('unknown field', key);
        continue;
      }
      if (decoded.has(key) && this.mode === 'json') this.strictError('duplicate field', key);
      decoded.add(key);
      // reflect.Type.Name(): the struct's bare name ("DeploymentSpec"), no package.
      this.struct = node.go.slice(node.go.indexOf('.') + 1);
      this.fieldStack.push(key);
      this.path = path ? `${path}.${key}` : key;
      const v = this.value(f.type, j, f.ptr);
      if (v === OMIT) delete out[key];
      else out[key] = v;
      this.fieldStack.length = depth;
      this.struct = struct;
      this.path = path;
    }
    return out;
  }

  /**
   * structFromUnstructured: the struct's fields in declaration order, then the keys no field
   * matched (unknown fields), each recorded after the known ones.
   */
  private unstructuredObject(node: StructNode, entries: [string, JNode][]): Out {
    const byKey = new Map(entries);
    const out: Record<string, unknown> = {};
    const path = this.path;
    for (const key of node.order) {
      const j = byKey.get(key);
      if (j === undefined) continue;
      const f = node.fields.get(key)!;
      this.path = path ? `${path}.${key}` : key;
      const v = this.value(f.type, j, f.ptr);
      if (v !== OMIT) out[key] = v;
      this.path = path;
    }
    for (const key of byKey.keys()) if (!node.fields.has(key)) this.strictError('unknown field', key);
    return out;
  }

  private map(values: TypeNode, entries: [string, JNode][]): Out {
    const out: Record<string, unknown> = {};
    const decoded = new Set<string>();
    const path = this.path;
    for (const [key, j] of entries) {
      if (decoded.has(key) && this.mode === 'json') this.strictError('duplicate field', key);
      decoded.add(key);
      this.path = path ? `${path}.${key}` : key;
      // A map element decoded from null is its zero value, still in the map (a null label value is "").
      const v = j.t === 'null' ? zeroOf(values, false, true) : this.value(values, j, false);
      if (v !== OMIT) out[key] = v;
      this.path = path;
    }
    return out;
  }

  private items(items: TypeNode, list: JNode[]): Out {
    const path = this.path;
    const out = list.map((j, i) => {
      this.path = `${path}[${i}]`;
      const v = j.t === 'null' ? zeroOf(items, false, true) : this.value(items, j, false);
      return v === OMIT ? zeroOf(items, false, true) : v;
    });
    this.path = path;
    return out;
  }

  /** Quantity.UnmarshalJSON parses the literal (quotes removed); its error stops the decoding. */
  private quantity(j: JNode): Out {
    try {
      const raw = j.t === 'string' ? j.v : j.t === 'number' ? j.text : JSON.stringify(valueOf(j));
      return quantityFromJSON(raw)!.toString();
    } catch (e) {
      if (e instanceof QuantityError) throw new GoDecodeError(e.message);
      throw e;
    }
  }

  /** IntOrString.UnmarshalJSON: a string, else json.Unmarshal into an int32, which stops the decoding on failure. */
  private intOrString(j: JNode): Out {
    if (j.t === 'string') return j.v;
    if (j.t === 'number' && inRange(j.text, 'int32')) return Number(j.text);
    const value = j.t === 'number' ? `number ${j.text}` : jsonKind(j);
    throw new GoDecodeError(this.mode === 'unstructured' ? `json: cannot unmarshal ${value} into Go value of type int32` : this.typeMessage(value, 'int32'));
  }

  /** A []byte field: base64 (StdEncoding, padded), kept as sent when it decodes. */
  private bytes(s: string): Out {
    const bad = base64Error(s);
    return bad === undefined ? s : this.save(`illegal base64 data at input byte ${bad}`);
  }
}

function isInt(text: string): boolean {
  return /^-?\d+$/.test(text);
}

/** strconv.ParseInt(text, 10, 64) and the Go kind's range. */
function inRange(text: string, kind: 'int32' | 'int64'): boolean {
  if (!isInt(text)) return false;
  const n = BigInt(text);
  return kind === 'int32' ? n >= -(2n ** 31n) && n < 2n ** 31n : n >= -(2n ** 63n) && n < 2n ** 63n;
}

/** The Value of an UnmarshalTypeError: what the JSON literal was. */
function jsonKind(j: JNode, into?: TypeNode): string {
  switch (j.t) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'string':
      return 'string';
    case 'bool':
      return 'bool';
    case 'number':
      return into && (into.kind === 'int32' || into.kind === 'int64') ? `number ${j.text}` : 'number';
    default:
      return 'null';
  }
}

/**
 * What a null leaves in a field: a pointer, slice or map is cleared (omitted); a Time is its
 * zero, encoded null; other values keep Go's zero value, which omitempty leaves out.
 * `element` is a map or slice element, always present.
 */
function zeroOf(node: TypeNode, ptr: boolean, element = false): Out {
  if (ptr) return OMIT;
  switch (node.kind) {
    case 'time':
      return null;
    case 'struct':
      return {};
    case 'quantity':
      return '0';
    case 'intOrString':
    case 'int32':
    case 'int64':
    case 'float64':
      return element ? 0 : OMIT;
    case 'string':
    case 'bytes':
      return element ? '' : OMIT;
    case 'bool':
      return element ? false : OMIT;
    case 'any':
      return element ? null : OMIT;
    default:
      return OMIT;
  }
}

/** The first byte Go's base64.StdEncoding rejects, or undefined when the text decodes. */
function base64Error(s: string): number | undefined {
  const body = s.replace(/=+$/, '');
  for (let i = 0; i < body.length; i++) if (!/[A-Za-z0-9+/]/.test(body[i])) return i;
  const pad = s.length - body.length;
  if (s.length % 4 !== 0) return pad ? body.length : s.length - (s.length % 4 === 1 ? 1 : 0);
  if (pad > 2) return body.length;
  return undefined;
}

/** The kind of a value the unstructured converter holds (PreserveInts: an integer literal is int64). */
function unstructuredKind(j: JNode): string {
  switch (j.t) {
    case 'object':
      return 'map';
    case 'array':
      return 'slice';
    case 'number':
      return isInt(j.text) ? 'int64' : 'float64';
    case 'bool':
      return 'bool';
    default:
      return j.t === 'string' ? 'string' : 'invalid';
  }
}

/** fromUnstructured's words for a value of the wrong kind. */
function converterMessage(node: TypeNode, j: JNode): string {
  const st = unstructuredKind(j);
  switch (node.kind) {
    case 'slice':
      return `cannot restore slice from ${st}`;
    case 'map':
      return `cannot restore map from ${st}`;
    case 'struct':
      return `cannot restore struct from: ${st}`;
  }
  const dt = node.kind === 'bytes' ? 'slice' : node.kind;
  // Go conversions JSON allows: integer to string is convertible but refused; float to integer when integral.
  if ((st === 'int64' || st === 'float64') && ['int32', 'int64', 'float64', 'string'].includes(dt) && !(st === 'float64' && dt === 'string'))
    return `cannot convert ${st} to ${node.go}`;
  return `unrecognized type: ${dt}`;
}

/** Decodes a JSON tree into a kind's struct, or throws GoDecodeError in the decoder's words. */
export function decodeTree(schema: StructNode, j: JNode, opts: { mode: DecodeMode; strict: boolean }): Decoded {
  return new Decoder(opts.mode, opts.strict).run(schema, j);
}
