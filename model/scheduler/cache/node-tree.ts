import type { KObject } from '../../api/meta';

/**
 * internal/cache's nodeTree: node names grouped by zone, listed round-robin across zones
 * (zones in the order they appeared) so that the nodes a cycle examines first are spread over
 * zones. In a cluster without zone labels it is the order nodes were added.
 */
export class NodeTree {
  private readonly zones = new Map<string, string[]>();
  private readonly zoneOf = new Map<string, string>();
  private cached?: string[];

  get size(): number {
    return this.zoneOf.size;
  }

  add(node: KObject): void {
    const name = node.metadata.name!;
    const zone = zoneKey(node);
    const had = this.zoneOf.get(name);
    if (had === zone) return;
    if (had !== undefined) this.remove(name);
    this.zoneOf.set(name, zone);
    let names = this.zones.get(zone);
    if (!names) this.zones.set(zone, (names = []));
    names.push(name);
    this.cached = undefined;
  }

  remove(name: string): void {
    const zone = this.zoneOf.get(name);
    if (zone === undefined) return;
    this.zoneOf.delete(name);
    const names = this.zones.get(zone)!;
    names.splice(names.indexOf(name), 1);
    if (names.length === 0) this.zones.delete(zone);
    this.cached = undefined;
  }

  /** All node names, one from each zone in turn. */
  list(): string[] {
    if (this.cached) return this.cached;
    const out: string[] = [];
    const zones = [...this.zones.values()];
    for (let i = 0; out.length < this.zoneOf.size; i++) for (const names of zones) if (i < names.length) out.push(names[i]);
    return (this.cached = out);
  }
}

/** utilnode.GetZoneKey: region and zone from the topology labels ("" when neither is set). */
export function zoneKey(node: KObject): string {
  const l = node.metadata.labels ?? {};
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\x00:${zone}`;
}
