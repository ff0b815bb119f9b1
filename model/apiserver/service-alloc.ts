/**
 * What the Service REST storage does around a write (pkg/registry/core/service/storage/alloc.go):
 * fill in the IP family fields, reserve the cluster IP and the node ports a Service needs,
 * carry allocated values over on update when the new object leaves them out, and give them
 * back on delete. Errors are the Status texts kube-apiserver v1.32 returns; a failed write
 * gives back whatever it reserved, so bad input changes nothing.
 */
import type { KObject } from '../api/meta';
import { errors, FieldError, StatusError } from '../api/status';
import { resourceByName } from '../api/registry';
import type { Rng } from '../sim/rng';
import { AllocationError, NodePortRange, ServiceIPRange } from './allocators';

/** A reservation made for a write: undone if the write fails, committed if it is stored. */
export interface AllocationTxn {
  rollback(): void;
  commit(): void;
}

const NOTHING: AllocationTxn = { rollback() {}, commit() {} };

/** Go's %#v of a []string, as field.Invalid prints spec.clusterIPs. */
function goStrings(list: string[]): { toString(): string } {
  return { toString: () => `[]string{${list.map((s) => JSON.stringify(s)).join(', ')}}` };
}

const needsClusterIP = (svc: KObject) => svc.spec?.type !== 'ExternalName';
const needsNodePorts = (svc: KObject) => svc.spec?.type === 'NodePort' || svc.spec?.type === 'LoadBalancer';
const isHeadless = (svc: KObject) => svc.spec?.clusterIP === 'None';

export class ServiceAllocations {
  readonly ips: ServiceIPRange;
  readonly nodePorts: NodePortRange;
  private loaded = false;

  constructor(
    serviceCIDR: string,
    nodePortRange: [number, number],
    rng: Rng,
    /** The Services already stored, to rebuild the bitmaps from (the repair loop's view). */
    private readonly stored: () => KObject[],
  ) {
    this.ips = new ServiceIPRange(serviceCIDR, rng);
    this.nodePorts = new NodePortRange(nodePortRange[0], nodePortRange[1], rng);
  }

  private load(): void {
    if (this.loaded) return;
    this.loaded = true;
    for (const svc of this.stored()) {
      for (const ip of svc.spec?.clusterIPs ?? []) if (ip !== 'None') this.tryAllocate(() => this.ips.allocate(ip));
      for (const p of svc.spec?.ports ?? []) if (p?.nodePort) this.tryAllocate(() => this.nodePorts.allocate(p.nodePort));
    }
  }

  private tryAllocate(fn: () => void): void {
    try {
      fn();
    } catch (e) {
      if (!(e instanceof AllocationError)) throw e;
    }
  }

  /** allocateCreate: IP families, the cluster IP, the node ports. Throws a StatusError. */
  allocateCreate(svc: KObject, dryRun: boolean): AllocationTxn {
    this.load();
    const spec = svc.spec;
    normalizeClusterIPs(spec);
    if (!needsClusterIP(svc)) return NOTHING;
    initIPFamilyFields(svc);
    const undo: (() => void)[] = [];
    const rollback = () => undo.splice(0).reverse().forEach((f) => f());
    try {
      if (!isHeadless(svc)) {
        const ip = spec.clusterIP as string | undefined;
        if (ip) {
          try {
            this.ips.allocate(ip);
          } catch (e) {
            if (!(e instanceof AllocationError)) throw e;
            throw invalid(svc, FieldError.invalid('spec.clusterIPs', goStrings(spec.clusterIPs ?? [ip]), `failed to allocate IP ${ip}: ${e.message}`));
          }
          undo.push(() => this.ips.release(ip));
        } else {
          const next = this.allocateNextIP();
          undo.push(() => this.ips.release(next));
          spec.clusterIP = next;
          spec.clusterIPs = [next];
        }
      }
      if (needsNodePorts(svc)) this.allocateNodePorts(svc, new Set(), undo);
    } catch (e) {
      rollback();
      throw e;
    }
    if (dryRun) rollback();
    return { rollback, commit() {} };
  }

  /** allocateUpdate: keeps what the old object had unless the new one changes it. */
  allocateUpdate(svc: KObject, old: KObject, dryRun: boolean): AllocationTxn {
    this.load();
    const spec = svc.spec ?? (svc.spec = {});
    normalizeClusterIPs(spec);
    patchAllocatedValues(svc, old);
    if (!needsClusterIP(svc)) {
      // ExternalName: whatever the old Service held is given back once the write is stored.
      for (const k of ['clusterIP', 'clusterIPs', 'ipFamilies', 'ipFamilyPolicy']) delete spec[k];
      return { rollback() {}, commit: () => this.releaseAll(old) };
    }
    initIPFamilyFields(svc);
    const oldIP = needsClusterIP(old) ? old.spec?.clusterIP : undefined;
    if (oldIP && spec.clusterIP !== oldIP)
      throw invalid(svc, FieldError.invalid('spec.clusterIPs[0]', goStrings(spec.clusterIPs ?? []), 'may not change once set'));
    const undo: (() => void)[] = [];
    const rollback = () => undo.splice(0).reverse().forEach((f) => f());
    try {
      if (!oldIP && !isHeadless(svc)) {
        const next = this.allocateNextIP();
        undo.push(() => this.ips.release(next));
        spec.clusterIP = next;
        spec.clusterIPs = [next];
      }
      const held = new Set<number>(needsNodePorts(old) ? (old.spec?.ports ?? []).map((p: any) => p?.nodePort).filter(Boolean) : []);
      if (needsNodePorts(svc)) this.allocateNodePorts(svc, held, undo);
    } catch (e) {
      rollback();
      throw e;
    }
    if (dryRun) {
      rollback();
      return NOTHING;
    }
    const keep = new Set<number>(needsNodePorts(svc) ? (spec.ports ?? []).map((p: any) => p?.nodePort).filter(Boolean) : []);
    return {
      rollback,
      commit: () => {
        for (const p of old.spec?.ports ?? []) if (p?.nodePort && !keep.has(p.nodePort)) this.nodePorts.release(p.nodePort);
      },
    };
  }

  /** Gives back what a deleted Service held. */
  releaseAll(svc: KObject): void {
    this.load();
    for (const ip of svc.spec?.clusterIPs ?? []) if (ip && ip !== 'None') this.ips.release(ip);
    for (const p of svc.spec?.ports ?? []) if (p?.nodePort) this.nodePorts.release(p.nodePort);
  }

  private allocateNextIP(): string {
    try {
      return this.ips.allocateNext();
    } catch (e) {
      if (!(e instanceof AllocationError)) throw e;
      throw errors.internal(`failed to allocate a serviceIP: ${e.message}`);
    }
  }

  /** Node ports: an explicit one is reserved (unless the old object already held it), a missing one allocated. */
  private allocateNodePorts(svc: KObject, held: Set<number>, undo: (() => void)[]): void {
    const ports: any[] = svc.spec.ports ?? [];
    ports.forEach((p, i) => {
      if (!p || typeof p !== 'object') return;
      if (p.nodePort) {
        if (held.has(p.nodePort)) return;
        try {
          this.nodePorts.allocate(p.nodePort);
        } catch (e) {
          if (!(e instanceof AllocationError)) throw e;
          throw invalid(svc, FieldError.invalid(`spec.ports[${i}].nodePort`, p.nodePort, e.message));
        }
        const np = p.nodePort;
        undo.push(() => this.nodePorts.release(np));
        return;
      }
      try {
        p.nodePort = this.nodePorts.allocateNext();
      } catch (e) {
        if (!(e instanceof AllocationError)) throw e;
        throw errors.internal(`failed to allocate a nodePort: ${e.message}`);
      }
      const np = p.nodePort;
      undo.push(() => this.nodePorts.release(np));
    });
  }
}

function invalid(svc: KObject, err: FieldError): StatusError {
  return errors.invalid(resourceByName('services')!, svc.metadata.name ?? '', [err]);
}

/** normalizeClusterIPs: clusterIP and clusterIPs[0] say the same. */
function normalizeClusterIPs(spec: any): void {
  if (!spec) return;
  const ips: string[] = Array.isArray(spec.clusterIPs) ? spec.clusterIPs : [];
  if (spec.clusterIP && ips.length === 0) spec.clusterIPs = [spec.clusterIP];
  else if (!spec.clusterIP && ips.length > 0) spec.clusterIP = ips[0];
  if (spec.clusterIP === '') delete spec.clusterIP;
}

/**
 * initIPFamilyFields on a single-stack IPv4 cluster: SingleStack and [IPv4] unless given (a
 * headless Service without selector gets RequireDualStack, as its endpoints are managed by hand).
 */
function initIPFamilyFields(svc: KObject): void {
  const spec = svc.spec;
  if (spec.ipFamilyPolicy === 'RequireDualStack' && !(isHeadless(svc) && !spec.selector))
    throw invalid(svc, FieldError.invalid('spec.ipFamilyPolicy', 'RequireDualStack', 'this cluster is not configured for dual-stack services'));
  const families: unknown[] = Array.isArray(spec.ipFamilies) ? spec.ipFamilies : [];
  families.forEach((f, i) => {
    if (f !== 'IPv4') throw invalid(svc, FieldError.invalid(`spec.ipFamilies[${i}]`, f, 'not configured on this cluster'));
  });
  spec.ipFamilyPolicy = spec.ipFamilyPolicy ?? (isHeadless(svc) && !spec.selector ? 'RequireDualStack' : 'SingleStack');
  spec.ipFamilies = ['IPv4'];
  if (isHeadless(svc)) spec.clusterIPs = ['None'];
}

/** patchAllocatedValues: an update that leaves out the cluster IP or a node port keeps the old one. */
function patchAllocatedValues(svc: KObject, old: KObject): void {
  const spec = svc.spec;
  const o = old.spec ?? {};
  if (needsClusterIP(old) && needsClusterIP(svc) && !spec.clusterIP && o.clusterIP) {
    spec.clusterIP = o.clusterIP;
    spec.clusterIPs = [...(o.clusterIPs ?? [o.clusterIP])];
    spec.ipFamilies = spec.ipFamilies ?? o.ipFamilies;
    spec.ipFamilyPolicy = spec.ipFamilyPolicy ?? o.ipFamilyPolicy;
  }
  if (needsNodePorts(old) && needsNodePorts(svc)) {
    const inNew = new Set((spec.ports ?? []).map((p: any) => p?.nodePort).filter(Boolean));
    const byName = new Map<string, number>((o.ports ?? []).map((p: any) => [p?.name ?? '', p?.nodePort]));
    for (const p of spec.ports ?? []) {
      if (!p || p.nodePort) continue;
      const was = byName.get(p.name ?? '');
      if (was && !inNew.has(was)) p.nodePort = was;
    }
  }
  // dropTypeDependentFields: node ports the old NodePort Service had go when it stops being one.
  if (needsNodePorts(old) && !needsNodePorts(svc)) {
    const oldPorts = new Set((o.ports ?? []).map((p: any) => p?.nodePort));
    for (const p of spec.ports ?? []) if (p?.nodePort && oldPorts.has(p.nodePort)) delete p.nodePort;
    if (spec.externalTrafficPolicy === o.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  }
}
