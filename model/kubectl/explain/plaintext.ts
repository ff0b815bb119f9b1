/**
 * `kubectl explain`'s "plaintext" output: what kubectl 1.32 renders from a group/version's
 * OpenAPI v3 document with its plaintext template (k8s.io/kubectl/pkg/explain/v2/templates),
 * rule for rule: the GVK found from the resource's paths, the schema of that GVK, the field path
 * followed through $refs, arrays, maps and allOf, and each section's wrapping and indentation.
 */
import { wordWrap } from './wrap';

type Json = any;

/** An error the template throws: printed as it is ("error: field "x" does not exist"). */
export class ExplainError extends Error {}

export interface Gvr {
  group: string;
  version: string;
  resource: string;
}

/** Go templates' truth: false, 0, nil and empty strings, lists and maps are false. */
function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

/** `index m k` on a map: the value, or nil. */
function index(m: Json, key: string): Json {
  return m !== null && typeof m === 'object' && !Array.isArray(m) ? m[key] : undefined;
}

/** Sprig-like `indent`: every line, the first included, gets the padding. */
function indent(n: number, s: string): string {
  const pad = ' '.repeat(n);
  return pad + s.split('\n').join('\n' + pad);
}

/** A map value of additionalProperties (not the boolean form). */
function mapValue(s: Json): Json {
  const ap = index(s, 'additionalProperties');
  return truthy(ap) && typeof ap !== 'boolean' ? ap : undefined;
}

/** resolveRef: a "#/..." fragment looked up in the document, segment by segment, or nil. */
function resolveRef(ref: unknown, doc: Json): Json {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  let cur = doc;
  for (const k of ref.slice(1).split('/')) {
    if (!k) continue;
    const next = index(cur, k);
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return undefined;
    cur = next;
  }
  return cur;
}

/** Go's reflect.DeepEqual for JSON values. */
function deepEqual(a: Json, b: Json): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => k in b && deepEqual(a[k], b[k]));
}

/** Go's %v of a map: "map[group:apps kind:Deployment version:v1]". */
function goMap(m: Record<string, unknown>): string {
  return `map[${Object.keys(m)
    .sort()
    .map((k) => `${k}:${m[k]}`)
    .join(' ')}]`;
}

/** Go ranges over a map in key order. */
function sortedEntries(m: Json): [string, Json][] {
  if (!m || typeof m !== 'object' || Array.isArray(m)) return [];
  return Object.keys(m)
    .sort()
    .map((k) => [k, m[k]]);
}

type History = Record<string, boolean>;

class Renderer {
  constructor(
    private readonly doc: Json,
    private readonly recursive: boolean,
  ) {}

  /** The GVK the resource's list, item, or namespaced paths name; the last path that names one wins. */
  gvkOf(gvr: Gvr): Json {
    const prefix = gvr.group ? `/apis/${gvr.group}` : '/api';
    const paths = [
      [prefix, gvr.version, gvr.resource],
      [prefix, gvr.version, gvr.resource, '{name}'],
      [prefix, gvr.version, 'namespaces', '{namespace}', gvr.resource],
      [prefix, gvr.version, 'namespaces', '{namespace}', gvr.resource, '{name}'],
    ].map((p) => p.join('/'));
    let gvk: Json;
    for (const p of paths) {
      const item = index(index(this.doc, 'paths'), p);
      if (!truthy(item)) continue;
      for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
        const op = index(item, method);
        if (!truthy(op)) continue;
        gvk = index(op, 'x-kubernetes-group-version-kind');
        if (truthy(gvk)) break;
      }
    }
    return gvk;
  }

  /** The "schema" template: the first schema (by name) of that GVK, explained along the path. */
  schema(gvk: Json, fieldPath: string[]): string {
    for (const [, s] of sortedEntries(index(index(this.doc, 'components'), 'schemas'))) {
      const gvks = index(s, 'x-kubernetes-group-version-kind');
      if (!(Array.isArray(gvks) && gvks.some((g) => deepEqual(g, gvk)))) continue;
      const out = this.output(s, {}, fieldPath);
      if (out) return out;
      throw new ExplainError(`error: field "${fieldPath[fieldPath.length - 1]}" does not exist`);
    }
    return '';
  }

  /** The "output" template: follows the field path, then prints the description and the fields. */
  private output(schema: Json, history: History, fieldPath: string[]): string {
    const ref: string = index(schema, '$ref') || '';
    const next = { ...history, [ref]: true };
    const resolved = resolveRef(ref, this.doc) || schema;
    if (fieldPath.length === 0) {
      let out = 'DESCRIPTION:\n' + indent(4, wordWrap(this.description(resolved) || '<empty>', 76)) + '\n';
      const fields = this.fieldList(resolved, 1, {});
      if (fields) out += 'FIELDS:\n' + fields;
      return out;
    }
    if (ref && history[ref]) return ''; // a cycle
    const props = index(resolved, 'properties');
    const sub = index(props, fieldPath[0]);
    if (truthy(props) && truthy(sub)) {
      let out = '';
      if (fieldPath.length === 1) out += `FIELD: ${fieldPath[0]} <${this.typeGuess(sub)}>\n` + this.enumOf(sub, true, -1, 0) + '\n\n';
      return out + this.output(sub, {}, fieldPath.slice(1));
    }
    if (truthy(index(resolved, 'items'))) return this.output(resolved.items, next, fieldPath);
    if (mapValue(resolved)) return this.output(mapValue(resolved), next, fieldPath);
    for (const alt of index(resolved, 'allOf') ?? []) {
      const out = this.output(alt, next, fieldPath);
      if (out) return out;
    }
    return '';
  }

  /** The "fieldList" template: one entry per property, in name order; nested ones with --recursive. */
  private fieldList(schema: Json, level: number, history: History): string {
    const ref: string = index(schema, '$ref') || '';
    if (ref && history[ref]) return '';
    const next = { ...history, [ref]: true };
    const resolved = resolveRef(ref, this.doc) || schema;
    let out = '';
    for (const [name, v] of sortedEntries(index(resolved, 'properties'))) {
      out += this.fieldDetail(name, resolved, level);
      if (this.recursive) out += this.fieldList(v, level + 1, next);
    }
    for (const alt of index(resolved, 'allOf') ?? []) out += this.fieldList(alt, level, next);
    if (truthy(index(resolved, 'items'))) out += this.fieldList(resolved.items, level, next);
    if (mapValue(resolved)) out += this.fieldList(mapValue(resolved), level, next);
    return out;
  }

  /** The "fieldDetail" template: "name<TAB><type> -required-", enum values, the wrapped description. */
  private fieldDetail(name: string, parent: Json, level: number): string {
    const amount = level * 2;
    const field = parent.properties[name];
    const required = Array.isArray(parent.required) && parent.required.includes(name);
    let out = `${indent(amount, name)}\t<${this.typeGuess(field)}>${required ? ' -required-' : ''}${this.enumOf(field, false, 4, amount)}\n`;
    if (!this.recursive) out += indent(amount + 2, wordWrap(index(field, 'description') || '<no description>', 78 - amount)) + '\n\n';
    return out;
  }

  /** The "description" template: the schema's own description, then those of allOf, items and map values. */
  private description(schema: Json): string {
    const s = resolveRef(index(schema, '$ref'), this.doc) || schema;
    if (!truthy(s)) return '';
    let out = truthy(s.description) ? `${s.description}\n` : '';
    for (const alt of index(s, 'allOf') ?? []) out += this.description(alt);
    if (truthy(index(s, 'items'))) out += this.description(s.items);
    if (mapValue(s)) out += this.description(mapValue(s));
    return out;
  }

  /** The "typeGuess" template: string, []Container, map[string]string, ObjectMeta, IntOrString … */
  private typeGuess(schema: Json): string {
    if (!truthy(schema)) throw new Error('expected schema argument to subtemplate \'typeguess\'');
    if (truthy(schema.items)) return `[]${this.typeGuess(schema.items)}`;
    if (mapValue(schema)) return `map[string]${this.typeGuess(mapValue(schema))}`;
    if (truthy(schema.allOf) && !truthy(schema.properties) && schema.allOf.length === 1) return this.typeGuess(schema.allOf[0]);
    const ref = schema.$ref;
    if (truthy(ref)) {
      const target = resolveRef(ref, this.doc);
      if (!truthy(target) || !truthy(target.type) || target.type === 'object') {
        const name = String(ref).split('/').pop()!;
        return name.split('.').pop() || 'Object';
      }
      return String(target.type);
    }
    if (schema.type === 'object') return 'Object';
    return truthy(schema.type) ? String(schema.type) : 'Object';
  }

  /** The "extractEnum" template: "ENUM:" one value a line (a field's own view), or "enum: a, b, ...." in a list. */
  private enumOf(schema: Json, longView: boolean, limit: number, indentAmount: number): string {
    const values = index(schema, 'enum');
    if (!truthy(values)) return '';
    let out = longView ? 'ENUM:' : '\n' + ' '.repeat(indentAmount) + 'enum: ';
    for (let i = 0; i < values.length; i++) {
      if (limit > -1 && i >= limit) {
        out += ', ....';
        break;
      }
      if (i > 0 && !longView) out += ', ';
      else if (longView) out += '\n    ';
      out += values[i] === '' ? '""' : goValue(values[i]);
    }
    return out;
  }
}

/** How a template prints a JSON value. */
function goValue(v: unknown): string {
  if (v === null || v === undefined) return '<nil>';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** GroupVersionResource.String(): "apps/v1, Resource=deployments". */
export function gvrString(gvr: Gvr): string {
  return `${gvr.group}/${gvr.version}, Resource=${gvr.resource}`;
}

/**
 * Renders the plaintext explanation of `gvr` (and `fieldPath` within it) from its group/version's
 * OpenAPI v3 document. Calls `write` as the template writes, so what was printed before an error
 * (the GROUP/KIND/VERSION header) is printed, as with kubectl; then throws the ExplainError.
 */
export function renderPlaintext(doc: Json, gvr: Gvr, fieldPath: string[], recursive: boolean, write: (s: string) => void): void {
  const r = new Renderer(doc, recursive);
  const gvk = r.gvkOf(gvr);
  if (!truthy(gvk)) throw new ExplainError(`error: GVR (${gvrString(gvr)}) not found in OpenAPI schema`);
  let header = '';
  if (truthy(gvk.group)) header += `GROUP:      ${gvk.group}\n`;
  header += `KIND:       ${gvk.kind}\nVERSION:    ${gvk.version}\n\n`;
  write(header);
  const body = r.schema(gvk, fieldPath);
  if (!body) throw new ExplainError(`error: GVK ${goMap(gvk)} not found in OpenAPI schema`);
  write(body + '\n');
}
