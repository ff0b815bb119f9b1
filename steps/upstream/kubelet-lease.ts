/**
 * Upstream's node lease controller tests (fixtures/upstream/kubelet-lease.json) on the model's
 * NodeLease: a fake API client holding Leases with resource versions (an update from an older
 * version is a conflict), a fake clock and timers. The first step starts the controller; each
 * later one lets 10 s pass (one renewal). A step may register the Node, take the API server away
 * (every call is a 500), have another writer update the Lease first or after each of the kubelet's reads,
 * or make the client's updates fail in a way that is no API error. It reads the calls of that step and the
 * Lease as stored.
 */
import { StatusError } from '../../model/api/status';
import { NodeLease } from '../../model/node/kubelet/lease';
import { failuresOf, same, upstreamTable } from './fixtures';

const T0 = Date.parse('2025-03-18T10:21:22.519Z');
const micro = (ms: number) => new Date(ms).toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
const apiError = (code: number, reason: string) => new StatusError({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message: reason } as any);

function leaseCase(c: any): string | undefined {
  let now = T0;
  let rv = 100;
  let nodeUid: string | undefined;
  let step: any = {};
  const calls: string[] = [];
  const timers: { at: number; fn: () => void }[] = [];
  const store = new Map<string, any>();
  const key = (ns: string, name: string) => `${ns}/${name}`;
  const fail = (verb: string) => {
    if (step.notAPIError && verb === 'PUT') throw new Error('use of closed network connection');
    if (step.down) {
      calls.push(`${verb} 500`);
      throw apiError(500, 'InternalError');
    }
  };
  const client = {
    tryGet: (_r: string, ns: string, name: string) => {
      fail('GET');
      const l = store.get(key(ns, name));
      calls.push(`GET ${l ? 200 : 404}`);
      if (l && step.otherWriter) store.set(key(ns, name), { ...l, metadata: { ...l.metadata, resourceVersion: String(++rv) } });
      return l && structuredClone(l);
    },
    create: (_r: string, ns: string, body: any) => {
      fail('POST');
      if (store.has(key(ns, body.metadata.name))) {
        calls.push('POST 409');
        throw apiError(409, 'AlreadyExists');
      }
      calls.push('POST 201');
      const l = { ...body, metadata: { ...body.metadata, resourceVersion: String(++rv) } };
      store.set(key(ns, body.metadata.name), l);
      return structuredClone(l);
    },
    update: (_r: string, ns: string, body: any) => {
      fail('PUT');
      const l = store.get(key(ns, body.metadata.name));
      if (!l || l.metadata.resourceVersion !== body.metadata.resourceVersion) {
        calls.push(`PUT ${l ? 409 : 404}`);
        throw apiError(l ? 409 : 404, l ? 'Conflict' : 'NotFound');
      }
      calls.push('PUT 200');
      const next = { ...body, metadata: { ...body.metadata, resourceVersion: String(++rv) } };
      store.set(key(ns, body.metadata.name), next);
      return structuredClone(next);
    },
  };
  if (c.existing) store.set(key('kube-node-lease', 'node1'), { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'node1', namespace: 'kube-node-lease', resourceVersion: String(++rv) }, spec: { holderIdentity: 'node1', leaseDurationSeconds: 40, renewTime: micro(T0 - 60_000) } });
  const ctx = {
    client,
    sim: { clock: { nowMicro: () => micro(now) } },
    proc: { schedule: (ms: number, _what: string, fn: () => void) => timers.push({ at: now + ms, fn }) },
    // The controller's log lines are not what these tables read.
    log: { info: () => {}, error: () => {} },
  };
  const lease = new NodeLease(ctx as any, 'node1', () => nodeUid);
  for (const [i, s] of c.steps.entries()) {
    step = s;
    calls.length = 0;
    if (s.registered) nodeUid = 'node1-uid';
    if (s.otherWritesFirst) {
      const l = store.get(key('kube-node-lease', 'node1'));
      store.set(key('kube-node-lease', 'node1'), { ...l, metadata: { ...l.metadata, resourceVersion: String(++rv) } });
    }
    let threw: string | undefined;
    try {
      if (i === 0) lease.start();
      else {
        now += 10_000;
        const due = timers.filter((t) => t.at <= now);
        if (due.length !== 1 || due[0].at !== now) return `step ${i + 1}: renewals due at ${due.map((t) => t.at - now)} ms from now, want one at 0`;
        timers.splice(timers.indexOf(due[0]), 1);
        due[0].fn();
      }
    } catch (e) {
      threw = (e as Error).message;
    }
    const got: any = { calls: [...calls] };
    const want: any = { calls: s.calls };
    if ('threw' in s) (got.threw = threw ?? null), (want.threw = s.threw);
    else if (threw) return `step ${i + 1}: threw ${threw}`;
    if ('lease' in s) {
      const l = store.get(key('kube-node-lease', 'node1'));
      got.lease = l ? { holderIdentity: l.spec.holderIdentity, leaseDurationSeconds: l.spec.leaseDurationSeconds, renewedNow: l.spec.renewTime === micro(now), ownerReferences: l.metadata.ownerReferences } : null;
      want.lease = s.lease;
    }
    if ('scheduled' in s) (got.scheduled = timers.length), (want.scheduled = s.scheduled);
    const problem = same(got, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

export const KUBELET_LEASE_TABLES: Record<string, () => string[]> = {
  nodeLease: () => failuresOf(upstreamTable('kubelet-lease', 'nodeLease'), leaseCase),
};
