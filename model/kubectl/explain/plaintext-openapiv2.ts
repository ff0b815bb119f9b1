/**
 * `kubectl explain --output=plaintext-openapiv2`: the pre-1.27 explain over the server's swagger
 * 2.0 document (k8s.io/kubectl/pkg/explain): definitions read as kube-openapi's proto models
 * (Kind, Map, Array, Primitive, Arbitrary, Reference), the field path looked up through them, and
 * the model printer's KIND/VERSION, RESOURCE or FIELD, DESCRIPTION and FIELDS sections.
 */
import { wrapLines } from './wrap';

type Json = any;

interface Base {
  description: string;
  extensions: Record<string, unknown>;
}

/** kube-openapi's proto.Schema kinds. */
type Model =
  | (Base & { is: 'kind'; fields: Record<string, Model>; required: string[] })
  | (Base & { is: 'map'; sub: Model })
  | (Base & { is: 'array'; sub: Model })
  | (Base & { is: 'primitive'; type: string })
  | (Base & { is: 'arbitrary' })
  | (Base & { is: 'ref'; reference: string; sub: () => Model });

/** proto.NewOpenAPIData: the swagger document's definitions as models. */
class Definitions {
  private readonly models = new Map<string, Model>();

  constructor(private readonly defs: Record<string, Json>) {}

  lookup(name: string): Model | undefined {
    if (!this.models.has(name) && this.defs[name]) this.models.set(name, this.parse(this.defs[name]));
    return this.models.get(name);
  }

  /** Model names in order, as ListModels sorts them. */
  names(): string[] {
    return Object.keys(this.defs).sort();
  }

  private parse(s: Json): Model {
    const base: Base = {
      description: typeof s.description === 'string' ? s.description : '',
      extensions: Object.fromEntries(Object.entries(s).filter(([k]) => k.startsWith('x-'))),
    };
    if (typeof s.$ref === 'string') {
      const reference = s.$ref.replace(/^#\/definitions\//, '');
      return { ...base, is: 'ref', reference, sub: () => this.lookup(reference)! };
    }
    const types: string[] = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
    if (types.length === 0) return s.properties !== undefined ? this.kind(s, base) : { ...base, is: 'arbitrary' };
    if (types[0] === 'object') {
      if (s.properties !== undefined) return this.kind(s, base);
      // additionalProperties: true (or none) is a map of anything.
      const ap = s.additionalProperties;
      const sub: Model = ap && typeof ap === 'object' ? this.parse(ap) : { ...base, is: 'arbitrary' };
      return { ...base, is: 'map', sub };
    }
    if (types[0] === 'array') return { ...base, is: 'array', sub: this.parse(Array.isArray(s.items) ? s.items[0] : s.items) };
    return { ...base, is: 'primitive', type: types[0] };
  }

  private kind(s: Json, base: Base): Model {
    const fields: Record<string, Model> = {};
    for (const [name, p] of Object.entries(s.properties ?? {})) fields[name] = this.parse(p);
    return { ...base, is: 'kind', fields, required: Array.isArray(s.required) ? s.required : [] };
  }
}

export interface Gvk {
  group: string;
  version: string;
  kind: string;
}

function groupVersion(gvk: Gvk): string {
  return gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version;
}

/** GroupVersionKind.String(): "apps/v1, Kind=Deployment". */
export function gvkString(gvk: Gvk): string {
  return `${gvk.group}/${gvk.version}, Kind=${gvk.kind}`;
}

/** kubectl's openapi.Resources.LookupResource: the model whose x-kubernetes-group-version-kind names the GVK (the last by name). */
function lookupResource(d: Definitions, gvk: Gvk): Model | undefined {
  let found: string | undefined;
  for (const name of d.names()) {
    const list = d.lookup(name)!.extensions['x-kubernetes-group-version-kind'];
    if (Array.isArray(list) && list.some((g: Json) => g?.kind && g.group === gvk.group && g.version === gvk.version && g.kind === gvk.kind)) found = name;
  }
  return found ? d.lookup(found) : undefined;
}

/** The typeName visitor: Object, []Container's Object, map[string]string, integer. */
function typeName(m: Model): string {
  switch (m.is) {
    case 'array':
      return `[]${typeName(m.sub)}`;
    case 'map':
      return `map[string]${typeName(m.sub)}`;
    case 'kind':
      return 'Object';
    case 'primitive':
      return m.type;
    case 'ref':
      return typeName(m.sub());
    case 'arbitrary':
      return '';
  }
}

/** fieldLookup: walks the path through references, arrays and maps; a primitive ends the walk wherever it is. */
function lookupField(m: Model, path: string[]): Model {
  if (path.length === 0 && m.is !== 'primitive' && m.is !== 'arbitrary') return m;
  switch (m.is) {
    case 'primitive':
    case 'arbitrary':
      return m;
    case 'array':
    case 'map':
      return lookupField(m.sub, path);
    case 'ref':
      return lookupField(m.sub(), path);
    case 'kind': {
      const sub = m.fields[path[0]];
      if (!sub) throw new Error(`field ${JSON.stringify(path[0])} does not exist`);
      return lookupField(sub, path.slice(1));
    }
  }
}

/** The explain Formatter: indentation, and wrapping at 80 columns less the indentation. */
class Formatter {
  constructor(
    private readonly out: { text: string },
    readonly level = 0,
  ) {}

  indent(n: number): Formatter {
    return new Formatter(this.out, this.level + n);
  }

  write(s: string): void {
    this.out.text += s === '' ? '\n' : ' '.repeat(this.level) + s + '\n';
  }

  writeWrapped(s: string): void {
    for (const line of wrapLines(s, 80 - this.level)) this.write(line);
  }
}

/** regularFieldsPrinter: each field with its type, -required-, and its wrapped description. */
function printFields(f: Formatter, m: Model): void {
  if (m.is === 'array' || m.is === 'map') return printFields(f, m.sub);
  if (m.is === 'ref') return printFields(f, m.sub());
  if (m.is !== 'kind') return;
  for (const key of Object.keys(m.fields).sort()) {
    const v = m.fields[key];
    f.write(`${key}\t<${typeName(v)}>${m.required.includes(key) ? ' -required-' : ''}`);
    f.indent(2).writeWrapped(v.description);
    f.write('');
  }
}

/** recursiveFieldsPrinter: field names and types, nested three columns a level; a reference already being printed is not entered again. */
function printFieldsRecursive(f: Formatter, m: Model, visiting: Set<string>): void {
  if (m.is === 'array' || m.is === 'map') return printFieldsRecursive(f, m.sub, visiting);
  if (m.is === 'ref') {
    if (visiting.has(m.reference)) return;
    visiting.add(m.reference);
    printFieldsRecursive(f, m.sub(), visiting);
    visiting.delete(m.reference);
    return;
  }
  if (m.is !== 'kind') return;
  for (const key of Object.keys(m.fields).sort()) {
    f.write(`${key}\t<${typeName(m.fields[key])}>`);
    printFieldsRecursive(f.indent(3), m.fields[key], visiting);
  }
}

/** modelPrinter: collects descriptions through references, arrays and maps down to what it explains. */
function printModel(f: Formatter, name: string, m: Model, gvk: Gvk, recursive: boolean): void {
  const descriptions: string[] = [];
  let type = '';
  const header = () => {
    f.write(`KIND:     ${gvk.kind}`);
    f.write(`VERSION:  ${groupVersion(gvk)}\n`);
  };
  const description = (last: Model) => {
    f.write('DESCRIPTION:');
    let empty = true;
    [...descriptions, last.description].forEach((d, i) => {
      if (d === '') return;
      empty = false;
      if (i !== 0) f.write('');
      f.indent(5).writeWrapped(d);
    });
    if (empty) f.indent(5).writeWrapped('<empty>');
  };
  for (;;) {
    switch (m.is) {
      case 'ref':
        descriptions.push(m.description);
        m = m.sub();
        continue;
      case 'array':
      case 'map':
        descriptions.push(m.description);
        if (type === '') type = typeName(m);
        m = m.sub;
        continue;
      case 'kind':
        header();
        if (type === '') type = typeName(m);
        if (name !== '') f.write(`RESOURCE: ${name} <${type}>\n`);
        description(m);
        f.write('\nFIELDS:');
        if (recursive) printFieldsRecursive(f.indent(3), m, new Set());
        else printFields(f.indent(3), m);
        return;
      case 'primitive':
        header();
        if (type === '') type = typeName(m);
        f.write(`FIELD:    ${name} <${type}>\n`);
        description(m);
        return;
      case 'arbitrary':
        header();
        description(m);
        return;
    }
  }
}

/**
 * The plaintext-openapiv2 explanation of `gvk` and `fieldPath` from the swagger 2.0 document,
 * or undefined when no definition has that GVK. Throws "field "x" does not exist" for a
 * missing field, before printing anything.
 */
export function renderOpenAPIV2(swagger: Json, gvk: Gvk, fieldPath: string[], recursive: boolean): string | undefined {
  const d = new Definitions(swagger.definitions ?? {});
  const model = lookupResource(d, gvk);
  if (!model) return undefined;
  const target = lookupField(model, fieldPath);
  const out = { text: '' };
  printModel(new Formatter(out), fieldPath.length ? fieldPath[fieldPath.length - 1] : '', target, gvk, recursive);
  return out.text;
}
