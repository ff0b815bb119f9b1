import { deepCopy, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import type { KubeletCore } from './core';
import { CONFIG_HASH, CONFIG_MIRROR } from './static-pods';

/**
 * The kubelet's mirror client (pkg/kubelet/pod/mirror_client.go): makes a static Pod visible in
 * the API server as a mirror Pod of the same name and namespace, marked with
 * `kubernetes.io/config.mirror: <hash>` and owned (controller) by the Node, so that
 * `kubectl describe` says `Controlled By: Node/<node>`. The kubelet never runs a mirror Pod:
 * it deletes and recreates one that is outdated or being deleted, and deletes orphans.
 */
export class MirrorPods {
  constructor(
    private readonly core: KubeletCore,
    /** The kubelet's own Pods (spec.nodeName=<node>), mirrors included. */
    private readonly pods: Informer,
    private readonly nodeUid: () => string | undefined,
  ) {}

  /** The mirror Pod of a static Pod, when the API server has an up-to-date one. */
  get(staticPod: KObject): KObject | undefined {
    const m = this.pods.getByName(staticPod.metadata.namespace, staticPod.metadata.name!);
    return m && m.metadata.annotations?.[CONFIG_MIRROR] === staticPod.metadata.uid && !m.metadata.deletionTimestamp ? m : undefined;
  }

  /** Makes sure the static Pod has an up-to-date mirror (syncPod's mirror step). Best effort. */
  ensure(staticPod: KObject): void {
    const { ctx } = this.core;
    const m = this.pods.getByName(staticPod.metadata.namespace, staticPod.metadata.name!);
    if (m && this.get(staticPod)) return;
    try {
      if (m) {
        ctx.log.info('kubelet.go:1919', 'Trying to delete pod', { pod: `${m.metadata.namespace}/${m.metadata.name}`, podUID: m.metadata.uid });
        this.delete(m);
      }
      const uid = this.nodeUid();
      if (!uid) return; // the Node is not registered yet: the next sync tries again
      ctx.log.info('kubelet.go:1941', 'Creating a mirror pod for static pod', { pod: `${staticPod.metadata.namespace}/${staticPod.metadata.name}` });
      ctx.client.create('pods', staticPod.metadata.namespace, this.mirrorOf(staticPod, uid));
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.code !== 409) ctx.log.error('kubelet.go:1945', 'Failed creating a mirror pod for', { err: e.message, pod: `${staticPod.metadata.namespace}/${staticPod.metadata.name}` });
    }
  }

  /** Deletes a mirror Pod (its static Pod is gone or changed). Best effort. */
  delete(m: KObject): void {
    try {
      this.core.ctx.client.delete('pods', m.metadata.namespace, m.metadata.name!, { gracePeriodSeconds: 0 });
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
    }
  }

  /** The static Pod as the API server should show it. */
  private mirrorOf(staticPod: KObject, nodeUid: string): KObject {
    const copy = deepCopy(staticPod);
    const { uid, resourceVersion, ...meta } = copy.metadata;
    void resourceVersion;
    return {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        ...meta,
        annotations: { ...(meta.annotations ?? {}), [CONFIG_MIRROR]: staticPod.metadata.annotations?.[CONFIG_HASH] ?? uid! },
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.core.host.name, uid: nodeUid, controller: true }],
      },
      spec: copy.spec,
    };
  }
}
