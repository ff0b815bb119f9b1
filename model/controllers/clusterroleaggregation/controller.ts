/**
 * The ClusterRole aggregation controller (pkg/controller/clusterroleaggregation,
 * "clusterrole-aggregation-controller"): a ClusterRole with an aggregationRule gets, as its
 * rules, every distinct rule of the ClusterRoles its selectors match (sorted by name, itself
 * left out). Any ClusterRole change re-queues every aggregated role, so adding a labelled role
 * widens admin, edit and view at once.
 */
import type { KObject } from '../../api/meta';
import { canonicalJSON } from '../../api/meta';
import { fromLabelSelector, matchesLabels, SelectorParseError } from '../../api/selectors';
import { StatusError } from '../../api/status';
import type { Informer } from '../../client/informer';
import { WorkQueue } from '../../client/workqueue';
import type { ComponentContext } from '../../component';
import type { ControllerDescriptor } from '../manager';


/** The controller's field manager for its applies (upstream's ApplyOptions.FieldManager). */
const FIELD_MANAGER = 'clusterrole-aggregation-controller';
export class ClusterRoleAggregationController {
  readonly informer: Informer;
  readonly queue: WorkQueue;

  constructor(private readonly ctx: ComponentContext) {
    this.informer = ctx.informers.get('clusterroles');
    // Stryker disable next-line StringLiteral,ObjectLiteral: the queue's name only labels the tasks it schedules (upstream's workqueue metrics, which the model has not); its one informer lists and syncs in the task whose handlers queue the first keys, so the worker never finds it unsynced
    this.queue = new WorkQueue(ctx.proc, 'ClusterRoleAggregator', (key) => this.sync(key), { synced: () => this.informer.hasSynced() });
    // enqueueAll: whatever changed, every aggregated role may have to follow.
    const all = () => {
      for (const cr of this.informer.list()) if ((cr as any).aggregationRule) this.queue.add(cr.metadata.name!);
    };
    this.informer.addEventHandler({ onAdd: all, onUpdate: all, onDelete: all });
  }

  /**
   * processNextWorkItem: a failed request (StatusError) is retried with back-off by the WorkQueue
   * itself; an invalid selector (LabelSelectorAsSelector's error, returned by syncClusterRole)
   * brings the role back with back-off too.
   */
  private sync(key: string): void {
    try {
      this.syncClusterRole(key);
    } catch (e) {
      if (!(e instanceof SelectorParseError)) throw e;
      this.queue.addRateLimited(key);
      return;
    }
    this.queue.forget(key);
  }

  private syncClusterRole(name: string): void {
    const shared = this.informer.getByName(undefined, name) as any;
    if (!shared?.aggregationRule) return;
    const rules = aggregatedRules(shared, this.informer.list());
    // Semantic.DeepEqual: a role without rules has the same (none) as an empty list.
    if (canonicalJSON(rules) === canonicalJSON(shared.rules ?? [])) return;
    // applyClusterRoles: a forced server-side apply of the rules alone, so the controller owns .rules
    // (an applier of the role who sets rules conflicts with it) and nothing else of the role.
    this.ctx.client.request({
      verb: 'patch',
      resource: 'clusterroles',
      name,
      patchType: 'apply',
      // No rule left: the configuration has no rules at all (toApplyPolicyRules gives nil, and
      // omitempty drops it), not an empty list the controller would then own.
      body: { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, ...(rules.length ? { rules } : {}) },
      query: { fieldManager: FIELD_MANAGER, force: true },
    });
  }
}

/**
 * The rules an aggregated ClusterRole should hold: for each of its selectors in turn, the rules
 * of the matching ClusterRoles (by name, itself left out), each distinct rule once.
 */
export function aggregatedRules(target: KObject, all: KObject[]): unknown[] {
  const rules: unknown[] = [];
  const seen = new Set<string>();
  // The API server requires at least one selector of an aggregationRule (ValidateClusterRole).
  for (const s of (target as any).aggregationRule.clusterRoleSelectors) {
    const selector = fromLabelSelector(s);
    if (!selector) continue;
    // Stryker disable next-line EqualityOperator: two ClusterRoles never share a name, so a <= b and a < b sort alike
    const matched = all.filter((cr) => matchesLabels(selector, cr.metadata.labels)).sort((a, b) => (a.metadata.name! < b.metadata.name! ? -1 : 1));
    for (const cr of matched) {
      if (cr.metadata.name === target.metadata.name) continue;
      for (const rule of (cr as any).rules ?? []) {
        const k = canonicalJSON(rule);
        if (seen.has(k)) continue;
        seen.add(k);
        rules.push(rule);
      }
    }
  }
  return rules;
}

/** kube-controller-manager's descriptor ("Started controller" names it clusterrole-aggregation-controller). */
export const clusterRoleAggregationDescriptor: ControllerDescriptor = {
  name: 'clusterrole-aggregation-controller',
  init(ctx) {
    const c = new ClusterRoleAggregationController(ctx);
    return {
      informers: [c.informer],
      run() {
        ctx.log.info('clusterroleaggregation_controller.go:194', 'Starting ClusterRoleAggregator controller', { logger: 'clusterrole-aggregation-controller' });
        ctx.log.infof('shared_informer.go:313', 'Waiting for caches to sync for ClusterRoleAggregator');
      },
      onSynced: () => ctx.log.infof('shared_informer.go:320', 'Caches are synced for ClusterRoleAggregator'),
    };
  },
};
