/**
 * Objects of every served kind for the schema property: a small valid object of each kind,
 * then fast-check arbitraries that change it along the kind's schema (the one the API server
 * decodes with, model/apiserver/decoding/schema.ts) into a valid object, one with a value of
 * the wrong JSON type, one with an unknown field, or one that breaks a validation rule, each
 * with what the API server must answer.
 */
import fc from 'fast-check';
import type { ResourceInfo } from '../../model/api/registry';
import { schemaOfResource, servedKinds, type FieldNode, type StructNode, type TypeNode } from '../../model/apiserver/decoding/schema';

type Obj = Record<string, any>;

const podSpec = () => ({ containers: [{ name: 'app', image: 'nginx', ports: [{ containerPort: 80 }] }] });
const template = () => ({ metadata: { labels: { app: 'web' } }, spec: podSpec() });

/** A small object each kind's validation accepts (the name is set per case). */
const BASES: Record<string, () => Obj> = {
  Namespace: () => ({ apiVersion: 'v1', kind: 'Namespace', metadata: {} }),
  Node: () => ({ apiVersion: 'v1', kind: 'Node', metadata: { labels: { pool: 'a' } }, spec: { podCIDR: '10.250.0.0/24' } }),
  Pod: () => ({ apiVersion: 'v1', kind: 'Pod', metadata: { labels: { app: 'web' } }, spec: podSpec() }),
  Event: () => ({ apiVersion: 'v1', kind: 'Event', metadata: {}, involvedObject: { kind: 'Pod', name: 'web', namespace: 'default' }, reason: 'Tested', message: 'a test event', type: 'Normal' }),
  Service: () => ({ apiVersion: 'v1', kind: 'Service', metadata: {}, spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 8080 }] } }),
  ConfigMap: () => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: {}, data: { key: 'value' } }),
  ServiceAccount: () => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: {} }),
  Secret: () => ({ apiVersion: 'v1', kind: 'Secret', metadata: {}, type: 'Opaque', data: { key: 'dmFsdWU=' } }),
  Deployment: () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: {}, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: template() } }),
  ReplicaSet: () => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: {}, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: template() } }),
  DaemonSet: () => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: {}, spec: { selector: { matchLabels: { app: 'web' } }, template: template() } }),
  Lease: () => ({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: {}, spec: { holderIdentity: 'me', leaseDurationSeconds: 40 } }),
  EndpointSlice: () => ({ apiVersion: 'discovery.k8s.io/v1', kind: 'EndpointSlice', metadata: {}, addressType: 'IPv4', endpoints: [{ addresses: ['10.244.1.5'] }], ports: [{ name: 'http', port: 80 }] }),
  Job: () => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: {}, spec: { backoffLimit: 1, template: { spec: { ...podSpec(), restartPolicy: 'Never' } } } }),
  CronJob: () => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: {}, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { ...podSpec(), restartPolicy: 'OnFailure' } } } } } }),
  StatefulSet: () => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: {}, spec: { serviceName: 'web', replicas: 1, selector: { matchLabels: { app: 'web' } }, template: template() } }),
  ControllerRevision: () => ({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: {}, data: { spec: { template: template() } }, revision: 1 }),
  PersistentVolume: () => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: {}, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/mnt/data' } } }),
  PersistentVolumeClaim: () => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: {}, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }),
  StorageClass: () => ({ apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', metadata: {}, provisioner: 'example.com/nfs' }),
  PodDisruptionBudget: () => ({ apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: {}, spec: { minAvailable: 1, selector: { matchLabels: { app: 'web' } } } }),
  Role: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: {}, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] }),
  ClusterRole: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: {}, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] }),
  RoleBinding: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: {}, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }] }),
  ClusterRoleBinding: () => ({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: {}, roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'view' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'jane' }] }),
};

export type Directive = 'Strict' | 'Warn' | 'Ignore';

/** What the API server must answer to a case. */
export type Expected =
  | { outcome: 'accepted'; warnings: string[]; absent?: string[] }
  | { outcome: 'rejected'; code: 400 | 422; reason: 'BadRequest' | 'Invalid'; names: string };

export interface SchemaCase {
  r: ResourceInfo;
  family: 'valid' | 'wrong type' | 'unknown field' | 'invalid value';
  body: Obj;
  directive: Directive;
  expected: Expected;
}

/** An object in the base, with the struct it decodes into and both of its paths. */
interface Site {
  node: StructNode;
  /** encoding/json's field stack (names only) and the strict path (with [i]). */
  names: string[];
  strict: string;
  /** Where it is in the body: keys and indices. */
  at: (string | number)[];
}

/** Every JSON object of `value` that decodes into a struct, walking the schema beside it. */
function sites(node: StructNode, value: Obj, names: string[] = [], strict = '', at: (string | number)[] = []): Site[] {
  const out: Site[] = [{ node, names, strict, at }];
  for (const [k, v] of Object.entries(value)) {
    const f = node.fields.get(k);
    if (!f || v === null || typeof v !== 'object') continue;
    const path = strict ? `${strict}.${k}` : k;
    if (f.type.kind === 'struct' && !Array.isArray(v)) out.push(...sites(f.type, v, [...names, k], path, [...at, k]));
    if (f.type.kind === 'slice' && f.type.items.kind === 'struct' && Array.isArray(v))
      v.forEach((item, i) => item && typeof item === 'object' && out.push(...sites((f.type as any).items, item, [...names, k], `${path}[${i}]`, [...at, k, i])));
  }
  return out;
}

function setAt(body: Obj, at: (string | number)[], key: string, value: unknown): void {
  const target = at.reduce<any>((o, k) => o[k], body);
  target[key] = value;
}

/** JSON values of another type than the node takes, with encoding/json's word for each. */
function wrongValues(t: TypeNode): [unknown, string][] {
  const all: [unknown, string][] = [
    ['text', 'string'],
    [7, 'number'],
    [true, 'bool'],
    [{ a: 'b' }, 'object'],
    [['x'], 'array'],
  ];
  const takes: Record<string, string[]> = {
    string: ['string'],
    bool: ['bool'],
    int32: ['number'],
    int64: ['number'],
    float64: ['number'],
    slice: ['array'],
    map: ['object'],
    struct: ['object'],
  };
  const ok = takes[t.kind];
  return ok ? all.filter(([, w]) => !ok.includes(w)) : [];
}

/** Fields whose wrong type the decoder reports with their path (custom decoders and routing fields aside). */
function typedFields(site: Site): FieldNode[] {
  return [...site.node.fields.values()].filter((f) => wrongValues(f.type).length > 0 && !(site.names.length === 0 && (f.name === 'apiVersion' || f.name === 'kind')));
}

const labelKey = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/);
const labelValue = fc.stringMatching(/^([a-z0-9]([a-z0-9._-]{0,10}[a-z0-9])?)?$/);

/** Every case is named "web…"; the property gives each run its own name before sending it. */
function named(base: Obj): Obj {
  base.metadata = { ...base.metadata, name: 'web' };
  return base;
}

/** A valid object: the base with generated labels and annotations (and replicas where the kind has them). */
function validCase(r: ResourceInfo): fc.Arbitrary<SchemaCase> {
  return fc
    .record({
      labels: fc.dictionary(labelKey, labelValue, { maxKeys: 3 }),
      annotations: fc.dictionary(labelKey, fc.string({ maxLength: 20 }), { maxKeys: 2 }),
      replicas: fc.integer({ min: 0, max: 5 }),
      directive: fc.constantFrom<Directive>('Strict', 'Warn', 'Ignore'),
    })
    .map(({ labels, annotations, replicas, directive }) => {
      const body = named(BASES[r.kind]());
      body.metadata.labels = { ...body.metadata.labels, ...labels };
      if (Object.keys(annotations).length) body.metadata.annotations = annotations;
      if (body.spec && 'replicas' in body.spec) body.spec.replicas = replicas;
      return { r, family: 'valid', body, directive, expected: { outcome: 'accepted', warnings: [] } };
    });
}

/** One field somewhere in the object set to a value of another JSON type: a 400 naming the Go struct field. */
function wrongTypeCase(r: ResourceInfo, schema: StructNode): fc.Arbitrary<SchemaCase> {
  const candidates = sites(schema, BASES[r.kind]()).flatMap((site) => typedFields(site).map((f) => ({ site, f })));
  return fc
    .record({ pick: fc.constantFrom(...candidates), which: fc.nat(), directive: fc.constantFrom<Directive>('Strict', 'Warn', 'Ignore') })
    .map(({ pick, which, directive }) => {
      const body = named(BASES[r.kind]());
      const wrong = wrongValues(pick.f.type);
      const [value] = wrong[which % wrong.length];
      setAt(body, pick.site.at, pick.f.name, value);
      const struct = pick.site.node.go.slice(pick.site.node.go.indexOf('.') + 1);
      const names = `Go struct field ${struct}.${[...pick.site.names, pick.f.name].join('.')} of type ${pick.f.type.go}`;
      return { r, family: 'wrong type', body, directive, expected: { outcome: 'rejected', code: 400, reason: 'BadRequest', names } };
    });
}

/** A field the struct does not have: refused under Strict, a warning under Warn, silent under Ignore; never stored. */
function unknownFieldCase(r: ResourceInfo, schema: StructNode): fc.Arbitrary<SchemaCase> {
  const all = sites(schema, BASES[r.kind]());
  return fc
    .record({ site: fc.constantFrom(...all), key: fc.stringMatching(/^zz[a-zA-Z0-9]{1,8}$/), directive: fc.constantFrom<Directive>('Strict', 'Warn', 'Ignore') })
    .map(({ site, key, directive }) => {
      const body = named(BASES[r.kind]());
      setAt(body, site.at, key, 'x');
      const path = site.strict ? `${site.strict}.${key}` : key;
      const warning = `unknown field ${JSON.stringify(path)}`;
      const expected: Expected =
        directive === 'Strict'
          ? { outcome: 'rejected', code: 400, reason: 'BadRequest', names: warning }
          : { outcome: 'accepted', warnings: directive === 'Warn' ? [warning] : [], absent: [[...site.at, key].join('.')] };
      return { r, family: 'unknown field', body, directive, expected };
    });
}

/** Values upstream's validation refuses (model/apiserver/validation), with the field the Status must name. */
const RBAC_KINDS = ['Role', 'ClusterRole', 'RoleBinding', 'ClusterRoleBinding'];
const RULES: { kinds: string[]; except?: string[]; field: string; apply: (o: Obj) => void }[] = [
  { kinds: ['*'], except: RBAC_KINDS, field: 'metadata.name', apply: (o) => (o.metadata.name = `${o.metadata.name}-UPPER`) },
  // RBAC names are path segments (ValidateRBACName): upper case is fine, '%' is not.
  { kinds: RBAC_KINDS, field: 'metadata.name', apply: (o) => (o.metadata.name = `${o.metadata.name}%41`) },
  { kinds: ['Role', 'ClusterRole'], field: 'rules[0].verbs', apply: (o) => (o.rules[0].verbs = []) },
  { kinds: ['RoleBinding', 'ClusterRoleBinding'], field: 'subjects[0].kind', apply: (o) => (o.subjects[0].kind = 'Robot') },
  { kinds: ['*'], field: 'metadata.labels', apply: (o) => (o.metadata.labels = { ...o.metadata.labels, tier: '-not-a-value-' }) },
  { kinds: ['Deployment', 'ReplicaSet'], field: 'spec.replicas', apply: (o) => (o.spec.replicas = -1) },
  { kinds: ['Pod'], field: 'spec.containers[0].ports[0].containerPort', apply: (o) => (o.spec.containers[0].ports[0].containerPort = 70000) },
  { kinds: ['Deployment', 'ReplicaSet', 'DaemonSet'], field: 'spec.template.spec.containers[0].name', apply: (o) => (o.spec.template.spec.containers[0].name = 'Not_A_Name') },
  { kinds: ['Service'], field: 'spec.ports[0].port', apply: (o) => (o.spec.ports[0].port = 0) },
  { kinds: ['Job'], field: 'spec.template.spec.restartPolicy', apply: (o) => (o.spec.template.spec.restartPolicy = 'Always') },
  { kinds: ['CronJob'], field: 'spec.schedule', apply: (o) => (o.spec.schedule = '61 * * * *') },
];

function invalidValueCase(r: ResourceInfo): fc.Arbitrary<SchemaCase> {
  const rules = RULES.filter((x) => (x.kinds.includes('*') && !x.except?.includes(r.kind)) || x.kinds.includes(r.kind));
  return fc.record({ rule: fc.constantFrom(...rules), directive: fc.constantFrom<Directive>('Strict', 'Warn', 'Ignore') }).map(({ rule, directive }) => {
    const body = named(BASES[r.kind]());
    rule.apply(body);
    return { r, family: 'invalid value', body, directive, expected: { outcome: 'rejected', code: 422, reason: 'Invalid', names: rule.field } };
  });
}

/** A case of any served kind and any family. */
export const schemaCase: fc.Arbitrary<SchemaCase> = fc.oneof(
  ...servedKinds()
    .filter(({ r }) => BASES[r.kind])
    .map(({ r }) => {
      const schema = schemaOfResource(r)!;
      return fc.oneof(validCase(r), wrongTypeCase(r, schema), unknownFieldCase(r, schema), invalidValueCase(r));
    }),
);

/** The kinds the property covers: every one the API server serves. */
export function uncoveredKinds(): string[] {
  return servedKinds()
    .map(({ r }) => r.kind)
    .filter((k) => !BASES[k]);
}
