/**
 * One case of the schema property against the model's API server: the request as the HTTP
 * façade hands it over (body, raw JSON text, fieldValidation), then what must hold: a valid
 * object is accepted and reads back as sent (plus defaults); a rejected one gets the Status
 * its family calls for, naming the offending field, and leaves etcd as it was; nothing in the
 * model fails. Returns what went wrong, or undefined.
 */
import { canonicalJSON } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { Cluster } from '../../model/cluster';
import type { SchemaCase } from './schema-objects';

/** Every leaf of `sent` is in `got` with the same value (the server may add defaults, never change what was sent). */
function missingFrom(sent: unknown, got: unknown, path = ''): string | undefined {
  if (sent === null || typeof sent !== 'object') return canonicalJSON(sent) === canonicalJSON(got) ? undefined : `${path}: sent ${canonicalJSON(sent)}, read back ${canonicalJSON(got)}`;
  if (got === null || typeof got !== 'object') return `${path}: sent ${canonicalJSON(sent)}, read back ${canonicalJSON(got)}`;
  for (const [k, v] of Object.entries(sent as object)) {
    const bad = missingFrom(v, (got as any)[k], path ? `${path}.${k}` : k);
    if (bad) return bad;
  }
  return undefined;
}

function at(obj: unknown, dotted: string): unknown {
  if (dotted === '') return obj;
  return dotted.split('.').reduce<any>((v, k) => (v == null ? undefined : v[k]), obj);
}

export function checkSchemaCase(cluster: Cluster, c: SchemaCase): string | undefined {
  const ns = c.r.namespaced ? 'default' : undefined;
  const text = JSON.stringify(c.body);
  const before = cluster.etcd.currentRevision;
  const failuresBefore = cluster.sim.failures.length;
  let answer: { result: any; warnings: string[] } | undefined;
  let error: StatusError | undefined;
  try {
    answer = cluster.apiserver.answer({ verb: 'create', resource: c.r.resource, namespace: ns, body: JSON.parse(text), rawBody: text, query: { fieldValidation: c.directive }, token: cluster.admin.token });
  } catch (e) {
    if (!(e instanceof StatusError)) return `the API server threw ${e instanceof Error ? e.stack : String(e)}`;
    error = e;
  }
  if (cluster.sim.failures.length > failuresBefore) return `the model failed: ${String(cluster.sim.failures[failuresBefore].error)}`;
  const x = c.expected;
  if (x.outcome === 'rejected') {
    if (!error) return `accepted, expected ${x.code} ${x.reason} naming ${x.names}`;
    if (error.code !== x.code || error.reason !== x.reason) return `answered ${error.code} ${error.reason} (${error.message}), expected ${x.code} ${x.reason} naming ${x.names}`;
    const causes = (error.status.details?.causes ?? []).map((k) => k.field);
    const named = x.code === 422 ? causes.includes(x.names) : error.message.includes(x.names);
    if (!named) return `the Status does not name ${x.names}: ${error.message}`;
    if (cluster.etcd.currentRevision !== before) return `a rejected request changed etcd (revision ${before} -> ${cluster.etcd.currentRevision})`;
    return undefined;
  }
  if (error) return `rejected (${error.code} ${error.message}), expected accepted`;
  if (canonicalJSON(answer!.warnings) !== canonicalJSON(x.warnings)) return `warnings ${canonicalJSON(answer!.warnings)}, expected ${canonicalJSON(x.warnings)}`;
  const stored = cluster.admin.get(c.r.resource, ns, c.body.metadata.name);
  for (const p of x.absent ?? []) if (at(stored, p) !== undefined) return `an unknown field was stored at ${p}`;
  const expectedBack = JSON.parse(text);
  for (const p of x.absent ?? []) {
    const keys = p.split('.');
    const parent = at(expectedBack, keys.slice(0, -1).join('.')) as any;
    delete parent[keys[keys.length - 1]];
  }
  return missingFrom(expectedBack, stored);
}
