/**
 * pkg/controller's shared helpers as upstream's tests pin them (kubernetes v1.32):
 * controller_ref_manager_test.go (TestClaimPods, TestGeneratePatchBytesForDelete),
 * controller_utils_test.go (TestControllerExpectations, TestUIDExpectations,
 * TestActivePodFiltering), pkg/api/v1/pod/util_test.go (TestIsPodAvailable, IsPodReady),
 * apimachinery's intstr_test.go (TestGetScaledValueFromIntOrPercent), plus the lookups the
 * model's informer indexes answer, checked against a scan of every object. Each row is one
 * call of the model's function with what upstream's case passes; no cluster, no clock but a
 * number.
 */
import { Given, Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import type { KObject } from '../../model/api/meta';
import { resourceByName } from '../../model/api/registry';
import { errors } from '../../model/api/status';
import type { ApiClient } from '../../model/client/client';
import { Informer } from '../../model/client/informer';
import { fromLabelSelector } from '../../model/api/selectors';
import { claimObjects, recheckOwner } from '../../model/controllers/util/controllerref';
import { ControllerExpectations, EXPECTATIONS_TIMEOUT_MS } from '../../model/controllers/util/expectations';
import { BY_SELECTOR_LABEL, ensureIndexes, ORPHAN_BY_LABEL, orphansSelectedBy, selectorsSelecting } from '../../model/controllers/util/indexes';
import { getScaledValueFromIntOrPercent } from '../../model/controllers/util/intstr';
import { isPodActive, isPodAvailable, isPodReady, maxContainerRestarts } from '../../model/controllers/util/podutil';
import type { Simulation } from '../../model/sim/simulation';

const json = (s: string | undefined) => (s === undefined || s.trim() === '' || s.trim() === '-' ? undefined : JSON.parse(s));
const errorText = (e: unknown) => (e instanceof Error ? `${e.constructor.name}: ${e.message}` : String(e));

// ------------------------------------------------------------ ClaimPods

const OWNER_UID = '123';
const OTHER_UID = '789';

/** The ReplicaSet upstream's TestClaimPods builds (namespace "default", selector foo=bar). */
function owner(deleting: boolean): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name: 'rs', namespace: 'default', uid: OWNER_UID, deletionTimestamp: deleting ? '2024-01-02T03:04:05Z' : undefined },
    spec: { selector: { matchLabels: { foo: 'bar' } } },
  };
}

/** A Pod as a row describes it: {"labels", "owner": "self"|"other", "deleting", "namespace"}. */
function claimPod(name: string, d: any): KObject {
  const ref = (uid: string) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: uid === OWNER_UID ? 'rs' : 'other', uid, controller: true });
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: d.namespace ?? 'default',
      uid: `${name}-uid`,
      labels: d.labels,
      ownerReferences: d.owner === 'self' ? [ref(OWNER_UID)] : d.owner === 'other' ? [ref(OTHER_UID)] : d.owner === 'not-controller' ? [{ ...ref(OWNER_UID), controller: false }] : undefined,
      deletionTimestamp: d.deleting ? '2024-01-02T03:04:05Z' : undefined,
    },
  };
}

/** fake.Clientset for the claim: GETs of the owner answer `live`, patches are recorded and may fail. */
class ClaimClient {
  readonly patches: string[] = [];
  gets = 0;
  constructor(
    private readonly live: KObject | undefined,
    private readonly fail: Record<string, Error> = {},
  ) {}
  get(resource: string, _ns: string | undefined, name: string): KObject {
    this.gets++;
    if (!this.live) throw errors.notFound(resourceByName(resource)!, name);
    return this.live;
  }
  patch(_resource: string, _ns: string | undefined, name: string, type: string, body: any): KObject {
    this.patches.push(`${type} ${name} ${JSON.stringify(body)}`);
    if (this.fail[name]) throw this.fail[name];
    return { metadata: { name, ownerReferences: body.metadata.ownerReferences } };
  }
  asClient(): ApiClient {
    return this as unknown as ApiClient;
  }
}

function claim(client: ClaimClient, o: KObject, pods: KObject[], filter?: (p: KObject) => boolean): KObject[] {
  return claimObjects(
    {
      client: client.asClient(),
      resource: 'pods',
      owner: o,
      ownerApiVersion: 'apps/v1',
      ownerKind: 'ReplicaSet',
      selector: fromLabelSelector(o.spec.selector)!,
      filter,
      recheckOwner: () => recheckOwner(client.asClient(), 'replicasets', o, 'ReplicaSet'),
    },
    pods,
  );
}

Then("ClaimPods claims and patches each Pod as upstream's TestClaimPods says:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const client = new ClaimClient(owner(false));
    const claimed = claim(client, owner(row.controller === 'deleting'), [claimPod('pod1', json(row.pod))], row.filter ? (p) => p.metadata.labels?.[row.filter] !== undefined : undefined);
    return { ...row, claimed: claimed.length ? 'yes' : 'no', patch: client.patches.join(' ; ') || '-' };
  });
  expect(got).toEqual(rows);
});

/** The error a patch of a Pod fails with, as a row names it. */
function patchError(kind: string): Error | undefined {
  const pods = resourceByName('pods')!;
  switch (kind) {
    case '-':
      return undefined;
    case 'NotFound for pod1':
      return errors.notFound(pods, 'pod1');
    case 'NotFound for another name':
      return errors.notFound(pods, 'elsewhere');
    case 'Invalid':
      return errors.invalid(pods, 'pod1', []);
    case 'Conflict':
      return errors.conflict(pods, 'pod1');
    case 'a non-API error':
      return new TypeError('boom');
    default:
      throw new Error(`unknown patch error ${kind}`);
  }
}

Then('ClaimPods over two orphans pod1 and pod2 ends as the table says:', function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const fail = patchError(row['pod1 patch fails with']);
    const live = row['live owner'] === 'gone' ? undefined : { ...owner(false), metadata: { ...owner(false).metadata, uid: row['live owner'] === 'recreated' ? 'new-uid' : OWNER_UID, deletionTimestamp: row['live owner'] === 'deleting' ? '2024-01-02T03:04:05Z' : undefined } };
    const client = new ClaimClient(live, fail ? { pod1: fail } : {});
    const pods = [claimPod('pod1', { labels: { foo: 'bar' } }), claimPod('pod2', { labels: { foo: 'bar' } })];
    let claimed = '-';
    let error = '-';
    try {
      claimed = claim(client, owner(false), pods).map((p) => p.metadata.name).join(', ') || '-';
    } catch (e) {
      error = errorText(e);
    }
    return { ...row, 'owner reads': String(client.gets), patched: client.patches.map((p) => p.split(' ')[1]).join(', ') || '-', claimed, error };
  });
  expect(got).toEqual(rows);
});

Then('releasing pod1, which the ReplicaSet owns but no longer selects, ends as the table says:', function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const fail = patchError(row['patch fails with']);
    const client = new ClaimClient(owner(false), fail ? { pod1: fail } : {});
    let error = '-';
    try {
      claim(client, owner(false), [claimPod('pod1', { labels: { foo: 'other' }, owner: 'self' })]);
    } catch (e) {
      error = errorText(e);
    }
    return { ...row, patched: client.patches.map((p) => p.split(' ')[1]).join(', ') || '-', error };
  });
  expect(got).toEqual(rows);
});

// ------------------------------------------------------------ expectations

Then("a controller's expectations go as upstream's TestControllerExpectations and TestUIDExpectations say:", function (table: DataTable) {
  let now = Date.parse('2024-01-01T00:00:00Z');
  const e = new ControllerExpectations({ now: () => now } as unknown as Simulation);
  const KEY = 'default/rs';
  const rows = table.hashes();
  const got = rows.map((row) => {
    const [verb, ...args] = row.action.split(' ');
    const list = (s: string | undefined) => (s ? s.split(',') : []);
    switch (verb) {
      case 'set': // set <adds> <deleted pod keys>
        e.setExpectations(KEY, Number(args[0]), list(args[1]));
        break;
      case 'expect-creations':
        e.expectCreations(KEY, Number(args[0]));
        break;
      case 'expect-deletions':
        e.expectDeletions(KEY, list(args[0]));
        break;
      case 'created':
        e.creationObserved(KEY);
        break;
      case 'deleted':
        e.deletionObserved(KEY, args[0]);
        break;
      case 'forget':
        e.delete(KEY);
        break;
      case 'wait': // wait <ms>, or "wait timeout" for ExpectationsTimeout
        now += args[0] === 'timeout' ? EXPECTATIONS_TIMEOUT_MS : Number(args[0]);
        break;
      default:
        throw new Error(`unknown action ${row.action}`);
    }
    return { ...row, satisfied: String(e.satisfied(KEY)) };
  });
  expect(got).toEqual(rows);
});

// ------------------------------------------------------------ Pods

const NOW = '2024-01-01T00:01:00Z';

/** A Pod from a row's JSON status (and spec), its deletionTimestamp when "deleting" is set. */
function statusPod(row: Record<string, string>): KObject {
  const pod: KObject = { metadata: { name: 'p', deletionTimestamp: row.deleting === 'yes' ? NOW : undefined } };
  const status = json(row.status);
  if (status !== undefined) pod.status = status;
  const spec = json(row.spec);
  if (spec !== undefined) pod.spec = spec;
  return pod;
}

Then("IsPodReady, IsPodAvailable and IsPodActive answer as upstream's tests say, at {string}:", function (now: string, table: DataTable) {
  expect(now).toBe(NOW);
  const rows = table.hashes();
  const got = rows.map((row) => {
    const pod = statusPod(row);
    return { ...row, ready: String(isPodReady(pod)), available: String(isPodAvailable(pod, Number(row.minReadySeconds), Date.parse(NOW))), active: String(isPodActive(pod)) };
  });
  expect(got).toEqual(rows);
});

Then("a Pod's highest container restart counts are as controller_utils.go's maxContainerRestarts counts them:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const { regular, sidecar } = maxContainerRestarts(statusPod(row));
    return { ...row, regular: String(regular), sidecar: String(sidecar) };
  });
  expect(got).toEqual(rows);
});

// ------------------------------------------------------------ intstr

Then("GetScaledValueFromIntOrPercent answers as apimachinery's intstr tests say:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    let result: string;
    try {
      result = String(getScaledValueFromIntOrPercent(row.value === 'absent' ? undefined : JSON.parse(row.value), Number(row.total), row.round === 'up'));
    } catch (e) {
      result = errorText(e);
    }
    return { ...row, result };
  });
  expect(got).toEqual(rows);
});

// ------------------------------------------------------------ indexes

/** An informer whose cache holds `items` (a fake client's list; its watch never sends). */
function informerWith(items: KObject[]): Informer {
  const client = { list: () => ({ items, metadata: { resourceVersion: '1' } }), watch: () => ({ stop() {} }) };
  const proc = { onExit() {}, schedule() {} };
  const inf = new Informer(proc as any, client as unknown as ApiClient, 'test');
  inf.start();
  return inf;
}

const names = (objs: KObject[]) => objs.map((o) => `${o.metadata.namespace}/${o.metadata.name}`).sort().join(', ') || '-';

Then('the orphans each selector can adopt are the Pods a scan finds:', function (table: DataTable) {
  const pods: KObject[] = (this as any).utilPods;
  const rows = table.hashes();
  const inf = informerWith(pods);
  ensureIndexes(inf, ORPHAN_BY_LABEL);
  // Twice on purpose: every controller on a shared informer asks for the index; a second ask keeps it as it is.
  ensureIndexes(inf, ORPHAN_BY_LABEL);
  const got = rows.map((row) => ({ ...row, orphans: names(orphansSelectedBy(inf, row.namespace, json(row.selector))) }));
  expect(got).toEqual(rows);
});

Then('the workloads whose selector selects each Pod are the ones a scan finds, by name:', function (table: DataTable) {
  const workloads: KObject[] = (this as any).utilWorkloads;
  const rows = table.hashes();
  const inf = informerWith(workloads);
  ensureIndexes(inf, BY_SELECTOR_LABEL);
  const got = rows.map((row) => {
    const pod: KObject = { metadata: { name: 'p', namespace: row.namespace, labels: json(row.labels) } };
    return { ...row, workloads: selectorsSelecting(inf, pod).map((w) => w.metadata.name).join(', ') || '-' };
  });
  expect(got).toEqual(rows);
});

Given('these Pods are in a Pod informer:', function (table: DataTable) {
  (this as any).utilPods = table.hashes().map((r) => ({
    metadata: {
      name: r.name,
      namespace: r.namespace,
      labels: json(r.labels),
      ownerReferences: r.controller === '-' ? undefined : [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'x', uid: r.controller, controller: r.controller !== 'not-a-controller' }],
    },
  }));
});

Given('these workloads are in an informer:', function (table: DataTable) {
  (this as any).utilWorkloads = table.hashes().map((r) => ({ metadata: { name: r.name, namespace: r.namespace, uid: `uid-${r.name}` }, spec: { selector: json(r.selector) } }));
});
