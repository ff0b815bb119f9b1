/**
 * A container's resourceFieldRef variables (fixtures/upstream/kubelet-env-resources.json) on the
 * model's makeEnvironment: container foo and init container init-foo with the case's resources,
 * the node's allocatable as the case gives it; no API object is read.
 */
import type { ApiClient } from '../../model/client/client';
import type { KubeletCore } from '../../model/node/kubelet/core';
import { EnvError, makeEnvironment } from '../../model/node/kubelet/env';
import { serviceEnvVarMap, startServiceLister } from '../../model/node/kubelet/service-env';
import { failuresOf, same, upstreamTable } from './fixtures';

function resourceCase(c: any): string | undefined {
  const ref: any = { resource: c.resource };
  if (c.divisor) ref.divisor = c.divisor;
  if (c.containerName) ref.containerName = c.containerName;
  const foo = { name: 'foo', resources: { requests: c.requests, limits: c.limits }, env: [{ name: 'V', valueFrom: { resourceFieldRef: ref } }] };
  const init = { name: 'init-foo', resources: { requests: c.initRequests ?? {}, limits: c.initLimits ?? {} } };
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid: 'u' }, spec: { containers: [foo], initContainers: [init] } };
  const src = { client: undefined as unknown as ApiClient, nodeAllocatable: c.allocatable ?? {}, hostIP: '', podIP: '' };
  try {
    const env = makeEnvironment(pod, foo, src, {});
    if (c.error) return `no error (${JSON.stringify(env)}), want ${c.error}`;
    return same(env, [{ key: 'V', value: c.want }]);
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    return same(e.message, c.error);
  }
}

/** configMapKeyRef and secretKeyRef against a fake client holding ConfigMap cm and Secret sec of the case. */
function keyRefCase(c: any): string | undefined {
  const client = {
    tryGet: (resource: string, ns: string, name: string) => {
      if (ns !== 'ns') return undefined;
      if (resource === 'configmaps' && name === 'cm' && c.configMap) return { metadata: { name, namespace: ns }, data: c.configMap };
      // A Secret with no keys has no data at all, as the API server returns it.
      if (resource === 'secrets' && name === 'sec' && c.secret) return { metadata: { name, namespace: ns }, ...(Object.keys(c.secret).length ? { data: Object.fromEntries(Object.entries(c.secret).map(([k, v]) => [k, Buffer.from(String(v)).toString('base64')])) } : {}) };
      return undefined;
    },
  } as unknown as ApiClient;
  const container = { name: 'c', env: c.env };
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns', uid: 'u' }, spec: { containers: [container] } };
  try {
    const env = makeEnvironment(pod, container, { client, nodeAllocatable: {}, hostIP: '', podIP: '' }, {});
    if (c.error) return `no error (${JSON.stringify(env)}), want ${c.error}`;
    return same(env.map((v) => `${v.key}=${v.value}`), c.want);
  } catch (e) {
    if (!(e instanceof EnvError)) throw e;
    return same(e.message, c.error);
  }
}

/** getServiceEnvVarMap over a Service cache listing the case's Services in its order. */
function serviceOrderCase(c: any): string | undefined {
  const services = c.services.map((s: any) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name: s.name, namespace: s.namespace }, spec: { clusterIP: s.clusterIP, ports: [{ protocol: 'TCP', port: s.port }] } }));
  const informers = { get: (resource: string) => ({ list: () => (resource === 'services' ? services : []) }) };
  const core = { ctx: { informers } } as unknown as KubeletCore;
  startServiceLister(core);
  const pod: any = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: c.ns, uid: 'u' }, spec: { enableServiceLinks: c.enableServiceLinks, containers: [{ name: 'c' }] } };
  return same(Object.entries(serviceEnvVarMap(core, pod)).map(([k, v]) => `${k}=${v}`).sort(), c.want);
}

export const KUBELET_ENV_RESOURCES_TABLES: Record<string, () => string[]> = {
  resourceFieldRef: () => failuresOf(upstreamTable('kubelet-env-resources', 'resourceFieldRef'), resourceCase),
  keyRefs: () => failuresOf(upstreamTable('kubelet-env-resources', 'keyRefs'), keyRefCase),
  serviceEnvOrder: () => failuresOf(upstreamTable('kubelet-env-resources', 'serviceEnvOrder'), serviceOrderCase),
};
