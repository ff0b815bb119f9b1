/**
 * Upstream's tests of the container environment (fixtures/upstream/kubelet-env.json) on the
 * model's kubelet: `$(VAR)` expansion (third_party/forked/golang/expansion) and the Service
 * variables (pkg/kubelet/envvars), both pure; TestMapReference through makeEnvironment, whose
 * plain values need no API object.
 */
import type { ApiClient } from '../../model/client/client';
import { expand, makeEnvironment, serviceEnv } from '../../model/node/kubelet/env';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'kubelet-env';

/** doExpansionTest's context: one map (TestMapping) or two, looked up in order (TestMappingDual). */
const CONTEXTS: Record<string, Record<string, string>[]> = {
  TestMapping: [{ VAR_A: 'A', VAR_B: 'B', VAR_C: 'C', VAR_REF: '$(VAR_A)', VAR_EMPTY: '' }],
  TestMappingDual: [{ VAR_A: 'A', VAR_EMPTY: '' }, { VAR_B: 'B', VAR_C: 'C', VAR_REF: '$(VAR_A)' }],
};

function expansionCase(c: any): string | undefined {
  const maps = CONTEXTS[c.test];
  const lookup = (name: string) => maps.find((m) => name in m)?.[name];
  return same(expand(c.input, lookup), c.want);
}

function fromServicesCase(c: any): string | undefined {
  const services = c.services.map((s: any) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: s.name, namespace: 'default' }, spec: { selector: { bar: 'baz' }, clusterIP: s.clusterIP, ports: s.ports } }));
  const got = Object.entries(serviceEnv(services)).map(([name, value]) => `${name}=${value}`);
  const want = c.want.map((v: any) => `${v.name}=${v.value}`);
  return same(got.sort(), want.sort());
}

/** TestMapReference: each variable expanded against the ones declared before it. */
function mapReferenceCase(c: any): string | undefined {
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [{ name: 'c', env: c.env }] } };
  const src = { client: undefined as unknown as ApiClient, nodeAllocatable: {}, hostIP: '', podIP: '' };
  const got = makeEnvironment(pod, pod.spec.containers[0], src, {}).map((v) => `${v.key}=${v.value}`);
  return same(got, c.want);
}

export const KUBELET_ENV_TABLES: Record<string, () => string[]> = {
  expansion: () => failuresOf(upstreamTable(FILE, 'expansion'), expansionCase),
  fromServices: () => failuresOf(upstreamTable(FILE, 'fromServices'), fromServicesCase),
  mapReference: () => failuresOf(upstreamTable(FILE, 'mapReference'), mapReferenceCase),
};
