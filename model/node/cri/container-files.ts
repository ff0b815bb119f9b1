/**
 * What a process inside a container sees of the filesystem and its environment: the mounts
 * the kubelet asked for (ContainerConfig.mounts), resolved longest mount path first; a hostPath
 * mount reads the node's files. The image's own files are not modelled: a path outside every
 * mount does not exist. Programs (cat, ls, printenv, env) read through these functions.
 */
import type { NodeHost } from '../host';
import { normalize } from '../files';
import type { ContainerConfig } from './api';

export type ContainerPath = { kind: 'file'; content: string } | { kind: 'dir'; entries: string[] } | undefined;

/** The file or directory at an absolute path inside the container. */
export function statContainerPath(host: NodeHost, config: ContainerConfig | undefined, path: string): ContainerPath {
  const p = normalize(path);
  const mounts = [...(config?.mounts ?? [])].sort((a, b) => b.containerPath.length - a.containerPath.length);
  for (const m of mounts) {
    const root = normalize(m.containerPath);
    if (p !== root && !p.startsWith(root === '/' ? '/' : root + '/')) continue;
    const rel = p === root ? '' : p.slice(root.length + (root === '/' ? 0 : 1));
    if (m.file !== undefined) return rel === '' && m.files?.[m.file] !== undefined ? { kind: 'file', content: m.files[m.file] } : undefined;
    if (m.hostPath !== undefined) {
      const node = normalize(`${m.hostPath}/${rel}`);
      const f = host.files.read(node);
      if (f) return { kind: 'file', content: f.content };
      const entries = host.files.list(node);
      return entries ? { kind: 'dir', entries } : undefined;
    }
    const files = m.files ?? {};
    if (rel in files) return { kind: 'file', content: files[rel] };
    const prefix = rel === '' ? '' : rel + '/';
    const entries = [...new Set(Object.keys(files).filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length).split('/')[0]))].sort();
    if (rel === '' || entries.length) return { kind: 'dir', entries };
    return undefined;
  }
  // A mount point's parents exist as directories.
  const below = mounts.map((m) => normalize(m.containerPath)).filter((mp) => mp.startsWith(p === '/' ? '/' : p + '/'));
  if (below.length) return { kind: 'dir', entries: [...new Set(below.map((mp) => mp.slice(p === '/' ? 1 : p.length + 1).split('/')[0]))].sort() };
  return undefined;
}

/**
 * The process environment: PATH and HOSTNAME as containerd sets them, then what the kubelet
 * computed, then HOME; a later name replaces an earlier one.
 */
export function containerEnvironment(config: ContainerConfig | undefined, hostname: string): [string, string][] {
  const env = new Map<string, string>([
    ['PATH', '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin'],
    ['HOSTNAME', hostname],
  ]);
  for (const e of config?.envs ?? []) env.set(e.key, e.value);
  if (!env.has('HOME')) env.set('HOME', '/root');
  return [...env];
}
