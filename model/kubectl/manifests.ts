import * as fs from 'node:fs';
import * as path from 'node:path';
import yaml from 'js-yaml';
import type { KObject } from '../api/meta';
import { KubectlError } from './errors';
import { decodeGoJSONStream } from '../api/gojson';
import { GO_YAML_V2_SCHEMA } from './yaml11';
import type { KubectlIO } from './kubectl';

/** One object read from a manifest, with the source kubectl names in its messages. */
export interface ManifestObject {
  obj: KObject;
  /** "nginx.yaml", "dir/a.yaml", "STDIN". */
  source: string;
}

const EXTENSIONS = ['.json', '.yaml', '.yml'];

/**
 * Reads every -f argument as kubectl's resource builder does: "-" is standard input, a
 * directory contributes its .json/.yaml/.yml files (recursively with -R), a file is read as
 * a stream of YAML documents or JSON objects. Returns the objects read and the errors met;
 * a path that does not exist stops everything (as in kubectl).
 */
export function readManifests(filenames: string[], io: KubectlIO, recursive: boolean): { items: ManifestObject[]; errors: unknown[] } {
  const items: ManifestObject[] = [];
  const errors: unknown[] = [];
  for (const name of filenames) {
    if (name === '-') {
      decodeInto(io.stdin ?? '', 'STDIN', items, errors);
      continue;
    }
    if (/^https?:\/\//.test(name)) throw new KubectlError(`unable to read URL "${name}", server reported 404 Not Found, status code=404`);
    const full = path.resolve(io.cwd, name);
    const kind = (io.stat ?? statOf)(full);
    if (!kind) throw new KubectlError(`the path "${name}" does not exist`);
    if (kind === 'dir') {
      for (const f of listDir(full, recursive, io)) decodeInto(readText(f, io), path.join(name, path.relative(full, f)), items, errors);
    } else decodeInto(readText(full, io), name, items, errors);
  }
  return { items, errors };
}

function statOf(p: string): 'file' | 'dir' | undefined {
  try {
    return fs.statSync(p).isDirectory() ? 'dir' : 'file';
  } catch {
    return undefined;
  }
}

function listDir(dir: string, recursive: boolean, io: KubectlIO): string[] {
  const out: string[] = [];
  const names = io.readdir ? io.readdir(dir) : fs.readdirSync(dir);
  for (const name of [...names].sort()) {
    const p = path.join(dir, name);
    if ((io.stat ?? statOf)(p) === 'dir') {
      if (recursive) out.push(...listDir(p, true, io));
    } else if (EXTENSIONS.includes(path.extname(name))) out.push(p);
  }
  return out;
}

function readText(p: string, io: KubectlIO): string {
  if (io.readFile) return io.readFile(p);
  return fs.readFileSync(p, 'utf8');
}

/**
 * Decodes one file's text: a JSON stream if it starts with "{", else YAML documents. As the
 * builder's StreamVisitor, the objects before a bad document are kept and the file ends at the
 * first error (of decoding or of the apiVersion/kind check).
 */
export function decodeInto(text: string, source: string, items: ManifestObject[], errors: unknown[]): void {
  if (/^\s*\{/.test(text)) {
    const { values, error } = decodeGoJSONStream(text);
    for (const d of values) if (!addDoc(d, source, items, errors)) return;
    if (error) errors.push(new KubectlError(`error parsing ${source}: ${error.message}`));
    return;
  }
  for (const chunk of splitYAMLDocuments(text)) {
    let doc: unknown;
    // go-yaml v2 reads YAML 1.1 documents only.
    const directive = /^%YAML\s+(\d+)\.(\d+)/m.exec(chunk);
    if (directive && (directive[1] !== '1' || directive[2] !== '1')) {
      const line0 = chunk.slice(0, directive.index).split('\n').length - 1;
      errors.push(new KubectlError(`error parsing ${source}: error converting YAML to JSON: yaml: ${line0 ? `line ${line0}: ` : ''}found incompatible YAML document`));
      return;
    }
    try {
      doc = yaml.load(chunk, { schema: GO_YAML_V2_SCHEMA, json: true });
    } catch (e: any) {
      errors.push(new KubectlError(`error parsing ${source}: error converting YAML to JSON: yaml: ${goYamlError(e, chunk)}`));
      return;
    }
    if (doc === null || doc === undefined) continue;
    if (!addDoc(doc, source, items, errors)) return;
  }
}

/** Adds a decoded document (a List's items flattened); false, with the error, when it is no object. */
function addDoc(doc: unknown, source: string, items: ManifestObject[], errors: unknown[]): boolean {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    errors.push(new KubectlError(`error validating "${source}": error validating data: invalid object to validate; if you choose to ignore these errors, turn validation off with --validate=false`));
    return false;
  }
  const o = doc as KObject;
  const missing = [!o.apiVersion ? 'apiVersion not set' : '', !o.kind ? 'kind not set' : ''].filter(Boolean);
  if (missing.length) {
    const what = missing.length === 1 ? missing[0] : `[${missing.join(', ')}]`;
    errors.push(new KubectlError(`error validating "${source}": error validating data: ${what}; if you choose to ignore these errors, turn validation off with --validate=false`));
    return false;
  }
  // A v1 List (or any *List with items) is flattened into its items.
  if (typeof o.kind === 'string' && o.kind.endsWith('List') && Array.isArray(o.items)) {
    for (const item of o.items) if (!addDoc(item, source, items, errors)) return false;
    return true;
  }
  if (!o.metadata || typeof o.metadata !== 'object') o.metadata = {};
  items.push({ obj: o, source });
  return true;
}

/** k8s.io/apimachinery's YAMLReader: documents are separated by lines starting "---". */
export function splitYAMLDocuments(text: string): string[] {
  const docs: string[] = [];
  let cur: string[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('---')) {
      const rest = line.slice(3).trim();
      if (rest === '' || rest.startsWith('#')) {
        docs.push(cur.join('\n'));
        cur = [];
        continue;
      }
    }
    cur.push(line);
  }
  docs.push(cur.join('\n'));
  return docs.filter((d) => d.trim() !== '');
}

/**
 * Translates a js-yaml error into go-yaml v2's message and line (what kubectl prints): go-yaml
 * reports scanner errors at their 1-based line and parser errors at the 0-based line of the
 * offending token.
 */
export function goYamlError(e: any, chunk: string): string {
  const m = /^line (\d+): (.*)$/s.exec(translateYamlError(e, chunk));
  if (!m) return translateYamlError(e, chunk);
  // go-yaml names no line when the offending mark is on the first line (0-based line 0, before a
  // scanner error's line is made 1-based).
  const scanner = SCANNER_ERRORS.some((x) => m[2].startsWith(x));
  if (m[1] === '0' || (scanner && m[1] === '1')) return m[2];
  return `line ${m[1]}: ${m[2]}`;
}

/** go-yaml's scanner errors (their line is 1-based); the parser's are 0-based. */
const SCANNER_ERRORS = [
  'mapping values are not allowed',
  'found character that cannot start any token',
  "could not find expected ':'",
  'found unexpected end of stream',
  'found unknown escape character',
  'found a tab character',
];

/** go-yaml's plain scalars cannot start with an indicator it reserves. */
const RESERVED_START = /^[@`%]/;

/** A line whose plain scalar the next, more indented line would continue ("key: value", "- value", "value"). */
function continuesPlainScalar(line: string): boolean {
  let t = line.trim().replace(/^(- )+/, '');
  const colon = t.search(/:(\s|$)/);
  if (colon >= 0 && !/^["']/.test(t)) t = t.slice(colon + 1).trim();
  if (t === '' || /^["'[{|>!&*#]/.test(t)) return false;
  return !/\s#/.test(t);
}

function translateYamlError(e: any, chunk: string): string {
  const reason: string = e?.reason ?? String(e?.message ?? e);
  const L = (e?.mark?.line ?? 0) + 1;
  const lines = chunk.split('\n');
  const indentOf = (n: number) => (lines[n - 1] ?? '').match(/^ */)![0].length;
  const isEntry = (k: number) => /^\s*-(\s|$)/.test(lines[k - 1] ?? '');
  const blank = (k: number) => /^\s*(#.*)?$/.test(lines[k - 1] ?? '');
  // Whether line n falls into a block sequence (the nearest line above indented no deeper is a
  // "- " entry) that is indented under its key: go-yaml then wants a '-' indicator. An indentless
  // sequence (its entries at the key's own indent) ends instead, and the mapping wants a key.
  const inSequence = (n: number) => {
    let k = n - 1;
    while (k >= 1 && (blank(k) || indentOf(k) > indentOf(n))) k--;
    if (k < 1 || !isEntry(k)) return false;
    let parent = k - 1;
    while (parent >= 1 && (blank(parent) || indentOf(parent) > indentOf(k) || (isEntry(parent) && indentOf(parent) === indentOf(k)))) parent--;
    return parent < 1 || indentOf(parent) < indentOf(k);
  };
  const prevNonEmpty = (n: number) => {
    for (let k = n - 1; k >= 1; k--) if ((lines[k - 1] ?? '').trim() !== '') return k;
    return 0;
  };
  if (reason.startsWith('bad indentation of a mapping entry')) {
    const value = (lines[L - 1] ?? '').trim().replace(/^(- )+/, '').replace(/^[^:]*:\s+/, '');
    if (RESERVED_START.test(value)) return `line ${L}: found character that cannot start any token`;
    // "key: a: b": a second ':' in a plain value of the same line.
    if (value !== (lines[L - 1] ?? '').trim() && !/^["'[{]/.test(value) && /:(\s|$)/.test(value)) return `line ${L}: mapping values are not allowed in this context`;
    const p = prevNonEmpty(L);
    if (p && indentOf(L) > indentOf(p) && continuesPlainScalar(lines[p - 1])) return `line ${L}: mapping values are not allowed in this context`;
    return `line ${L - 1}: ${inSequence(L) ? "did not find expected '-' indicator" : 'did not find expected key'}`;
  }
  if (reason.startsWith('unidentified alias')) return `unknown anchor '${/"(.*)"/.exec(reason)?.[1] ?? ''}' referenced`;
  if (reason.startsWith('the stream contains non-printable characters')) return 'control characters are not allowed';
  if (reason.startsWith('unknown escape sequence')) return `line ${L}: found unknown escape character`;
  if (reason.startsWith('incomplete explicit mapping pair')) return `line ${L - 1}: did not find expected key`;
  if (reason.startsWith('missed comma between flow collection entries')) {
    const stack: string[] = [];
    const upTo = lines.slice(0, L - 1).join('\n').length + (L > 1 ? 1 : 0) + (e?.mark?.column ?? 0);
    for (const ch of chunk.slice(0, upTo)) {
      if (ch === '[' || ch === '{') stack.push(ch);
      else if ((ch === ']' || ch === '}') && stack.length) stack.pop();
    }
    return `line ${L - 1}: did not find expected ',' or '${stack[stack.length - 1] === '{' ? '}' : ']'}'`;
  }
  if (reason.startsWith('bad indentation of a sequence entry')) return `line ${L - 1}: ${inSequence(L) ? "did not find expected '-' indicator" : 'did not find expected key'}`;
  if (reason.startsWith('unexpected end of the stream within a flow collection')) {
    const stack: string[] = [];
    let last = '';
    for (const ch of chunk) {
      if (ch === '[' || ch === '{') stack.push(ch);
      else if ((ch === ']' || ch === '}') && stack.length) stack.pop();
      if (!/\s/.test(ch)) last = ch;
    }
    if (last === '[' || last === '{' || last === ',' || last === ':') return `line ${L - 1}: did not find expected node content`;
    return `line ${L - 1}: did not find expected ',' or '${stack[stack.length - 1] === '{' ? '}' : ']'}'`;
  }
  if (reason.startsWith('tab characters must not be used')) {
    const p = prevNonEmpty(L);
    if (p && continuesPlainScalar(lines[p - 1])) return `line ${L}: found a tab character that violates indentation`;
    return `line ${L}: found character that cannot start any token`;
  }
  // A quoted scalar left open: go-yaml reports the end of the stream, on the text's last line.
  if (reason.startsWith('unexpected end of the stream within a')) return `line ${(chunk.match(/\n/g) ?? []).length + 1}: found unexpected end of stream`;
  if (reason.startsWith('can not read an implicit mapping pair')) return `line ${L + 1}: could not find expected ':'`;
  if (reason.startsWith('can not read a block mapping entry')) return `line ${L}: could not find expected ':'`;
  if (reason.startsWith('end of the stream or a document separator is expected')) {
    const p = prevNonEmpty(L);
    if (p && /^\s*- /.test(lines[p - 1])) return `line ${L - 1}: did not find expected '-' indicator`;
    return `line ${L - 1}: did not find expected key`;
  }
  return `line ${L}: ${reason}`;
}
