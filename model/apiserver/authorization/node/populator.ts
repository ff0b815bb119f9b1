import { etcdPrefix, resourceByName } from '../../../api/registry';
import type { EtcdStore } from '../../../etcd/store';
import { decode } from '../../objects';
import { decodeStored } from '../../decoded-event';
import { Graph } from './graph';

/**
 * graph_populator.go: the graph follows every Pod and PersistentVolume write. Upstream it is
 * fed by kube-apiserver's own informers; here by a watch on etcd inside the API server, so a
 * write is in the graph before the next request is authorized (and no component's timing moves).
 * PVCs need no watch: a claim's edge to its volume comes from the PV's claimRef.
 */
export function populateNodeGraph(etcd: EtcdStore): Graph {
  const graph = new Graph();
  const watch = (resource: string, set: (o: any) => void, del: (ns: string, name: string) => void) => {
    const prefix = etcdPrefix(resourceByName(resource)!);
    for (const kv of etcd.range(prefix)) set(decode(kv.value, kv.modRevision));
    etcd.watch(prefix, 0, (events) => {
      for (const e of events) {
        if (e.type === 'DELETE') {
          const old = decode(e.prevKv!.value, e.prevKv!.modRevision);
          del(old.metadata.namespace ?? '', old.metadata.name!);
        } else set(decodeStored(e.kv));
      }
    });
  };
  watch('pods', (p) => graph.setPod(p), (ns, name) => graph.deletePod(ns, name));
  watch('persistentvolumes', (pv) => graph.setPV(pv), (_ns, name) => graph.deletePV(name));
  return graph;
}
