/**
 * The node IPAM controller's range allocator as upstream's range_allocator_test.go (v1.32) runs
 * it (steps/fixtures/upstream/nodeipam-allocator.json): the model's RangeAllocator on a
 * FakeControlPlane, its informer and work queue running at virtual time. The fake clientset's
 * Nodes are created first; `nodeList` hands them to the allocator's constructor as upstream's
 * NewCIDRRangeAllocator gets them; `occupied` marks CIDRs used in its CIDR set before the
 * informer starts (upstream's white-box allocatedCIDRs); the checks read the Nodes' podCIDRs,
 * the patches and Events the allocator sent, its log and, as TestNodeDeletionReleaseCIDR does,
 * the CIDR its set would hand out next.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ComponentContext } from '../../model/component';
import { RangeAllocator } from '../../model/controllers/nodeipam/rangeallocator';
import { runCases, same } from './apps-fakes';
import { FakeControlPlane, injectFailures, recordQueue, type InjectedFailure } from './harness';

const FILE = 'nodeipam-allocator.json';

interface NodeRow {
  name: string;
  podCIDRs?: string[];
  /** Only spec.podCIDR set (a Node written before podCIDRs existed). */
  podCIDROnly?: string;
  /** Under deletion: a finalizer keeps it, with a deletionTimestamp. */
  deleting?: boolean;
}

function nodeOf(n: NodeRow): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: n.name, ...(n.deleting ? { finalizers: ['example.com/keep'] } : {}) },
    spec: n.podCIDRs ? { podCIDR: n.podCIDRs[0], podCIDRs: n.podCIDRs } : n.podCIDROnly ? { podCIDR: n.podCIDROnly } : {},
  };
}

function createNode(cp: FakeControlPlane, n: NodeRow): void {
  cp.create('nodes', nodeOf(n));
  if (n.deleting) cp.admin.delete('nodes', undefined, n.name);
}

/** The Events the allocator sent, as [type, reason, message, involved object]. */
function events(cp: FakeControlPlane): string[][] {
  return cp.actions
    .filter((a) => a.resource === 'events' && a.verb === 'create')
    .map((a) => [a.body.type, a.body.reason, a.body.message, `${a.body.involvedObject.apiVersion}/${a.body.involvedObject.kind}/${a.body.involvedObject.name}`, a.body.source.component]);
}

/** The allocator's log lines without their klog header. */
const logs = (ctx: ComponentContext) => ctx.log.lines.map((l) => l.replace(/^[IWE]\d{4} [\d:.]+ +\d+ /, `${l[0]} `));

function check(c: any): string | undefined {
  const cp = new FakeControlPlane();
  for (const n of c.nodes ?? []) createNode(cp, n);
  const ctx = cp.component();
  const failures: InjectedFailure[] = [];
  injectFailures(ctx, failures, (req) => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `injected ${req.verb} failure`, reason: 'InternalError', code: 500 } as any));
  let ra: RangeAllocator;
  try {
    const listed = c.nodeList ? cp.admin.list('nodes').items : [];
    ra = new RangeAllocator(ctx, c.cluster, c.mask, listed);
  } catch (e) {
    return c.createFails ? undefined : `creating the allocator failed: ${(e as Error).message}`;
  }
  if (c.createFails) return 'creating the allocator was expected to fail, but it did not';
  const queued: string[] = [];
  recordQueue(ra.queue, queued, []);
  for (const cidr of c.occupied ?? []) ra.cidrs.occupy(cidr);
  ctx.informers.start();
  for (const [i, step] of (c.steps ?? []).entries()) {
    const at = `step ${i + 1}`;
    if (step.wait !== undefined) cp.advance(step.wait);
    else if (step.node) createNode(cp, step.node);
    else if (step.deleteNode) cp.admin.delete('nodes', undefined, step.deleteNode);
    else if (step.failPatches) failures.push({ verb: 'patch', resource: 'nodes', times: step.failPatches });
    else if (step.expect) {
      const e = step.expect;
      if (e.podCIDRs) {
        const got: Record<string, string[] | null> = {};
        for (const name of Object.keys(e.podCIDRs)) {
          const n = cp.admin.tryGet('nodes', undefined, name);
          got[name] = n?.spec?.podCIDRs ?? null;
          if (n?.spec?.podCIDRs && n.spec.podCIDR !== n.spec.podCIDRs[0]) return `${at}: ${name}'s podCIDR ${n.spec.podCIDR} is not its podCIDRs[0]`;
        }
        const p = same(got, e.podCIDRs);
        if (p) return `${at}: podCIDRs ${p}`;
      }
      if (e.patched) {
        const p = same(cp.actions.filter((a) => a.resource === 'nodes' && a.verb === 'patch').map((a) => a.name), e.patched);
        if (p) return `${at}: patched nodes ${p}`;
      }
      if (e.events) {
        const p = same(events(cp), e.events);
        if (p) return `${at}: events ${p}`;
      }
      if (e.logs) {
        const lines = logs(ctx);
        for (const want of e.logs) if (!lines.includes(want)) return `${at}: no log line ${want} in ${JSON.stringify(lines)}`;
      }
      if (e.noLogs) {
        const lines = logs(ctx);
        for (const not of e.noLogs) if (lines.some((l) => l.includes(not))) return `${at}: a log line has ${not}: ${JSON.stringify(lines)}`;
      }
      // requeued: whether the key's last sync failed and waits for its back-off (numRequeues > 0).
      if (e.requeued) {
        for (const [key, want] of Object.entries(e.requeued)) if (ra.queue.numRequeues(key) > 0 !== want) return `${at}: ${key} requeued ${ra.queue.numRequeues(key)} times, want ${want ? 'some' : 'none'}`;
      }
      if (e.queued) {
        const p = same(queued, e.queued);
        if (p) return `${at}: queued ${p}`;
      }
      if (e.allocated !== undefined && ra.cidrs.allocatedCIDRs !== e.allocated) return `${at}: ${ra.cidrs.allocatedCIDRs} CIDRs in use, want ${e.allocated}`;
      if (e.next) {
        const p = same(ra.cidrs.allocateNext(), e.next);
        if (p) return `${at}: next CIDR ${p}`;
      }
    } else throw new Error(`unknown step ${JSON.stringify(step)}`);
  }
  if (cp.sim.failures.length) return `model failures: ${cp.sim.failures.map((f) => String(f.error)).join('; ')}`;
  return undefined;
}

Then("every case of upstream's range allocator test {word} holds on the model", function (table: string) {
  runCases(FILE, table, check);
});
