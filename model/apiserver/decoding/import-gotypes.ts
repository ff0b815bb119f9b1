/**
 * Regenerates gotypes.json: what the OpenAPI definitions do not say about the Go structs
 * kube-apiserver decodes into, read from upstream's types.go at kubernetes-1.32.0. For each
 * struct field: the Go type as reflect prints it in encoding/json's errors ("v1.Protocol",
 * "[]string", "v1.ResourceList"), whether it is a pointer and whether its tag says omitempty
 * (what a JSON null leaves behind); and the values of every `+enum` string type.
 *
 *   (k8s.io/api at kubernetes-1.32.0)          core/v1 apps/v1 discovery/v1 coordination/v1 autoscaling/v1 types.go
 *   (k8s.io/apimachinery at kubernetes-1.32.0) pkg/apis/meta/v1/types.go
 *   npx ts-node model/apiserver/decoding/import-gotypes.ts \
 *     io.k8s.api.core.v1=core/v1/types.go io.k8s.api.apps.v1=apps/v1/types.go … io.k8s.apimachinery.pkg.apis.meta.v1=meta/v1/types.go
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Import aliases upstream's files use, and the package name reflect prints for them. */
const PACKAGES: Record<string, { printed: string; def: string }> = {
  metav1: { printed: 'v1', def: 'io.k8s.apimachinery.pkg.apis.meta.v1' },
  v1: { printed: 'v1', def: 'io.k8s.api.core.v1' },
  corev1: { printed: 'v1', def: 'io.k8s.api.core.v1' },
  resource: { printed: 'resource', def: 'io.k8s.apimachinery.pkg.api.resource' },
  intstr: { printed: 'intstr', def: 'io.k8s.apimachinery.pkg.util.intstr' },
  types: { printed: 'types', def: 'io.k8s.apimachinery.pkg.types' },
  runtime: { printed: 'runtime', def: 'io.k8s.apimachinery.pkg.runtime' },
};

export interface GoField {
  /** The type as reflect.Type.String() prints it, pointer removed ("v1.Protocol", "[]v1.Container"). */
  go: string;
  ptr?: true;
  omitempty?: true;
  /** The definition name of a named string type with `+enum` values. */
  enum?: string;
}

interface Out {
  structs: Record<string, Record<string, GoField>>;
  enums: Record<string, string[]>;
}

/** Renders a Go type expression of package `own` ("io.k8s.api.core.v1") as reflect prints it. */
function render(expr: string, ownPrinted: string): string {
  if (expr.startsWith('[]')) return '[]' + render(expr.slice(2), ownPrinted);
  if (expr.startsWith('map[')) {
    const close = expr.indexOf(']');
    return `map[${render(expr.slice(4, close), ownPrinted)}]${render(expr.slice(close + 1), ownPrinted)}`;
  }
  if (expr.startsWith('*')) return render(expr.slice(1), ownPrinted);
  if (expr === 'byte') return 'uint8';
  const dot = expr.indexOf('.');
  if (dot > 0) return `${PACKAGES[expr.slice(0, dot)]?.printed ?? expr.slice(0, dot)}.${expr.slice(dot + 1)}`;
  if (/^[A-Z]/.test(expr)) return `${ownPrinted}.${expr}`;
  return expr;
}

/** The definition name a (possibly qualified) named type refers to. */
function defOf(expr: string, ownDef: string): string | undefined {
  const bare = expr.replace(/^\*/, '');
  const dot = bare.indexOf('.');
  if (dot > 0) return PACKAGES[bare.slice(0, dot)] ? `${PACKAGES[bare.slice(0, dot)].def}.${bare.slice(dot + 1)}` : undefined;
  return /^[A-Z]/.test(bare) ? `${ownDef}.${bare}` : undefined;
}

/** Embedded structs (`json:",inline"`): encoding/json flattens their fields into the outer struct. */
type Embeds = [Record<string, GoField>, string][];

function importFile(def: string, text: string, out: Out, enumRefs: [Record<string, GoField>, string, string][], embeds: Embeds): void {
  const ownPrinted = def.slice(def.lastIndexOf('.') + 1);
  const lines = text.split('\n');
  let struct: Record<string, GoField> | undefined;
  let enumNext = false;
  const enumTypes = new Set<string>();
  for (const line of lines) {
    if (line.startsWith('// +enum')) enumNext = true;
    const named = /^type (\w+) string\b/.exec(line);
    if (named && enumNext) enumTypes.add(named[1]);
    if (/^type /.test(line)) enumNext = false;
    const start = /^type (\w+) struct \{/.exec(line);
    if (start) {
      struct = {};
      out.structs[`${def}.${start[1]}`] = struct;
      continue;
    }
    if (struct && line === '}') {
      struct = undefined;
      continue;
    }
    const inline = struct && /^\t([\w.]+)\s+`json:",inline"/.exec(line);
    if (inline && struct) {
      const named = defOf(inline[1], def);
      if (named) embeds.push([struct, named]);
      continue;
    }
    const field = struct && /^\t(?:\w+\s+)?(\S+)\s+`json:"([^",]*)((?:,[a-z]+)*)"/.exec(line);
    if (field && struct && field[2] && field[2] !== '-') {
      const f: GoField = { go: render(field[1], ownPrinted) };
      if (field[1].startsWith('*')) f.ptr = true;
      if (field[3].includes('omitempty')) f.omitempty = true;
      struct[field[2]] = f;
      const named = defOf(field[1].replace(/^\[\]/, ''), def);
      if (named) enumRefs.push([struct, field[2], named]);
    }
  }
  // Every constant of an enum type: `Name Type = "value"`, in declaration order.
  for (const t of enumTypes) {
    const values: string[] = [];
    for (const m of text.matchAll(new RegExp(`^\\t\\w+\\s+${t}\\s+=\\s+"([^"]*)"`, 'gm'))) values.push(m[1]);
    if (values.length) out.enums[`${def}.${t}`] = values;
  }
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.length === 0) throw new Error('usage: import-gotypes.ts <definition-prefix>=<types.go> …');
  const out: Out = { structs: {}, enums: {} };
  const enumRefs: [Record<string, GoField>, string, string][] = [];
  const embeds: Embeds = [];
  for (const a of args) {
    const [def, file] = a.split('=');
    importFile(def, fs.readFileSync(file, 'utf8'), out, enumRefs, embeds);
  }
  // Embedded structs may embed others (EphemeralContainer -> EphemeralContainerCommon): repeat until settled.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [outer, inner] of embeds)
      for (const [k, f] of Object.entries(out.structs[inner] ?? {}))
        if (!(k in outer)) {
          outer[k] = f;
          changed = true;
        }
  }
  for (const [struct, field, named] of enumRefs) if (out.enums[named]) struct[field].enum = named;
  fs.writeFileSync(path.join(__dirname, 'gotypes.json'), JSON.stringify(out) + '\n');
}

if (require.main === module) main();
