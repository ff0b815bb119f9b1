/**
 * Writes policy objects that must exist from the start (the rbac/bootstrap-roles post-start
 * hook's, kubeadm init's, the addons' manifests'): each one created when missing; when present,
 * the hook's are reconciled (reconcile.ts: an administrator's additions survive a restart, what
 * was taken away comes back) and the others left as they are. They are stored as kube-apiserver
 * stores a create; their uids come from their own seeded stream, so adding them leaves the draws
 * of the cluster's generator (Pod names, every transcript) as they were.
 */
import { etcdKey, groupVersion, resourceByName } from '../../../api/registry';
import { deepCopy, type KObject } from '../../../api/meta';
import { uuid } from '../../../api/names';
import type { EtcdStore } from '../../../etcd/store';
import { Rng } from '../../../sim/rng';
import type { Simulation } from '../../../sim/simulation';
import { encode } from '../../objects';
import type { PolicyRule } from '../rbac/rules';
import { AUTOUPDATE, BOOTSTRAP_LABELS, type BindingSpec, type ClusterRoleSpec } from './rule';
import { reconcileBinding, reconcileRole, type Reconciled } from './reconcile';
import { FieldManager } from '../../fieldmanager/fieldmanager';

/** One field manager for every writer (its Typer reads the OpenAPI schemas once). */
let fields: FieldManager | undefined;

const RBAC = 'rbac.authorization.k8s.io';

export class PolicyWriter {
  private readonly rng: Rng;

  constructor(
    private readonly etcd: EtcdStore,
    private readonly sim: Simulation,
    stream: string,
    /**
     * Who writes, as the object's managedFields name it: the post-start hook's loopback client is
     * "kube-apiserver", kubeadm init's client "kubeadm". None: no managedFields (objects whose
     * real writer the model does not know).
     */
    private readonly manager?: string,
  ) {
    let h = 0x811c9dc5 ^ (sim.seed >>> 0);
    for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
    this.rng = new Rng(h >>> 0);
  }

  /**
   * Creates the object unless its key exists; an existing one is reconciled instead when a
   * reconcile is given (reconcile.ts: what it lacks added, nothing taken away), unless it opted
   * out with autoupdate "false".
   */
  ensure(resource: string, obj: KObject, reconcile?: (existing: any) => Reconciled): boolean {
    const r = resourceByName(resource)!;
    const key = etcdKey(r, obj.metadata.namespace, obj.metadata.name!);
    const kv = this.etcd.get(key);
    if (kv) {
      if (!reconcile) return false;
      const before = JSON.parse(kv.value);
      const result = reconcile(JSON.parse(kv.value));
      if (result.protected || result.operation === 'none') return false;
      if (result.operation === 'recreate') {
        // A binding to another role: deleted, then created as expected (a roleRef cannot change).
        this.asApiServer(() => this.etcd.deleteIf(key, kv.modRevision));
        return this.ensure(resource, result.object);
      }
      const next = result.object;
      // An Update by the same manager; an object that has no managedFields gets none (skipNonAppliedManager).
      if (this.manager && before.metadata?.managedFields?.length) next.metadata.managedFields = this.managedFields(r.kind, groupVersion(r), before, next);
      this.asApiServer(() => this.etcd.putIf(key, encode(next), kv.modRevision));
      return true;
    }
    obj.apiVersion = groupVersion(r);
    obj.kind = r.kind;
    obj.metadata = { ...obj.metadata, uid: uuid(this.rng), creationTimestamp: this.sim.clock.nowRFC3339() };
    if (this.manager) obj.metadata.managedFields = this.managedFields(r.kind, obj.apiVersion, undefined, obj);
    this.asApiServer(() => this.etcd.putIf(key, encode(obj), 0));
    return true;
  }

  /** An etcd write as kube-apiserver's (the trace names who wrote). */
  private asApiServer(write: () => unknown): void {
    const actor = this.etcd.actor;
    this.etcd.actor = 'kube-apiserver';
    write();
    this.etcd.actor = actor;
  }

  /** What the field manager records for this writer's Update (a create when `before` is undefined). */
  private managedFields(kind: string, apiVersion: string, before: KObject | undefined, after: KObject) {
    fields ??= new FieldManager();
    const strip = (o: KObject): KObject => ({ ...o, metadata: { ...o.metadata, managedFields: undefined } });
    return fields.update(kind, apiVersion, before, strip(after), { manager: this.manager! }, this.sim.clock.nowRFC3339());
  }

  clusterRole(spec: ClusterRoleSpec, bootstrap = true): void {
    const obj: any = {
      metadata: { name: spec.name, ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS, ...(spec.labels ?? {}) }, annotations: { ...AUTOUPDATE } } : spec.labels ? { labels: spec.labels } : {}) },
      // An aggregated role's rules are the aggregation controller's (Go's nil Rules: none written).
      ...(spec.aggregateFrom && spec.rules.length === 0 ? {} : { rules: spec.rules }),
    };
    if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: spec.aggregateFrom }] };
    // Reconciled against the role upstream expects: an aggregated one with no rules of its own.
    const expected = spec.aggregateFrom ? { ...obj, rules: undefined } : obj;
    this.ensure('clusterroles', obj, bootstrap ? (existing) => reconcileRole(existing, deepCopy(expected)) : undefined);
  }

  role(namespace: string, name: string, rules: PolicyRule[], bootstrap = true): void {
    const obj = { metadata: { name, namespace, ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS }, annotations: { ...AUTOUPDATE } } : {}) }, rules } as any;
    this.ensure('roles', obj, bootstrap ? (existing) => reconcileRole(existing, deepCopy(obj)) : undefined);
  }

  binding(spec: BindingSpec, bootstrap = true): void {
    const subjects = spec.subjects.map((s) => (s.kind === 'ServiceAccount' ? { kind: s.kind, name: s.name, namespace: s.namespace } : { apiGroup: RBAC, kind: s.kind, name: s.name }));
    const obj: any = {
      metadata: { name: spec.name, ...(spec.namespace ? { namespace: spec.namespace } : {}), ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS }, annotations: { ...AUTOUPDATE } } : {}) },
      roleRef: { apiGroup: RBAC, kind: spec.roleKind, name: spec.role },
    };
    if (subjects.length) obj.subjects = subjects;
    this.ensure(spec.namespace ? 'rolebindings' : 'clusterrolebindings', obj, bootstrap ? (existing) => reconcileBinding(existing, deepCopy(obj)) : undefined);
  }
}
