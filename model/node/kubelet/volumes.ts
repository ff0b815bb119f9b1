/**
 * The kubelet's volume manager, reduced to what a container can see: before a Pod's sandbox
 * starts, each volume is "set up" (MountVolume.SetUp): a configMap, secret, projected or
 * downwardAPI volume becomes the files the atomic writer would write (its keys, or the items
 * chosen, decoded for Secrets), an emptyDir an empty directory, a hostPath the node's directory.
 * A configMap or Secret that is missing (and not optional) fails the setup with the volume
 * plugin's message, and the Pod waits in ContainerCreating until it appears.
 */
import type { KObject } from '../../api/meta';
import type { ContainerMount } from '../cri/api';
import { aggregateMessage, EnvError, extractFieldPathAsString, ObjectCache, secretValue } from './env';
import { claimVolumePath } from './pvc-volume';

/** What a volume holds once set up. */
export type VolumeContent = { kind: 'files'; files: Record<string, string> } | { kind: 'hostPath'; path: string };

/** A volume that could not be set up: its name and the plugin's error. */
export class VolumeSetupError extends Error {
  constructor(readonly volume: string, message: string) {
    super(message);
  }
}

/** Every volume of the Pod, set up; throws VolumeSetupError for the first that cannot be. */
export function setUpVolumes(pod: KObject, objects: ObjectCache, podIP: string, hostIP: string): Map<string, VolumeContent> {
  const out = new Map<string, VolumeContent>();
  for (const v of Array.isArray(pod.spec?.volumes) ? pod.spec!.volumes : []) {
    if (!v?.name) continue;
    try {
      out.set(v.name, setUp(pod, v, objects, podIP, hostIP));
    } catch (e) {
      if (e instanceof EnvError) throw new VolumeSetupError(v.name, e.message);
      throw e;
    }
  }
  return out;
}

function setUp(pod: KObject, v: any, objects: ObjectCache, podIP: string, hostIP: string): VolumeContent {
  if (v.hostPath) return { kind: 'hostPath', path: String(v.hostPath.path ?? '') };
  if (v.persistentVolumeClaim) return { kind: 'hostPath', path: claimVolumePath(pod, String(v.persistentVolumeClaim.claimName ?? ''), (r, n) => objects.get(r as any, n)) };
  const files: Record<string, string> = {};
  if (v.configMap) addConfigMap(files, v.configMap, objects);
  else if (v.secret) addSecret(files, { ...v.secret, name: v.secret.secretName }, objects);
  else if (v.downwardAPI) addDownward(files, pod, v.downwardAPI.items, podIP, hostIP);
  else if (v.projected) {
    // collectData: each source's error is kept and the next source tried; the volume fails with them all.
    const errors: string[] = [];
    for (const s of Array.isArray(v.projected.sources) ? v.projected.sources : []) {
      try {
        if (s?.configMap) addConfigMap(files, s.configMap, objects);
        else if (s?.secret) addSecret(files, s.secret, objects);
        else if (s?.downwardAPI) addDownward(files, pod, s.downwardAPI.items, podIP, hostIP);
        // A bound ServiceAccount token, requested for the Pod (token-manager.ts).
        else if (s?.serviceAccountToken) files[s.serviceAccountToken.path ?? 'token'] = objects.token(pod, s.serviceAccountToken);
      } catch (e) {
        if (!(e instanceof EnvError)) throw e;
        errors.push(e.message);
      }
    }
    if (errors.length > 0) throw new EnvError(aggregateMessage(errors));
  }
  // emptyDir (and kinds the model does not provide) start empty.
  return { kind: 'files', files };
}

/** The keys a volume projects: all of them, or the items asked for (a missing item key is an error). */
function project(files: Record<string, string>, data: Record<string, string>, items: any[] | undefined, missing: (key: string) => string, optional: boolean): void {
  if (!Array.isArray(items) || items.length === 0) {
    for (const k of Object.keys(data).sort()) files[k] = data[k];
    return;
  }
  for (const it of items) {
    if (!(it?.key in data)) {
      if (optional) continue;
      throw new EnvError(missing(String(it?.key)));
    }
    files[String(it.path)] = data[it.key];
  }
}

function addConfigMap(files: Record<string, string>, src: any, objects: ObjectCache): void {
  const optional = src.optional === true;
  const cm = objects.need('configmaps', String(src.name ?? ''), optional);
  if (!cm) return;
  const data: Record<string, string> = { ...(cm.data ?? {}) };
  for (const [k, b64] of Object.entries(cm.binaryData ?? {})) data[k] = secretValue(b64);
  project(files, data, src.items, (k) => `configmap references non-existent config key: ${k}`, optional);
}

function addSecret(files: Record<string, string>, src: any, objects: ObjectCache): void {
  const optional = src.optional === true;
  const s = objects.need('secrets', String(src.name ?? ''), optional);
  if (!s) return;
  const data: Record<string, string> = {};
  for (const [k, b64] of Object.entries(s.data ?? {})) data[k] = secretValue(b64);
  project(files, data, src.items, (k) => `references non-existent secret key: ${k}`, optional);
}

/**
 * downwardapi.CollectData's fieldRef items: fieldpath.ExtractFieldPathAsString's value as the file
 * (an item that cannot be read is an error; the others are still tried and the errors aggregated).
 * The model also answers status.podIP, status.hostIP and spec.nodeName, which upstream's
 * validation does not let a volume ask for.
 */
function addDownward(files: Record<string, string>, pod: KObject, items: any[] | undefined, podIP: string, hostIP: string): void {
  const errors: string[] = [];
  for (const it of Array.isArray(items) ? items : []) {
    // A resourceFieldRef item (not in the model) is an empty file.
    const path = String(it?.fieldRef?.fieldPath ?? '');
    try {
      if (!it?.fieldRef) files[String(it?.path)] = '';
      else if (path === 'status.podIP') files[String(it.path)] = podIP;
      else if (path === 'status.hostIP') files[String(it.path)] = hostIP;
      else if (path === 'spec.nodeName') files[String(it.path)] = pod.spec?.nodeName ?? '';
      else files[String(it.path)] = extractFieldPathAsString(pod, path);
    } catch (e) {
      if (!(e instanceof EnvError)) throw e;
      errors.push(e.message);
    }
  }
  if (errors.length > 0) throw new EnvError(aggregateMessage(errors));
}

/** The mounts of one container: each volumeMount with what its volume holds (subPath narrows a files volume). */
export function containerMounts(pod: KObject, c: any, volumes: Map<string, VolumeContent>): ContainerMount[] {
  return (Array.isArray(c.volumeMounts) ? c.volumeMounts : []).map((vm: any) => {
    const content = volumes.get(vm.name);
    const base: ContainerMount = { containerPath: String(vm.mountPath), readonly: !!vm.readOnly };
    if (!content) return base;
    if (content.kind === 'hostPath') return { ...base, hostPath: vm.subPath ? `${content.path.replace(/\/$/, '')}/${vm.subPath}` : content.path };
    if (!vm.subPath) return { ...base, files: content.files };
    // A subPath of a files volume mounts one file (or a sub-directory) at mountPath.
    const sub = String(vm.subPath);
    // A subPath mount is a copy: it never sees the volume's later updates.
    if (sub in content.files) return { ...base, files: { [sub]: content.files[sub] }, file: sub };
    const files: Record<string, string> = {};
    for (const [k, v] of Object.entries(content.files)) if (k.startsWith(sub + '/')) files[k.slice(sub.length + 1)] = v;
    return { ...base, files };
  });
}
