/**
 * The StatefulSet controller's identity and storage helpers (stateful_set_utils_test.go;
 * steps/fixtures/upstream/statefulset.json) run against the model's functions.
 */
import { Then } from '@cucumber/cucumber';
import { controllerOf, type KObject } from '../../model/api/meta';
import { claimsFor, identityMatches, isMemberOf, isRunningAndReady, newStatefulSetPod, parentAndOrdinal, storageMatches, withIdentityAndStorage } from '../../model/controllers/statefulset/identity';
import { runCases, same } from './apps-fakes';

const FILE = 'statefulset.json';

/** newStatefulSet(replicas): foo/default, uid test, a datadir claim template and a home hostPath volume. */
function newStatefulSet(replicas: number): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name: 'foo', namespace: 'default', uid: 'test' },
    spec: {
      replicas,
      selector: { matchLabels: { foo: 'bar' } },
      serviceName: 'governingsvc',
      template: {
        metadata: { labels: { foo: 'bar' } },
        spec: { containers: [{ name: 'nginx', image: 'nginx', volumeMounts: [{ name: 'datadir', mountPath: '/tmp/zookeeper' }, { name: 'home', mountPath: '/home' }] }], volumes: [{ name: 'home', hostPath: { path: '/tmp/home' } }] },
      },
      volumeClaimTemplates: [{ metadata: { name: 'datadir' }, spec: { resources: { requests: { storage: '1' } } } }],
      updateStrategy: { type: 'RollingUpdate' },
      revisionHistoryLimit: 2,
    },
  };
}

/** newStatefulSetPod(set, 1) with the case's changes applied in order. */
function changedPod(set: KObject, changes: any[][]): KObject {
  let pod = newStatefulSetPod(set, 1, 'rev');
  for (const [what, value] of changes) {
    if (what === 'name') pod.metadata.name = value;
    else if (what === 'namespace') pod.metadata.namespace = value;
    else if (what === 'deleteLabel') delete pod.metadata.labels![value];
    else if (what === 'volumes') pod.spec.volumes = value ?? undefined;
    else if (what === 'noClaims') {
      for (const v of pod.spec.volumes) delete v.persistentVolumeClaim;
    } else if (what === 'claimName') {
      for (const v of pod.spec.volumes) if (v.persistentVolumeClaim) v.persistentVolumeClaim.claimName = value;
    } else if (what === 'fix') pod = withIdentityAndStorage(set, pod);
    else throw new Error(`unknown change ${what}`);
  }
  return pod;
}

/** A map compared as Go compares maps: whatever the order of its keys. */
const sortedKeys = (m: Record<string, string> | undefined) => Object.fromEntries(Object.entries(m ?? {}).sort(([a], [b]) => (a < b ? -1 : 1)));

const CHECKS: Record<string, (c: any) => string | undefined> = {
  parentAndOrdinal: (c) => {
    const pod = newStatefulSetPod(newStatefulSet(3), 1, 'rev');
    if (c.podName) pod.metadata.name = c.podName;
    return same(parentAndOrdinal(pod), { parent: c.parent, ordinal: c.ordinal });
  },
  isMemberOf: (c) => {
    const pod = newStatefulSetPod(newStatefulSet(3), 1, 'rev');
    const other = newStatefulSet(3);
    other.metadata.name = c.setName;
    return same(isMemberOf(other, pod), c.want);
  },
  identityMatches: (c) => {
    const set = newStatefulSet(3);
    return same(identityMatches(set, changedPod(set, c.changes)), c.want);
  },
  storageMatches: (c) => {
    const set = newStatefulSet(3);
    return same(storageMatches(set, changedPod(set, c.changes)), c.want);
  },
  isRunningAndReady: (c) => {
    const pod = newStatefulSetPod(newStatefulSet(3), 1, 'rev');
    pod.status = {};
    if (c.phase) pod.status.phase = c.phase;
    if (c.ready) pod.status.conditions = [{ type: 'Ready', status: c.ready }];
    return same(isRunningAndReady(pod), c.want);
  },
  newPodControllerRef: (c) => {
    const ref = controllerOf(newStatefulSetPod(newStatefulSet(1), 0, 'rev'));
    return same(ref && { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid, controller: ref.controller }, c.want);
  },
  // getPersistentVolumeClaims for ordinal 0: the claim's name and labels.
  persistentVolumeClaims: (c) => {
    const set = newStatefulSet(1);
    set.spec.selector.matchLabels = c.matchLabels ?? undefined;
    if (c.templateLabels) set.spec.volumeClaimTemplates[0].metadata.labels = c.templateLabels;
    const got: Record<string, any> = {};
    for (const [name, claim] of claimsFor(set, 0)) got[name] = { name: claim.metadata.name, namespace: claim.metadata.namespace, labels: sortedKeys(claim.metadata.labels) };
    const want: Record<string, any> = {};
    for (const [name, w] of Object.entries<any>(c.want)) want[name] = { name: w.name, namespace: 'default', labels: sortedKeys(w.labels) };
    return same(got, want);
  },
};

Then('every case of upstream\'s statefulset test {word} holds on the model', function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for statefulset table ${table}`);
  runCases(FILE, table, check);
});
