import { StatusError } from '../../api/status';
import type { KObject } from '../../api/meta';
import type { ComponentContext } from '../../component';

const LEASE_NAMESPACE = 'kube-node-lease';
const LEASE_DURATION_SECONDS = 40;
/** renewInterval = 0.25 * leaseDuration. */
const RENEW_INTERVAL_MS = 10_000;

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
      this.lease = undefined; // re-read next time (conflict, or the API server is away)
    }
    this.ctx.proc.schedule(RENEW_INTERVAL_MS, 'renew node lease', () => this.renew());
  }

  private sync(): void {
    const { client, sim } = this.ctx;
    const now = sim.clock.nowMicro();
    if (!this.lease) this.lease = client.tryGet('leases', LEASE_NAMESPACE, this.nodeName);
    if (!this.lease) {
      const uid = this.nodeUid();
      if (!uid) return; // the Node is not registered yet
      this.lease = client.create('leases', LEASE_NAMESPACE, {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: this.nodeName, namespace: LEASE_NAMESPACE, ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: this.nodeName, uid }] },
        spec: { holderIdentity: this.nodeName, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: now },
      });
      return;
    }
    const next = { ...this.lease, spec: { ...this.lease.spec, holderIdentity: this.nodeName, leaseDurationSeconds: LEASE_DURATION_SECONDS, renewTime: now } };
    this.lease = client.update('leases', LEASE_NAMESPACE, next);
  }
}
