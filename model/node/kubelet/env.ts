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
import { isQualifiedName } from '../../api/validation';
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

/** podFieldSelectorRuntimeValue: the node's and the Pod's own fields, else fieldpath.ExtractFieldPathAsString. */
function fieldRefValue(pod: KObject, path: string, src: EnvSources): string {
  switch (path) {
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
  return extractFieldPathAsString(pod, path);
}

/**
 * fieldpath.ExtractFieldPathAsString: a label or annotation by a subscript that must be a
 * qualified name (an annotation's lower-cased), the labels or annotations as FormatMap writes
 * them (sorted key="value" lines, %q-quoted values), the name, namespace or UID; else an error.
 */
export function extractFieldPathAsString(pod: KObject, path: string): string {
  const m = pod.metadata as any;
  // SplitMaybeSubscriptedPath: path['subscript'] with a non-empty path.
  const sub = path.endsWith("']") ? path.slice(0, -2).split("['") : [];
  if (sub.length >= 2 && sub[0] !== '') {
    const [base, subscript] = [sub[0], sub.slice(1).join("['")];
    if (base !== 'metadata.annotations' && base !== 'metadata.labels') throw new EnvError(`fieldPath "${path}" does not support subscript`);
    const errs = isQualifiedName(base === 'metadata.annotations' ? subscript.toLowerCase() : subscript);
    if (errs.length > 0) throw new EnvError(`invalid key subscript in ${path}: ${errs.join(';')}`);
    return String(m[base.slice('metadata.'.length)]?.[subscript] ?? '');
  }
  switch (path) {
    case 'metadata.annotations':
    case 'metadata.labels': {
      const map: Record<string, string> = m[path.slice('metadata.'.length)] ?? {};
      return Object.keys(map)
        .sort()
        .map((k) => `${k}=${JSON.stringify(map[k])}`)
        .join('\n');
    }
    case 'metadata.name':
    case 'metadata.namespace':
    case 'metadata.uid':
      return String(m[path.slice('metadata.'.length)] ?? '');
  }
  throw new EnvError(`unsupported fieldPath: ${path}`);
}

/** utilerrors.NewAggregate(...).Error(): one message as it is, several (duplicates once) as "[a, b]". */
export function aggregateMessage(messages: string[]): string {
  const seen = [...new Set(messages)];
  return seen.length === 1 ? seen[0] : `[${seen.join(', ')}]`;
}

/**
 * ExtractContainerResourceValue: limits.* (the node's allocatable when no limit is set, as
 * defaultPodLimitsForDownwardAPI fills in) or requests.*, divided by the divisor and rounded up;
 * cpu in cores (divisor 1) or millicores (divisor 1m).
 */
function resourceFieldValue(pod: KObject, container: any, ref: any, src: EnvSources): string {
  // findContainerInPod: the containers, then the init containers.
  const target = ref.containerName ? [...(pod.spec?.containers ?? []), ...(pod.spec?.initContainers ?? [])].find((c: any) => c.name === ref.containerName) : container;
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
  // A divisor equal to the zero Quantity (not set, "0", "0m") is 1.
  const given = ref.divisor !== undefined ? quantity(ref.divisor) : undefined;
  const divisor = given && !given.isZero() ? given : quantity('1');
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
