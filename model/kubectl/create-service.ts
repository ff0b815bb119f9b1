/**
 * `kubectl create service clusterip|nodeport|loadbalancer|externalname NAME --tcp=port[:targetPort]
 * [--node-port=N] [--clusterip=IP] [--external-name=HOST]`: kubectl's ServiceOptions. Each --tcp
 * becomes a port named `<port>-<targetPort>`, the selector and labels are app=NAME. The Service is
 * built as the typed struct (field order of corev1.Service, `creationTimestamp: null` and the
 * zero `status.loadBalancer`), which is what a client-side dry run prints.
 */
import type { KObject } from '../api/meta';
import { isDNS1123Subdomain, isValidPortName, isValidPortNum } from '../api/validation';
import { int, str, strs, type Parsed } from './args';
import { KubectlError } from './errors';
import { goQuote } from './goparse';
import type { Ctx } from './kubectl';

const TYPES: Record<string, string> = { clusterip: 'ClusterIP', nodeport: 'NodePort', loadbalancer: 'LoadBalancer', externalname: 'ExternalName' };

/** utilsnet.ParsePort(s, true): strconv.ParseUint(s, 10, 16), zero allowed. */
function parsePort(s: string): number {
  if (!/^[0-9]+$/.test(s)) throw new KubectlError(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`);
  const n = Number(s);
  if (n > 65535) throw new KubectlError(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`);
  return n;
}

/** parsePorts: "8080:80" -> 8080 and 80; a target port that is not a number must be a port name. */
function parsePorts(spec: string): { port: number; targetPort: number | string } {
  const parts = spec.split(':');
  const port = parsePort(parts[0]);
  if (parts.length === 1) return { port, targetPort: port };
  const t = parts[1];
  // strconv.Atoi: an optional sign and decimal digits.
  if (/^[+-]?[0-9]+$/.test(t) && Math.abs(Number(t)) <= Number.MAX_SAFE_INTEGER) {
    const errs = isValidPortNum(Number(t));
    if (errs.length) throw new KubectlError(errs.join(','));
    return { port, targetPort: Number(t) };
  }
  const errs = isValidPortName(t);
  if (errs.length) throw new KubectlError(errs.join(','));
  return { port, targetPort: t };
}

/** The service types `kubectl create service` has subcommands for. */
export function isServiceType(sub: string | undefined): boolean {
  return sub !== undefined && sub in TYPES;
}

/** ServiceOptions.Validate, then createService: the Service as kubectl builds it. */
export function serviceFor(sub: string, name: string, p: Parsed): KObject {
  const type = TYPES[sub];
  const tcp = strs(p, 'tcp');
  const clusterIP = str(p, 'clusterip') ?? '';
  const externalName = str(p, 'external-name') ?? '';
  if (clusterIP === 'None' && type !== 'ClusterIP') throw new KubectlError('ClusterIP=None can only be used with ClusterIP service type');
  if (clusterIP !== 'None' && tcp.length === 0 && type !== 'ExternalName') throw new KubectlError('at least one tcp port specifier must be provided');
  if (type === 'ExternalName' && isDNS1123Subdomain(externalName).length) throw new KubectlError(`invalid service external name ${externalName}`);
  const nodePort = int(p, 'node-port') ?? 0;
  const ports = tcp.map((t) => {
    const { port, targetPort } = parsePorts(t);
    // corev1.ServicePort's field order; nodePort is omitempty.
    const sp: any = { name: t.replace(/:/g, '-'), protocol: 'TCP', port, targetPort };
    if (nodePort) sp.nodePort = nodePort;
    return sp;
  });
  const spec: any = {};
  if (ports.length) spec.ports = ports;
  spec.selector = { app: name };
  if (clusterIP) spec.clusterIP = clusterIP;
  spec.type = type;
  if (externalName) spec.externalName = externalName;
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: { name, namespace: undefined, creationTimestamp: null as any, labels: { app: name } },
    spec,
    status: { loadBalancer: {} },
  };
}

export type { Ctx };
