import { createHash } from 'node:crypto';
import yaml from 'js-yaml';
import { canonicalJSON, type KObject } from '../../api/meta';
import { defaultPodSpec } from '../../apiserver/defaults';
import type { KubeletCore } from './core';

/** Annotations the kubelet's pod config puts on Pods it did not get from the API (pkg/kubelet/types). */
export const CONFIG_SOURCE = 'kubernetes.io/config.source';
export const CONFIG_HASH = 'kubernetes.io/config.hash';
export const CONFIG_SEEN = 'kubernetes.io/config.seen';
export const CONFIG_MIRROR = 'kubernetes.io/config.mirror';

/** fileCheckFrequency's default: the directory is listed again this often, besides inotify. */
const FILE_CHECK_MS = 20_000;
/** From an inotify event to the kubelet's config loop seeing the change. */
const INOTIFY_MS = 50;

/** Whether a Pod came from a file (a static Pod), not from the API server. */
export function isStaticPod(pod: KObject): boolean {
  const src = pod.metadata.annotations?.[CONFIG_SOURCE];
  return src !== undefined && src !== 'api';
}

/** Whether a Pod in the API server is a mirror of some node's static Pod. */
export function isMirrorPod(pod: KObject): boolean {
  return pod.metadata.annotations?.[CONFIG_MIRROR] !== undefined;
}

/**
 * The kubelet's file source (pkg/kubelet/config/file.go, file_linux.go): reads the
 * `staticPodPath` of /var/lib/kubelet/config.yaml, turns each manifest into a static Pod
 * (name suffixed with the node's name, UID and config.hash from the content, the file's
 * source annotations, bound to this node, tolerating every NoExecute taint), and tells the
 * kubelet what appeared and disappeared: at start, on every inotify event in the directory,
 * and every 20 s. It needs no API server. An edited manifest is a new Pod (its hash changes).
 */
export class StaticPodSource {
  private readonly pods = new Map<string, KObject>();
  private path?: string;
  private scheduled = false;

  constructor(
    private readonly core: KubeletCore,
    private readonly onChange: (added: KObject[], removed: KObject[]) => void,
  ) {}

  start(configPath: string): void {
    const { host, ctx } = this.core;
    const cfg = host.files.read(configPath);
    let doc: any;
    try {
      doc = cfg ? yaml.load(cfg.content) : undefined;
    } catch {
      doc = undefined;
    }
    this.path = typeof doc?.staticPodPath === 'string' && doc.staticPodPath ? doc.staticPodPath.replace(/\/+$/, '') : undefined;
    if (!this.path) return;
    ctx.log.info('kubelet.go:406', 'Adding static pod path', { path: this.path });
    const unwatch = host.files.watch(this.path, () => this.soon());
    ctx.proc.onExit(unwatch);
    this.list();
    const tick = () => {
      this.list();
      ctx.proc.schedule(FILE_CHECK_MS, 'static pod path check', tick);
    };
    ctx.proc.schedule(FILE_CHECK_MS, 'static pod path check', tick);
  }

  /** The static Pod with this UID, while its manifest is there. */
  get(uid: string): KObject | undefined {
    for (const p of this.pods.values()) if (p.metadata.uid === uid) return p;
    return undefined;
  }

  private soon(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.core.ctx.proc.schedule(INOTIFY_MS, 'static pod path changed', () => {
      this.scheduled = false;
      this.list();
    });
  }

  /** Lists the directory and reports the difference with what it had. */
  private list(): void {
    const { host, ctx } = this.core;
    const dir = this.path!;
    const next = new Map<string, KObject>();
    for (const name of host.files.list(dir) ?? []) {
      if (name.startsWith('.')) continue; // hidden files are ignored (editors' swap files)
      const file = `${dir}/${name}`;
      const f = host.files.read(file);
      if (!f) continue;
      const pod = this.decode(file, f.content);
      if (!pod) continue;
      const prev = this.pods.get(file);
      // Same content, same Pod: keep the first one (its config.seen stays).
      next.set(file, prev && prev.metadata.uid === pod.metadata.uid ? prev : pod);
    }
    const before = new Set([...this.pods.values()].map((p) => p.metadata.uid));
    const after = new Set([...next.values()].map((p) => p.metadata.uid));
    const removed = [...this.pods.values()].filter((p) => !after.has(p.metadata.uid));
    const added = [...next.values()].filter((p) => !before.has(p.metadata.uid));
    this.pods.clear();
    for (const [k, v] of next) this.pods.set(k, v);
    if (added.length || removed.length) {
      ctx.log.info('config.go:398', 'Receiving a new pod', { pods: added.map((p) => `${p.metadata.namespace}/${p.metadata.name}`), source: 'file' });
      this.onChange(added, removed);
    }
  }

  /** tryDecodeSinglePod + applyDefaults (pkg/kubelet/config/common.go). */
  private decode(file: string, text: string): KObject | undefined {
    const { host, ctx } = this.core;
    let doc: any;
    try {
      doc = yaml.load(text);
    } catch (e: any) {
      ctx.log.error('file.go:187', 'Could not process manifest file', { err: String(e?.message ?? e).split('\n')[0], path: file });
      return undefined;
    }
    if (!doc || typeof doc !== 'object' || doc.kind !== 'Pod' || !doc.metadata?.name || !Array.isArray(doc.spec?.containers)) {
      ctx.log.error('file.go:187', 'Could not process manifest file', { err: 'invalid pod', path: file });
      return undefined;
    }
    const pod: KObject = { ...doc, apiVersion: 'v1', kind: 'Pod', metadata: { ...doc.metadata } };
    delete pod.status;
    delete pod.metadata.creationTimestamp;
    const node = host.name;
    // The UID is a hash of the Pod as written, the node and the file: the same manifest is the same
    // Pod. A manifest that gives its own UID keeps it (applyDefaults hashes only when there is none).
    const uid = doc.metadata.uid ? String(doc.metadata.uid) : createHash('md5').update(canonicalJSON(pod)).update(`host:${node}`).update(`file:${file}`).digest('hex');
    pod.metadata.uid = uid;
    // generatePodName: the node's name in lower case.
    pod.metadata.name = `${doc.metadata.name}-${node.toLowerCase()}`;
    pod.metadata.namespace = doc.metadata.namespace || 'default';
    pod.metadata.annotations = {
      ...(doc.metadata.annotations ?? {}),
      [CONFIG_HASH]: uid,
      [CONFIG_SEEN]: new Date(ctx.sim.clock.nowMs()).toISOString().replace(/\.(\d{3})Z$/, '.$1000000Z'),
      [CONFIG_SOURCE]: 'file',
    };
    pod.spec = { ...pod.spec, nodeName: node };
    // helper.AddOrUpdateTolerationInPod: tolerate every NoExecute taint, unless the manifest already does.
    const tolerations: any[] = [...(pod.spec.tolerations ?? [])];
    const all = { operator: 'Exists', effect: 'NoExecute' };
    const same = (t: any) => (t?.key ?? '') === '' && t?.operator === 'Exists' && (t?.value ?? '') === '' && t?.effect === 'NoExecute';
    const at = tolerations.findIndex(same);
    if (at < 0) tolerations.push(all);
    else tolerations[at] = all;
    pod.spec.tolerations = tolerations;
    // Scheme defaults only: admission plugins run in the API server, for the mirror Pod.
    defaultPodSpec(pod.spec);
    return pod;
  }
}
