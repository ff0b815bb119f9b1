/**
 * endpointslice's EndpointSet (util/endpointset.go): the desired endpoints of one set of ports,
 * by the hash that identifies an endpoint across syncs (its sorted addresses, its hostname and
 * its Pod's namespace and name), so that an existing slice keeps an endpoint whose other fields
 * changed and only that endpoint is rewritten. Upstream's PopAny takes whichever entry Go's map
 * iteration gives; the model takes them in the order they were inserted (the Pods by name).
 */
import { canonicalJSON } from '../../api/meta';

/** The fields of an endpoint the model reads (existing slices may carry any subset). */
export type AnyEndpoint = {
  addresses?: string[];
  hostname?: string;
  nodeName?: string;
  zone?: string;
  conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
  targetRef?: Record<string, unknown>;
};

/** hashEndpoint: what makes two endpoints the same endpoint. */
export function hashEndpoint(ep: AnyEndpoint): string {
  // Stryker disable next-line ArrayDeclaration: an endpoint without addresses matches no desired endpoint (each has its Pod's IP), whatever it hashes as
  const addresses = ep.addresses ?? [];
  return canonicalJSON([
    // Stryker disable next-line MethodExpression: an IPv4 endpoint has one address (a Pod has one IP of each family), so their order never differs
    [...addresses].sort(),
    // Stryker disable next-line StringLiteral: a missing field hashes as one constant on either side, whatever constant it is
    ep.hostname ?? '',
    // Stryker disable next-line StringLiteral: a missing field hashes as one constant on either side, whatever constant it is
    ep.targetRef?.namespace ?? '',
    // Stryker disable next-line StringLiteral: a missing field hashes as one constant on either side, whatever constant it is
    ep.targetRef?.name ?? '',
  ]);
}

/** EndpointsEqualBeyondHash: node, zone, the three conditions and the target (its resourceVersion aside) agree. */
export function endpointsEqualBeyondHash(a: AnyEndpoint, b: AnyEndpoint): boolean {
  if (a.nodeName !== b.nodeName || a.zone !== b.zone) return false;
  for (const c of ['ready', 'serving', 'terminating'] as const) if (a.conditions?.[c] !== b.conditions?.[c]) return false;
  const ref = (r: Record<string, unknown> | undefined) => (r ? canonicalJSON({ ...r, resourceVersion: undefined }) : undefined);
  return ref(a.targetRef) === ref(b.targetRef);
}

export class EndpointSet<E extends AnyEndpoint = AnyEndpoint> {
  private readonly items = new Map<string, E>();

  insert(ep: E): void {
    this.items.set(hashEndpoint(ep), ep);
  }

  get(ep: AnyEndpoint): E | undefined {
    return this.items.get(hashEndpoint(ep));
  }

  delete(ep: AnyEndpoint): void {
    this.items.delete(hashEndpoint(ep));
  }

  /** PopAny: the oldest entry, removed. */
  popAny(): E | undefined {
    for (const [k, ep] of this.items) {
      this.items.delete(k);
      return ep;
    }
    return undefined;
  }

  get size(): number {
    return this.items.size;
  }
}
