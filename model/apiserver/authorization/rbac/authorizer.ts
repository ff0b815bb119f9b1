/**
 * plugin/pkg/auth/authorizer/rbac's RBACAuthorizer: Allow as soon as one rule the user holds
 * allows the request; otherwise no opinion, with "RBAC: " and the errors met on the way (a
 * binding to a role that does not exist) as the reason kube-apiserver appends to Forbidden.
 */
import type { EtcdStore } from '../../../etcd/store';
import type { Identity } from '../../request';
import type { Attributes, Authorization, Authorizer } from '../attributes';
import { aggregate, rulesFor, visitRulesFor } from './resolver';
import { ruleAllows, type RuleResolver, type RulesForResult } from './rules';
import { RbacStore } from './store';

export class RBACAuthorizer implements Authorizer, RuleResolver {
  readonly store: RbacStore;

  constructor(etcd: EtcdStore) {
    this.store = new RbacStore(etcd);
  }

  authorize(attrs: Attributes): Authorization {
    let allowedBy: string | undefined;
    const errs: string[] = [];
    visitRulesFor(this.store, attrs.user, attrs.namespace ?? '', (source, rule, err) => {
      if (rule && ruleAllows(attrs, rule)) {
        allowedBy = source;
        return false;
      }
      if (err !== undefined) errs.push(err);
      return true;
    });
    if (allowedBy !== undefined) return { decision: 'allow', reason: `RBAC: allowed by ${allowedBy}` };
    return { decision: 'no-opinion', reason: errs.length ? `RBAC: ${aggregate(errs)}` : '' };
  }

  rulesFor(user: Identity, namespace: string): RulesForResult {
    return rulesFor(this.store, user, namespace);
  }
}
