/**
 * Safety at every step: a passive observer of every etcd write (a watch on /registry/, not a
 * component: it never writes) that checks invariants after each change and records the first
 * violations with the virtual time they happened.
 */
import type { KObject } from '../../model/api/meta';
import type { Cluster } from '../../model/cluster';
import type { Calm } from './calm';
import type { Ledger } from './ledger';
import { bytes, isActive, isReady, matchesSelector, milliCPU, requestsOf, isTerminal } from './oracle';
import { deploymentBounds } from './rollout-bounds';
import { DaemonSetChecks } from './safety-daemonset';
import { DeletionChecks } from './safety-deletion';
import { EndpointChecks } from './safety-endpoints';
import { NodeChecks } from './safety-nodes';
import { checkRestartPolicy } from './safety-restarts';

const ctrl = (o: KObject) => (o.metadata.ownerReferences ?? []).find((r: any) => r.controller);
/** The objects that own or are owned in generated cases. */
const OWNED = /^\/registry\/(pods|replicasets|deployments|daemonsets)\//;
const byTaintManager = (p: KObject) => (p.status?.conditions ?? []).some((c: any) => c.type === 'DisruptionTarget' && c.reason === 'DeletionByTaintManager');

export class SafetyObserver {
  readonly violations: string[] = [];
  private lastRev: number;
  private readonly pods = new Map<string, KObject>();
  private readonly byNode = new Map<string, Set<string>>();
  private readonly nodes = new Map<string, KObject>();
  private readonly boundTo = new Map<string, string>();
  private readonly rsMax = new Map<string, number>();
  private readonly rsOwner = new Map<string, string>();
  /** Each ReplicaSet's current spec.replicas: the Deployment controller bounds their sum. */
  private readonly rsSpec = new Map<string, number>();
  private readonly podsByRS = new Map<string, Set<string>>();
  private readonly deployments = new Map<string, KObject>();
  private readonly deployMax = new Map<string, number>();
  private readonly dsUIDs = new Map<string, string>();
  private readonly armed = new Set<string>();
  private readonly cancel: () => void;
  private readonly nodeChecks: NodeChecks;
  private readonly endpoints: EndpointChecks;
  private readonly daemonSets: DaemonSetChecks;
  private readonly deletion: DeletionChecks;

  constructor(
    private readonly cluster: Cluster,
    /** Check the rollout's lower bounds (replicas − maxUnavailable Ready, DaemonSet maxUnavailable): only in runs without disruptions. */
    private readonly checkAvailability: boolean,
    calm: Calm,
    private readonly ledger: Ledger,
  ) {
    this.lastRev = cluster.etcd.currentRevision;
    const now = () => cluster.sim.now();
    const violate = (m: string) => this.violate(m);
    this.nodeChecks = new NodeChecks(calm, now, violate);
    this.endpoints = new EndpointChecks(calm, now, violate);
    this.daemonSets = new DaemonSetChecks(checkAvailability ? violate : () => {});
    this.deletion = new DeletionChecks(violate);
    for (const kv of cluster.etcd.range('/registry/minions/')) {
      this.nodes.set(kv.key, JSON.parse(kv.value));
      this.nodeChecks.onNode(kv.key.slice('/registry/minions/'.length), JSON.parse(kv.value));
    }
    for (const kv of cluster.etcd.range('/registry/')) if (OWNED.test(kv.key)) this.deletion.onEvent(kv.key, JSON.parse(kv.value));
    this.cancel = cluster.etcd.watch('/registry/', this.lastRev + 1, (events) => {
      for (const e of events) this.onEvent(e.type, e.kv.key, e.kv.modRevision, e.type === 'PUT' ? JSON.parse(e.kv.value) : undefined);
    });
  }

  stop(): void {
    this.cancel();
  }

  private violate(msg: string): void {
    if (this.violations.length < 5) this.violations.push(`at ${(this.cluster.sim.now() / 1000).toFixed(3)}s: ${msg}`);
  }

  private onEvent(type: 'PUT' | 'DELETE', key: string, rev: number, obj: KObject | undefined): void {
    if (rev <= this.lastRev) this.violate(`resourceVersion ${rev} of ${key} does not increase (last ${this.lastRev})`);
    this.lastRev = rev;
    if (OWNED.test(key)) this.deletion.onEvent(key, obj);
    this.ledger.check(key, obj);
    this.dispatch(key, obj);
    this.endpoints.check();
  }

  private dispatch(key: string, obj: KObject | undefined): void {
    if (key.startsWith('/registry/minions/')) {
      if (obj) this.nodes.set(key, obj);
      else this.nodes.delete(key);
      this.nodeChecks.onNode(key.slice('/registry/minions/'.length), obj);
    } else if (key.startsWith('/registry/endpointslices/')) this.endpoints.onSlice(key, obj);
    else if (key.startsWith('/registry/daemonsets/')) {
      const uid = obj?.metadata.uid ?? this.dsUIDs.get(key);
      if (obj) this.dsUIDs.set(key, obj.metadata.uid!);
      if (uid) this.daemonSets.onDaemonSet(obj, uid);
    } else if (key.startsWith('/registry/pods/')) this.onPod(key, obj);
    else if (key.startsWith('/registry/replicasets/') && obj) {
      const uid = obj.metadata.uid!;
      this.rsMax.set(uid, Math.max(this.rsMax.get(uid) ?? 0, obj.spec?.replicas ?? 1));
      const before = this.rsSpec.get(uid);
      this.rsSpec.set(uid, obj.spec?.replicas ?? 1);
      // The surge bound is checked when a ReplicaSet is scaled up. A new ReplicaSet may be created
      // from a cache that has not seen the previous one yet (the real controller has that race too).
      if (before !== undefined && (obj.spec?.replicas ?? 1) > before) this.checkSurge(uid);
      const ref = ctrl(obj);
      if (ref) this.rsOwner.set(uid, ref.uid);
      this.checkOwners(uid);
    } else if (key.startsWith('/registry/deployments/')) {
      if (!obj) return;
      const uid = obj.metadata.uid!;
      this.deployments.set(uid, obj);
      // The most Pods the Deployment ever allowed: replicas + maxSurge, resolved for each spec it had.
      this.deployMax.set(uid, Math.max(this.deployMax.get(uid) ?? 0, (obj.spec?.replicas ?? 1) + deploymentBounds(obj).surge));
    }
  }

  private onPod(key: string, pod: KObject | undefined): void {
    const old = this.pods.get(key);
    const podKey = key.slice('/registry/pods/'.length);
    this.endpoints.onPod(podKey, pod);
    const dsOf = (p: KObject | undefined) => (p && ctrl(p)?.kind === 'DaemonSet' ? ctrl(p)!.uid : undefined);
    this.daemonSets.onPod(key, pod, dsOf(pod), dsOf(old));
    if (pod) checkRestartPolicy(podKey, pod, (m) => this.violate(m));
    if (pod && byTaintManager(pod) && !(old && byTaintManager(old))) this.nodeChecks.onEviction(podKey, pod);
    if (old?.spec?.nodeName) this.byNode.get(old.spec.nodeName)?.delete(key);
    const oldRS = old && ctrl(old)?.uid;
    if (oldRS) this.podsByRS.get(oldRS)?.delete(key);
    if (!pod) {
      this.pods.delete(key);
      if (oldRS) this.checkOwners(oldRS);
      return;
    }
    this.pods.set(key, pod);
    const uid = pod.metadata.uid!;
    const node = pod.spec?.nodeName;
    if (node) {
      let set = this.byNode.get(node);
      if (!set) this.byNode.set(node, (set = new Set()));
      set.add(key);
      const before = this.boundTo.get(uid);
      if (before !== undefined && before !== node) this.violate(`pod ${key} was bound to ${before}, then to ${node}`);
      if (before === undefined && old && !old.spec?.nodeName) this.checkPlacement(key, pod, node);
      this.boundTo.set(uid, node);
      this.checkNode(node);
    }
    const rs = ctrl(pod)?.uid;
    if (rs) {
      let set = this.podsByRS.get(rs);
      if (!set) this.podsByRS.set(rs, (set = new Set()));
      set.add(key);
      this.checkOwners(rs);
    }
    if (oldRS && oldRS !== rs) this.checkOwners(oldRS);
    this.checkIP(key, pod);
  }

  /** A scheduler's binding: not cordoned, the node's NoSchedule and NoExecute taints tolerated, its labels matching the selector. */
  private checkPlacement(key: string, pod: KObject, node: string): void {
    const n = this.nodes.get(`/registry/minions/${node}`);
    if (!n) return this.violate(`pod ${key} bound to unknown node ${node}`);
    this.nodeChecks.onBind(key, pod, node);
    if (!matchesSelector(pod, n)) this.violate(`pod ${key} bound to ${node}, which its nodeSelector does not match`);
  }

  private checkNode(node: string): void {
    const n = this.nodes.get(`/registry/minions/${node}`);
    const a = n?.status?.allocatable;
    if (!a) return;
    let cpu = 0;
    let mem = 0;
    let count = 0;
    for (const k of this.byNode.get(node) ?? []) {
      const p = this.pods.get(k)!;
      if (isTerminal(p)) continue;
      const r = requestsOf(p);
      cpu += r.cpu;
      mem += r.mem;
      count++;
    }
    if (cpu > milliCPU(a.cpu) || mem > bytes(a.memory) || count > Number(a.pods ?? 110))
      this.violate(`node ${node} over-committed: requests cpu=${cpu}m memory=${mem} pods=${count}, allocatable cpu=${a.cpu} memory=${a.memory} pods=${a.pods}`);
  }

  private checkIP(key: string, pod: KObject): void {
    const ip = pod.status?.podIP;
    if (!ip || pod.spec?.hostNetwork || !isActive(pod) || pod.status?.phase !== 'Running') return;
    for (const k of this.byNode.get(pod.spec?.nodeName) ?? []) {
      if (k === key) continue;
      const other = this.pods.get(k)!;
      if (other.status?.podIP === ip && !other.spec?.hostNetwork && isActive(other) && other.status?.phase === 'Running')
        this.violate(`pods ${key} and ${k} both run with IP ${ip}`);
    }
  }

  /** Pods of a scaled-down ReplicaSet go a moment after the new one's come: the bound holds on the ReplicaSets' replicas. */
  private checkSurge(rs: string): void {
    const duid = this.rsOwner.get(rs);
    const d = duid && this.deployments.get(duid);
    if (!d || d.metadata.deletionTimestamp) return;
    const { surge } = deploymentBounds(d);
    const specs = [...this.rsOwner].filter(([, o]) => o === duid).reduce((n, [r]) => n + (this.rsSpec.get(r) ?? 0), 0);
    if (specs > this.deployMax.get(duid!)!) this.violate(`Deployment ${d.metadata.name} scaled its ReplicaSets up to ${specs} replicas, above replicas + maxSurge (${d.spec?.replicas} + ${d.spec?.strategy?.rollingUpdate?.maxSurge} = ${surge})`);
  }

  private activeOf(rs: string): KObject[] {
    return [...(this.podsByRS.get(rs) ?? [])].map((k) => this.pods.get(k)!).filter(isActive);
  }

  /** A ReplicaSet never runs more than it was asked for; a Deployment stays within its rollout bounds. */
  private checkOwners(rs: string): void {
    const active = this.activeOf(rs);
    const max = this.rsMax.get(rs);
    if (max !== undefined && active.length > max) this.violate(`ReplicaSet ${rs} has ${active.length} active pods, more than it ever asked for (${max})`);
    const duid = this.rsOwner.get(rs);
    const d = duid && this.deployments.get(duid);
    if (!d || d.metadata.deletionTimestamp) return;
    const siblings = [...this.rsOwner].filter(([, o]) => o === duid).map(([r]) => r);
    const pods = siblings.flatMap((r) => this.activeOf(r));
    const replicas = d.spec?.replicas ?? 1;
    const { unavailable } = deploymentBounds(d);
    if (!this.checkAvailability) return;
    const ready = pods.filter(isReady).length;
    if (this.armed.has(duid!) && ready < replicas - unavailable)
      this.violate(`Deployment ${d.metadata.name} has ${ready} Ready pods, below replicas − maxUnavailable (${replicas} − ${d.spec?.strategy?.rollingUpdate?.maxUnavailable}, rounded down to ${unavailable})`);
    if (ready >= replicas) this.armed.add(duid!);
  }
}
