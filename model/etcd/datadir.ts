import type { NodeFiles } from '../node/files';
import type { EtcdStore, KeyValue } from './store';

/**
 * etcd's data directory on the node (--data-dir, a hostPath volume in kubeadm's manifest):
 * member/snap/db holds the keyspace, member/wal the log. The model keeps the live keyspace in
 * the EtcdStore and writes it to the directory's db file when etcd leaves that directory, so
 * a data dir, a snapshot file and a restored data dir are all the same thing: a keyspace at a
 * revision. The files are JSON here; real etcd writes a bbolt database (and a snapshot file
 * is that database), whose values are Kubernetes' protobuf encoding.
 */
export interface Snapshot {
  revision: number;
  kvs: KeyValue[];
}

const MAGIC = 'kubespec-etcd-snapshot/v1';

export function encodeSnapshot(s: Snapshot): string {
  return JSON.stringify({ format: MAGIC, revision: s.revision, kvs: s.kvs }) + '\n';
}

/** The snapshot a file holds, or undefined when it is no snapshot. */
export function decodeSnapshot(text: string): Snapshot | undefined {
  try {
    const o = JSON.parse(text);
    if (o?.format !== MAGIC || typeof o.revision !== 'number' || !Array.isArray(o.kvs)) return undefined;
    return { revision: o.revision, kvs: o.kvs };
  } catch {
    return undefined;
  }
}

export const dbPath = (dataDir: string) => `${dataDir}/member/snap/db`;
export const walPath = (dataDir: string) => `${dataDir}/member/wal/0000000000000000-0000000000000000.wal`;

/** Writes a data dir holding `snap` (etcdctl snapshot restore, or etcd persisting on shutdown). */
export function writeDataDir(files: NodeFiles, dataDir: string, snap: Snapshot): void {
  files.write(dbPath(dataDir), encodeSnapshot(snap), 0o600);
  files.write(walPath(dataDir), '', 0o600);
}

/**
 * Which directory the etcd process serves from, on the node. Starting etcd on another
 * directory saves the keyspace into the one it leaves and loads the new one's (empty if it has
 * none: a new cluster).
 */
export class EtcdDataDirs {
  current?: string;

  constructor(
    private readonly files: NodeFiles,
    private readonly store: EtcdStore,
  ) {}

  /** etcd starts with `dataDir` as its --data-dir (its node path). */
  open(dataDir: string): 'same' | 'restored' | 'new' {
    if (this.current === undefined || this.current === dataDir) {
      if (this.current === undefined && !this.files.read(dbPath(dataDir))) writeDataDir(this.files, dataDir, { revision: 1, kvs: [] });
      this.current = dataDir;
      return 'same';
    }
    writeDataDir(this.files, this.current, this.store.snapshot());
    const f = this.files.read(dbPath(dataDir));
    const snap = f && decodeSnapshot(f.content);
    this.store.restore(snap ?? { revision: 1, kvs: [] });
    if (!snap) writeDataDir(this.files, dataDir, { revision: 1, kvs: [] });
    this.current = dataDir;
    return snap ? 'restored' : 'new';
  }
}
