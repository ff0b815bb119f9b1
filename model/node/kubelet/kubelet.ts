import type { KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';
import type { ContainerRuntime } from '../cri/api';
import type { NodeHost } from '../host';
import { Backoff } from './backoff';
import type { KubeletCore } from './core';
import { ImageManager } from './image-manager';
import { NodeLease } from './lease';
import { NodeStatusManager } from './node-status';
import { PodWorkers } from './pod-workers';
import { LABEL_POD_UID } from './runtime-view';

/**
 * Starts the kubelet of `host`: registers its Node and keeps its status and Lease fresh,
 * watches only the Pods bound to it (fieldSelector spec.nodeName=<node>, which the API
 * server's watch cache indexes), and runs each Pod through the CRI runtime. It learns of
 * container changes from the runtime's event stream (the evented PLEG), and of its Pod CIDR
 * from its own Node, which it hands to the runtime (UpdateRuntimeConfig) before Pods get IPs.
 */
export function startKubelet(ctx: ComponentContext, host: NodeHost, runtime: ContainerRuntime): void {
  const name = host.name;
  const recorder = ctx.recorder('kubelet', name);
  let podCIDR = '';
  const core: KubeletCore = {
    ctx,
    host,
    runtime,
    recorder,
    images: new ImageManager(ctx.sim, runtime, recorder),
    restartBackoff: new Backoff(() => ctx.sim.clock.nowMs()),
    podCIDR: () => podCIDR,
  };
  host.services.kubelet = core;

  const nodeInformer = ctx.informers.get('nodes', { fieldSelector: `metadata.name=${name}` });
  const podInformer = ctx.informers.get('pods', { fieldSelector: `spec.nodeName=${name}` });
  const nodeStatus = new NodeStatusManager(core, nodeInformer);
  const lease = new NodeLease(ctx, name, () => nodeStatus.nodeUid());
  const workers = new PodWorkers(core);

  const onNode = (node: KObject) => {
    const cidr: string = node.spec?.podCIDR ?? '';
    if (!cidr || cidr === podCIDR) return;
    ctx.log.info('kubelet_network.go:61', 'Updating Pod CIDR', { originalPodCIDR: podCIDR, newPodCIDR: cidr });
    podCIDR = cidr;
    runtime.updateRuntimeConfig(cidr);
    nodeStatus.nudge();
    workers.resyncAll();
  };
  nodeInformer.addEventHandler({ onAdd: onNode, onUpdate: (_old, n) => onNode(n) });
  podInformer.addEventHandler({
    onAdd: (p) => workers.update(p),
    onUpdate: (_old, p) => workers.update(p),
    onDelete: (p) => workers.remove(p),
  });
  const unsubscribe = runtime.getContainerEvents((ev) => {
    const uid = ev.podLabels[LABEL_POD_UID];
    if (uid) workers.resync(uid);
  });
  ctx.proc.onExit(unsubscribe);

  ctx.log.info('kubelet.go:1566', 'Starting kubelet main sync loop');
  recorder.event(nodeStatusRef(name), 'Normal', 'Starting', 'Starting kubelet.');
  nodeStatus.start();
  lease.start();
  ctx.informers.start();
}

function nodeStatusRef(name: string): KObject {
  return { kind: 'Node', metadata: { name, uid: name } };
}
