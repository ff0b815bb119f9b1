/**
 * kube-apiserver's field manager (k8s.io/apiserver/pkg/endpoints/handlers/fieldmanager, over
 * structured-merge-diff's merge.Updater): every write records who set which fields in
 * metadata.managedFields, one entry per manager, operation (Update or Apply), API version and
 * subresource. An Update owns what it changed; an Apply owns what its configuration sets,
 * conflicts with other owners of fields it would change unless forced, and drops the fields
 * its previous configuration set and this one no longer does, when no one else owns them.
 */
import { deepCopy, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import { FieldSet, pathString, type Path } from './fieldpath';
import { Typer } from './typed';

export interface ManagedFieldsEntry {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  time?: string;
  fieldsType: 'FieldsV1';
  fieldsV1: Record<string, any>;
  subresource?: string;
}

/** Who writes: the manager's name, and the subresource written through. */
export interface Writer {
  manager: string;
  subresource?: string;
  /** The resource has a status subresource: writes to the main resource cannot own status. */
  hasStatus?: boolean;
}

interface Managed {
  manager: string;
  operation: 'Apply' | 'Update';
  apiVersion: string;
  subresource?: string;
  time?: string;
  set: FieldSet;
}

/** Fields no manager owns (stripmeta.go): identity and server-set metadata. */
const STRIPPED: Path[] = [
  ['f:apiVersion'],
  ['f:kind'],
  ['f:metadata'],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion'].map((f) => ['f:metadata', `f:${f}`]),
];

/**
 * Go zero values of a new object of each kind: the "live" object a create is compared with.
 * Struct fields that are not pointers are present (spec: {}, strategy: {}), so a create does not
 * own them as a whole, only what it put inside.
 */
const EMPTY: Record<string, any> = {
  Deployment: { spec: { selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} } },
  ReplicaSet: { spec: { selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } } } },
  DaemonSet: { spec: { selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, updateStrategy: {} } },
  Pod: { spec: { containers: null } },
  Service: { spec: {} },
  Node: { spec: {} },
  Namespace: { spec: {} },
};

export class ApplyConflict extends Error {
  constructor(readonly conflicts: { manager: Managed; path: Path }[]) {
    super('apply conflict');
  }

  /** errors.NewApplyConflict with the message of apiserver's internal/conflict.go. */
  toStatusError(): StatusError {
    const byManager = new Map<string, Path[]>();
    for (const c of this.conflicts) {
      const m = printManager(c.manager);
      byManager.set(m, [...(byManager.get(m) ?? []), c.path]);
    }
    let message: string;
    if (this.conflicts.length === 1) message = `Apply failed with 1 conflict: conflict with ${printManager(this.conflicts[0].manager)}: ${pathString(this.conflicts[0].path)}`;
    else {
      const lines: string[] = [];
      for (const m of [...byManager.keys()].sort()) {
        lines.push(`conflicts with ${m}:`);
        for (const p of byManager.get(m)!) lines.push(`- ${pathString(p)}`);
      }
      message = `Apply failed with ${this.conflicts.length} conflicts: ${lines.join('\n')}`;
    }
    return new StatusError({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message,
      reason: 'Conflict',
      details: { causes: this.conflicts.map((c) => ({ reason: 'FieldManagerConflict', message: `conflict with ${printManager(c.manager)}`, field: pathString(c.path) })) },
      code: 409,
    });
  }
}

/** `"kubectl-client-side-apply" using apps/v1`: an Update manager's identifier without its time. */
function printManager(m: Managed): string {
  let s = JSON.stringify(m.manager);
  if (m.subresource) s += ` with subresource ${JSON.stringify(m.subresource)}`;
  return m.operation === 'Update' ? `${s} using ${m.apiVersion}` : s;
}

export class FieldManager {
  constructor(private readonly typer = new Typer()) {}

  /**
   * The managedFields after an Update (create, update, patch other than apply): the writer's
   * entry gains what the write added or changed, every manager loses what it removed, and
   * others lose what the writer took over.
   */
  update(kind: string, apiVersion: string, old: KObject | undefined, next: KObject, writer: Writer, now: string): ManagedFieldsEntry[] {
    const managers = decode(old?.metadata.managedFields);
    const ignored = resetFields(writer);
    const cmp = this.typer.compare(withZeroValues(kind, writer, old ?? { metadata: {} }), withZeroValues(kind, writer, next), kind);
    const changed = owned(cmp.added.union(cmp.modified), ignored);
    const removed = owned(cmp.removed, ignored);
    for (const m of managers) m.set = m.set.difference(removed).difference(changed);
    if (!changed.empty()) {
      let self = managers.find((m) => m.manager === writer.manager && m.operation === 'Update' && m.apiVersion === apiVersion && m.subresource === writer.subresource);
      if (!self) managers.push((self = { manager: writer.manager, operation: 'Update', apiVersion, subresource: writer.subresource, set: new FieldSet() }));
      self.set = self.set.union(changed);
      self.time = now;
    }
    return encode(managers.filter((m) => !m.set.empty()));
  }

  /**
   * Server-side apply of `config` over `live` (undefined: the object is created). Returns the
   * merged object and its managedFields; throws ApplyConflict when another manager owns a field
   * the configuration changes and `force` is not set.
   */
  apply(kind: string, apiVersion: string, live: KObject | undefined, config: KObject, writer: Writer, force: boolean, now: string): { object: KObject; managedFields: ManagedFieldsEntry[] } {
    const managers = decode(live?.metadata.managedFields);
    const liveV = comparable(live ?? { metadata: {} });
    let merged = this.typer.merge(liveV, comparable(config), kind) as KObject;
    const ignored = resetFields(writer);
    const set = owned(this.typer.toFieldSet(config, kind), ignored);
    let self = managers.find((m) => m.manager === writer.manager && m.operation === 'Apply' && m.subresource === writer.subresource);
    const lastSet = self?.set;
    if (!self) managers.push((self = { manager: writer.manager, operation: 'Apply', apiVersion, subresource: writer.subresource, set }));
    self.set = set;
    self.apiVersion = apiVersion;
    const others = managers.filter((m) => m !== self);
    if (lastSet) merged = this.prune(kind, merged, lastSet.difference(set), managers);
    const cmp = this.typer.compare(liveV, merged, kind);
    const changed = owned(cmp.added.union(cmp.modified), ignored);
    const conflicts: { manager: Managed; path: Path }[] = [];
    for (const m of others) for (const p of m.set.intersection(changed).paths()) conflicts.push({ manager: m, path: p });
    if (conflicts.length && !force) throw new ApplyConflict(conflicts);
    const removed = owned(cmp.removed, ignored);
    for (const m of others) m.set = m.set.difference(changed).difference(removed);
    if (!lastSet || !cmp.added.empty() || !cmp.modified.empty() || !cmp.removed.empty() || !self.time) self.time = now;
    return { object: merged, managedFields: encode(managers.filter((m) => !m.set.empty())) };
  }

  /**
   * Removes what the applier's previous configuration set and this one does not, unless some
   * manager (the applier included) still owns it or something below it; containers left empty
   * by the removal go too, as structured-merge-diff treats named fields as owned.
   */
  private prune(kind: string, obj: KObject, dropped: FieldSet, managers: Managed[]): KObject {
    const all = managers.reduce((s, m) => s.union(m.set), new FieldSet());
    let remove = FieldSet.of(...dropped.paths().filter((p) => !all.has(p) && !all.hasChildrenOf(p)));
    let out = obj;
    const candidates = new Set(remove.paths().flatMap((p) => p.slice(0, -1).map((_, i) => JSON.stringify(p.slice(0, i + 1)))));
    // Parents the removal emptied, that no one owns, are gone too (deepest first, one level a round).
    while (!remove.empty()) {
      out = this.typer.removeItems(out, remove, kind) as KObject;
      remove = FieldSet.of(...[...candidates].map((c) => JSON.parse(c) as Path).filter((p) => !all.has(p) && isEmptyAt(out, p)));
    }
    return out;
  }
}

/** The value at a path of field names is an empty object or list. */
function isEmptyAt(obj: unknown, p: Path): boolean {
  let cur: any = obj;
  for (const pe of p) {
    if (!pe.startsWith('f:') || cur === null || typeof cur !== 'object' || Array.isArray(cur)) return false;
    cur = cur[pe.slice(2)];
  }
  return cur !== undefined && cur !== null && typeof cur === 'object' && Object.keys(cur).length === 0;
}

/**
 * The object as the typed Go object converts back: the zero values of its non-pointer structs
 * present (a Deployment's spec and status are never absent), so a write that fills them in owns
 * their fields, not the structs themselves.
 */
function withZeroValues(kind: string, writer: Writer, o: KObject): KObject {
  // Only the typed compare reads it, and it changes nothing: a copy of the top level and of
  // metadata is enough (the whole deep copy of both objects was a tenth of an update).
  const c: KObject = { ...o };
  if (o.metadata) {
    c.metadata = { ...o.metadata };
    delete c.metadata.managedFields;
    delete c.metadata.resourceVersion;
  }
  for (const [k, v] of Object.entries(EMPTY[kind] ?? {})) if (c[k] === undefined) c[k] = deepCopy(v);
  if (writer.hasStatus && c.status === undefined) c.status = {};
  return c;
}

/** The object as the field manager sees it: without managedFields and resourceVersion. */
function comparable(o: KObject): KObject {
  const c = deepCopy(o);
  if (c.metadata) {
    delete c.metadata.managedFields;
    delete c.metadata.resourceVersion;
  }
  return c;
}

/** Fields a strategy resets, which no write through this endpoint can own (GetResetFields). */
function resetFields(w: Writer): Path[] {
  if (w.subresource === 'status') return [['f:spec']];
  if (!w.subresource && w.hasStatus) return [['f:status']];
  return [];
}

function owned(s: FieldSet, reset: Path[]): FieldSet {
  return s.difference(FieldSet.of(...STRIPPED)).withoutPrefixes(reset);
}

function decode(entries: any[] | undefined): Managed[] {
  return (entries ?? []).map((e) => ({
    manager: e.manager ?? '',
    operation: e.operation === 'Apply' ? 'Apply' : 'Update',
    apiVersion: e.apiVersion ?? '',
    subresource: e.subresource || undefined,
    time: e.time,
    set: FieldSet.fromFieldsV1(e.fieldsV1),
  }));
}

/** Entries in the order the server writes them: Apply before Update, then by time, manager, version, subresource. */
function encode(managers: Managed[]): ManagedFieldsEntry[] {
  const sorted = [...managers].sort((p, q) => {
    if (p.operation !== q.operation) return p.operation < q.operation ? -1 : 1;
    const pt = p.time ? Date.parse(p.time) : 0;
    const qt = q.time ? Date.parse(q.time) : 0;
    if (pt !== qt) return pt - qt;
    if (p.manager !== q.manager) return p.manager < q.manager ? -1 : 1;
    if (p.apiVersion !== q.apiVersion) return p.apiVersion < q.apiVersion ? -1 : 1;
    return (p.subresource ?? '') < (q.subresource ?? '') ? -1 : (p.subresource ?? '') > (q.subresource ?? '') ? 1 : 0;
  });
  return sorted.map((m) => {
    const e: ManagedFieldsEntry = { manager: m.manager, operation: m.operation, apiVersion: m.apiVersion, time: m.time, fieldsType: 'FieldsV1', fieldsV1: m.set.toFieldsV1() };
    if (m.subresource) e.subresource = m.subresource;
    return e;
  });
}
