/**
 * `kubectl create service clusterip|nodeport NAME --tcp=port[:targetPort] [--node-port=N]
 * [--clusterip=IP]`: kubectl's ServiceOptions. Each --tcp becomes a port named
 * `<port>-<targetPort>`, the selector and labels are app=NAME.
 */
import type { KObject } from '../api/meta';
import { int, str, strs, type Parsed } from './args';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';

const TYPES: Record<string, string> = { clusterip: 'ClusterIP', nodeport: 'NodePort', loadbalancer: 'LoadBalancer' };

/** parsePorts: "8080:80" -> 8080 and 80; a named target port stays a string. */
function parsePorts(spec: string): { port: number; targetPort: number | string } {
  const [a, b] = spec.split(':');
  const port = Number(a);
  if (!Number.isInteger(port)) throw new KubectlError(`strconv.Atoi: parsing ${JSON.stringify(a)}: invalid syntax`);
  if (b === undefined) return { port, targetPort: port };
  return { port, targetPort: /^\d+$/.test(b) ? Number(b) : b };
}

/** Builds the Service; undefined when `sub` is not a service type kubectl create knows. */
export function serviceFor(sub: string, rest: string[], p: Parsed): KObject {
  const type = TYPES[sub];
  if (!type) throw new KubectlError(`unknown command "${sub}" for "kubectl create service"`);
  if (rest.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${rest.length}\nSee 'kubectl create service ${sub} -h' for help and examples`);
  const name = rest[0];
  const tcp = strs(p, 'tcp');
  const clusterIP = str(p, 'clusterip');
  if (tcp.length === 0 && !(type === 'ClusterIP' && clusterIP === 'None')) throw new KubectlError('at least one tcp port specifier must be provided');
  const nodePort = int(p, 'node-port') ?? 0;
  const ports = tcp.map((t) => {
    const { port, targetPort } = parsePorts(t);
    const sp: any = { name: t.replace(/:/g, '-'), protocol: 'TCP', port, targetPort };
    if (nodePort) sp.nodePort = nodePort;
    return sp;
  });
  const svc: KObject = { apiVersion: 'v1', kind: 'Service', metadata: { name, labels: { app: name } }, spec: { ports, selector: { app: name }, type } };
  if (clusterIP) svc.spec.clusterIP = clusterIP;
  return svc;
}

export type { Ctx };
