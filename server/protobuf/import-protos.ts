/**
 * Regenerates descriptors.json: the protobuf messages of Kubernetes v1.32 that the kinds the
 * model serves (and the request bodies kubectl sends beside them: Scale, DeleteOptions,
 * Eviction, Binding) reach, as a protobufjs JSON descriptor. The sources are the
 * generated.proto files of k8s.io/api and k8s.io/apimachinery at a v0.32 tag, read straight
 * from their git repositories, and the Go structs of the same tag (types.go), whose json tags
 * say what the .proto cannot: the JSON name, omitempty, pointer or value, and ",inline". Each
 * field carries those as options, so the decoder can write the JSON that upstream's
 * encoding/json writes for the decoded Go struct.
 *
 * Run against clones (or bare mirrors) of kubernetes/api and kubernetes/apimachinery:
 *
 *   npx ts-node server/protobuf/import-protos.ts /path/to/kubernetes/api.git /path/to/kubernetes/apimachinery.git v0.32.9
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import { RESOURCES } from '../../model/api/registry';
import { WELL_KNOWN } from './well-known';

/** The proto package of each API group at v1. */
const GROUP_PACKAGES: Record<string, string> = {
  '': 'k8s.io.api.core.v1',
  apps: 'k8s.io.api.apps.v1',
  'authentication.k8s.io': 'k8s.io.api.authentication.v1',
  'authorization.k8s.io': 'k8s.io.api.authorization.v1',
  autoscaling: 'k8s.io.api.autoscaling.v1',
  batch: 'k8s.io.api.batch.v1',
  'coordination.k8s.io': 'k8s.io.api.coordination.v1',
  'discovery.k8s.io': 'k8s.io.api.discovery.v1',
  policy: 'k8s.io.api.policy.v1',
  'rbac.authorization.k8s.io': 'k8s.io.api.rbac.v1',
  'storage.k8s.io': 'k8s.io.api.storage.v1',
};

/** Request bodies beside the served kinds: subresources and options kubectl's typed clients send. */
const EXTRA_KINDS: Array<{ group: string; version: string; kind: string }> = [
  { group: 'autoscaling', version: 'v1', kind: 'Scale' },
  { group: 'policy', version: 'v1', kind: 'Eviction' },
  { group: '', version: 'v1', kind: 'Binding' },
  { group: 'authentication.k8s.io', version: 'v1', kind: 'TokenRequest' },
];

/** meta/v1 kinds registered in every group version (metav1.AddToGroupVersion); kubectl sends DeleteOptions. */
const META_KINDS = ['DeleteOptions'];
const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';
/** The envelope every protobuf body travels in. */
const UNKNOWN = 'k8s.io.apimachinery.pkg.runtime.Unknown';

/** A Go struct field's json tag, keyed by its protobuf name. */
interface GoField {
  goName: string;
  jsonName: string;
  omitempty: boolean;
  pointer: boolean;
  inline: boolean;
  skip: boolean;
}

function gitShow(repo: string, tag: string, file: string): string {
  return execFileSync('git', ['--git-dir', gitDir(repo), 'show', `${tag}:${file}`], { encoding: 'utf8', maxBuffer: 64 << 20 });
}

function gitFiles(repo: string, tag: string, dir: string): string[] {
  return execFileSync('git', ['--git-dir', gitDir(repo), 'ls-tree', '--name-only', `${tag}`, `${dir}/`], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'));
}

function gitDir(repo: string): string {
  return fs.existsSync(path.join(repo, '.git')) ? path.join(repo, '.git') : repo;
}

/** Where a proto package's sources live: which repository, which folder. */
function sourceOf(pkg: string, apiRepo: string, machineryRepo: string): { repo: string; dir: string } {
  if (pkg.startsWith('k8s.io.api.')) return { repo: apiRepo, dir: pkg.slice('k8s.io.api.'.length).replace(/\./g, '/') };
  if (pkg.startsWith('k8s.io.apimachinery.')) return { repo: machineryRepo, dir: pkg.slice('k8s.io.apimachinery.'.length).replace(/\./g, '/') };
  throw new Error(`unknown proto package ${pkg}`);
}

/** The structs of a Go package: each field's json and protobuf tags, in declaration order. */
function goStructs(sources: string[]): Map<string, GoField[]> {
  const out = new Map<string, GoField[]>();
  for (const src of sources) {
    for (const m of src.matchAll(/^type (\w+) struct \{\n([\s\S]*?)^\}/gm)) {
      const fields: GoField[] = [];
      for (const line of m[2].split('\n')) {
        const f = /^\s*(?:(\w+)\s+)?(\S+)\s+`([^`]*)`/.exec(line);
        if (!f) continue;
        const tags = Object.fromEntries([...f[3].matchAll(/(\w+):"([^"]*)"/g)].map((t) => [t[1], t[2]]));
        if (!tags.protobuf || tags.protobuf === '-') continue;
        // An embedded struct without name= is named after its type, as go-to-protobuf names it.
        const goName = f[1] ?? f[2].replace(/^\*/, '').replace(/^\w+\./, '');
        const protoName = /(?:^|,)name=(\w+)/.exec(tags.protobuf)?.[1] ?? goName[0].toLowerCase() + goName.slice(1);
        const [jsonName, ...opts] = (tags.json ?? '').split(',');
        fields.push({
          goName: protoName,
          jsonName,
          omitempty: opts.includes('omitempty'),
          pointer: f[2].startsWith('*'),
          inline: opts.includes('inline'),
          skip: jsonName === '-',
        });
      }
      out.set(m[1], fields);
    }
  }
  return out;
}

function main(): void {
  const [apiRepo, machineryRepo, tag] = process.argv.slice(2);
  if (!apiRepo || !machineryRepo || !tag) throw new Error('usage: import-protos.ts <kubernetes/api git dir> <kubernetes/apimachinery git dir> <tag>');

  // Load every generated.proto the roots import, from the tag.
  const root = new protobuf.Root();
  const loaded = new Set<string>();
  const load = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    const [repo, rel] = file.startsWith('k8s.io/api/') ? [apiRepo, file.slice('k8s.io/api/'.length)] : [machineryRepo, file.slice('k8s.io/apimachinery/'.length)];
    const parsed = protobuf.parse(gitShow(repo, tag, rel), root, { keepCase: true });
    for (const imp of parsed.imports ?? []) load(imp);
  };
  const rootKinds: Array<{ apiVersion: string; kind: string; type: string }> = [];
  for (const r of [...RESOURCES, ...EXTRA_KINDS]) {
    const pkg = GROUP_PACKAGES[r.group];
    if (!pkg || r.version !== 'v1') throw new Error(`no proto package for ${r.group}/${r.version}`);
    load(`k8s.io/api/${pkg.slice('k8s.io.api.'.length).replace(/\./g, '/')}/generated.proto`);
    rootKinds.push({ apiVersion: r.group ? `${r.group}/${r.version}` : r.version, kind: r.kind, type: `${pkg}.${r.kind}` });
  }
  load('k8s.io/apimachinery/pkg/runtime/generated.proto');
  root.resolveAll();

  // Every message the roots reach through their fields.
  const reached = new Map<string, protobuf.Type>();
  const queue = [...rootKinds.map((k) => k.type), ...META_KINDS.map((k) => `${META}.${k}`), UNKNOWN];
  while (queue.length) {
    const name = queue.pop()!;
    if (reached.has(name)) continue;
    const t = root.lookupType(name);
    reached.set(name, t);
    for (const f of t.fieldsArray) if (f.resolvedType instanceof protobuf.Type) queue.push(f.resolvedType.fullName.slice(1));
  }

  // Go's view of each message: json names and omitempty, in struct order.
  const goByPackage = new Map<string, Map<string, GoField[]>>();
  const goOf = (pkg: string) => {
    if (!goByPackage.has(pkg)) {
      const { repo, dir } = sourceOf(pkg, apiRepo, machineryRepo);
      goByPackage.set(pkg, goStructs(gitFiles(repo, tag, dir).map((f) => gitShow(repo, tag, f))));
    }
    return goByPackage.get(pkg)!;
  };

  const nested: Record<string, any> = {};
  for (const name of [...reached.keys()].sort()) {
    const t = reached.get(name)!;
    const pkg = name.slice(0, name.lastIndexOf('.'));
    let ns = nested;
    for (const part of pkg.split('.')) ns = (ns[part] ??= { nested: {} }).nested;
    // Types that marshal their own JSON, and the envelope, keep their proto fields as they are.
    if (WELL_KNOWN[name] || name === UNKNOWN) {
      ns[t.name] = { edition: 'proto2', fields: Object.fromEntries(t.fieldsArray.map((f) => [f.name, f.toJSON()])) };
      continue;
    }
    const go = goOf(pkg).get(t.name);
    if (!go) throw new Error(`no Go struct for ${name}`);
    const fields: Record<string, any> = {};
    // Struct order, as encoding/json writes the fields.
    for (const g of go) {
      if (g.skip) continue;
      const f = t.fields[g.goName];
      if (!f) throw new Error(`${name}: Go field ${g.goName} has no proto field`);
      const json: any = f.toJSON();
      json.type = f.resolvedType ? f.resolvedType.fullName.slice(1) : f.type;
      const options: Record<string, unknown> = {};
      if (g.inline) options.inline = true;
      else if (g.jsonName !== f.name) options.jsonName = g.jsonName;
      if (g.omitempty) options.omitempty = true;
      if (g.pointer) options.pointer = true;
      json.options = Object.keys(options).length ? options : undefined;
      fields[f.name] = json;
    }
    for (const f of t.fieldsArray) if (!fields[f.name]) throw new Error(`${name}: proto field ${f.name} has no Go field`);
    // proto2: a field on the wire is present even when zero (replicas: 0), as gogo-protobuf writes it.
    ns[t.name] = { edition: 'proto2', fields };
  }

  const out = { source: `k8s.io/api and k8s.io/apimachinery ${tag}`, kinds: rootKinds, metaKinds: META_KINDS.map((k) => ({ kind: k, type: `${META}.${k}` })), nested };
  const file = path.join(__dirname, 'descriptors.json');
  fs.writeFileSync(file, JSON.stringify(out) + '\n');
  console.log(`${reached.size} messages, ${fs.statSync(file).size} bytes: ${file}`);
}

main();
