/**
 * kube-controller-manager --use-service-account-credentials (as kubeadm runs it): each controller
 * talks to the API server as its own ServiceAccount in kube-system, so it can do only what its
 * system:controller:<name> ClusterRole allows; the shared informers keep listing and watching
 * as system:kube-controller-manager. The names are those the controllers ask their client
 * builder for (cmd/kube-controller-manager/app: ClientOrDie("<name>")); the builder
 * (./clientbuilder.ts) creates each ServiceAccount and requests its tokens.
 */
import { DynamicClientBuilder } from './clientbuilder';
import { EventRecorder } from '../client/events';
import type { ComponentContext } from '../component';

/** The model's controllers (their "Started controller" names) and the ServiceAccount each uses. */
export const CONTROLLER_SERVICE_ACCOUNTS: Record<string, string> = {
  'garbage-collector-controller': 'generic-garbage-collector',
  'deployment-controller': 'deployment-controller',
  'replicaset-controller': 'replicaset-controller',
  'endpointslice-controller': 'endpointslice-controller',
  'pod-garbage-collector-controller': 'pod-garbage-collector',
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

/** One builder per kube-controller-manager process (its context). */
const builders = new WeakMap<ComponentContext, DynamicClientBuilder>();

/**
 * The context a controller runs in: a client of its ServiceAccount (created in kube-system when
 * missing, its token from the TokenRequest API), kube-controller-manager's informers. Throws the
 * StatusError that kept the ServiceAccount from being read or created (ClientOrDie then exits).
 */
export function controllerContext(ctx: ComponentContext, controller: string): ComponentContext {
  const sa = CONTROLLER_SERVICE_ACCOUNTS[controller];
  if (!sa) return ctx;
  let builder = builders.get(ctx);
  if (!builder) builders.set(ctx, (builder = new DynamicClientBuilder(ctx)));
  // Its requests still come from the kube-controller-manager process (trace actor, field manager).
  const client = builder.client(sa);
  return { ...ctx, client, recorder: (component, host) => new EventRecorder(ctx.sim, client, component, host) };
}
