/**
 * A container's resourceFieldRef variables (fixtures/upstream/kubelet-env-resources.json) on the
 * model's makeEnvironment: container foo and init container init-foo with the case's resources,
 * the node's allocatable as the case gives it; no API object is read.
 */
import type { ApiClient } from '../../model/client/client';
import { EnvError, makeEnvironment } from '../../model/node/kubelet/env';
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

export const KUBELET_ENV_RESOURCES_TABLES: Record<string, () => string[]> = {
  resourceFieldRef: () => failuresOf(upstreamTable('kubelet-env-resources', 'resourceFieldRef'), resourceCase),
};
