/**
 * The kubelet's configuration volumes (fixtures/upstream/kubelet-volumes.json) on the model's
 * mountVolumes and its sync-period refresh (container-config.ts): a fake API client holding the
 * case's ConfigMaps, a runtime whose Pod has a sandbox with IP 10.244.1.5 (or none), a recorder,
 * timers. Each step changes ConfigMaps or the Pod, mounts (MountVolume.SetUp) or lets the sync
 * period pass, and reads the files container c sees at each mount path, the events and the timers.
 */
import { PodWorker, type KubeletCore } from '../../model/node/kubelet/core';
import { mountVolumes, withRunOptions } from '../../model/node/kubelet/container-config';
import { LABEL_POD_UID } from '../../model/node/kubelet/runtime-view';
import { failuresOf, same, upstreamTable } from './fixtures';

function volumesCase(c: any): string | undefined {
  const configMaps = new Map<string, any>(Object.entries(c.configMaps ?? {}));
  const events: string[] = [];
  const timers: { ms: number; fn: () => void }[] = [];
  const uid = 'pod-uid';
  const core = {
    ctx: {
      client: {
        tryGet: (resource: string, _ns: string, name: string) => {
          const data = resource === 'configmaps' ? configMaps.get(name) : undefined;
          return data && { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default' }, data };
        },
      },
      sim: { clock: { nowMs: () => 0 } },
      proc: { schedule: (ms: number, _what: string, fn: () => void) => timers.push({ ms, fn }) },
    },
    host: { config: { address: '172.18.0.3', capacity: {} } },
    recorder: { event: (_o: unknown, type: string, reason: string, message: string) => events.push(`${type} ${reason} ${message}`) },
    runtime: {
      listPodSandbox: () => (c.noSandbox ? [] : [{ id: 'sb', labels: { [LABEL_POD_UID]: uid }, state: 'SANDBOX_READY', ip: '10.244.1.5', createdAt: 0, metadata: { name: 'p', namespace: 'default', uid, attempt: 0 } }]),
      listContainers: () => [],
    },
  } as unknown as KubeletCore;
  const container = { name: 'c', image: 'busybox', volumeMounts: c.mounts };
  const w = new PodWorker({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default', uid, labels: c.labels ?? {} }, spec: { containers: [container], volumes: c.volumes } });
  for (const [i, step] of c.steps.entries()) {
    for (const [name, data] of Object.entries(step.configMaps ?? {})) {
      if (data === null) configMaps.delete(name);
      else configMaps.set(name, data);
    }
    if (step.labels) w.pod = { ...w.pod, metadata: { ...w.pod.metadata, labels: step.labels } };
    if (step.removed) w.removed = true;
    const got: any = {};
    if (step.mount) got.mounted = mountVolumes(core, w, '10.244.1.5');
    if (step.syncPeriod) {
      const due = timers.splice(0);
      if (due.length !== 1 || due[0].ms !== 60_000) return `step ${i + 1}: timers ${JSON.stringify(due.map((t) => t.ms))}, want one of 60000 ms`;
      due[0].fn();
    }
    const want: any = {};
    if ('mounted' in step) want.mounted = step.mounted;
    else delete got.mounted;
    if ('files' in step) {
      const r = withRunOptions(core, w, container, { image: 'busybox' } as any, '10.244.1.5');
      if (!('config' in r)) return `step ${i + 1}: ${r.error}`;
      got.files = Object.fromEntries(r.config.mounts!.map((m: any) => [m.containerPath, m.files ?? null]));
      want.files = step.files;
    }
    if ('events' in step) (got.events = [...events]), (want.events = step.events);
    if ('timers' in step) (got.timers = timers.map((t) => t.ms)), (want.timers = step.timers);
    const problem = same(got, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

export const KUBELET_VOLUMES_TABLES: Record<string, () => string[]> = {
  configurationVolumes: () => failuresOf(upstreamTable('kubelet-volumes', 'configurationVolumes'), volumesCase),
};
