/**
 * Building blocks of the bootstrap policy, as rbacv1helpers' NewRule(verbs…).Groups(…)
 * .Resources(…).Names(…).RuleOrDie() writes it: each rule's lists sorted and deduplicated as
 * CompactRules leaves them in upstream's testdata, and the objects labelled
 * kubernetes.io/bootstrapping=rbac-defaults and annotated for auto-update.
 */
import type { PolicyRule } from '../rbac/rules';

export const legacyGroup = '';
export const appsGroup = 'apps';
export const extensionsGroup = 'extensions';
export const batchGroup = 'batch';
export const policyGroup = 'policy';
export const rbacGroup = 'rbac.authorization.k8s.io';
export const storageGroup = 'storage.k8s.io';
export const coordinationGroup = 'coordination.k8s.io';
export const discoveryGroup = 'discovery.k8s.io';
export const eventsGroup = 'events.k8s.io';
export const certificatesGroup = 'certificates.k8s.io';
export const authenticationGroup = 'authentication.k8s.io';
export const authorizationGroup = 'authorization.k8s.io';
export const autoscalingGroup = 'autoscaling';
export const networkingGroup = 'networking.k8s.io';
export const admissionregistrationGroup = 'admissionregistration.k8s.io';
export const nodeGroup = 'node.k8s.io';

export const Read = ['get', 'list', 'watch'];
export const ReadWrite = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
export const ReadUpdate = ['get', 'list', 'watch', 'update', 'patch'];
export const Write = ['create', 'update', 'patch', 'delete', 'deletecollection'];

const sorted = (xs: string[]): string[] => [...new Set(xs)].sort();

/** A fluent rule, as NewRule(verbs…) starts one. */
export class RuleBuilder {
  private rule: PolicyRule;
  constructor(verbs: string[]) {
    this.rule = { verbs: sorted(verbs) };
  }
  groups(...g: string[]): this {
    this.rule.apiGroups = sorted([...(this.rule.apiGroups ?? []), ...g]);
    return this;
  }
  resources(...r: string[]): this {
    this.rule.resources = sorted([...(this.rule.resources ?? []), ...r]);
    return this;
  }
  names(...n: string[]): this {
    this.rule.resourceNames = sorted([...(this.rule.resourceNames ?? []), ...n]);
    return this;
  }
  urls(...u: string[]): this {
    this.rule.nonResourceURLs = sorted([...(this.rule.nonResourceURLs ?? []), ...u]);
    return this;
  }
  get(): PolicyRule {
    // Field order as the testdata's YAML lists them.
    const r = this.rule;
    const out: PolicyRule = { verbs: r.verbs } as PolicyRule;
    if (r.apiGroups) out.apiGroups = r.apiGroups;
    if (r.nonResourceURLs) out.nonResourceURLs = r.nonResourceURLs;
    if (r.resourceNames) out.resourceNames = r.resourceNames;
    if (r.resources) out.resources = r.resources;
    return out;
  }
}

export const rule = (...verbs: string[]): RuleBuilder => new RuleBuilder(verbs);

/** eventsRule(): what every controller needs to record events. */
export const eventsRule = (): PolicyRule => rule('create', 'update', 'patch').groups(legacyGroup, eventsGroup).resources('events').get();

export const BOOTSTRAP_LABELS = { 'kubernetes.io/bootstrapping': 'rbac-defaults' };
export const AUTOUPDATE = { 'rbac.authorization.kubernetes.io/autoupdate': 'true' };

export interface ClusterRoleSpec {
  name: string;
  labels?: Record<string, string>;
  rules: PolicyRule[];
  aggregateFrom?: Record<string, string>;
}

export interface BindingSpec {
  name: string;
  namespace?: string;
  roleKind: 'ClusterRole' | 'Role';
  role: string;
  subjects: { kind: 'User' | 'Group' | 'ServiceAccount'; name: string; namespace?: string }[];
}

export const user = (name: string) => ({ kind: 'User' as const, name });
export const group = (name: string) => ({ kind: 'Group' as const, name });
export const sa = (namespace: string, name: string) => ({ kind: 'ServiceAccount' as const, namespace, name });
