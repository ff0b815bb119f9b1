/**
 * The environment of a container (kubelet_pods.go makeEnvironmentVariables, v1.32): envFrom
 * first (ConfigMaps and Secrets, each key with the prefix), then env in the order declared,
 * later names replacing earlier ones: values with `$(VAR)` expanded against what came before
 * and the Service variables, valueFrom resolved (configMapKeyRef, secretKeyRef, fieldRef,
 * resourceFieldRef); then the Service variables not already set. A reference that cannot be
 * resolved is the error the kubelet reports as CreateContainerConfigError.
 */
import type { KObject } from '../../api/meta';
import { parseQuantity, type Quantity } from '../../api/quantity';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import { serviceAccountToken } from './token-manager';

/** CRI's KeyValue. */
export interface EnvVar {
  key: string;
  value: string;
}

/** What the kubelet needs to resolve references: its client, the node, the Pod's IP. */
export interface EnvSources {
  client: ApiClient;
  /** The node's allocatable cpu and memory: a resourceFieldRef's value when the container sets no limit. */
  nodeAllocatable: Record<string, string>;
  hostIP: string;
  podIP: string;
}

/** Why the environment could not be made: the kubelet's message, word for word. */
export class EnvError extends Error {}

/**
 * The configMapManager / secretManager: one read per object per computation. A missing object
 * is the watch-based manager's NotFound, named by its singular resource ("configmap "x" not found").
 */
export class ObjectCache {
  private readonly seen = new Map<string, KObject | null>();
  constructor(private readonly client: ApiClient, private readonly namespace: string, private readonly nowMs: () => number = () => 0) {}

  /** A projected serviceAccountToken's token, from the kubelet's token manager. */
  token(pod: KObject, src: any): string {
    return serviceAccountToken(this.client, pod, src, this.nowMs());
  }

  get(resource: 'configmaps' | 'secrets', name: string): KObject | undefined {
    const key = `${resource}/${name}`;
    if (!this.seen.has(key)) {
      try {
        this.seen.set(key, this.client.tryGet(resource, this.namespace, name) ?? null);
      } catch (e) {
        if (e instanceof StatusError) throw new EnvError(e.message);
        throw e;
      }
    }
    return this.seen.get(key) ?? undefined;
  }

  /** The object, or the error for a missing one (undefined when optional). */
  need(resource: 'configmaps' | 'secrets', name: string, optional: boolean): KObject | undefined {
    const obj = this.get(resource, name);
    if (!obj && !optional) throw new EnvError(`${resource === 'configmaps' ? 'configmap' : 'secret'} "${name}" not found`);
    return obj;
  }
}

/** A Secret's value as the container sees it: the decoded bytes. */
export const secretValue = (b64: unknown): string => Buffer.from(String(b64 ?? ''), 'base64').toString('utf8');

export function makeEnvironment(pod: KObject, container: any, src: EnvSources, services: Record<string, string>, objects = new ObjectCache(src.client, pod.metadata.namespace!)): EnvVar[] {
  const ns = pod.metadata.namespace!;
  const env = new Map<string, string>();
  for (const from of Array.isArray(container.envFrom) ? container.envFrom : []) {
    const prefix: string = from?.prefix ?? '';
    if (from?.configMapRef) {
      const cm = objects.need('configmaps', String(from.configMapRef.name ?? ''), from.configMapRef.optional === true);
      for (const k of Object.keys(cm?.data ?? {}).sort()) env.set(prefix + k, String(cm!.data[k]));
    } else if (from?.secretRef) {
      const s = objects.need('secrets', String(from.secretRef.name ?? ''), from.secretRef.optional === true);
      for (const k of Object.keys(s?.data ?? {}).sort()) env.set(prefix + k, secretValue(s!.data[k]));
    }
  }
  const lookup = (name: string): string | undefined => env.get(name) ?? services[name];
  for (const e of Array.isArray(container.env) ? container.env : []) {
    if (!e?.name) continue;
    let value: string | undefined = e.value ?? '';
    if (value) value = expand(value, lookup);
    else if (e.valueFrom) {
      const from = e.valueFrom;
      if (from.fieldRef) value = fieldRefValue(pod, String(from.fieldRef.fieldPath ?? ''), src);
      else if (from.resourceFieldRef) value = resourceFieldValue(pod, container, from.resourceFieldRef, src);
      else if (from.configMapKeyRef) {
        const ref = from.configMapKeyRef;
        const cm = objects.need('configmaps', String(ref.name ?? ''), ref.optional === true);
        if (!cm) continue;
        value = cm.data?.[ref.key];
        if (value === undefined) {
          if (ref.optional === true) continue;
          throw new EnvError(`couldn't find key ${ref.key} in ConfigMap ${ns}/${ref.name}`);
        }
      } else if (from.secretKeyRef) {
        const ref = from.secretKeyRef;
        const s = objects.need('secrets', String(ref.name ?? ''), ref.optional === true);
        if (!s) continue;
        if (s.data?.[ref.key] === undefined) {
          if (ref.optional === true) continue;
          throw new EnvError(`couldn't find key ${ref.key} in Secret ${ns}/${ref.name}`);
        }
        value = secretValue(s.data[ref.key]);
      }
    }
    env.set(e.name, value ?? '');
  }
  const out: EnvVar[] = [...env].map(([key, value]) => ({ key, value }));
  for (const key of Object.keys(services).sort()) if (!env.has(key)) out.push({ key, value: services[key] });
  return out;
}

/**
 * third_party/forked/golang/expansion: `$(NAME)` becomes the variable's value when it is
 * defined and stays as written when not; `$$` is a literal `$`.
 */
export function expand(input: string, lookup: (name: string) => string | undefined): string {
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c !== '$' || i + 1 >= input.length) {
      out += c;
      i++;
      continue;
    }
    const next = input[i + 1];
    if (next === '$') {
      out += '$';
      i += 2;
    } else if (next === '(') {
      const close = input.indexOf(')', i + 2);
      if (close < 0) {
        out += '$(';
        i += 2;
        continue;
      }
      const name = input.slice(i + 2, close);
      out += lookup(name) ?? `$(${name})`;
      i = close + 1;
    } else {
      out += '$' + next;
      i += 2;
    }
  }
  return out;
}

/** podFieldSelectorRuntimeValue and fieldpath.ExtractFieldPathAsString. */
function fieldRefValue(pod: KObject, path: string, src: EnvSources): string {
  const m = pod.metadata;
  const mapEntry = /^metadata\.(labels|annotations)\['(.*)'\]$/.exec(path);
  if (mapEntry) return String((m as any)[mapEntry[1]]?.[mapEntry[2]] ?? '');
  switch (path) {
    case 'metadata.name':
      return m.name ?? '';
    case 'metadata.namespace':
      return m.namespace ?? '';
    case 'metadata.uid':
      return m.uid ?? '';
    case 'metadata.labels':
    case 'metadata.annotations': {
      // FormatMap: key="value" lines, sorted, %q-quoted values.
      const map: Record<string, string> = (m as any)[path.slice('metadata.'.length)] ?? {};
      return Object.keys(map)
        .sort()
        .map((k) => `${k}=${JSON.stringify(map[k])}`)
        .join('\n');
    }
    case 'spec.nodeName':
      return pod.spec?.nodeName ?? '';
    case 'spec.serviceAccountName':
      return pod.spec?.serviceAccountName ?? '';
    case 'status.hostIP':
    case 'status.hostIPs':
      return src.hostIP;
    case 'status.podIP':
    case 'status.podIPs':
      return src.podIP;
  }
  throw new EnvError(`unsupported fieldPath: ${path}`);
}

/**
 * ExtractContainerResourceValue: limits.* (the node's allocatable when no limit is set, as
 * defaultPodLimitsForDownwardAPI fills in) or requests.*, divided by the divisor and rounded up;
 * cpu in cores (divisor 1) or millicores (divisor 1m).
 */
function resourceFieldValue(pod: KObject, container: any, ref: any, src: EnvSources): string {
  const target = ref.containerName ? (pod.spec?.containers ?? []).find((c: any) => c.name === ref.containerName) : container;
  if (!target) throw new EnvError(`container ${ref.containerName} not found`);
  const [kind, resource] = String(ref.resource ?? '').split('.') as [string, string];
  if (!['limits', 'requests'].includes(kind) || !['cpu', 'memory', 'ephemeral-storage'].includes(resource)) throw new EnvError(`unsupported container resource : ${ref.resource}`);
  const raw = kind === 'limits' ? (target.resources?.limits?.[resource] ?? src.nodeAllocatable[resource]) : target.resources?.requests?.[resource];
  const quantity = (v: unknown): Quantity => {
    try {
      return parseQuantity(v as string);
    } catch (e) {
      // Validation refuses a bad quantity; one that got through is the kubelet's error, not a crash.
      throw new EnvError(e instanceof Error ? e.message : String(e));
    }
  };
  const q = raw !== undefined ? quantity(raw) : undefined;
  const divisor = ref.divisor !== undefined && String(ref.divisor) !== '0' ? quantity(ref.divisor) : quantity('1');
  if (!q) return '0';
  if (resource === 'cpu') return String(Math.ceil(q.milliValue() / divisor.milliValue()));
  return String(Math.ceil(q.value() / divisor.value()));
}

/**
 * envvars.FromServices: for each Service with a cluster IP, NAME_SERVICE_HOST, NAME_SERVICE_PORT
 * (and _PORT_<name> for named ports), and the Docker-link style NAME_PORT, NAME_PORT_<port>_<PROTO>
 * and its _PROTO, _PORT and _ADDR. Names are upper-cased with '-' as '_'.
 */
export function serviceEnv(services: KObject[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of services) {
    const ip: string | undefined = s.spec?.clusterIP;
    if (!ip || ip === 'None') continue;
    const name = s.metadata.name!.toUpperCase().replace(/-/g, '_');
    const ports: any[] = s.spec?.ports ?? [];
    if (ports.length === 0) continue;
    out[`${name}_SERVICE_HOST`] = ip;
    out[`${name}_SERVICE_PORT`] = String(ports[0].port);
    for (const p of ports) if (p.name) out[`${name}_SERVICE_PORT_${String(p.name).toUpperCase().replace(/-/g, '_')}`] = String(p.port);
    const proto0 = String(ports[0].protocol ?? 'TCP').toLowerCase();
    out[`${name}_PORT`] = `${proto0}://${ip}:${ports[0].port}`;
    for (const p of ports) {
      const proto = String(p.protocol ?? 'TCP');
      const prefix = `${name}_PORT_${p.port}_${proto.toUpperCase()}`;
      out[prefix] = `${proto.toLowerCase()}://${ip}:${p.port}`;
      out[`${prefix}_PROTO`] = proto.toLowerCase();
      out[`${prefix}_PORT`] = String(p.port);
      out[`${prefix}_ADDR`] = ip;
    }
  }
  return out;
}
