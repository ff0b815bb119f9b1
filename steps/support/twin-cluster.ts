/**
 * A change cannot be made twice to one cluster: the second `kubectl create` would find the
 * object the first one made. So a command that writes runs with the real kubectl on the served
 * cluster and with the model's kubectl on its twin: a cluster of the same seed and config which,
 * the simulation being deterministic, is in the same state as long as both got the same requests
 * at the same virtual times. differences() checks that: the same etcd contents and revision, the
 * same random generator state, the same virtual time. After a write it shows what the two
 * kubectls wrote differently.
 */
import { Cluster } from '../../model/cluster';

export class TwinCluster {
  readonly twin: Cluster;

  constructor(readonly served: Cluster) {
    this.twin = new Cluster({ seed: served.sim.seed, config: served.config });
  }

  /** Lets the cluster that is behind in virtual time catch up with the other. */
  align(): void {
    const a = this.served.sim.now();
    const b = this.twin.sim.now();
    if (a > b) this.twin.advance(a - b);
    else if (b > a) this.served.advance(b - a);
  }

  /** How the two clusters' states differ (at most `limit` keys listed); empty when they are the same. */
  differences(limit = 8): string[] {
    const out: string[] = [];
    const a = this.served;
    const b = this.twin;
    if (a.sim.now() !== b.sim.now()) out.push(`virtual time: served ${a.sim.now()} ms, twin ${b.sim.now()} ms`);
    const kvA = new Map(a.etcd.range('').map((kv) => [kv.key, kv]));
    const kvB = new Map(b.etcd.range('').map((kv) => [kv.key, kv]));
    const keys = [...new Set([...kvA.keys(), ...kvB.keys()])].sort();
    let listed = 0;
    for (const k of keys) {
      const x = kvA.get(k);
      const y = kvB.get(k);
      // Equal bytes are equal JSON; only values that differ are compared field-order-blind.
      if (x?.modRevision === y?.modRevision && (x?.value === y?.value || canonical(x?.value) === canonical(y?.value))) continue;
      if (listed++ >= limit) continue;
      if (!x || !y) out.push(`${k}: only in the ${x ? 'served cluster (real kubectl)' : "twin (model's kubectl)"}`);
      else out.push(`${k} (rev ${x.modRevision} / ${y.modRevision}):\n      real:  ${x.value}\n      model: ${y.value}`);
    }
    if (listed > limit) out.push(`… and ${listed - limit} more keys`);
    if (a.etcd.currentRevision !== b.etcd.currentRevision) out.push(`etcd revision: served ${a.etcd.currentRevision}, twin ${b.etcd.currentRevision}`);
    if (JSON.stringify(a.sim.rng) !== JSON.stringify(b.sim.rng)) out.push('the random generators have drawn differently (a watch or a request one cluster saw and the other did not)');
    return out;
  }
}

/**
 * A stored value with its keys sorted: what a client sees does not depend on the order the
 * writer sent the fields in (kube-apiserver re-encodes in struct order, kubectl sorts map keys).
 */
function canonical(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return JSON.stringify(JSON.parse(value), (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
  } catch {
    return value;
  }
}
