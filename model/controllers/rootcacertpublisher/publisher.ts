/**
 * The root CA certificate publisher (pkg/controller/certificates/rootcacertpublisher,
 * "root-ca-certificate-publisher-controller"): the ConfigMap kube-root-ca.crt in every
 * namespace, holding kube-controller-manager's --root-ca-file as ca.crt, so a Pod's projected
 * ServiceAccount volume can verify the API server. A deleted or edited copy is put back.
 */
import type { KObject } from '../../api/meta';
import { canonicalJSON } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';
import { isNamespaceTerminating } from '../util/objects';

export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
export const DESCRIPTION_ANNOTATION = 'kubernetes.io/description';
export const DESCRIPTION =
  'Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. ' +
  'No other usage is guaranteed across distributions of Kubernetes clusters.';

export class RootCACertPublisher {
  readonly cmInformer: Informer;
  readonly nsInformer: Informer;
  readonly queue: WorkQueue;

  constructor(private readonly ctx: ComponentContext, private readonly rootCA: string) {
    this.cmInformer = ctx.informers.get('configmaps');
    this.nsInformer = ctx.informers.get('namespaces');
    // Stryker disable next-line StringLiteral: the queue's name only labels the tasks it schedules (upstream's workqueue metrics, which the model has not)
    this.queue = new WorkQueue(ctx.proc, 'root_ca_cert_publisher', (key) => this.sync(key), { synced: () => this.cmInformer.hasSynced() });
    const ours = (cm: KObject) => cm.metadata.name === ROOT_CA_CONFIGMAP;
    this.cmInformer.addEventHandler({
      onDelete: (cm) => ours(cm) && this.queue.add(cm.metadata.namespace!),
      onUpdate: (_o, cm) => ours(cm) && this.queue.add(cm.metadata.namespace!),
    });
    this.nsInformer.addEventHandler({
      onAdd: (ns) => this.queue.add(ns.metadata.name!),
      onUpdate: (_o, ns) => ns.status?.phase === 'Active' && this.queue.add(ns.metadata.name!),
    });
  }

  /** A failed request (StatusError) is retried with back-off by the WorkQueue itself. */
  private sync(key: string): void {
    this.syncNamespace(key);
    this.queue.forget(key);
  }

  private syncNamespace(ns: string): void {
    const data = { 'ca.crt': this.rootCA };
    const cm = this.cmInformer.getByName(ns, ROOT_CA_CONFIGMAP);
    if (!cm) {
      try {
        this.ctx.client.create('configmaps', ns, {
          apiVersion: 'v1',
          kind: 'ConfigMap',
          metadata: { name: ROOT_CA_CONFIGMAP, namespace: ns, annotations: { [DESCRIPTION_ANNOTATION]: DESCRIPTION } },
          data,
        } as KObject);
      } catch (e) {
        // The namespace is gone or terminating: nothing to publish into.
        if (e instanceof StatusError && (e.status.reason === 'NotFound' || isNamespaceTerminating(e))) return;
        throw e;
      }
      return;
    }
    // The data and the one annotation describing it are kept as they should be.
    if (canonicalJSON(cm.data ?? {}) === canonicalJSON(data) && cm.metadata.annotations?.[DESCRIPTION_ANNOTATION]) return;
    const next: KObject = { ...cm, apiVersion: 'v1', kind: 'ConfigMap', metadata: { ...cm.metadata, annotations: { ...(cm.metadata.annotations ?? {}), [DESCRIPTION_ANNOTATION]: DESCRIPTION } }, data } as KObject;
    this.ctx.client.update('configmaps', ns, next);
  }
}
