/**
 * Upstream's tests of the container environment (fixtures/upstream/kubelet-env.json) on the
 * model's kubelet: `$(VAR)` expansion (third_party/forked/golang/expansion) and the Service
 * variables (pkg/kubelet/envvars), both pure; TestMapReference through makeEnvironment, whose
 * plain values need no API object.
 */
import type { ApiClient } from '../../model/client/client';
import { EnvError, expand, makeEnvironment, ObjectCache, serviceEnv } from '../../model/node/kubelet/env';
import { serviceEnvVarMap, startServiceLister } from '../../model/node/kubelet/service-env';
import type { KubeletCore } from '../../model/node/kubelet/core';
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

/**
 * TestMakeEnvironmentVariables: the kubelet's Service cache holds upstream's Services (or there is
 * none); its fake clientset answers any ConfigMap or Secret name with the case's data.
 */
function makeEnvironmentCase(c: any): string | undefined {
  const services = upstreamTable(FILE, 'makeEnvironmentServices').map((s: any) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: s.name, namespace: s.namespace }, spec: { clusterIP: s.clusterIP, ports: [{ protocol: 'TCP', port: s.port }] } }));
  const core = { ctx: { informers: { get: () => ({ list: () => services }) } } } as unknown as KubeletCore;
  if (!c.nilLister) startServiceLister(core);
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'dapi-test-pod-name', namespace: c.ns, uid: 'u' }, spec: { nodeName: 'node-name', serviceAccountName: 'special', enableServiceLinks: c.enableServiceLinks, containers: [{ name: 'c', ...c.container }] } };
  const client = {
    tryGet: (resource: string) => {
      if (resource === 'configmaps' && c.configMap) return { metadata: { name: 'test-configmap', namespace: 'test1' }, data: c.configMap };
      if (resource === 'secrets' && c.secret) return { metadata: { name: 'test-secret', namespace: 'test1' }, data: Object.fromEntries(Object.entries(c.secret).map(([k, v]) => [k, Buffer.from(String(v)).toString('base64')])) };
      return undefined;
    },
  } as unknown as ApiClient;
  const src = { client, nodeAllocatable: {}, hostIP: '127.0.0.1', podIP: '1.2.3.4' };
  try {
    const env = makeEnvironment(pod, pod.spec.containers[0], src, serviceEnvVarMap(core, pod), new ObjectCache(client, c.ns));
    if (c.error) return `no error, want ${c.error}`;
    return same(env.map((v) => `${v.key}=${v.value}`).sort(), c.want);
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    return same(e.message, c.error);
  }
}

export const KUBELET_ENV_TABLES: Record<string, () => string[]> = {
  expansion: () => failuresOf(upstreamTable(FILE, 'expansion'), expansionCase),
  fromServices: () => failuresOf(upstreamTable(FILE, 'fromServices'), fromServicesCase),
  mapReference: () => failuresOf(upstreamTable(FILE, 'mapReference'), mapReferenceCase),
  makeEnvironment: () => failuresOf(upstreamTable(FILE, 'makeEnvironment'), makeEnvironmentCase),
};
