import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { kubeletMaySetLabel } from '../../apiserver/admission/node-restriction';
import { uuid } from '../../api/names';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import { NODE_OS } from '../os';
import type { KubeletCore } from './core';
import { type NodeCondition, setPressureCondition, setReadyCondition } from './node-conditions';

/** nodeStatusUpdateFrequency: how often the kubelet computes its Node status. */
const UPDATE_MS = 10_000;
/** nodeStatusReportFrequency: how often it writes the status even when nothing changed. */
const REPORT_MS = 5 * 60_000;
/** nodeStatusMaxImages. */
const MAX_IMAGES = 50;
/** nodestatus.MaxNamesPerImageInNodeStatus: the names reported for one image. */
const MAX_NAMES_PER_IMAGE = 5;
/** nodeStatusUpdateRetry: the tries of one node status update. */
const NODE_STATUS_UPDATE_RETRY = 5;
/** The annotation that says the attach/detach controller attaches this node's volumes. */
const CMAD_ANNOTATION = 'volumes.kubernetes.io/controller-managed-attach-detach';
/** updateDefaultLabels' labels: the ones a kubelet sets again on a Node it finds registered. */
const DEFAULT_LABELS = [
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'node.kubernetes.io/instance-type',
  'beta.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'node.kubernetes.io/windows-build',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
];

/**
 * updateDefaultLabels: each default label the new Node has is set on the existing one to the new
 * Node's value (an empty value removes it); other labels stay. Whether anything changed.
 */
export function updateDefaultLabels(initial: KObject, existing: KObject): boolean {
  let needsUpdate = false;
  const want = initial.metadata.labels ?? {};
  const labels = (existing.metadata.labels ??= {});
  for (const label of DEFAULT_LABELS) {
    if (!(label in want)) continue;
    if (labels[label] !== want[label]) {
      labels[label] = want[label];
      needsUpdate = true;
    }
    if (labels[label] === '') delete labels[label];
  }
  return needsUpdate;
}

/** reconcileCMADAnnotationWithExistingNode: the existing Node takes the new Node's attach/detach annotation (or its absence). */
export function reconcileCMADAnnotation(node: KObject, existing: KObject): boolean {
  const want = node.metadata.annotations?.[CMAD_ANNOTATION];
  if ((existing.metadata.annotations?.[CMAD_ANNOTATION] ?? '') === (want ?? '')) return false;
  if (want === undefined) delete existing.metadata.annotations![CMAD_ANNOTATION];
  else (existing.metadata.annotations ??= {})[CMAD_ANNOTATION] = want;
  return true;
}


/**
 * Node registration and the node status loop (kubelet_node_status.go): registers the Node
 * with its labels, taints, capacity, addresses and nodeInfo; every 10 s recomputes the
 * status (pressure conditions, Ready from the runtime's state, images) and writes it through
 * nodes/status when it changed or 5 minutes passed.
 */
export class NodeStatusManager {
  private lastReportMs = -Infinity;
  private readonly ids: { machineID: string; systemUUID: string; bootID: string };
  private registered = false;
  private registerStepMs = 100;

  constructor(
    private readonly core: KubeletCore,
    private readonly nodes: Informer,
  ) {
    const rng = core.ctx.sim.rng;
    // The machine's ids (/etc/machine-id, DMI, boot_id) outlive a kubelet restart.
    const svc = core.host.services as { machineIds?: NodeStatusManager['ids'] };
    this.ids = svc.machineIds ??= { machineID: uuid(rng).replace(/-/g, ''), systemUUID: uuid(rng), bootID: uuid(rng) };
  }

  private get name(): string {
    return this.core.host.name;
  }

  /** The object events about this node refer to (the kubelet's nodeRef: uid = node name). */
  get nodeRef(): KObject {
    return { kind: 'Node', metadata: { name: this.name, uid: this.name } };
  }

  start(): void {
    this.tick();
  }

  /** The Node's uid, once registered. */
  nodeUid(): string | undefined {
    return this.nodes.getByName(undefined, this.name)?.metadata.uid;
  }

  /**
   * An immediate status update (fastNodeStatusUpdate: until the node is first ready, the kubelet
   * does not wait the 10 s period once the runtime turns ready).
   */
  nudge(): void {
    this.core.ctx.proc.schedule(100, 'fast node status update', () => {
      try {
        if (this.registered) this.update();
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
      }
    });
  }

  private tick(): void {
    try {
      if (!this.registered) this.register();
      else this.update();
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
    }
    if (this.registered) {
      this.registerStepMs = 100;
      this.core.ctx.proc.schedule(UPDATE_MS, 'node status update', () => this.tick());
      return;
    }
    // registerWithAPIServer: retry from 100 ms, doubling to 7 s (the API server may not be up yet).
    this.registerStepMs = Math.min(this.registerStepMs * 2, 7000);
    this.core.ctx.proc.schedule(this.registerStepMs, 'register node', () => this.tick());
  }

  private register(): void {
    const { ctx, host, recorder } = this.core;
    ctx.log.info('kubelet_node_status.go:76', 'Attempting to register node', { node: this.name });
    const { status, events } = this.status(undefined);
    const node: KObject = {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name: this.name,
        // Only the labels NodeRestriction lets a kubelet set; kubeadm adds the others (node-role…).
        labels: Object.fromEntries(Object.entries(host.config.labels).filter(([k]) => kubeletMaySetLabel(k))),
        annotations: {
          'kubeadm.alpha.kubernetes.io/cri-socket': this.core.runtime.endpoint,
          [CMAD_ANNOTATION]: 'true',
        },
      },
      spec: { providerID: `kind://docker/kind/${this.name}`, ...(host.config.taints.length ? { taints: host.config.taints.map((t) => ({ ...t })) } : {}) },
      status,
    };
    if (!this.tryRegister(node)) return;
    this.registered = true;
    this.lastReportMs = ctx.sim.clock.nowMs();
    ctx.log.info('kubelet_node_status.go:79', 'Successfully registered node', { node: this.name });
    this.recordConditionEvents(events);
    recorder.event(this.nodeRef, 'Normal', 'NodeAllocatableEnforced', 'Updated Node Allocatable limit across pods');
  }

  /**
   * tryRegisterWithAPIServer: create the Node; when it exists already, read it, give it the
   * attach/detach annotation and default labels this kubelet would register with, and write
   * them if anything changed. Whether the node counts as registered; errors are logged, and the
   * caller tries again after its back-off.
   */
  private tryRegister(node: KObject): boolean {
    const { ctx } = this.core;
    const kv = { node: this.name };
    try {
      ctx.client.create('nodes', undefined, node);
      return true;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      if (e.reason !== 'AlreadyExists') {
        ctx.log.error('kubelet_node_status.go:117', 'Unable to register node with API server', { err: e.message, ...kv });
        return false;
      }
    }
    let existing: KObject;
    try {
      existing = ctx.client.get('nodes', undefined, this.name);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      ctx.log.error('kubelet_node_status.go:123', 'Unable to register node with API server, error getting existing node', { err: e.message, ...kv });
      return false;
    }
    // A restarted kubelet finds its Node.
    ctx.log.info('kubelet_node_status.go:127', 'Node was previously registered', kv);
    let requiresUpdate = reconcileCMADAnnotation(node, existing);
    requiresUpdate = updateDefaultLabels(node, existing) || requiresUpdate;
    if (!requiresUpdate) return true;
    try {
      // Upstream patches nodes/status with the labels and annotations; a Node update carries them here.
      ctx.client.update('nodes', undefined, existing);
      return true;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      ctx.log.error('kubelet_node_status.go:142', 'Unable to reconcile node with API server,error updating node', { err: e.message, ...kv });
      return false;
    }
  }

  /**
   * updateNodeStatus: up to nodeStatusUpdateRetry tries of tryUpdateNodeStatus, the first from
   * the node lister (the informer's copy), the others from a fresh read. A Node deleted after
   * registration is not registered again (registrationCompleted stays set until the kubelet
   * restarts): every try fails with "error getting node", every 10 s.
   */
  private update(): void {
    const { ctx } = this.core;
    const now = ctx.sim.clock.nowMs();
    for (let attempt = 0; attempt < NODE_STATUS_UPDATE_RETRY; attempt++) {
      let node: KObject | undefined;
      let getError: string | undefined;
      if (attempt === 0) {
        node = this.nodes.getByName(undefined, this.name);
        // The lister's NotFound names the resource in the singular.
        if (!node) getError = `node "${this.name}" not found`;
      } else {
        try {
          node = ctx.client.get('nodes', undefined, this.name);
        } catch (e) {
          if (!(e instanceof StatusError)) throw e;
          getError = e.message;
        }
      }
      if (!node) {
        ctx.log.error('kubelet_node_status.go:567', 'Error updating node status, will retry', { err: `error getting node "${this.name}": ${getError}` });
        continue;
      }
      try {
        const { status, events } = this.status(node);
        if (!this.changed(node.status, status) && now - this.lastReportMs < REPORT_MS) return;
        const body = deepCopy(node);
        body.status = status;
        ctx.client.updateStatus('nodes', undefined, body);
        this.lastReportMs = now;
        this.recordConditionEvents(events);
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        ctx.log.error('kubelet_node_status.go:567', 'Error updating node status, will retry', { err: e.message });
      }
    }
    ctx.log.error('kubelet_node_status.go:541', 'Unable to update node status', { err: 'update node status exceeds retry count' });
  }

  /** Whether anything but heartbeat times differs. */
  private changed(old: any, next: any): boolean {
    const strip = (s: any) => ({ ...s, conditions: (s?.conditions ?? []).map((c: any) => ({ ...c, lastHeartbeatTime: undefined })) });
    return canonicalJSON(strip(old ?? {})) !== canonicalJSON(strip(next));
  }

  /** The setters' events, once the status that carries their change is written. */
  private recordConditionEvents(reasons: string[]): void {
    for (const reason of reasons) this.core.recorder.event(this.nodeRef, 'Normal', reason, `Node ${this.name} status is now: ${reason}`);
  }

  /** The Node status the kubelet reports now, and the events its condition setters record. */
  private status(node: KObject | undefined): { status: any; events: string[] } {
    const { host, runtime, ctx } = this.core;
    const now = ctx.sim.clock.nowRFC3339();
    const cap = host.config.capacity;
    // Extended resources in the config stand for what a device plugin would advertise; keys
    // sorted, as Go marshals a ResourceList.
    const all: Record<string, string> = { 'hugepages-1Gi': '0', 'hugepages-2Mi': '0', ...cap };
    const resources = Object.fromEntries(Object.keys(all).sort().map((k) => [k, all[k]]));
    const net = runtime.status().find((c) => c.type === 'NetworkReady');
    const rtReady = runtime.status().find((c) => c.type === 'RuntimeReady');
    const runtimeDown = !rtReady?.status;
    // A runtime that does not answer leaves the network state as it was last seen (ready, here).
    const networkError = !runtimeDown && !net?.status ? `container runtime network not ready: NetworkReady=false reason:${net?.reason} message:${net?.message}` : undefined;
    // Each setter updates its own condition in place or appends it; others (NetworkUnavailable, a network plugin's) stay where they are.
    const conditions: NodeCondition[] = deepCopy(node?.status?.conditions ?? []);
    // No eviction manager in the model: no pressure, ever.
    const events = [
      ...setPressureCondition(conditions, 'MemoryPressure', false, now),
      ...setPressureCondition(conditions, 'DiskPressure', false, now),
      ...setPressureCondition(conditions, 'PIDPressure', false, now),
      ...setReadyCondition(conditions, resources, [runtimeDown ? 'container runtime is down' : undefined, networkError], now),
    ];
    const images = runtime
      .listImages()
      .sort((a, b) => b.size - a.size)
      .slice(0, MAX_IMAGES)
      .map((i) => ({ names: [...i.repoDigests, ...i.repoTags].slice(0, MAX_NAMES_PER_IMAGE), sizeBytes: i.size }));
    const status = {
      capacity: { ...resources },
      allocatable: { ...resources },
      conditions,
      addresses: [
        { type: 'InternalIP', address: host.config.address },
        { type: 'Hostname', address: this.name },
      ],
      daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
      nodeInfo: {
        machineID: this.ids.machineID,
        systemUUID: this.ids.systemUUID,
        bootID: this.ids.bootID,
        kernelVersion: NODE_OS.kernelVersion,
        osImage: NODE_OS.osImage,
        containerRuntimeVersion: `${runtime.name}://${runtime.version}`,
        kubeletVersion: NODE_OS.kubeletVersion,
        kubeProxyVersion: NODE_OS.kubeletVersion,
        operatingSystem: NODE_OS.operatingSystem,
        architecture: NODE_OS.architecture,
      },
      images,
    };
    return { status, events };
  }
}
