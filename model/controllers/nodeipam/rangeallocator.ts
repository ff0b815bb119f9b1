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

  constructor(
    private readonly ctx: ComponentContext,
    clusterCIDR: string,
    maskSize: number,
  ) {
    this.cidrs = new CidrSet(clusterCIDR, maskSize);
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
    if (node.metadata.deletionTimestamp) return this.release(node);
    const podCIDRs: string[] = node.spec?.podCIDRs ?? (node.spec?.podCIDR ? [node.spec.podCIDR] : []);
    if (podCIDRs.length) {
      this.pending.delete(node.metadata.name!);
      for (const c of podCIDRs) this.occupy(c);
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
        lastError = e;
      }
    }
    this.ctx.log.error('range_allocator.go:434', 'Failed to update node PodCIDR after multiple attempts', { err: (lastError as Error).message, logger: 'node-ipam-controller', node: node.metadata.name, podCIDRs: [cidr] });
    this.recordNodeStatusChange(node, 'CIDRAssignmentFailed');
    this.cidrs.release(cidr);
    throw lastError;
  }

  private occupy(cidr: string): void {
    try {
      this.cidrs.occupy(cidr);
    } catch (e) {
      if (!(e instanceof CidrSetError)) throw e;
    }
  }

  private release(node: KObject): void {
    this.pending.delete(node.metadata.name!);
    for (const c of node.spec?.podCIDRs ?? (node.spec?.podCIDR ? [node.spec.podCIDR] : [])) {
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
