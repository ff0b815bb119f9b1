/**
 * The swagger 2.0 document in the protobuf form kubectl before 1.27 asks /openapi/v2 for
 * (Accept: application/com.github.proto-openapi.spec.v2@v1.0+protobuf): gnostic's
 * openapi.v2.Document message (openapiv2/OpenAPIv2.proto). Vendor extensions travel as YAML
 * text in Any.yaml, as kube-openapi writes them; JSON is YAML, so they are written as JSON.
 * Only the parts of swagger 2.0 that kube-apiserver's documents use are encoded.
 */

type Json = Record<string, any>;

/** A protobuf message being written: fields in the order added. */
class Message {
  private readonly parts: Buffer[] = [];

  private key(field: number, wire: number): void {
    this.varint(field * 8 + wire);
  }

  private varint(n: number): void {
    const bytes: number[] = [];
    while (n > 127) {
      bytes.push((n & 127) | 128);
      n = Math.floor(n / 128);
    }
    bytes.push(n);
    this.parts.push(Buffer.from(bytes));
  }

  bytes(field: number, b: Buffer): this {
    this.key(field, 2);
    this.varint(b.length);
    this.parts.push(b);
    return this;
  }

  string(field: number, s: unknown): this {
    return typeof s === 'string' && s !== '' ? this.bytes(field, Buffer.from(s, 'utf8')) : this;
  }

  strings(field: number, ss: unknown): this {
    if (Array.isArray(ss)) for (const s of ss) this.bytes(field, Buffer.from(String(s), 'utf8'));
    return this;
  }

  bool(field: number, b: unknown): this {
    if (b === true) {
      this.key(field, 0);
      this.varint(1);
    }
    return this;
  }

  message(field: number, m: Message | undefined): this {
    return m ? this.bytes(field, m.encode()) : this;
  }

  encode(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** x-* keys as repeated NamedAny {name, Any{yaml}}. */
function vendorExtensions(m: Message, field: number, o: Json): void {
  for (const [k, v] of Object.entries(o)) if (k.startsWith('x-')) m.message(field, new Message().string(1, k).message(2, new Message().string(2, JSON.stringify(v) + '\n')));
}

function schema(s: Json): Message {
  const m = new Message().string(1, s.$ref).string(2, s.format).string(4, s.description).strings(19, s.required);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') m.message(21, new Message().message(1, schema(s.additionalProperties)));
  if (s.type !== undefined) m.message(22, new Message().strings(1, Array.isArray(s.type) ? s.type : [s.type]));
  if (s.items) m.message(23, new Message().message(1, schema(s.items)));
  for (const a of s.allOf ?? []) m.message(24, schema(a));
  if (s.properties) {
    const props = new Message();
    for (const [name, p] of Object.entries(s.properties as Json)) props.message(1, new Message().string(1, name).message(2, schema(p)));
    m.message(25, props);
  }
  vendorExtensions(m, 31, s);
  return m;
}

function parameter(p: Json): Message {
  let param: Message;
  if (p.in === 'body') {
    param = new Message().message(1, new Message().string(1, p.description).string(2, p.name).string(3, p.in).bool(4, p.required).message(5, schema(p.schema)));
  } else {
    // Query and path sub-schemas share the first fields; type and uniqueItems sit at different numbers.
    const sub = new Message().bool(1, p.required).string(2, p.in).string(3, p.description).string(4, p.name);
    if (p.in === 'path') sub.string(5, p.type).bool(19, p.uniqueItems);
    else sub.string(6, p.type).bool(20, p.uniqueItems);
    param = new Message().message(2, new Message().message(p.in === 'path' ? 4 : 3, sub));
  }
  return new Message().message(1, param);
}

function operation(o: Json): Message {
  const m = new Message().strings(1, o.tags).string(3, o.description).string(5, o.operationId).strings(6, o.produces).strings(7, o.consumes);
  for (const p of o.parameters ?? []) m.message(8, parameter(p));
  const responses = new Message();
  for (const [code, r] of Object.entries((o.responses ?? {}) as Json)) {
    const resp = new Message().string(1, r.description);
    if (r.schema) resp.message(2, new Message().message(1, schema(r.schema)));
    responses.message(1, new Message().string(1, code).message(2, new Message().message(1, resp)));
  }
  m.message(9, responses).strings(10, o.schemes);
  vendorExtensions(m, 13, o);
  return m;
}

const METHODS: Record<string, number> = { get: 2, put: 3, post: 4, delete: 5, options: 6, head: 7, patch: 8 };

/** Encodes a swagger 2.0 document (as openApiV2() builds it) as an openapi.v2.Document. */
export function encodeSwaggerProto(doc: Json): Buffer {
  const d = new Message().string(1, doc.swagger).message(2, new Message().string(1, doc.info?.title).string(2, doc.info?.version));
  const paths = new Message();
  for (const [p, item] of Object.entries((doc.paths ?? {}) as Json)) {
    const pi = new Message();
    for (const [method, field] of Object.entries(METHODS)) if (item[method]) pi.message(field, operation(item[method]));
    for (const param of item.parameters ?? []) pi.message(9, parameter(param));
    paths.message(2, new Message().string(1, p).message(2, pi));
  }
  d.message(8, paths);
  const defs = new Message();
  for (const [name, s] of Object.entries((doc.definitions ?? {}) as Json)) defs.message(1, new Message().string(1, name).message(2, schema(s)));
  d.message(9, defs);
  for (const req of doc.security ?? []) {
    const sr = new Message();
    for (const [name, scopes] of Object.entries(req as Json)) sr.message(1, new Message().string(1, name).message(2, new Message().strings(1, scopes)));
    d.message(12, sr);
  }
  const secDefs = new Message();
  for (const [name, s] of Object.entries((doc.securityDefinitions ?? {}) as Json))
    secDefs.message(1, new Message().string(1, name).message(2, new Message().message(2, new Message().string(1, s.type).string(2, s.name).string(3, s.in).string(4, s.description))));
  d.message(13, secDefs);
  return d.encode();
}
