import type { KObject } from '../api/meta';
import { groupVersion, type ResourceInfo } from '../api/registry';
import type { FlagSpec } from './args';
import { KubectlError } from './errors';
import { executeJSONPath, executeJSONPathResults, JSONPathExecError } from './jsonpath';
import { parseGoTemplate, runGoTemplate, type GoTemplate } from './gotemplate/printer';
import { toJSON } from './printers/json';
import { kubectlTabWriter } from './printers/tabwriter';
import { toYAML } from './printers/yaml';
import { objectRef } from './resources';

/** Output formats of -o that print objects rather than tables. */
export type ObjectFormat =
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; template: string; allowMissingKeys?: boolean; asJSON?: boolean }
  | { kind: 'go-template'; template: GoTemplate }
  | { kind: 'custom-columns'; columns: { header: string; path: string }[] };

/** The formats of PrintFlags (every command that prints objects) and, for get, of HumanPrintFlags too. */
const ALLOWED = 'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';
const ALLOWED_GET = 'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';

/**
 * Parses -o; undefined means the human-readable table ('' or 'wide'). Only `get` (allowWide) has
 * the human printers, custom-columns among them. allowMissingKeys is --allow-missing-template-keys.
 */
export function parseOutput(o: string | undefined, allowWide = true, allowMissingKeys = true): ObjectFormat | undefined {
  if (o === undefined || o === '' || (allowWide && o === 'wide')) return undefined;
  // cli-runtime's JSONYamlPrintFlags lower-cases the format: -o YAML and -o Json are accepted.
  if (o.toLowerCase() === 'yaml') return { kind: 'yaml' };
  if (o.toLowerCase() === 'json') return { kind: 'json' };
  if (o === 'name') return { kind: 'name' };
  // JSONPathPrintFlags and GoTemplatePrintFlags: a template format needs its template.
  if (/^(jsonpath|jsonpath-as-json|jsonpath-file|go-template|go-template-file|template|templatefile)=?$/.test(o)) throw new KubectlError('template format specified but no template given');
  const m = o.match(/^jsonpath(-as-json)?=(.*)$/s);
  if (m) return { kind: 'jsonpath', template: m[2], allowMissingKeys, asJSON: m[1] !== undefined };
  const gt = o.match(/^(?:go-template|template)=(.*)$/s);
  if (gt) return { kind: 'go-template', template: parseGoTemplate(gt[1], allowMissingKeys) };
  if (!allowWide) throw new KubectlError(`unable to match a printer suitable for the output format ${JSON.stringify(o)}, allowed formats are: ${ALLOWED}`);
  if (o === 'custom-columns') throw new KubectlError('custom-columns format specified but no custom columns given');
  const cc = o.match(/^custom-columns=(.*)$/s);
  if (cc) return { kind: 'custom-columns', columns: parseCustomColumns(cc[1]) };
  throw new KubectlError(`unable to match a printer suitable for the output format ${JSON.stringify(o)}, allowed formats are: ${ALLOWED_GET}`);
}

/** The object as kubectl prints it: apiVersion and kind set, managedFields hidden (unless --show-managed-fields). */
export function forOutput(obj: KObject, r?: ResourceInfo, showManagedFields = false): KObject {
  const o: KObject = { ...obj, metadata: { ...obj.metadata } };
  if (r) {
    o.apiVersion = obj.apiVersion ?? groupVersion(r);
    o.kind = obj.kind ?? r.kind;
  }
  if (!showManagedFields) delete o.metadata.managedFields;
  return o;
}

/** Prints objects: one alone when a single item was asked for, else wrapped in a v1 List. */
export function printObjects(items: { obj: KObject; r: ResourceInfo }[], fmt: ObjectFormat, single: boolean, showManagedFields = false): string {
  if (fmt.kind === 'custom-columns') return customColumns(items.map(({ obj, r }) => forOutput(obj, r, showManagedFields)), fmt.columns);
  if (fmt.kind === 'name') return items.map(({ obj, r }) => objectRef(r, obj.metadata.name!) + '\n').join('');
  const objs = items.map(({ obj, r }) => forOutput(obj, r, showManagedFields));
  const value = single && objs.length === 1 ? objs[0] : { apiVersion: 'v1', items: objs, kind: 'List', metadata: { resourceVersion: '' } };
  if (fmt.kind === 'yaml') return toYAML(value);
  if (fmt.kind === 'json') return toJSON(value);
  if (fmt.kind === 'go-template') return goTemplateOutput(fmt.template, value);
  return jsonPathOutput(fmt, value);
}

/**
 * JSONPathPrinter: the template's text, or with jsonpath-as-json each action's results as an
 * indented JSON array; an error while evaluating comes in kubectl's frame, with the object as Go's
 * %#v shows it.
 */
function jsonPathOutput(fmt: Extract<ObjectFormat, { kind: 'jsonpath' }>, value: unknown): string {
  try {
    if (fmt.asJSON) return executeJSONPathResults(fmt.template, value, fmt.allowMissingKeys ?? true).map((r) => toJSON(r)).join('');
    return executeJSONPath(fmt.template, value, fmt.allowMissingKeys ?? true);
  } catch (e) {
    if (!(e instanceof JSONPathExecError)) throw e;
    throw new KubectlError(
      `error executing jsonpath ${JSON.stringify(fmt.template)}: Error executing template: ${e.message}. Printing more information for debugging the template:\n` +
        `\ttemplate was:\n\t\t${fmt.template}\n\tobject given to jsonpath engine was:\n\t\t${goSyntax(value)}\n\n\n`,
    );
  }
}

/** fmt's %#v of what JSON unmarshals into (map[string]interface {}, []interface {}, …). */
function goSyntax(v: unknown): string {
  if (v === null || v === undefined) return 'interface {}(nil)';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[]interface {}{${v.map(goSyntax).join(', ')}}`;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `map[string]interface {}{${keys.map((k) => `${JSON.stringify(k)}:${goSyntax(o[k])}`).join(', ')}}`;
}

/** "NAME:.metadata.name,NODE:.spec.nodeName", as kubectl's custom-columns printer parses it. */
function parseCustomColumns(spec: string): { header: string; path: string }[] {
  if (!spec) throw new KubectlError('custom-columns format specified but no custom columns given');
  return spec.split(',').map((part) => {
    const i = part.indexOf(':');
    if (i <= 0) throw new KubectlError(`unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>`);
    const path = part.slice(i + 1);
    return { header: part.slice(0, i), path: path.startsWith('{') ? path : `{${path.startsWith('.') ? path : '.' + path}}` };
  });
}

/**
 * One row per object; a path that finds nothing prints <none>, one that finds several values
 * prints them joined with commas (kubectl's CustomColumnsPrinter.printOneObject).
 */
function customColumns(objs: KObject[], columns: { header: string; path: string }[]): string {
  const w = kubectlTabWriter();
  w.write(columns.map((c) => c.header).join('\t') + '\n');
  for (const obj of objs) {
    const cells = columns.map((c) => {
      let results: unknown[][];
      try {
        results = executeJSONPathResults(c.path, obj);
      } catch {
        results = [];
      }
      if (!results.length || !results[0].length) return '<none>';
      return results.map((r) => r.map((v) => executeJSONPath('{@}', v)).join(',')).join(',');
    });
    w.write(cells.join('\t') + '\n');
  }
  w.flush();
  return w.take();
}

/** A template that fails prints its frame on stdout, then fails the command with kubectl's error. */
export class TemplateOutputError extends KubectlError {
  constructor(readonly printed: string, message: string) {
    super(message);
  }
}

function goTemplateOutput(t: GoTemplate, value: unknown): string {
  const r = runGoTemplate(t, value);
  if (r.error) throw new TemplateOutputError(r.out, r.error.message);
  return r.out;
}

/** Prints objects onto ctx.out; a template that fails leaves what it printed there before failing. */
export function printTo(ctx: { out: string }, items: { obj: KObject; r: ResourceInfo }[], fmt: ObjectFormat, single: boolean): void {
  try {
    ctx.out += printObjects(items, fmt, single);
  } catch (e) {
    if (e instanceof TemplateOutputError) ctx.out += e.printed;
    throw e;
  }
}

/** What PrintFlags adds beside -o: --template, --allow-missing-template-keys, --show-managed-fields. */
export const PRINT_FLAGS: FlagSpec[] = [
  { name: 'template', type: 'string' },
  { name: 'allow-missing-template-keys', type: 'bool' },
  { name: 'show-managed-fields', type: 'bool' },
];

/**
 * One printer over several objects (create -f): each printed alone, YAML documents separated by
 * `---` as the YAML printer does after its first object, JSON objects one after the other.
 */
export function printEach(items: { obj: KObject; r: ResourceInfo }[], fmt: ObjectFormat): string {
  const docs = items.map((i) => printObjects([i], fmt, true));
  return fmt.kind === 'yaml' ? docs.join('---\n') : docs.join('');
}
