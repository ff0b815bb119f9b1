import type { ContainerConfig } from '../api';
import type { ContainerView } from './program';

/** The image's PATH (busybox and Debian images alike), which containerd puts first. */
const IMAGE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** The top of a busybox root file system, for `ls /`. */
const ROOT_DIRS = ['bin', 'dev', 'etc', 'home', 'lib', 'lib64', 'proc', 'root', 'sys', 'tmp', 'usr', 'var'];

/** What the kubelet may have put in a container config beyond the command (env, mounted files). */
type WithFiles = ContainerConfig & {
  envs?: { key: string; value: string }[];
  mounts?: { containerPath: string; files?: Record<string, string>; file?: string }[];
};

const clean = (p: string) => ('/' + p.split('/').filter((s) => s && s !== '.').join('/')).replace(/\/+$/, '') || '/';

/**
 * The container's view from its CRI config: PATH and HOSTNAME, the kubelet's env in order, HOME
 * (as runc sets it for root); the files of the volumes the kubelet wrote, at their mount paths.
 */
export function containerView(config: ContainerConfig): ContainerView {
  const c = config as WithFiles;
  const hostname = c.labels?.['io.kubernetes.pod.name'] ?? '';
  const files = new Map<string, string>();
  for (const m of c.mounts ?? []) {
    if (!m.files) continue;
    if (m.file !== undefined) {
      if (m.files[m.file] !== undefined) files.set(clean(m.containerPath), m.files[m.file]);
    } else for (const [rel, content] of Object.entries(m.files)) files.set(clean(`${m.containerPath}/${rel}`), content);
  }
  files.set('/etc/hostname', hostname + '\n');
  const env = [{ key: 'PATH', value: IMAGE_PATH }, { key: 'HOSTNAME', value: hostname }, ...(c.envs ?? []).filter((e) => e.key !== 'PATH' && e.key !== 'HOSTNAME'), { key: 'HOME', value: '/root' }];
  return {
    env,
    hostname,
    readFile: (p) => files.get(clean(p)),
    readDir(p) {
      const dir = clean(p);
      if (files.has(dir)) return undefined;
      const prefix = dir === '/' ? '/' : dir + '/';
      const names = new Set<string>(dir === '/' ? ROOT_DIRS : []);
      for (const f of files.keys()) if (f.startsWith(prefix)) names.add(f.slice(prefix.length).split('/')[0]);
      if (names.size === 0 && !['/bin', '/tmp', '/etc', '/root', '/home', '/var', '/usr'].includes(dir)) return undefined;
      return [...names].sort();
    },
  };
}
