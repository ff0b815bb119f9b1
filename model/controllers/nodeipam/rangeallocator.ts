/**
 * The node IPAM controller's range allocator (pkg/controller/nodeipam/ipam/range_allocator.go):
 * gives each Node a Pod CIDR of --node-cidr-mask-size from --cluster-cidr, in the order Nodes
 * are seen, by patching spec.podCIDR and spec.podCIDRs; marks CIDRs of Nodes that already have
 * one as used (after a restart); releases a deleted Node's CIDR. With no CIDR left it records
 * CIDRNotAvailable on the Node; when the patch keeps failing, CIDRAssignmentFailed.
 */
import { keyOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ComponentContext } from '../../component';
import type { EventRecorder } from '../../client/events';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { withKind } from '../util/objects';
import { CidrSet, CidrSetError } from './cidrset';

/** cidrUpdateRetries. */
const CIDR_UPDATE_RETRIES = 3;

export class RangeAllocator {
  readonly name = 'node-ipam-controller';
  readonly nodeInformer: Informer;
  readonly queue: WorkQueue;
  readonly cidrs: CidrSet;
  private readonly recorder: EventRecorder;
  /** CIDRs patched onto Nodes whose update the informer has not delivered yet (the old nodesInProcessing guard). */
  private readonly pending = new Map<string, string>();

  /**
   * nodeList: the Nodes listed before the informers start (NewCIDRRangeAllocator's nodeList);
   * their podCIDRs are occupied at once, and one outside the cluster CIDR fails the allocator's
   * creation, as upstream's does (the model's kube-controller-manager passes none: its Nodes'
   * CIDRs are occupied as the informer delivers them).
   */
  constructor(
    private readonly ctx: ComponentContext,
    clusterCIDR: string,
    maskSize: number,
    nodeList: KObject[] = [],
  ) {
    this.cidrs = new CidrSet(clusterCIDR, maskSize);
    for (const node of nodeList) for (const c of podCIDRsOf(node)) this.cidrs.occupy(c);
    this.recorder = ctx.recorder('cidrAllocator');
    this.nodeInformer = ctx.informers.get('nodes');
    this.queue = new WorkQueue(ctx.proc, 'cidrallocator', (key) => {
      this.syncNode(key);
      this.queue.forget(key);
    });
    this.nodeInformer.addEventHandler({
      onAdd: (n) => this.queue.add(keyOf(n)),
      onUpdate: (_o, n) => this.queue.add(keyOf(n)),
      onDelete: (n) => {
        this.release(n);
        this.queue.add(keyOf(n));
      },
    });
  }

  private syncNode(key: string): void {
    const node = this.nodeInformer.get(key);
    if (!node) return;
    // A Node under deletion keeps its CIDR until it is gone (the delete handler releases it):
    // kubernetes 1.32 (#128305) no longer releases it here, as a Node with finalizers may stay.
    if (node.metadata.deletionTimestamp) return;
    const podCIDRs = podCIDRsOf(node);
    if (podCIDRs.length) {
      this.pending.delete(node.metadata.name!);
      for (const c of podCIDRs) this.occupy(node, c);
      return;
    }
    if (this.pending.has(node.metadata.name!)) return;
    let cidr: string;
    try {
      cidr = this.cidrs.allocateNext();
    } catch (e) {
      if (!(e instanceof CidrSetError)) throw e;
      this.recordNodeStatusChange(node, 'CIDRNotAvailable');
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `failed to allocate cidr from cluster cidr at idx:0: ${e.message}`, reason: 'InternalError', code: 500 });
    }
    this.updateCIDRsAllocation(node, cidr);
  }

  /** updateCIDRsAllocation: a strategic merge patch of spec.podCIDR and spec.podCIDRs, retried. */
  private updateCIDRsAllocation(node: KObject, cidr: string): void {
    let lastError: unknown;
    for (let i = 0; i < CIDR_UPDATE_RETRIES; i++) {
      try {
        this.ctx.client.patch('nodes', undefined, node.metadata.name!, 'strategic', { spec: { podCIDR: cidr, podCIDRs: [cidr] } });
        this.pending.set(node.metadata.name!, cidr);
        this.ctx.log.info('range_allocator.go:428', 'Set node PodCIDR', { logger: 'node-ipam-controller', node: node.metadata.name, podCIDRs: [cidr] });
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        // nodeutil.PatchNodeCIDRs wraps the API error.
        lastError = new StatusError({ ...e.status, message: `failed to patch CIDR: ${e.message}` });
      }
    }
    this.ctx.log.error('range_allocator.go:434', 'Failed to update node PodCIDR after multiple attempts', { err: (lastError as Error).message, logger: 'node-ipam-controller', node: node.metadata.name, podCIDRs: [cidr] });
    this.recordNodeStatusChange(node, 'CIDRAssignmentFailed');
    this.cidrs.release(cidr);
    throw lastError;
  }

  /** occupyCIDRs: a CIDR outside the cluster CIDR fails the sync, which is retried with back-off. */
  private occupy(node: KObject, cidr: string): void {
    try {
      this.cidrs.occupy(cidr);
    } catch (e) {
      if (!(e instanceof CidrSetError)) throw e;
      const message = `failed to mark cidr[${cidr}] at idx [0] as occupied for node: ${node.metadata.name}: ${e.message}`;
      throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: 'InternalError', code: 500 });
    }
  }

  private release(node: KObject): void {
    this.pending.delete(node.metadata.name!);
    for (const c of podCIDRsOf(node)) {
      try {
        this.cidrs.release(c);
      } catch (e) {
        if (!(e instanceof CidrSetError)) throw e;
      }
    }
  }

  /** nodeutil.RecordNodeStatusChange: "Node <name> status is now: <status>". */
  private recordNodeStatusChange(node: KObject, status: string): void {
    this.recorder.event(withKind(node, 'v1', 'Node'), 'Normal', status, `Node ${node.metadata.name} status is now: ${status}`);
  }
}

/** A Node's podCIDRs (podCIDR alone when only that is set). */
function podCIDRsOf(node: KObject): string[] {
  return node.spec?.podCIDRs ?? (node.spec?.podCIDR ? [node.spec.podCIDR] : []);
}
