/**
 * kube-controller-manager --use-service-account-credentials (as kubeadm runs it): each controller
 * talks to the API server as its own ServiceAccount in kube-system, so it can do only what its
 * system:controller:<name> ClusterRole allows; the shared informers keep listing and watching
 * as system:kube-controller-manager. The names are those the controllers ask their client
 * builder for (cmd/kube-controller-manager/app: ClientOrDie("<name>")). Upstream mints each a
 * token with the TokenRequest API; the model issues it one when the controller starts.
 */
import { ApiClient } from '../client/client';
import { EventRecorder } from '../client/events';
import type { ComponentContext } from '../component';

/** The model's controllers (their "Started controller" names) and the ServiceAccount each uses. */
export const CONTROLLER_SERVICE_ACCOUNTS: Record<string, string> = {
  'garbage-collector-controller': 'generic-garbage-collector',
  'deployment-controller': 'deployment-controller',
  'replicaset-controller': 'replicaset-controller',
  'endpointslice-controller': 'endpointslice-controller',
  'daemonset-controller': 'daemon-set-controller',
  'statefulset-controller': 'statefulset-controller',
  'persistentvolume-binder-controller': 'persistent-volume-binder',
  // nodeipam and the taint eviction controller use the node controller's role.
  'node-ipam-controller': 'node-controller',
  'node-lifecycle-controller': 'node-controller',
  'taint-eviction-controller': 'node-controller',
  'job-controller': 'job-controller',
  'cronjob-controller': 'cronjob-controller',
  'disruption-controller': 'disruption-controller',
  'namespace-controller': 'namespace-controller',
  'clusterrole-aggregation-controller': 'clusterrole-aggregation-controller',
  'serviceaccount-controller': 'service-account-controller',
  'root-ca-certificate-publisher-controller': 'root-ca-cert-publisher',
};

/** The context a controller runs in: its ServiceAccount's client, kube-controller-manager's informers. */
export function controllerContext(ctx: ComponentContext, controller: string): ComponentContext {
  const sa = CONTROLLER_SERVICE_ACCOUNTS[controller];
  if (!sa) return ctx;
  const token = `kcm-sa-${sa}-token`;
  ctx.client.server.issueToken(token, { user: `system:serviceaccount:kube-system:${sa}`, groups: ['system:serviceaccounts', 'system:serviceaccounts:kube-system', 'system:authenticated'] });
  // Its requests still come from the kube-controller-manager process (trace actor, field manager).
  const client = new ApiClient(ctx.client.server, token, 'kube-controller-manager');
  return { ...ctx, client, recorder: (component, host) => new EventRecorder(ctx.sim, client, component, host) };
}
