/**
 * W4's invariants at every step: a passive watch of etcd (it never writes), as the properties'
 * SafetyObserver, checking after each change of a Pod, ReplicaSet or Deployment that the
 * Deployment keeps its ReplicaSets within replicas + maxSurge and, once it was fully Ready,
 * keeps at least replicas − maxUnavailable Pods Ready. The bounds and the Pod predicates are the
 * properties' own (steps/properties/rollout-bounds.ts and oracle.ts); the bookkeeping here is
 * incremental, so a check costs the same with 3,000 Pods as with 3.
 */
import type { KObject } from '../model/api/meta';
import type { EtcdStore } from '../model/etcd/store';
import { isActive, isReady } from '../steps/properties/oracle';
import { deploymentBounds } from '../steps/properties/rollout-bounds';

const WATCHED = /^\/registry\/(pods|replicasets|deployments)\//;
const controllerUID = (o: KObject) => (o.metadata.ownerReferences ?? []).find((r: any) => r.controller)?.uid as string | undefined;

export class RolloutInvariants {
  readonly violations: string[] = [];
  checks = 0;
  private readonly podRS = new Map<string, { rs?: string; ready: boolean }>();
  private readonly rsByKey = new Map<string, string>();
  private readonly rsSpec = new Map<string, number>();
  private readonly rsOwner = new Map<string, string>();
  private readonly readyByRS = new Map<string, number>();
  private readonly deployments = new Map<string, KObject>();
  private readonly armed = new Set<string>();
  private readonly cancel: () => void;

  constructor(
    etcd: EtcdStore,
    private readonly now: () => number,
  ) {
    this.cancel = etcd.watch('/registry/', etcd.currentRevision + 1, (events) => {
      for (const e of events) if (WATCHED.test(e.kv.key)) this.onEvent(e.kv.key, e.type === 'PUT' ? JSON.parse(e.kv.value) : undefined);
    });
  }

  stop(): void {
    this.cancel();
  }

  get held(): boolean {
    return this.violations.length === 0;
  }

  private violate(msg: string): void {
    if (this.violations.length < 5) this.violations.push(`at ${(this.now() / 1000).toFixed(3)}s: ${msg}`);
  }

  private onEvent(key: string, obj: KObject | undefined): void {
    if (key.startsWith('/registry/pods/')) this.onPod(key, obj);
    else if (key.startsWith('/registry/replicasets/')) this.onReplicaSet(key, obj);
    else if (obj) this.deployments.set(obj.metadata.uid!, obj);
    for (const d of this.deployments.values()) this.check(d);
  }

  private onPod(key: string, pod: KObject | undefined): void {
    const before = this.podRS.get(key);
    if (before?.rs && before.ready) this.readyByRS.set(before.rs, (this.readyByRS.get(before.rs) ?? 1) - 1);
    if (!pod) return void this.podRS.delete(key);
    const now = { rs: controllerUID(pod), ready: isActive(pod) && isReady(pod) };
    this.podRS.set(key, now);
    if (now.rs && now.ready) this.readyByRS.set(now.rs, (this.readyByRS.get(now.rs) ?? 0) + 1);
  }

  private onReplicaSet(key: string, rs: KObject | undefined): void {
    const uid = rs?.metadata.uid ?? this.rsByKey.get(key);
    if (!uid) return;
    if (!rs) {
      this.rsByKey.delete(key);
      this.rsSpec.delete(uid);
      this.rsOwner.delete(uid);
      return;
    }
    this.rsByKey.set(key, uid);
    this.rsSpec.set(uid, rs.spec?.replicas ?? 1);
    const owner = controllerUID(rs);
    if (owner) this.rsOwner.set(uid, owner);
  }

  private check(d: KObject): void {
    if (d.metadata.deletionTimestamp) return;
    this.checks++;
    const uid = d.metadata.uid!;
    const replicas = d.spec?.replicas ?? 1;
    const { surge, unavailable } = deploymentBounds(d);
    let specs = 0;
    let ready = 0;
    for (const [rs, owner] of this.rsOwner) {
      if (owner !== uid) continue;
      specs += this.rsSpec.get(rs) ?? 0;
      ready += this.readyByRS.get(rs) ?? 0;
    }
    if (specs > replicas + surge) this.violate(`Deployment ${d.metadata.name} scaled its ReplicaSets up to ${specs} replicas, above replicas + maxSurge (${replicas} + ${surge})`);
    if (this.armed.has(uid) && ready < replicas - unavailable) this.violate(`Deployment ${d.metadata.name} has ${ready} Ready Pods, below replicas − maxUnavailable (${replicas} − ${unavailable})`);
    if (ready >= replicas) this.armed.add(uid);
  }
}
