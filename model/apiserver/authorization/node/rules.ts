import type { Attributes } from '../attributes';

/** One RBAC PolicyRule (rbacv1.PolicyRule), resource rules only. */
export interface PolicyRule {
  verbs: string[];
  apiGroups: string[];
  /** "resource" or "resource/subresource". */
  resources: string[];
}

const READ = ['get', 'list', 'watch'];
const rule = (verbs: string[], apiGroups: string[], resources: string[]): PolicyRule => ({ verbs, apiGroups, resources });

/**
 * bootstrappolicy.NodeRules() of kube-apiserver 1.32: what every kubelet may do. The Node
 * authorizer allows these itself (the system:node ClusterRole is no longer bound to
 * system:nodes), after it has narrowed the resources it subdivides (secrets, configmaps, claims,
 * volumes, service account tokens, leases, its Node, its Pods) to what is related to the node.
 */
export const NODE_RULES: PolicyRule[] = [
  // Checking API access: these creates change nothing.
  rule(['create'], ['authentication.k8s.io'], ['tokenreviews']),
  rule(['create'], ['authorization.k8s.io'], ['subjectaccessreviews', 'localsubjectaccessreviews']),
  // The service lister behind the Pods' service environment variables.
  rule(READ, [''], ['services']),
  // Registering the Node and reporting its status (NodeRestriction keeps a kubelet to its own).
  rule(['create', 'get', 'list', 'watch'], [''], ['nodes']),
  rule(['update', 'patch'], [''], ['nodes/status']),
  rule(['update', 'patch'], [''], ['nodes']),
  rule(['create', 'update', 'patch'], [''], ['events']),
  rule(READ, [''], ['pods']),
  // Mirror Pods, Pod status and evictions (NodeRestriction keeps a kubelet to its own Pods).
  rule(['create', 'delete'], [''], ['pods']),
  rule(['update', 'patch'], [''], ['pods/status']),
  rule(['create'], [''], ['pods/eviction']),
  rule(READ, [''], ['secrets', 'configmaps']),
  rule(['get'], [''], ['persistentvolumeclaims', 'persistentvolumes']),
  rule(['get'], [''], ['endpoints']),
  rule(['create', 'get', 'list', 'watch'], ['certificates.k8s.io'], ['certificatesigningrequests']),
  rule(['get', 'create', 'update', 'patch', 'delete'], ['coordination.k8s.io'], ['leases']),
  rule(['get'], ['storage.k8s.io'], ['volumeattachments']),
  rule(['create'], [''], ['serviceaccounts/token']),
  rule(['get', 'update', 'patch'], [''], ['persistentvolumeclaims/status']),
  rule(['get', 'watch', 'list'], ['storage.k8s.io'], ['csidrivers']),
  rule(['get', 'create', 'update', 'patch', 'delete'], ['storage.k8s.io'], ['csinodes']),
  rule(READ, ['node.k8s.io'], ['runtimeclasses']),
  // DynamicResourceAllocation (its resourceclaims and resourceslices rules) and ClusterTrustBundle are off in 1.32.
];

/** rbac.RulesAllow for resource requests: some rule matches the verb, the group and resource[/subresource]. */
export function rulesAllow(attrs: Attributes, rules: PolicyRule[]): boolean {
  if (!attrs.resourceRequest) return false;
  const resource = attrs.subresource ? `${attrs.resource}/${attrs.subresource}` : attrs.resource ?? '';
  return rules.some(
    (r) =>
      (r.verbs.includes('*') || r.verbs.includes(attrs.verb)) &&
      (r.apiGroups.includes('*') || r.apiGroups.includes(attrs.apiGroup ?? '')) &&
      (r.resources.includes('*') || r.resources.includes(resource)),
  );
}
