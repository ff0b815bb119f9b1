/**
 * Upstream's volume payload tests (fixtures/upstream/kubelet-projected.json) on the model's
 * setUpVolumes: one volume v of the case's kind for upstream's test Pod, a fake client holding the
 * case's ConfigMaps and Secrets and answering TokenRequests as projected_test.go's reactor does.
 * The payload is compared with its paths sorted (upstream's is a map); an error is the volume's.
 */
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiClient } from '../../model/client/client';
import { ObjectCache } from '../../model/node/kubelet/env';
import { containerMounts, setUpVolumes, VolumeSetupError, type VolumeContent } from '../../model/node/kubelet/volumes';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'kubelet-projected';
const NS = 'test_projected_namespace';

function volumeOf(c: any): any {
  const ref = { items: c.items, optional: c.optional };
  switch (c.kind) {
    case 'projected secret':
      return { projected: { sources: [{ secret: { name: 'src', ...ref } }] } };
    case 'projected configMap':
      return { projected: { sources: [{ configMap: { name: 'src', ...ref } }] } };
    case 'secret':
      return { secret: { secretName: 'src', ...ref } };
    case 'configMap':
      return { configMap: { name: 'src', ...ref } };
    case 'projected downwardAPI':
      return { projected: { sources: [{ downwardAPI: { items: c.items } }] } };
    case 'downwardAPI':
      return { downwardAPI: { items: c.items } };
    case 'projected':
      return { projected: { sources: c.sources } };
  }
  throw new Error(`unknown kind ${c.kind}`);
}

function fakeClient(c: any): ApiClient {
  const configMaps: Record<string, any> = { ...(c.configMaps ?? {}) };
  const secrets: Record<string, any> = { ...(c.secrets ?? {}) };
  if (c.data !== undefined && c.data !== null) (String(c.kind).includes('ecret') ? secrets : configMaps).src = c.data;
  return {
    tryGet: (resource: string, namespace: string, name: string) => {
      if (namespace !== NS) return undefined;
      const meta = { name, namespace };
      if (resource === 'configmaps' && configMaps[name]) return { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta, data: configMaps[name], ...(c.binaryData ? { binaryData: c.binaryData } : {}) };
      // A Secret with no keys has no data at all, as the API server returns it.
      if (resource === 'secrets' && secrets[name]) return { apiVersion: 'v1', kind: 'Secret', metadata: meta, ...(Object.keys(secrets[name]).length ? { data: Object.fromEntries(Object.entries(secrets[name]).map(([k, v]) => [k, Buffer.from(String(v)).toString('base64')])) } : {}) };
      return undefined;
    },
    request: (req: any) => {
      if (c.tokenError) throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'NotFound', code: 404, message: c.tokenError } as any);
      const audiences: string[] = req.body.spec.audiences?.length ? req.body.spec.audiences : ['https://api'];
      const exp = req.body.spec.expirationSeconds;
      return { ...req.body, spec: { ...req.body.spec, audiences }, status: { token: `${req.namespace}:${req.name}:${exp}:[${audiences.join(' ')}]`, expirationTimestamp: new Date(exp * 1000).toISOString() } };
    },
  } as unknown as ApiClient;
}

function payloadCase(c: any): string | undefined {
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'podName', namespace: NS, uid: 'test_pod_uid', labels: { key1: 'value1', key2: 'value2' }, annotations: { a1: 'value1', a2: 'value2' } },
    spec: { serviceAccountName: 'foo', containers: [{ name: 'c' }], volumes: [{ name: 'v', ...volumeOf(c) }] },
  } as any;
  const client = fakeClient(c);
  let got: any;
  try {
    const content = setUpVolumes(pod, new ObjectCache(client, NS), '10.0.0.1', '10.0.0.2').get('v');
    if (content?.kind !== 'files') return `volume v is ${JSON.stringify(content)}`;
    got = { files: Object.fromEntries(Object.keys(content.files).sort().map((k) => [k, content.files[k]])) };
  } catch (e) {
    if (!(e instanceof VolumeSetupError)) throw e;
    got = { error: e.message, volume: e.volume };
  }
  const want = 'error' in c ? { error: c.error, volume: 'v' } : { files: Object.fromEntries(Object.keys(c.files).sort().map((k) => [k, c.files[k]])) };
  return same(got, want);
}

/** containerMounts for a container with the case's volumeMounts over the volumes set up in volumesForMounts. */
function mountsCase(c: any): string | undefined {
  const volumes = new Map<string, VolumeContent>(Object.entries(upstreamTable(FILE, 'volumesForMounts')[0]) as [string, VolumeContent][]);
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: NS }, spec: { containers: [] } } as any;
  return same(containerMounts(pod, { name: 'c', volumeMounts: c.mounts }, volumes), c.want);
}

export const KUBELET_PROJECTED_TABLES: Record<string, () => string[]> = {
  payload: () => failuresOf(upstreamTable(FILE, 'payload'), payloadCase),
  downwardAPIPayload: () => failuresOf(upstreamTable(FILE, 'downwardAPIPayload'), payloadCase),
  projectedSources: () => failuresOf(upstreamTable(FILE, 'projectedSources'), payloadCase),
  containerMounts: () => failuresOf(upstreamTable(FILE, 'containerMounts'), mountsCase),
};
