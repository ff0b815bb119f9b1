/**
 * `kubectl create ingress|ing NAME --rule=host/path=service:port[,tls[=secret]] [--class=…]
 * [--default-backend=svc:port] [--annotation=k=v]` (pkg/cmd/create/create_ingress.go): rules
 * of one host share its paths, a path ending in "*" is a Prefix, any other Exact.
 */
import { str, strs } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import { sortedMap } from './printers/typed-json';

/** ruleRegex: host/path=svcname:svcport, then an optional ",tls[=secret]" (Go's \w is ASCII). */
const RULE_FULL = /^([\w*\-.]*)(\/.*)=([\w-]+):([\w-]+)(,(tls)=?([\w-]+)?)?/;

/** intstr.Parse: a number is a port number, anything else a port name. */
function backendPort(port: string): Record<string, unknown> {
  const n = /^-?\d+$/.test(port) ? Number(port) : NaN;
  return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? { number: n } : { name: port };
}

function backend(service: string): unknown {
  const [name, port] = service.split(':');
  return { service: { name, port: backendPort(port) } };
}

function httpPath(pathSvc: string): unknown {
  const parts = pathSvc.split('=');
  let path = '/' + parts[0];
  let pathType = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { path, pathType, backend: backend(parts[1]) };
}

/** buildTLSRules: hosts grouped by secret, each host once. */
function tlsRules(rules: string[]): unknown[] | undefined {
  const seen = new Set<string>();
  const out: { hosts?: string[]; secretName?: string }[] = [];
  for (const rule of rules) {
    const tls = rule.split(',');
    if (tls.length !== 2) continue;
    const host = rule.split('/')[0];
    const secretParts = tls[1].split('=');
    const secret = secretParts.length > 1 ? secretParts[1] : '';
    if (seen.has(host)) continue;
    const same = out.find((t) => (t.secretName ?? '') === secret);
    seen.add(host);
    if (same) {
      same.hosts = [...(same.hosts ?? []), host];
      continue;
    }
    const t: { hosts?: string[]; secretName?: string } = {};
    if (host) t.hosts = [host];
    if (secret) t.secretName = secret;
    if (t.hosts || t.secretName) out.push(t);
  }
  return out.length ? out : undefined;
}

/** buildIngressRules: one rule per host, paths in the order given. */
function ingressRules(rules: string[]): unknown[] | undefined {
  const out: { host?: string; http: { paths: unknown[] } }[] = [];
  for (const rule of rules) {
    const noTLS = rule.split(',')[0];
    const slash = noTLS.indexOf('/');
    const host = noTLS.slice(0, slash);
    const path = httpPath(noTLS.slice(slash + 1));
    const same = out.find((r) => (r.host ?? '') === host);
    if (same) {
      same.http.paths.push(path);
      continue;
    }
    out.push({ host: host || undefined, http: { paths: [path] } });
  }
  return out.length ? out : undefined;
}

export const ingressGenerator: Generator = {
  names: ['ingress', 'ing'],
  type: { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress', resource: 'ingresses', namespaced: true },
  flags: [
    { name: 'class', type: 'string' },
    { name: 'rule', type: 'stringArray' },
    { name: 'default-backend', type: 'string' },
    { name: 'annotation', type: 'stringArray' },
  ],
  failedTo: 'ingress',
  build(name, p) {
    const rules = strs(p, 'rule');
    const annotations = strs(p, 'annotation');
    const defaultBackend = str(p, 'default-backend') ?? '';
    const ingressClass = str(p, 'class') ?? '';
    if (defaultBackend === '' && rules.length === 0)
      throw new KubectlError('not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)');
    for (const rule of rules) if (!RULE_FULL.test(rule)) throw new KubectlError(`rule ${rule} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`);
    for (const a of annotations) if (!a.includes('=')) throw new KubectlError(`annotation ${a} is invalid and should be in format key=[value]`);
    if (defaultBackend && defaultBackend.split(':').length !== 2) throw new KubectlError('default-backend should be in format servicename:serviceport');
    const ann: Record<string, string> = {};
    for (const a of annotations) {
      const i = a.indexOf('=');
      ann[a.slice(0, i)] = a.slice(i + 1);
    }
    // networkingv1.IngressSpec: ingressClassName, defaultBackend, tls, rules (all omitempty).
    const spec = {
      ingressClassName: ingressClass || undefined,
      defaultBackend: defaultBackend ? backend(defaultBackend) : undefined,
      tls: tlsRules(rules),
      rules: ingressRules(rules),
    };
    const metadata = typedMeta(name, { annotations: Object.keys(ann).length ? sortedMap(ann) : undefined });
    return { kind: 'Ingress', apiVersion: 'networking.k8s.io/v1', metadata, spec, status: { loadBalancer: {} } } as any;
  },
};
