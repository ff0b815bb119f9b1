/**
 * Writes policy objects that must exist from the start (the rbac/bootstrap-roles post-start
 * hook's, kubeadm init's, the addons' manifests'): each one created when missing and left as it
 * is when present (an administrator's edit survives a restart). They are stored as kube-apiserver
 * stores a create; their uids come from their own seeded stream, so adding them leaves the draws
 * of the cluster's generator (Pod names, every transcript) as they were.
 */
import { etcdKey, groupVersion, resourceByName } from '../../../api/registry';
import type { KObject } from '../../../api/meta';
import { uuid } from '../../../api/names';
import type { EtcdStore } from '../../../etcd/store';
import { Rng } from '../../../sim/rng';
import type { Simulation } from '../../../sim/simulation';
import { encode } from '../../objects';
import type { PolicyRule } from '../rbac/rules';
import { AUTOUPDATE, BOOTSTRAP_LABELS, type BindingSpec, type ClusterRoleSpec } from './rule';

const RBAC = 'rbac.authorization.k8s.io';

export class PolicyWriter {
  private readonly rng: Rng;

  constructor(
    private readonly etcd: EtcdStore,
    private readonly sim: Simulation,
    stream: string,
  ) {
    let h = 0x811c9dc5 ^ (sim.seed >>> 0);
    for (let i = 0; i < stream.length; i++) h = Math.imul(h ^ stream.charCodeAt(i), 0x01000193) >>> 0;
    this.rng = new Rng(h >>> 0);
  }

  /** Creates the object unless its key exists; true when it wrote it. */
  ensure(resource: string, obj: KObject): boolean {
    const r = resourceByName(resource)!;
    const key = etcdKey(r, obj.metadata.namespace, obj.metadata.name!);
    if (this.etcd.get(key)) return false;
    obj.apiVersion = groupVersion(r);
    obj.kind = r.kind;
    obj.metadata = { ...obj.metadata, uid: uuid(this.rng), creationTimestamp: this.sim.clock.nowRFC3339() };
    const actor = this.etcd.actor;
    this.etcd.actor = 'kube-apiserver';
    this.etcd.putIf(key, encode(obj), 0);
    this.etcd.actor = actor;
    return true;
  }

  clusterRole(spec: ClusterRoleSpec, bootstrap = true): void {
    const obj: any = {
      metadata: { name: spec.name, ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS, ...(spec.labels ?? {}) }, annotations: { ...AUTOUPDATE } } : spec.labels ? { labels: spec.labels } : {}) },
      rules: spec.rules,
    };
    if (spec.aggregateFrom) obj.aggregationRule = { clusterRoleSelectors: [{ matchLabels: spec.aggregateFrom }] };
    this.ensure('clusterroles', obj);
  }

  role(namespace: string, name: string, rules: PolicyRule[], bootstrap = true): void {
    this.ensure('roles', { metadata: { name, namespace, ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS }, annotations: { ...AUTOUPDATE } } : {}) }, rules } as any);
  }

  binding(spec: BindingSpec, bootstrap = true): void {
    const subjects = spec.subjects.map((s) => (s.kind === 'ServiceAccount' ? { kind: s.kind, name: s.name, namespace: s.namespace } : { apiGroup: RBAC, kind: s.kind, name: s.name }));
    const obj: any = {
      metadata: { name: spec.name, ...(spec.namespace ? { namespace: spec.namespace } : {}), ...(bootstrap ? { labels: { ...BOOTSTRAP_LABELS }, annotations: { ...AUTOUPDATE } } : {}) },
      roleRef: { apiGroup: RBAC, kind: spec.roleKind, name: spec.role },
    };
    if (subjects.length) obj.subjects = subjects;
    this.ensure(spec.namespace ? 'rolebindings' : 'clusterrolebindings', obj);
  }
}
