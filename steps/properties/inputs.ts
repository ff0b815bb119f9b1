/**
 * Idempotence and bad input: manifests a reader might apply, and documents nobody should:
 * random JSON and YAML, and valid manifests with fields dropped, mutated or mistyped.
 */
import fc from 'fast-check';
import yaml from 'js-yaml';
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import { Cluster } from '../../model/cluster';
import { Shell } from '../../model/shell/shell';
import { caseArbitrary } from './case';
import { manifest } from './manifests';

/** A set of valid workload manifests (distinct names), as one multi-document YAML. */
export const manifestsArbitrary = caseArbitrary({ maxWorkers: 1, maxWorkloads: 4, maxActions: 0, maxFaults: 0, horizonMs: 0, kinds: ['Deployment', 'ReplicaSet'] }).map((c) => c.workloads.map((w) => manifest(w)));

const toYaml = (docs: KObject[]) => docs.map((d) => yaml.dump(d)).join('---\n');

/** Applies the manifests twice through kubectl; the second apply must store nothing and say "unchanged". */
export function checkIdempotentApply(docs: KObject[], seed: number): void {
  const cluster = new Cluster({ seed });
  const shell = new Shell(cluster, '/');
  const first = shell.run('kubectl apply -f -', toYaml(docs));
  if (first.code !== 0) throw new Error(`first apply failed: ${first.stderr}`);
  cluster.advance(20_000);
  const rev = cluster.etcd.currentRevision;
  const second = shell.run('kubectl apply -f -', toYaml(docs));
  if (second.code !== 0) throw new Error(`second apply failed: ${second.stderr}`);
  if (cluster.etcd.currentRevision !== rev) throw new Error(`the second apply wrote ${cluster.etcd.currentRevision - rev} revisions:\n${second.stdout}`);
  const lines = second.stdout.trim().split('\n');
  if (lines.length !== docs.length || !lines.every((l) => l.endsWith(' unchanged'))) throw new Error(`the second apply printed:\n${second.stdout}`);
}

/** A path into an object and a value to put there (undefined: drop the field). */
const mutation = fc.record({
  path: fc.array(fc.constantFrom('metadata', 'spec', 'name', 'replicas', 'selector', 'matchLabels', 'template', 'containers', '0', 'image', 'resources', 'kind', 'apiVersion', 'labels'), { minLength: 1, maxLength: 5 }),
  value: fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, '', 'x', null, [], {}, 1e9, '1Zi', 'UPPER_case')),
});

function mutate(doc: any, muts: { path: string[]; value: unknown }[]): any {
  const out = JSON.parse(JSON.stringify(doc));
  for (const m of muts) {
    let cur = out;
    for (const p of m.path.slice(0, -1)) {
      if (cur === null || typeof cur !== 'object') break;
      cur = cur[p];
    }
    if (cur === null || typeof cur !== 'object') continue;
    const last = m.path[m.path.length - 1];
    if (m.value === undefined) delete cur[last];
    else cur[last] = m.value;
  }
  return out;
}

/** Text a reader might feed kubectl by mistake, or on purpose. */
export const badDocument: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.jsonValue({ maxDepth: 3 }).map((v) => yaml.dump(v ?? null)),
  fc.tuple(manifestsArbitrary, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([docs, muts]) => yaml.dump(mutate(docs[0], muts), { skipInvalid: true })),
  fc.tuple(manifestsArbitrary, fc.array(mutation, { minLength: 1, maxLength: 4 })).map(([docs, muts]) => JSON.stringify(mutate(docs[0], muts))),
);

/** kubectl's and the API server's ways of saying no. */
const KUBE_ERROR = /^(error: |Error from server|The [A-Za-z]+ "[^"]*" is invalid|The request is invalid|error validating|error parsing|error when|unable to|Unable to|no objects passed)/m;

/** One bad document through kubectl apply, kubectl create and the API: never a crash, always a Kubernetes error, nothing stored when rejected. */
export function checkBadInput(cluster: Cluster, shell: Shell, text: string): void {
  for (const cmd of ['kubectl apply -f -', 'kubectl create -f -']) {
    const rev = cluster.etcd.currentRevision;
    const res = shell.run(cmd, text);
    if (res.code !== 0) {
      if (!KUBE_ERROR.test(res.stderr)) throw new Error(`\`${cmd}\` failed without a Kubernetes-style error:\n${res.stderr}`);
      // A multi-resource stream may store what came before its bad document; one document stores nothing.
      if (cluster.etcd.currentRevision !== rev && !text.includes('---')) throw new Error(`\`${cmd}\` failed yet wrote ${cluster.etcd.currentRevision - rev} revisions`);
    }
  }
  let body: unknown;
  try {
    body = yaml.load(text);
  } catch {
    return;
  }
  for (const resource of ['deployments', 'pods', 'replicasets']) {
    const rev = cluster.etcd.currentRevision;
    try {
      cluster.admin.create(resource, 'default', body as KObject);
    } catch (e) {
      if (!(e instanceof StatusError) || e.status.kind !== 'Status' || typeof e.status.code !== 'number') throw new Error(`POST ${resource} threw a non-Status error: ${(e as Error)?.stack ?? e}`);
      if (cluster.etcd.currentRevision !== rev) throw new Error(`POST ${resource} was rejected (${e.status.code}) yet wrote to etcd`);
    }
  }
  if (cluster.sim.failures.length) throw new Error(`the model threw inside "${cluster.sim.failures[0].label}": ${(cluster.sim.failures[0].error as Error)?.message}`);
}

/** PUT of an object as read stores nothing; a status PUT carrying another spec leaves spec as it was. */
export function checkWriteBack(docs: KObject[], seed: number): void {
  const cluster = new Cluster({ seed });
  for (const d of docs) cluster.admin.create(d.kind === 'Deployment' ? 'deployments' : 'replicasets', 'default', d);
  cluster.advance(20_000);
  for (const d of docs) {
    const resource = d.kind === 'Deployment' ? 'deployments' : 'replicasets';
    const cur = cluster.admin.get(resource, 'default', d.metadata.name!);
    const rev = cluster.etcd.currentRevision;
    cluster.admin.update(resource, 'default', cur);
    if (cluster.etcd.currentRevision !== rev) throw new Error(`PUT of ${resource}/${d.metadata.name} as read wrote a new revision`);
    const changed = { ...cur, spec: { ...cur.spec, replicas: (cur.spec.replicas ?? 1) + 1 } };
    const after = cluster.admin.updateStatus(resource, 'default', changed);
    if (after.spec.replicas !== cur.spec.replicas) throw new Error(`a status write changed ${resource}/${d.metadata.name}'s spec.replicas from ${cur.spec.replicas} to ${after.spec.replicas}`);
  }
}
