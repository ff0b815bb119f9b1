import type { KObject } from '../../../api/meta';
import { etcdPrefix, resourceByName } from '../../../api/registry';
import type { EtcdStore } from '../../../etcd/store';
import { decode } from '../../objects';
import { decodeStored } from '../../decoded-event';
import { Graph } from './graph';

/**
 * graph_populator.go's graphPopulator: Pod and PersistentVolume events into the graph. A Pod
 * enters once it is bound; an update goes in again only when its node, uid or resource claim
 * statuses changed (the rest of what it references cannot change), so the many status writes
 * of a running Pod leave the graph alone. (Upstream compares with the informer's previous
 * object; here with what the last update that counted saw, the same thing: a Pod's node is set
 * once.) The model serves no VolumeAttachments or ResourceSlices, so nothing else feeds it.
 */
export class GraphPopulator {
  /** Per bound Pod (namespace/name): its node, uid and claim statuses when last put in. */
  private readonly seen = new Map<string, string>();

  constructor(readonly graph: Graph) {}

  updatePod(pod: KObject): void {
    const nodeName = pod.spec.nodeName;
    if (!nodeName) return;
    const k = `${pod.metadata.namespace}/${pod.metadata.name}`;
    // resourceclaim.PodStatusEqual: the same entries in the same order, a claim name set or not.
    // Stryker disable next-line ArrayDeclaration: a string for no statuses is the same string every time, as no statuses are
    const claims = (pod.status?.resourceClaimStatuses ?? []).map((s: any) => [s.name, s.resourceClaimName ?? null]);
    const now = JSON.stringify([nodeName, pod.metadata.uid, claims]);
    if (this.seen.get(k) === now) return;
    this.seen.set(k, now);
    this.graph.setPod(pod);
  }

  deletePod(pod: KObject): void {
    this.seen.delete(`${pod.metadata.namespace}/${pod.metadata.name}`);
    if (!pod.spec.nodeName) return;
    this.graph.deletePod(pod.metadata.namespace ?? '', pod.metadata.name!);
  }

  updatePV(pv: KObject): void {
    this.graph.setPV(pv);
  }

  deletePV(pv: KObject): void {
    this.graph.deletePV(pv.metadata.name!);
  }
}

/**
 * AddGraphEventHandlers: the graph follows every Pod and PersistentVolume write. Upstream it is
 * fed by kube-apiserver's own informers; here by a watch on etcd inside the API server, so a
 * write is in the graph before the next request is authorized (and no component's timing moves).
 * PVCs need no watch: a claim's edge to its volume comes from the PV's claimRef.
 */
export function populateNodeGraph(etcd: EtcdStore): Graph {
  const p = new GraphPopulator(new Graph());
  const watch = (resource: string, update: (o: KObject) => void, del: (o: KObject) => void) => {
    const prefix = etcdPrefix(resourceByName(resource)!);
    for (const kv of etcd.range(prefix)) update(decode(kv.value, kv.modRevision));
    etcd.watch(prefix, 0, (events) => {
      for (const e of events) {
        if (e.type === 'DELETE') del(decode(e.prevKv!.value, e.prevKv!.modRevision));
        else update(decodeStored(e.kv));
      }
    });
  };
  watch('pods', (pod) => p.updatePod(pod), (pod) => p.deletePod(pod));
  watch('persistentvolumes', (pv) => p.updatePV(pv), (pv) => p.deletePV(pv));
  return p.graph;
}
