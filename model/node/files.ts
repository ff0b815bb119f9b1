/**
 * A node's filesystem, reduced to the files Kubernetes keeps on a node: the kubelet's config,
 * the static Pod manifests kubeadm writes, kubeconfigs, and whatever a reader writes there.
 * Directories exist implicitly (as parents of files) or explicitly (mkdir). Every file has a
 * modification time in virtual milliseconds, so a watcher (the kubelet's file source) can tell
 * that it changed.
 */
export interface NodeFile {
  content: string;
  mtimeMs: number;
  mode: number;
}

export class NodeFiles {
  private readonly files = new Map<string, NodeFile>();
  private readonly dirs = new Set<string>(['/']);
  /** inotify watches: directory -> listeners told the name of an entry that changed. */
  private readonly watches = new Map<string, Set<(name: string) => void>>();

  constructor(private readonly now: () => number) {
    // A kind node image's usual directories.
    for (const d of ['/root', '/tmp', '/etc/kubernetes/pki', '/var/lib/kubelet', '/var/lib/etcd', '/run']) this.mkdirAll(d);
  }

  /** The file at an absolute path, if any. */
  read(path: string): NodeFile | undefined {
    return this.files.get(normalize(path));
  }

  /** Creates or replaces a file (and its parent directories). */
  write(path: string, content: string, mode = 0o644): void {
    const p = normalize(path);
    this.mkdirAll(parent(p));
    this.files.set(p, { content, mtimeMs: this.now(), mode });
    this.notify(p);
  }

  /** Removes a file; false when there was none. */
  remove(path: string): boolean {
    const p = normalize(path);
    const had = this.files.delete(p);
    if (had) this.notify(p);
    return had;
  }

  /** rename(2): moves a file, replacing the target; false when the source is missing. */
  rename(from: string, to: string): boolean {
    const f = this.files.get(normalize(from));
    if (!f) return false;
    this.files.delete(normalize(from));
    const t = normalize(to);
    this.mkdirAll(parent(t));
    // rename keeps the inode and its mtime, as a `mv` within one filesystem does.
    this.files.set(t, f);
    this.notify(normalize(from));
    this.notify(t);
    return true;
  }

  /**
   * inotify on a directory (IN_CREATE, IN_MODIFY, IN_DELETE, IN_MOVED_*): `fn` hears the name
   * of each entry that changed. Returns the function that removes the watch.
   */
  watch(dir: string, fn: (name: string) => void): () => void {
    const d = normalize(dir);
    let set = this.watches.get(d);
    if (!set) this.watches.set(d, (set = new Set()));
    set.add(fn);
    return () => set!.delete(fn);
  }

  private notify(p: string): void {
    const set = this.watches.get(parent(p));
    if (set) for (const fn of [...set]) fn(p.slice(p.lastIndexOf('/') + 1));
  }

  mkdirAll(path: string): void {
    for (let p = normalize(path); ; p = parent(p)) {
      this.dirs.add(p);
      if (p === '/') break;
    }
  }

  /** rm -rf: a path and everything under it (files and directories); false when nothing was there. */
  removeAll(path: string): boolean {
    const p = normalize(path);
    const under = (q: string) => q === p || q.startsWith(p === '/' ? '/' : `${p}/`);
    const files = [...this.files.keys()].filter(under);
    const dirs = [...this.dirs].filter((d) => d !== '/' && under(d));
    for (const f of files) this.remove(f);
    for (const d of dirs) this.dirs.delete(d);
    return files.length + dirs.length > 0;
  }

  isDir(path: string): boolean {
    return this.dirs.has(normalize(path));
  }

  /** Entry names directly under a directory, sorted; undefined when it is no directory. */
  list(dir: string): string[] | undefined {
    const d = normalize(dir);
    if (!this.dirs.has(d)) return undefined;
    const prefix = d === '/' ? '/' : d + '/';
    const names = new Set<string>();
    for (const p of [...this.files.keys(), ...this.dirs]) {
      if (p === d || !p.startsWith(prefix)) continue;
      names.add(p.slice(prefix.length).split('/')[0]);
    }
    return [...names].sort();
  }

  /** Every file (path and content), for snapshots of a whole node. */
  entries(): [string, NodeFile][] {
    return [...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
}

/** Resolves `.`, `..` and duplicate slashes of an absolute path. */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

function parent(p: string): string {
  const i = p.lastIndexOf('/');
  return i <= 0 ? '/' : p.slice(0, i);
}
