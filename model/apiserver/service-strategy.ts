/**
 * Service defaulting (pkg/apis/core/v1 SetDefaults_Service). Validation is
 * validation/service.ts; allocation (cluster IP, node ports, IP families) is service-alloc.ts.
 */
import type { KObject } from '../api/meta';

/** service.ExternallyAccessible: traffic from outside the cluster can reach it. */
export function externallyAccessible(spec: any): boolean {
  return spec.type === 'NodePort' || spec.type === 'LoadBalancer' || (spec.type === 'ClusterIP' && (spec.externalIPs ?? []).length > 0);
}

/** SetDefaults_Service, and the empty status PrepareForCreate leaves. */
export function defaultService(obj: KObject): void {
  const spec = (obj.spec = obj.spec && typeof obj.spec === 'object' ? obj.spec : {});
  spec.sessionAffinity = spec.sessionAffinity || 'None';
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  if (spec.sessionAffinity === 'ClientIP' && spec.sessionAffinityConfig?.clientIP?.timeoutSeconds === undefined)
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: 10800 } };
  spec.type = spec.type || 'ClusterIP';
  for (const p of Array.isArray(spec.ports) ? spec.ports : []) {
    if (!p || typeof p !== 'object') continue;
    p.protocol = p.protocol || 'TCP';
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
  }
  if (externallyAccessible(spec) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (spec.internalTrafficPolicy === undefined && ['ClusterIP', 'NodePort', 'LoadBalancer'].includes(spec.type)) spec.internalTrafficPolicy = 'Cluster';
  if (spec.type === 'LoadBalancer' && spec.allocateLoadBalancerNodePorts === undefined) spec.allocateLoadBalancerNodePorts = true;
  obj.status = obj.status ?? { loadBalancer: {} };
}
