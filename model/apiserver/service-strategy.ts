/**
 * Service defaulting and validation (pkg/apis/core/v1 SetDefaults_Service and
 * pkg/apis/core/validation ValidateService), with the field paths and messages of v1.32.
 * Allocation (cluster IP, node ports, IP families) is service-alloc.ts.
 */
import type { KObject } from '../api/meta';
import { isDNS1123Label } from '../api/names';
import { FieldError } from '../api/status';
import { parseIPv4 } from './allocators';

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

/** service.ExternallyAccessible: traffic from outside the cluster can reach it. */
function externallyAccessible(spec: any): boolean {
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

/** validation.IsValidPortNum's message. */
const PORT_RANGE = 'must be between 1 and 65535, inclusive';

/** ValidateService, reduced to the fields this model serves. */
export function validateService(svc: KObject, errs: FieldError[]): void {
  const spec = svc.spec ?? {};
  if (!TYPES.includes(spec.type)) {
    errs.push(FieldError.notSupported('spec.type', spec.type, TYPES));
    return;
  }
  const ports: any[] = Array.isArray(spec.ports) ? spec.ports : [];
  const headless = spec.clusterIP === 'None';
  if (ports.length === 0 && spec.type !== 'ExternalName' && !headless) errs.push(FieldError.required('spec.ports'));
  if (spec.type === 'ExternalName') {
    if (!spec.externalName) errs.push(FieldError.required('spec.externalName'));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => validatePort(p, ports.length > 1, names, `spec.ports[${i}]`, errs));
  ports.forEach((p, i) => {
    if (p?.nodePort && spec.type === 'ClusterIP') errs.push(FieldError.forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
  });
  if (spec.selector !== undefined && (spec.selector === null || typeof spec.selector !== 'object' || Array.isArray(spec.selector)))
    errs.push(FieldError.invalid('spec.selector', spec.selector, 'must be a map of label keys to values'));
  if (spec.clusterIPs !== undefined && !Array.isArray(spec.clusterIPs)) errs.push(FieldError.invalid('spec.clusterIPs', spec.clusterIPs, 'must be a list of IP addresses'));
  const ips: unknown[] = Array.isArray(spec.clusterIPs) ? spec.clusterIPs : spec.clusterIP ? [spec.clusterIP] : [];
  for (const [i, ip] of ips.entries()) {
    if (ip === 'None' || ip === '') continue;
    if (typeof ip !== 'string' || parseIPv4(ip) === undefined)
      errs.push(FieldError.invalid(`spec.clusterIPs[${i}]`, ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  }
  if (!['None', 'ClientIP'].includes(spec.sessionAffinity)) errs.push(FieldError.notSupported('spec.sessionAffinity', spec.sessionAffinity, ['ClientIP', 'None']));
  if (spec.externalTrafficPolicy !== undefined) {
    if (!externallyAccessible(spec)) errs.push(FieldError.invalid('spec.externalTrafficPolicy', spec.externalTrafficPolicy, 'may only be set for externally-accessible services'));
    else if (!['Cluster', 'Local'].includes(spec.externalTrafficPolicy)) errs.push(FieldError.notSupported('spec.externalTrafficPolicy', spec.externalTrafficPolicy, ['Cluster', 'Local']));
  }
  if (spec.internalTrafficPolicy !== undefined && !['Cluster', 'Local'].includes(spec.internalTrafficPolicy))
    errs.push(FieldError.notSupported('spec.internalTrafficPolicy', spec.internalTrafficPolicy, ['Cluster', 'Local']));
  if (spec.ipFamilyPolicy !== undefined && !['PreferDualStack', 'RequireDualStack', 'SingleStack'].includes(spec.ipFamilyPolicy))
    errs.push(FieldError.notSupported('spec.ipFamilyPolicy', spec.ipFamilyPolicy, ['PreferDualStack', 'RequireDualStack', 'SingleStack']));
  for (const [k, v] of Object.entries(spec.selector && typeof spec.selector === 'object' ? spec.selector : {}))
    if (typeof v !== 'string') errs.push(FieldError.invalid(`spec.selector`, v, `label values must be strings (key ${k})`));
}

function validatePort(p: any, requireName: boolean, names: Set<string>, path: string, errs: FieldError[]): void {
  if (!p || typeof p !== 'object') {
    errs.push(FieldError.required(`${path}.port`));
    return;
  }
  if (requireName && !p.name) errs.push(FieldError.required(`${path}.name`));
  else if (p.name) {
    for (const m of isDNS1123Label(String(p.name))) errs.push(FieldError.invalid(`${path}.name`, p.name, m));
    if (names.has(p.name)) errs.push(FieldError.duplicate(`${path}.name`, p.name));
    names.add(p.name);
  }
  if (typeof p.port !== 'number' || !Number.isInteger(p.port) || p.port < 1 || p.port > 65535) errs.push(FieldError.invalid(`${path}.port`, p.port ?? 0, PORT_RANGE));
  if (!p.protocol) errs.push(FieldError.required(`${path}.protocol`));
  else if (!PROTOCOLS.includes(p.protocol)) errs.push(FieldError.notSupported(`${path}.protocol`, p.protocol, PROTOCOLS));
  const tp = p.targetPort;
  if (typeof tp === 'number') {
    if (!Number.isInteger(tp) || tp < 1 || tp > 65535) errs.push(FieldError.invalid(`${path}.targetPort`, tp, PORT_RANGE));
  } else if (typeof tp === 'string') {
    for (const m of portNameErrors(tp)) errs.push(FieldError.invalid(`${path}.targetPort`, tp, m));
  }
  if (p.nodePort !== undefined && (typeof p.nodePort !== 'number' || p.nodePort < 0 || p.nodePort > 65535))
    errs.push(FieldError.invalid(`${path}.nodePort`, p.nodePort, PORT_RANGE));
}

/** validation.IsValidPortName (IANA_SVC_NAME). */
function portNameErrors(name: string): string[] {
  const errs: string[] = [];
  if (name.length < 1 || name.length > 15) errs.push('must be no more than 15 characters');
  if (!/^[-a-z0-9]+$/.test(name)) errs.push("must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)");
  else if (name.includes('--')) errs.push('must not contain consecutive hyphens');
  if (!/[a-z]/.test(name)) errs.push('must contain at least one letter (a-z)');
  if (name.startsWith('-') || name.endsWith('-')) errs.push('must not begin or end with a hyphen');
  return errs;
}
