import type { KObject } from '../../api/meta';
import { startServiceLister } from './service-env';
import { kubeletServer } from './server';
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
import { MirrorPods } from './mirror-pods';
import { ProbeManager } from './prober-manager';
import { CONFIG_MIRROR, isMirrorPod, StaticPodSource } from './static-pods';
import { KUBELET_CONFIG_PATH } from '../kubeadm/manifests';

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
  // kube-apiserver reaches this kubelet's own server (port 10250) for pods/exec.
  ctx.client.server.kubelets.set(name, kubeletServer(host, runtime, ctx.proc));

  const nodeInformer = ctx.informers.get('nodes', { fieldSelector: `metadata.name=${name}` });
  const podInformer = ctx.informers.get('pods', { fieldSelector: `spec.nodeName=${name}` });
  startServiceLister(core);
  const nodeStatus = new NodeStatusManager(core, nodeInformer);
  const lease = new NodeLease(ctx, name, () => nodeStatus.nodeUid());
  const workers = new PodWorkers(core);
  const probes = (core.probes = new ProbeManager(core, (uid) => workers.resync(uid)));
  const mirrors = new MirrorPods(core, podInformer, () => nodeStatus.nodeUid());
  core.mirrors = mirrors;
  // Static Pods: from the files in staticPodPath, with or without an API server.
  const staticPods = new StaticPodSource(core, (added, removed) => {
    for (const p of removed) {
      workers.remove(p);
      const m = podInformer.getByName(p.metadata.namespace, p.metadata.name!);
      if (m && m.metadata.annotations?.[CONFIG_MIRROR] === p.metadata.uid) mirrors.delete(m);
    }
    for (const p of added) workers.update(p);
  });
  // A mirror Pod is never run: it only shows a static Pod. One whose static Pod is gone is deleted.
  const onMirror = (m: KObject) => {
    const hash = m.metadata.annotations![CONFIG_MIRROR];
    if (staticPods.get(hash)) workers.resync(hash);
    else if (!m.metadata.deletionTimestamp) mirrors.delete(m);
  };

  const onNode = (node: KObject) => {
    const cidr: string = node.spec?.podCIDR ?? '';
    if (!cidr || cidr === podCIDR) return;
    ctx.log.info('kubelet_network.go:61', 'Updating Pod CIDR', { originalPodCIDR: podCIDR, newPodCIDR: cidr });
    podCIDR = cidr;
    runtime.updateRuntimeConfig(cidr);
    nodeStatus.nudge();
    workers.resyncAll();
  };
  // Once the Node exists, static Pods can get their mirrors (owned by the Node).
  nodeInformer.addEventHandler({ onAdd: (n) => (onNode(n), workers.resyncAll()), onUpdate: (_old, n) => onNode(n) });
  podInformer.addEventHandler({
    onAdd: (p) => (isMirrorPod(p) ? onMirror(p) : (probes.update(p), workers.update(p))),
    onUpdate: (_old, p) => (isMirrorPod(p) ? onMirror(p) : (probes.update(p), workers.update(p))),
    onDelete: (p) => (isMirrorPod(p) ? workers.resync(p.metadata.annotations![CONFIG_MIRROR]) : (probes.remove(p.metadata.uid!), workers.remove(p))),
  });
  const unsubscribe = runtime.getContainerEvents((ev) => {
    const uid = ev.podLabels[LABEL_POD_UID];
    if (uid) workers.resync(uid);
  });
  ctx.proc.onExit(unsubscribe);

  ctx.log.info('kubelet.go:1566', 'Starting kubelet main sync loop');
  recorder.event(nodeStatusRef(name), 'Normal', 'Starting', 'Starting kubelet.');
  staticPods.start(KUBELET_CONFIG_PATH);
  nodeStatus.start();
  lease.start();
  ctx.informers.start();
}

function nodeStatusRef(name: string): KObject {
  return { kind: 'Node', metadata: { name, uid: name } };
}
