/**
 * generateContainerConfig's share that depends on the API (kuberuntime_container.go, with
 * kubelet_pods.go's GenerateRunContainerOptions): the container's environment, its mounts with
 * what the Pod's volumes hold, and its command and args with `$(VAR)` expanded against that
 * environment. The volumes are set up once per Pod (the volume manager's MountVolume.SetUp) and
 * kept up to date every sync period; a failure is reported as the kubelet reports it.
 */
import type { KObject } from '../../api/meta';
import type { ContainerConfig } from '../cri/api';
import type { KubeletCore, PodWorker } from './core';
import { podRuntimeState } from './runtime-view';
import { EnvError, expand, makeEnvironment, ObjectCache, type EnvSources } from './env';
import { serviceEnvVarMap } from './service-env';
import { containerMounts, setUpVolumes, VolumeSetupError, type VolumeContent } from './volumes';

/** Volumes already set up, per Pod worker (a restarted kubelet sets them up again). */
const mounted = new WeakMap<PodWorker, Map<string, VolumeContent>>();

/**
 * WaitForAttachAndMount: sets up the Pod's volumes unless done; on failure records the volume
 * plugin's FailedMount event and returns false (the sync fails and is retried).
 */
export function mountVolumes(core: KubeletCore, w: PodWorker, podIP: string): boolean {
  if (mounted.has(w)) return true;
  const pod = w.pod;
  try {
    const volumes = setUpVolumes(pod, new ObjectCache(core.ctx.client, pod.metadata.namespace!, () => core.ctx.sim.clock.nowMs()), podIP, core.host.config.address);
    mounted.set(w, volumes);
    if ((pod.spec?.volumes ?? []).some((v: any) => v?.configMap || v?.secret || v?.projected || v?.downwardAPI)) scheduleRefresh(core, w, volumes);
    return true;
  } catch (e) {
    if (!(e instanceof VolumeSetupError)) throw e;
    core.recorder.event(pod, 'Warning', 'FailedMount', `MountVolume.SetUp failed for volume "${e.volume}" : ${e.message}`);
    return false;
  }
}

/** The kubelet's periodic sync of every Pod (syncFrequency, 1 minute). */
const SYNC_FREQUENCY_MS = 60_000;

/**
 * On each periodic sync the volume manager brings the files of configMap, secret, projected and
 * downwardAPI volumes up to date (the atomic writer swaps them in); a mounted container sees the
 * new contents, while its environment, made when it started, stays as it was. An object gone
 * meanwhile leaves the files as they were.
 */
function scheduleRefresh(core: KubeletCore, w: PodWorker, volumes: Map<string, VolumeContent>): void {
  core.ctx.proc.schedule(SYNC_FREQUENCY_MS, `sync volumes ${w.key}`, () => {
    if (w.removed || w.state !== 'active' || w.pod.metadata.deletionTimestamp || mounted.get(w) !== volumes) return;
    const pod = w.pod;
    const objects = new ObjectCache(core.ctx.client, pod.metadata.namespace!, () => core.ctx.sim.clock.nowMs());
    for (const v of pod.spec?.volumes ?? []) {
      const current = volumes.get(v?.name);
      if (current?.kind !== 'files' || !(v.configMap || v.secret || v.projected || v.downwardAPI)) continue;
      let fresh: Map<string, VolumeContent>;
      try {
        fresh = setUpVolumes({ ...pod, spec: { ...pod.spec, volumes: [v] } }, objects, podRuntimeState(core.runtime, w.uid).sandboxes[0]?.ip ?? '', core.host.config.address);
      } catch (e) {
        if (e instanceof VolumeSetupError) continue;
        throw e;
      }
      const next = fresh.get(v.name);
      if (next?.kind !== 'files') continue;
      for (const k of Object.keys(current.files)) if (!(k in next.files)) delete current.files[k];
      Object.assign(current.files, next.files);
    }
    scheduleRefresh(core, w, volumes);
  });
}

/** The container's env, mounts and expanded command/args; or the CreateContainerConfigError message. */
export function withRunOptions(core: KubeletCore, w: PodWorker, c: any, base: ContainerConfig, podIP: string): { config: ContainerConfig } | { error: string } {
  const pod: KObject = w.pod;
  const sources: EnvSources = { client: core.ctx.client, nodeAllocatable: core.host.config.capacity, hostIP: core.host.config.address, podIP };
  let envs;
  try {
    envs = makeEnvironment(pod, c, sources, serviceEnvVarMap(core, pod));
  } catch (e) {
    if (e instanceof EnvError) return { error: e.message };
    throw e;
  }
  const vars = new Map(envs.map((e) => [e.key, e.value]));
  const lookup = (name: string) => vars.get(name);
  const config: ContainerConfig = {
    ...base,
    command: Array.isArray(c.command) ? c.command.map((s: unknown) => expand(String(s), lookup)) : base.command,
    args: Array.isArray(c.args) ? c.args.map((s: unknown) => expand(String(s), lookup)) : base.args,
    envs,
    mounts: containerMounts(pod, c, mounted.get(w) ?? new Map()),
  };
  return { config };
}
