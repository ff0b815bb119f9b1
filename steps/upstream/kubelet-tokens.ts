/**
 * Upstream's token manager tests (fixtures/upstream/kubelet-tokens.json) on the model's
 * serviceAccountToken: a fake API client stands for getToken (it counts its calls, answers the
 * case's token and expiry or fails with 'err', and keeps what it was asked), virtual time in
 * seconds from the first request. A new fake client per case is a new kubelet, so a new cache.
 */
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiClient } from '../../model/client/client';
import { EnvError } from '../../model/node/kubelet/env';
import { serviceAccountToken } from '../../model/node/kubelet/token-manager';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'kubelet-tokens';
const T0 = Date.parse('2026-01-01T00:00:00Z');

interface Fake {
  client: ApiClient;
  asked: any[];
  fail: boolean;
}

/** getToken: token 'foo' expiring lifeSeconds after T0 with that spec.expirationSeconds, or the error 'err'. */
function fakeGetter(lifeSeconds: number): Fake {
  const fake: Fake = { asked: [], fail: false, client: undefined as unknown as ApiClient };
  fake.client = {
    request: (req: any) => {
      fake.asked.push(req);
      if (fake.fail) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'InternalError', code: 500, message: 'err' } as any);
      return { ...req.body, spec: { ...req.body.spec, expirationSeconds: lifeSeconds }, status: { token: 'foo', expirationTimestamp: new Date(T0 + lifeSeconds * 1000).toISOString().replace('.000Z', 'Z') } };
    },
  } as unknown as ApiClient;
  return fake;
}

/** One request of a row: a Pod of the ServiceAccount and a projected serviceAccountToken source. */
function ask(fake: Fake, r: any, atSeconds: number): string {
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: r.pod, namespace: r.namespace, uid: r.uid }, spec: { serviceAccountName: r.serviceAccount } } as any;
  const src: any = { expirationSeconds: r.expirationSeconds };
  if (r.audience != null) src.audience = r.audience;
  return serviceAccountToken(fake.client, pod, src, T0 + atSeconds * 1000);
}

const GET_TOKEN_REQUEST = { serviceAccount: 'foo-sa', namespace: 'foo-ns', audience: 'foo1', expirationSeconds: 2000, pod: 'foo-pod', uid: 'foo-uid' };

function cachingCase(c: any): string | undefined {
  const fake = fakeGetter(c.exp);
  for (const [i, s] of c.steps.entries()) {
    fake.fail = !!s.fail;
    const got: any = {};
    try {
      got.token = ask(fake, GET_TOKEN_REQUEST, s.at);
    } catch (e) {
      if (!(e instanceof EnvError)) throw e;
      got.error = e.message;
    }
    got.requests = fake.asked.length;
    const want: any = { ...s };
    delete want.at;
    delete want.fail;
    const problem = same(got, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

function refreshCase(c: any): string | undefined {
  const fake = fakeGetter(c.exp);
  ask(fake, GET_TOKEN_REQUEST, 0);
  ask(fake, GET_TOKEN_REQUEST, c.now);
  return same(fake.asked.length === 2, c.refresh);
}

function keyCase(c: any): string | undefined {
  const fake = fakeGetter(3000);
  for (const r of c.cached) ask(fake, r, 0);
  const before = fake.asked.length;
  ask(fake, c.target, 0);
  return same(fake.asked.length === before, c.hit);
}

function requestCase(c: any): string | undefined {
  const fake = fakeGetter(3600);
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'foo-pod', namespace: 'foo-ns', uid: 'foo-uid' }, spec: { serviceAccountName: 'foo-sa' } } as any;
  serviceAccountToken(fake.client, pod, c.source, T0);
  const r = fake.asked[0];
  return same({ namespace: r.namespace, name: r.name, subresource: r.subresource, body: r.body }, c.want) ?? same([fake.asked.length, r.verb, r.resource], [1, 'create', 'serviceaccounts']);
}

export const KUBELET_TOKENS_TABLES: Record<string, () => string[]> = {
  tokenCaching: () => failuresOf(upstreamTable(FILE, 'tokenCaching'), cachingCase),
  requiresRefresh: () => failuresOf(upstreamTable(FILE, 'requiresRefresh'), refreshCase),
  keyFunc: () => failuresOf(upstreamTable(FILE, 'keyFunc'), keyCase),
  tokenRequest: () => failuresOf(upstreamTable(FILE, 'tokenRequest'), requestCase),
};
