/**
 * Regenerates definitions.json: the OpenAPI definitions of Kubernetes v1.32 for the kinds the
 * model serves and every type they reference, with upstream's descriptions and x-kubernetes-*
 * extensions. The source is the JSON Schema rendering of upstream's swagger.json that the PyPI
 * package kubernetes-validate ships (v1.32.0-local/_definitions.json); this turns it back into
 * swagger 2.0 definitions (nullable type arrays become one type, refs point at #/definitions/,
 * the apiVersion/kind enums the JSON Schema converter adds are dropped).
 *
 *   pip download kubernetes-validate==1.37.0 --no-deps -d /tmp/kv
 *   unzip -q /tmp/kv/*.whl 'kubernetes_validate/kubernetes-json-schema/v1.32.0-local/_definitions.json' -d /tmp/kv
 *   npx ts-node model/apiserver/openapi/import-definitions.ts /tmp/kv/kubernetes_validate/kubernetes-json-schema/v1.32.0-local/_definitions.json
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RESOURCES } from '../../api/registry';

type Schema = Record<string, any>;

/** Types the served paths name beside the kinds themselves (request and response bodies). */
const EXTRA_ROOTS = [
  'io.k8s.api.autoscaling.v1.Scale',
  'io.k8s.api.core.v1.Binding',
  'io.k8s.apimachinery.pkg.apis.meta.v1.APIResourceList',
  'io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Patch',
  'io.k8s.apimachinery.pkg.apis.meta.v1.Status',
  'io.k8s.apimachinery.pkg.apis.meta.v1.WatchEvent',
];

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function convert(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(convert);
  if (!s || typeof s !== 'object') return s;
  const out: Schema = {};
  for (const [k, v] of Object.entries(s as Schema)) {
    if (k === 'type' && Array.isArray(v)) {
      const types = v.filter((t) => t !== 'null');
      out.type = types.length === 1 ? types[0] : types;
    } else if (k === '$ref' && typeof v === 'string') out.$ref = `#/definitions/${refName(v)}`;
    else if (k === 'properties') out.properties = Object.fromEntries(Object.entries(v as Schema).map(([p, ps]) => [p, convert(ps)]));
    else out[k] = convert(v);
  }
  return out;
}

function main(): void {
  const source = process.argv[2];
  if (!source) throw new Error('usage: import-definitions.ts <v1.32.0-local/_definitions.json>');
  const defs: Record<string, Schema> = JSON.parse(fs.readFileSync(source, 'utf8')).$defs;
  const byGVK = new Map<string, string>();
  for (const [name, d] of Object.entries(defs))
    for (const g of d['x-kubernetes-group-version-kind'] ?? []) byGVK.set(`${g.group}/${g.version}/${g.kind}`, name);

  const roots = [...EXTRA_ROOTS];
  for (const r of RESOURCES)
    // A create-only resource (the reviews) has no List kind.
    for (const kind of r.verbs.includes('list') ? [r.kind, `${r.kind}List`] : [r.kind]) {
      const name = byGVK.get(`${r.group}/${r.version}/${kind}`);
      if (!name) throw new Error(`no definition for ${r.group}/${r.version} ${kind}`);
      roots.push(name);
    }

  const out: Record<string, Schema> = {};
  const queue = [...roots];
  while (queue.length) {
    const name = queue.pop()!;
    if (out[name]) continue;
    if (!defs[name]) throw new Error(`missing definition ${name}`);
    const d = convert(defs[name]) as Schema;
    if (d['x-kubernetes-group-version-kind'] && d.properties) {
      for (const p of ['apiVersion', 'kind']) if (d.properties[p]) delete d.properties[p].enum;
    }
    out[name] = d;
    JSON.stringify(d, (k, v) => {
      if (k === '$ref') queue.push(refName(v));
      return v;
    });
  }
  const sorted = Object.fromEntries(Object.keys(out).sort().map((k) => [k, out[k]]));
  const file = path.join(__dirname, 'definitions.json');
  fs.writeFileSync(file, JSON.stringify(sorted) + '\n');
  console.log(`${Object.keys(sorted).length} definitions, ${fs.statSync(file).size} bytes: ${file}`);
}

main();
