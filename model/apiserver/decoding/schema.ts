/**
 * The schema the API server decodes request bodies with: upstream's 1.32 OpenAPI definitions
 * (../openapi/definitions.json: field names, JSON types, int32/int64, required, list-map keys)
 * joined with what only the Go structs know (gotypes.json: the Go type encoding/json names in
 * its errors, pointers, omitempty, `+enum` values). One tree per served kind, built lazily and
 * shared by the decoder and the schema property's arbitraries.
 */
import { RESOURCES, type ResourceInfo } from '../../api/registry';

type OpenAPI = Record<string, any>;
interface GoField {
  go: string;
  ptr?: true;
  omitempty?: true;
  enum?: string;
}

// Loaded on first use: the JSON is large, and the type checker need not read it.
let defs: Record<string, OpenAPI> | undefined;
let gotypes: { structs: Record<string, Record<string, GoField>>; enums: Record<string, string[]> } | undefined;
const DEFS = () => (defs ??= require('../openapi/definitions.json') as Record<string, OpenAPI>);
const GO = () => (gotypes ??= require('./gotypes.json'));

export type ScalarKind = 'string' | 'bool' | 'int32' | 'int64' | 'float64' | 'bytes';

/** A JSON shape with the Go type it decodes into ("v1.PodSpec", "[]string", "int32"). */
export type TypeNode =
  | { kind: ScalarKind; go: string; enum?: readonly string[] }
  | { kind: 'slice'; go: string; items: TypeNode; listType?: string; listMapKeys?: readonly string[] }
  | { kind: 'map'; go: string; values: TypeNode }
  | {
      kind: 'struct';
      go: string;
      def: string;
      fields: ReadonlyMap<string, FieldNode>;
      /** The fields in the Go struct's declaration order (the unstructured converter walks them so). */
      order: readonly string[];
      required: readonly string[];
    }
  /** resource.Quantity, intstr.IntOrString, metav1.Time: their own UnmarshalJSON. */
  | { kind: 'quantity' | 'intOrString' | 'time'; go: string }
  /** FieldsV1, RawExtension: any JSON, kept as sent. */
  | { kind: 'any'; go: string };

export type StructNode = Extract<TypeNode, { kind: 'struct' }>;

export interface FieldNode {
  name: string;
  type: TypeNode;
  /** *T in Go: a null clears it. */
  ptr: boolean;
  omitempty: boolean;
  required: boolean;
}

/** "io.k8s.api.core.v1.PodSpec" -> "v1.PodSpec", as reflect prints a named type. */
function goName(def: string): string {
  const parts = def.split('.');
  return `${parts[parts.length - 2]}.${parts[parts.length - 1]}`;
}

const SPECIAL: Record<string, TypeNode> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': { kind: 'quantity', go: 'resource.Quantity' },
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': { kind: 'intOrString', go: 'intstr.IntOrString' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.Time': { kind: 'time', go: 'v1.Time' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime': { kind: 'time', go: 'v1.MicroTime' },
  'io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1': { kind: 'any', go: 'v1.FieldsV1' },
  'io.k8s.apimachinery.pkg.runtime.RawExtension': { kind: 'any', go: 'runtime.RawExtension' },
};

const structs = new Map<string, StructNode>();

/** The struct of a definition, its fields resolved on first use (the tree is recursive). */
export function structOf(def: string): StructNode {
  let node = structs.get(def);
  if (node) return node;
  const d = DEFS()[def];
  if (!d?.properties) throw new Error(`no OpenAPI definition with properties: ${def}`);
  let fields: Map<string, FieldNode> | undefined;
  const required: string[] = d.required ?? [];
  const props = Object.keys(d.properties);
  const declared = Object.keys(GO().structs[def] ?? {}).filter((k) => props.includes(k));
  node = {
    kind: 'struct',
    go: goName(def),
    def,
    required,
    order: [...declared, ...props.filter((k) => !declared.includes(k))],
    get fields() {
      if (!fields) {
        fields = new Map();
        const go = GO().structs[def] ?? {};
        for (const [name, prop] of Object.entries(d.properties as Record<string, OpenAPI>)) {
          const g = go[name];
          fields.set(name, { name, type: typeOf(prop, g), ptr: !!g?.ptr, omitempty: !!g?.omitempty, required: required.includes(name) });
        }
      }
      return fields;
    },
  };
  structs.set(def, node);
  return node;
}

function refDef(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** The node of one OpenAPI property; `g` is the Go field it decodes into, when known. */
function typeOf(prop: OpenAPI, g: GoField | undefined, goType = g?.go): TypeNode {
  if (prop.$ref) {
    const def = refDef(prop.$ref);
    return SPECIAL[def] ?? structOf(def);
  }
  switch (prop.type) {
    case 'string':
      if (prop.format === 'byte') return { kind: 'bytes', go: goType ?? '[]uint8' };
      return { kind: 'string', go: goType ?? 'string', enum: g?.enum ? GO().enums[g.enum] : undefined };
    case 'boolean':
      return { kind: 'bool', go: goType ?? 'bool' };
    case 'integer':
      return prop.format === 'int32' ? { kind: 'int32', go: goType ?? 'int32' } : { kind: 'int64', go: goType ?? 'int64' };
    case 'number':
      return { kind: 'float64', go: goType ?? 'float64' };
    case 'array': {
      const go = goType ?? `[]${prop.items?.type === 'string' ? 'string' : 'interface {}'}`;
      const items = typeOf(prop.items ?? {}, undefined, go.startsWith('[]') ? go.slice(2) : undefined);
      return { kind: 'slice', go: goType ?? `[]${items.go}`, items, listType: prop['x-kubernetes-list-type'], listMapKeys: prop['x-kubernetes-list-map-keys'] };
    }
    case 'object':
      if (prop.additionalProperties) {
        const values = typeOf(prop.additionalProperties, undefined, mapValueGo(goType));
        return { kind: 'map', go: goType ?? `map[string]${values.go}`, values };
      }
      return { kind: 'any', go: goType ?? 'map[string]interface {}' };
  }
  return { kind: 'any', go: goType ?? 'interface {}' };
}

/** The value type of a Go map type: map[string]string -> string; v1.ResourceList -> its Quantity. */
function mapValueGo(go: string | undefined): string | undefined {
  if (!go?.startsWith('map[')) return undefined;
  return go.slice(go.indexOf(']') + 1);
}

/** The definition of a served kind ("io.k8s.api.apps.v1.Deployment"), by its group, version and kind. */
export function definitionOf(group: string, version: string, kind: string): string | undefined {
  // Every request body decodes through here: index the definitions once (the first to declare a
  // group/version/kind names it), instead of scanning hundreds of them per request.
  if (!byGVK) {
    byGVK = new Map();
    for (const [name, d] of Object.entries(DEFS()))
      for (const gvk of d['x-kubernetes-group-version-kind'] ?? []) {
        const k = `${gvk.group}/${gvk.version}/${gvk.kind}`;
        if (!byGVK.has(k)) byGVK.set(k, name);
      }
  }
  return byGVK.get(`${group}/${version}/${kind}`);
}
let byGVK: Map<string, string> | undefined;

/** The struct a resource's bodies decode into; Scale for the scale subresource. */
export function schemaOfResource(r: ResourceInfo, subresource?: string): StructNode | undefined {
  const def = subresource === 'scale' ? 'io.k8s.api.autoscaling.v1.Scale' : definitionOf(r.group, r.version, r.kind);
  return def ? structOf(def) : undefined;
}

/**
 * Every stored kind with its schema (the property generates objects of each and reads them
 * back); the create-only reviews, answered and never stored, are not among them.
 */
export function servedKinds(): { r: ResourceInfo; schema: StructNode }[] {
  return RESOURCES.flatMap((r) => {
    if (!r.verbs.includes('get')) return [];
    const schema = schemaOfResource(r);
    return schema ? [{ r, schema }] : [];
  });
}
