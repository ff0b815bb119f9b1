/**
 * Service validation (pkg/apis/core/validation ValidateService and ValidateServiceUpdate),
 * reduced to the fields this model serves: type, ports (names required when several, unique,
 * port and targetPort ranges, protocols), cluster IPs, externalName, session affinity and
 * traffic policies; on update the cluster IPs that may not change once set.
 */
import { FieldError } from '../../api/status';
import { parseIPv4 } from '../allocators';
import { externallyAccessible } from '../service-strategy';
import { isDNS1123Label, isDNS1123Subdomain, isValidPortName, isValidPortNum } from '../../api/validation';
import { validateLabels } from './objectmeta';
import { stringsValue } from './govalue';

const TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

export function validateServiceSpec(spec: any, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  if (!TYPES.includes(s.type)) {
    errs.push(FieldError.notSupported('spec.type', s.type ?? '', TYPES));
    return;
  }
  const ports: any[] = Array.isArray(s.ports) ? s.ports : [];
  const headless = s.clusterIP === 'None';
  if (ports.length === 0 && s.type !== 'ExternalName' && !headless) errs.push(FieldError.required('spec.ports'));
  if (s.type === 'ExternalName') {
    const name = str(s.externalName).replace(/\.$/, '');
    if (!name) errs.push(FieldError.required('spec.externalName'));
    else for (const msg of isDNS1123Subdomain(name)) errs.push(FieldError.invalid('spec.externalName', name, msg));
    if (str(s.clusterIP)) errs.push(FieldError.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
  }
  const names = new Set<string>();
  ports.forEach((p, i) => validateServicePort(p, ports.length > 1, names, `spec.ports[${i}]`, errs));
  ports.forEach((p, i) => {
    if (p?.nodePort && s.type === 'ClusterIP') errs.push(FieldError.forbidden(`spec.ports[${i}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
  });
  // No (protocol, nodePort) twice.
  const nodePorts = new Set<string>();
  ports.forEach((p, i) => {
    if (!p?.nodePort) return;
    const key = `${str(p.protocol)}/${p.nodePort}`;
    if (nodePorts.has(key)) errs.push(FieldError.duplicate(`spec.ports[${i}].nodePort`, p.nodePort));
    nodePorts.add(key);
  });
  validateLabels(s.selector, 'spec.selector', errs);
  const ips: unknown[] = Array.isArray(s.clusterIPs) ? s.clusterIPs : s.clusterIP ? [s.clusterIP] : [];
  for (const [i, ip] of ips.entries()) {
    if (ip === 'None' || ip === '') continue;
    if (typeof ip !== 'string' || parseIPv4(ip) === undefined) errs.push(FieldError.invalid(`spec.clusterIPs[${i}]`, ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
  }
  if (!['None', 'ClientIP'].includes(s.sessionAffinity)) errs.push(FieldError.notSupported('spec.sessionAffinity', s.sessionAffinity ?? '', ['ClientIP', 'None']));
  if (s.externalTrafficPolicy !== undefined) {
    if (!externallyAccessible(s)) errs.push(FieldError.invalid('spec.externalTrafficPolicy', s.externalTrafficPolicy, 'may only be set for externally-accessible services'));
    else if (!['Cluster', 'Local'].includes(s.externalTrafficPolicy)) errs.push(FieldError.notSupported('spec.externalTrafficPolicy', s.externalTrafficPolicy, ['Cluster', 'Local']));
  }
  if (s.internalTrafficPolicy !== undefined && !['Cluster', 'Local'].includes(s.internalTrafficPolicy))
    errs.push(FieldError.notSupported('spec.internalTrafficPolicy', s.internalTrafficPolicy, ['Cluster', 'Local']));
  if (s.ipFamilyPolicy !== undefined && !['PreferDualStack', 'RequireDualStack', 'SingleStack'].includes(s.ipFamilyPolicy))
    errs.push(FieldError.notSupported('spec.ipFamilyPolicy', s.ipFamilyPolicy, ['PreferDualStack', 'RequireDualStack', 'SingleStack']));
}

/** validateServicePort. */
function validateServicePort(p: any, requireName: boolean, names: Set<string>, path: string, errs: FieldError[]): void {
  const port = p && typeof p === 'object' ? p : {};
  const name = str(port.name);
  if (requireName && !name) errs.push(FieldError.required(`${path}.name`));
  else if (name) {
    for (const msg of isDNS1123Label(name)) errs.push(FieldError.invalid(`${path}.name`, name, msg));
    if (names.has(name)) errs.push(FieldError.duplicate(`${path}.name`, name));
    else names.add(name);
  }
  const num = typeof port.port === 'number' ? port.port : 0;
  for (const msg of isValidPortNum(num)) errs.push(FieldError.invalid(`${path}.port`, num, msg));
  if (!port.protocol) errs.push(FieldError.required(`${path}.protocol`));
  else if (!PROTOCOLS.includes(port.protocol)) errs.push(FieldError.notSupported(`${path}.protocol`, port.protocol, PROTOCOLS));
  // ValidatePortNumOrName: an int in range, or an IANA port name.
  const tp = port.targetPort;
  if (typeof tp === 'number') for (const msg of isValidPortNum(tp)) errs.push(FieldError.invalid(`${path}.targetPort`, tp, msg));
  else if (typeof tp === 'string') for (const msg of isValidPortName(tp)) errs.push(FieldError.invalid(`${path}.targetPort`, tp, msg));
  if (port.nodePort !== undefined && (typeof port.nodePort !== 'number' || port.nodePort < 0 || port.nodePort > 65535))
    errs.push(FieldError.invalid(`${path}.nodePort`, port.nodePort, 'must be between 1 and 65535, inclusive'));
}

/**
 * validateUpgradeDowngradeClusterIPs: an allocated cluster IP never changes. An update that
 * leaves the IPs out keeps the old ones (the REST storage's patchAllocatedValues).
 */
export function validateServiceUpdate(spec: any, old: any, errs: FieldError[]): void {
  if (spec?.type === 'ExternalName' || old?.type === 'ExternalName') return;
  const oldIPs: string[] = Array.isArray(old?.clusterIPs) ? old.clusterIPs : old?.clusterIP ? [old.clusterIP] : [];
  const given: string[] = Array.isArray(spec?.clusterIPs) && spec.clusterIPs.length ? spec.clusterIPs : spec?.clusterIP ? [spec.clusterIP] : [];
  const newIPs = given.length ? given : oldIPs;
  if (oldIPs[0] === 'None' && newIPs[0] === 'None') return;
  if (oldIPs.length === newIPs.length) {
    oldIPs.forEach((ip, i) => {
      if (ip !== newIPs[i]) errs.push(FieldError.invalid(`spec.clusterIPs[${i}]`, stringsValue(newIPs), 'may not change once set'));
    });
  } else if (oldIPs.length > newIPs.length && newIPs[0] !== oldIPs[0])
    errs.push(FieldError.invalid('spec.clusterIPs[0]', stringsValue(newIPs), 'may not change once set'));
}
