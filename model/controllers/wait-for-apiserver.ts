/**
 * genericcontrollermanager.WaitForAPIServer, as kube-controller-manager's CreateControllerContext
 * calls it before any controller starts: GET /healthz at once and every second for up to 10 s
 * (wait.PollImmediate); on a timeout the process exits. Controllers whose clients are built from
 * ServiceAccounts need the API server up: their builder reads and creates those accounts.
 */
import type { ComponentContext } from '../component';

const POLL_MS = 1000;
const TIMEOUT_MS = 10_000;

export function waitForAPIServer(ctx: ComponentContext, onHealthy: () => void, onTimeout: (err: string) => void): void {
  const deadline = ctx.sim.now() + TIMEOUT_MS;
  // kubeadm's controller-manager.conf names the local API endpoint (--advertise-address:6443), not 127.0.0.1.
  const addr = ctx.client.server.advertisedAddress;
  const poll = () => {
    // The model's kube-apiserver answers /healthz with 200 whenever it serves; a stopped one refuses the connection.
    if (ctx.client.server.serving) return onHealthy();
    if (ctx.sim.now() + POLL_MS > deadline)
      return onTimeout(`failed to wait for apiserver being healthy: timed out waiting for the condition: failed to get apiserver /healthz status: Get "https://${addr}/healthz": dial tcp ${addr}: connect: connection refused`);
    ctx.proc.schedule(POLL_MS, 'controller manager: wait for the API server', poll);
  };
  poll();
}
