/**
 * The ServiceAccount controller (pkg/controller/serviceaccount, "serviceaccount-controller"):
 * makes sure every active Namespace has the ServiceAccount "default", creating it when the
 * Namespace appears and again when someone deletes it. A Pod that names no ServiceAccount runs
 * as this one (the ServiceAccount admission plugin).
 */
import type { KObject } from '../../api/meta';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import { isNamespaceTerminating, reasonOf } from '../util/objects';
import type { ComponentContext } from '../../component';

/** DefaultServiceAccountsControllerOptions: the accounts ensured in every namespace. */
export const SERVICE_ACCOUNTS_TO_ENSURE = ['default'];

export class ServiceAccountsController {
  readonly saInformer: Informer;
  readonly nsInformer: Informer;
  readonly queue: WorkQueue;

  /** accounts: options.ServiceAccounts, the names ensured in each namespace, in order. */
  constructor(
    private readonly ctx: ComponentContext,
    private readonly accounts: readonly string[] = SERVICE_ACCOUNTS_TO_ENSURE,
  ) {
    this.saInformer = ctx.informers.get('serviceaccounts');
    this.nsInformer = ctx.informers.get('namespaces');
    const synced = () => this.saInformer.hasSynced() && this.nsInformer.hasSynced();
    // Stryker disable next-line StringLiteral: the queue's name only labels the tasks it schedules (upstream's workqueue metrics, which the model has not)
    this.queue = new WorkQueue(ctx.proc, 'serviceaccount', (key) => this.sync(key), { synced });
    // Handlers only turn events into namespace keys.
    this.saInformer.addEventHandler({ onDelete: (sa: KObject) => this.queue.add(sa.metadata.namespace!) });
    this.nsInformer.addEventHandler({ onAdd: (ns) => this.queue.add(ns.metadata.name!), onUpdate: (_o, ns) => this.queue.add(ns.metadata.name!) });
  }

  /** A failed request (StatusError) is retried with back-off by the WorkQueue itself. */
  private sync(key: string): void {
    this.syncNamespace(key);
    this.queue.forget(key);
  }

  /**
   * syncNamespace: only an Active namespace gets its accounts; one already cached is left alone.
   * A failed create does not stop the others: every account is tried, and then the failures
   * (utilerrors.NewAggregate's, the first of them here) bring the namespace back with back-off.
   */
  private syncNamespace(name: string): void {
    const ns = this.nsInformer.getByName(undefined, name);
    if (!ns || ns.status?.phase !== 'Active') return;
    const failures: unknown[] = [];
    for (const sa of this.accounts) {
      if (this.saInformer.getByName(name, sa)) continue;
      try {
        // Stryker disable next-line StringLiteral: the API server sets apiVersion and kind on what it stores from the URL's resource
        this.ctx.client.create('serviceaccounts', name, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: sa, namespace: name } });
      } catch (e) {
        // AlreadyExists, and a namespace that began terminating meanwhile, are not failures.
        if (reasonOf(e) !== 'AlreadyExists' && !isNamespaceTerminating(e)) failures.push(e);
      }
    }
    if (failures.length) throw failures[0];
  }
}
