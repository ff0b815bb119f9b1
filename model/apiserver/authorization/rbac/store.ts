/**
 * The RBAC authorizer's view of Roles, ClusterRoles and their bindings. Upstream reads them from
 * kube-apiserver's own informers; here a watch on etcd inside the API server keeps this index,
 * so a binding written is in force for the next request. Bindings are indexed by subject (user,
 * group, ServiceAccount), so a check reads only the bindings that can apply to the requester.
 */
import { etcdPrefix, resourceByName } from '../../../api/registry';
import type { EtcdStore } from '../../../etcd/store';
import { decode } from '../../objects';
import type { PolicyRule } from './rules';

export interface RoleRef {
  apiGroup?: string;
  kind: string;
  name: string;
}

export interface Subject {
  kind: string;
  apiGroup?: string;
  name: string;
  namespace?: string;
}

export interface Binding {
  name: string;
  /** Empty for a ClusterRoleBinding. */
  namespace: string;
  roleRef: RoleRef;
  subjects: Subject[];
}

/** One subject index: key -> binding keys ("ns/name" or "name"). */
class SubjectIndex {
  private readonly map = new Map<string, Set<string>>();
  add(key: string, binding: string): void {
    let s = this.map.get(key);
    if (!s) this.map.set(key, (s = new Set()));
    s.add(binding);
  }
  remove(key: string, binding: string): void {
    const s = this.map.get(key);
    if (!s) return;
    s.delete(binding);
    // Stryker disable next-line ConditionalExpression: an empty set left behind finds nothing (one dropped too early is the store rows')
    if (s.size === 0) this.map.delete(key);
  }
  get(key: string): Iterable<string> {
    return this.map.get(key) ?? [];
  }
}

/** The subject keys a binding is found under: "u:<user>", "g:<group>", "sa:<ns>:<name>". */
function subjectKeys(b: Binding): string[] {
  // Stryker disable next-line ArrayDeclaration: no user's key is a made-up "Stryker was here"
  const keys: string[] = [];
  for (const s of b.subjects) {
    if (s.kind === 'User') keys.push(`u:${s.name}`);
    else if (s.kind === 'Group') keys.push(`g:${s.name}`);
    // Stryker disable next-line ConditionalExpression: the index only narrows the bindings: appliesToUser takes the subject or not
    else if (s.kind === 'ServiceAccount') {
      // A RoleBinding's ServiceAccount subject without a namespace means the binding's own.
      const ns = s.namespace || b.namespace;
      // Stryker disable next-line ConditionalExpression: as above, a ServiceAccount of no namespace names no one
      if (ns) keys.push(`sa:${ns}:${s.name}`);
    }
  }
  return keys;
}

// Stryker disable next-line ArrayDeclaration: a made-up string for a subject names no one, for a rule or verb allows nothing
const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);

// Stryker disable OptionalChaining: etcd holds only what the API server validated: objects with metadata, a roleRef, subjects and rules
function toBinding(o: any): Binding {
  return {
    // Stryker disable next-line StringLiteral: every stored binding has a name
    name: o.metadata?.name ?? '',
    namespace: o.metadata?.namespace ?? '',
    // Stryker disable next-line StringLiteral: every stored roleRef has a kind and a name
    roleRef: { apiGroup: o.roleRef?.apiGroup, kind: o.roleRef?.kind ?? '', name: o.roleRef?.name ?? '' },
    // Stryker disable next-line StringLiteral: every stored subject has a kind and a name
    subjects: list(o.subjects).map((s) => ({ kind: s?.kind ?? '', apiGroup: s?.apiGroup, name: s?.name ?? '', namespace: s?.namespace })),
  };
}

function toRules(o: any): PolicyRule[] {
  return list(o.rules).map((r) => ({ verbs: list(r?.verbs), apiGroups: r?.apiGroups, resources: r?.resources, resourceNames: r?.resourceNames, nonResourceURLs: r?.nonResourceURLs }));
}
// Stryker restore OptionalChaining

export class RbacStore {
  private readonly roles = new Map<string, PolicyRule[]>();
  private readonly clusterRoles = new Map<string, PolicyRule[]>();
  private readonly clusterRoleBindings = new Map<string, Binding>();
  private readonly roleBindings = new Map<string, Binding>();
  /** ClusterRoleBindings by subject key. */
  private readonly crbIndex = new SubjectIndex();
  /** RoleBindings by "<namespace>\0<subject key>". */
  private readonly rbIndex = new SubjectIndex();
  private cancels: (() => void)[] = [];

  constructor(private readonly etcd: EtcdStore) {
    this.resync();
  }

  /** Rebuilds the index from etcd and watches it (kube-apiserver starting, or etcd restored). */
  resync(): void {
    for (const c of this.cancels) c();
    this.cancels = [];
    this.roles.clear();
    this.clusterRoles.clear();
    for (const b of [...this.clusterRoleBindings.values()]) this.deleteBinding(b);
    for (const b of [...this.roleBindings.values()]) this.deleteBinding(b);
    for (const resource of ['clusterroles', 'roles', 'clusterrolebindings', 'rolebindings']) {
      const prefix = etcdPrefix(resourceByName(resource)!);
      for (const kv of this.etcd.range(prefix)) this.set(resource, decode(kv.value, kv.modRevision));
      this.cancels.push(
        this.etcd.watch(prefix, 0, (events) => {
          for (const e of events) {
            if (e.type === 'DELETE') this.delete(resource, decode(e.prevKv!.value, e.prevKv!.modRevision));
            else this.set(resource, decode(e.kv.value, e.kv.modRevision));
          }
        }),
      );
    }
  }

  private set(resource: string, o: any): void {
    // Stryker disable next-line OptionalChaining,StringLiteral: etcd holds only what the API server validated: objects with metadata, a roleRef, subjects and rules; only a Role or RoleBinding reads its namespace
    const ns = o.metadata?.namespace ?? '';
    // Stryker disable next-line OptionalChaining,StringLiteral: etcd holds only what the API server validated: objects with metadata, a roleRef, subjects and rules
    const name = o.metadata?.name ?? '';
    if (resource === 'clusterroles') this.clusterRoles.set(name, toRules(o));
    else if (resource === 'roles') this.roles.set(`${ns}/${name}`, toRules(o));
    else {
      this.delete(resource, o);
      this.addBinding(toBinding(o));
    }
  }

  private delete(resource: string, o: any): void {
    // Stryker disable next-line OptionalChaining,StringLiteral: etcd holds only what the API server validated: objects with metadata, a roleRef, subjects and rules; only a Role or RoleBinding reads its namespace
    const ns = o.metadata?.namespace ?? '';
    // Stryker disable next-line OptionalChaining,StringLiteral: etcd holds only what the API server validated: objects with metadata, a roleRef, subjects and rules
    const name = o.metadata?.name ?? '';
    if (resource === 'clusterroles') this.clusterRoles.delete(name);
    else if (resource === 'roles') this.roles.delete(`${ns}/${name}`);
    else {
      const old = resource === 'clusterrolebindings' ? this.clusterRoleBindings.get(name) : this.roleBindings.get(`${ns}/${name}`);
      if (old) this.deleteBinding(old);
    }
  }

  private addBinding(b: Binding): void {
    if (b.namespace) {
      const key = `${b.namespace}/${b.name}`;
      this.roleBindings.set(key, b);
      for (const k of subjectKeys(b)) this.rbIndex.add(`${b.namespace}\0${k}`, key);
    } else {
      this.clusterRoleBindings.set(b.name, b);
      for (const k of subjectKeys(b)) this.crbIndex.add(k, b.name);
    }
  }

  private deleteBinding(b: Binding): void {
    if (b.namespace) {
      const key = `${b.namespace}/${b.name}`;
      this.roleBindings.delete(key);
      for (const k of subjectKeys(b)) this.rbIndex.remove(`${b.namespace}\0${k}`, key);
    } else {
      this.clusterRoleBindings.delete(b.name);
      for (const k of subjectKeys(b)) this.crbIndex.remove(k, b.name);
    }
  }

  /** The ClusterRoleBindings that may name one of these subject keys, by name. */
  clusterRoleBindingsFor(keys: string[]): Binding[] {
    const names = new Set<string>();
    for (const k of keys) for (const n of this.crbIndex.get(k)) names.add(n);
    return [...names].sort().map((n) => this.clusterRoleBindings.get(n)!);
  }

  /** The RoleBindings of a namespace that may name one of these subject keys, by name. */
  roleBindingsFor(namespace: string, keys: string[]): Binding[] {
    const names = new Set<string>();
    for (const k of keys) for (const n of this.rbIndex.get(`${namespace}\0${k}`)) names.add(n);
    return [...names].sort().map((n) => this.roleBindings.get(n)!);
  }

  /** The namespaces that have RoleBindings, sorted. */
  bindingNamespaces(): string[] {
    return [...new Set([...this.roleBindings.values()].map((b) => b.namespace))].sort();
  }

  clusterRole(name: string): PolicyRule[] | undefined {
    return this.clusterRoles.get(name);
  }

  role(namespace: string, name: string): PolicyRule[] | undefined {
    return this.roles.get(`${namespace}/${name}`);
  }
}

/** For the mutant rbac-ignores-rolebinding-namespace only: RoleBindings of every namespace naming these subjects. */
export function roleBindingsOfAllNamespaces(store: RbacStore, namespaces: string[], keys: string[]): Binding[] {
  return namespaces.flatMap((ns) => store.roleBindingsFor(ns, keys));
}
