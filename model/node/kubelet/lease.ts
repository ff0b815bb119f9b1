import { StatusError } from '../../api/status';
import type { KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';

const LEASE_NAMESPACE = 'kube-node-lease';
const LEASE_DURATION_SECONDS = 40;
/** renewInterval = 0.25 * leaseDuration. */
const RENEW_INTERVAL_MS = 10_000;
/** maxUpdateRetries: tries of one update before the sync gives up until the next interval. */
const MAX_UPDATE_RETRIES = 5;

/**
 * The node lease controller (component-helpers' lease controller): a Lease named after the
 * node in kube-node-lease, owned by the Node, whose renewTime the kubelet bumps every 10 s;
 * it is the node's heartbeat the node lifecycle controller reads.
 */
export class NodeLease {
  private lease?: KObject;

  constructor(
    private readonly ctx: ComponentContext,
    private readonly nodeName: string,
    /** The Node's uid once registered (the Lease's owner). */
    private readonly nodeUid: () => string | undefined,
  ) {}

  start(): void {
    this.renew();
  }

  private renew(): void {
    try {
      this.sync();
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.lease = undefined; // read again next time (the API server is away)
    }
    this.ctx.proc.schedule(RENEW_INTERVAL_MS, 'renew node lease', () => this.renew());
  }

  /**
   * controller.sync: update the Lease last written without reading it first; when an update
   * fails, read the Lease (or create it) and update that, up to 5 updates (retryUpdateLease).
   */
  private sync(): void {
    const { client, sim } = this.ctx;
    const now = sim.clock.nowMicro();
    let lease = this.lease;
    for (let attempt = 1; ; attempt++) {
      if (!lease) {
        lease = client.tryGet('leases', LEASE_NAMESPACE, this.nodeName);
        if (!lease) {
          const uid = this.nodeUid();
          if (!uid) {
            // setNodeOwnerFunc: no Lease without its owner. The Node is not registered yet, or it
            // was deleted (its Lease with it, by the garbage collector): nothing is created, and
            // the next interval tries again. (The model reads the Node's uid from the kubelet's
            // informer where upstream GETs the Node.)
            this.ctx.log.error('nodelease.go:49', 'Failed to get node when trying to set owner ref to the node lease', { err: `nodes "${this.nodeName}" not found`, node: this.nodeName });
            return;
          }
          // A Lease just created needs no update.
          this.lease = client.create('leases', LEASE_NAMESPACE, {
            apiVersion: 'coordination.k8s.io/v1',
            kind: 'Lease',
            metadata: { name: this.nodeName, namespace: LEASE_NAMESPACE, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.nodeName, uid }] },
            spec: { holderIdentity: this.nodeName, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: now },
          });
          return;
        }
      }
      try {
        this.lease = this.renewed(lease, now);
        return;
      } catch (e) {
        if (!(e instanceof StatusError)) throw e;
        this.ctx.log.error('controller.go:195', 'Failed to update lease', { err: e.message });
        if (attempt >= MAX_UPDATE_RETRIES) throw e;
        // A conflict: someone else wrote the Lease; or the API server failed. Read it again.
        lease = undefined;
      }
    }
  }

  /** The Lease renewed now, as the API server stored it. */
  private renewed(lease: KObject, now: string): KObject {
    const next = { ...lease, spec: { ...lease.spec, holderIdentity: this.nodeName, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: now } };
    return this.ctx.client.update('leases', LEASE_NAMESPACE, next);
  }
}
