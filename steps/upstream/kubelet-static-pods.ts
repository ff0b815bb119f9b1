/**
 * Upstream's static Pod tests (fixtures/upstream/kubelet-static-pods.json) on the model's file
 * source (StaticPodSource): a node's files (the model's NodeFiles, with inotify unless the case
 * turns it off), a fake clock and timers, the kubelet's log; the case writes the kubelet's config
 * and manifests, starts the source, then steps move the clock or change files. Each step reads the
 * Pods the kubelet was told of (what each change added and removed), a Pod's fields, the errors logged.
 */
import yaml from 'js-yaml';
import { NodeFiles } from '../../model/node/files';
import { isMirrorPod, isStaticPod, StaticPodSource } from '../../model/node/kubelet/static-pods';
import { MirrorPods } from '../../model/node/kubelet/mirror-pods';
import { StatusError } from '../../model/api/status';
import type { KubeletCore } from '../../model/node/kubelet/core';
import type { KObject } from '../../model/api/meta';
import { failuresOf, same, upstreamTable } from './fixtures';

const CONFIG = '/var/lib/kubelet/config.yaml';
/** The fake clock's start: a moment with milliseconds, for config.seen. */
const T0 = Date.parse('2025-03-18T10:21:22.519Z');

/** A source on a node of its own; `run(ms)` moves the clock, running the timers due. */
function fakeNode(c: any, node: string) {
  let now = T0;
  const timers: { at: number; seq: number; fn: () => void }[] = [];
  let seq = 0;
  const files = new NodeFiles(() => now);
  const logs: string[] = [];
  const changes: string[] = [];
  const known = new Map<string, KObject>();
  const host = {
    name: node,
    files: c.noInotify ? Object.assign(Object.create(files), { watch: () => () => {} }) : files,
  };
  const core = {
    host,
    ctx: {
      sim: { clock: { nowMs: () => now } },
      proc: { schedule: (ms: number, _what: string, fn: () => void) => timers.push({ at: now + ms, seq: seq++, fn }), onExit: () => {} },
      log: {
        info: (at: string, msg: string, fields: unknown) => logs.push(`I ${at} ${msg} ${JSON.stringify(fields)}`),
        error: (at: string, msg: string, fields: unknown) => logs.push(`E ${at} ${msg} ${JSON.stringify(fields)}`),
      },
    },
  } as unknown as KubeletCore;
  const name = (p: KObject) => `${p.metadata.namespace}/${p.metadata.name}`;
  const source = new StaticPodSource(core, (added, removed) => {
    for (const p of removed) known.delete(p.metadata.uid!);
    for (const p of added) known.set(p.metadata.uid!, p);
    changes.push(`added [${added.map(name).join(' ')}] removed [${removed.map(name).join(' ')}]`);
  });
  const run = (ms: number) => {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      if (!timers.length || timers[0].at > until) break;
      const t = timers.shift()!;
      now = t.at;
      t.fn();
    }
    now = until;
  };
  return { files, source, run, logs, changes, known, name, now: () => now };
}

/** The first line of what the YAML parser says of a text (the log quotes it). */
function parserError(text: string): string {
  try {
    yaml.load(text);
    return '(parsed)';
  } catch (e) {
    return String((e as Error).message).split('\n')[0];
  }
}

/** A Pod's fields at dotted paths; "$UID" in the expectation is the Pod's own UID, "$SEEN" when it was first seen. */
function fieldsOf(p: any, want: Record<string, unknown>, seen: string): { got: any; want: any } {
  const got: any = {};
  const fixed: any = {};
  for (const [path, w] of Object.entries(want)) {
    got[path] = path.split('.').reduce((o: any, k) => (o == null ? undefined : o[k]), p);
    fixed[path] = JSON.parse(JSON.stringify(w).split('$UID').join(p.metadata.uid).split('$SEEN').join(seen));
  }
  return { got, want: fixed };
}

function sourceCase(c: any): string | undefined {
  const n = fakeNode(c, c.node ?? 'k8s-master');
  if (c.config !== null) n.files.write(CONFIG, c.config ?? 'staticPodPath: /etc/kubernetes/manifests\n');
  for (const [path, text] of Object.entries(c.files ?? {})) n.files.write(path, text as string);
  const seen = new Date(n.now()).toISOString().replace('Z', '000000Z');
  n.source.start(CONFIG);
  const steps = [{ start: true, ...(c.then ?? {}) }, ...(c.steps ?? [])];
  for (const [i, step] of steps.entries()) {
    if (step.write) n.files.write(step.write, step.content);
    if (step.remove) n.files.remove(step.remove);
    n.run(step.after ?? 0);
    const got: any = {};
    const want: any = {};
    if ('pods' in step) (got.pods = [...n.known.values()].map(n.name).sort()), (want.pods = step.pods);
    if ('changes' in step) (got.changes = [...n.changes]), (want.changes = step.changes);
    if ('errors' in step) {
      got.errors = n.logs.filter((l) => l.startsWith('E '));
      want.errors = step.errors.map((e: string) => e.replace('$PARSER', () => JSON.stringify(parserError(c.files[step.parsed] ?? '')).slice(1, -1)));
    }
    if ('infos' in step) (got.infos = n.logs.filter((l) => l.startsWith('I '))), (want.infos = step.infos);
    if ('pod' in step) {
      const p = [...n.known.values()].find((q) => n.name(q) === step.pod);
      if (!p) return `step ${i + 1}: no Pod ${step.pod}`;
      const f = fieldsOf(p, step.fields, seen);
      got.fields = f.got;
      want.fields = f.want;
      if (step.get) (got.get = n.source.get(p.metadata.uid!) === p), (want.get = true);
    }
    if ('getUnknown' in step) (got.getUnknown = n.source.get(step.getUnknown) ?? null), (want.getUnknown = null);
    const problem = same(got, want);
    if (problem) return `step ${i + 1}: ${problem}`;
  }
  return undefined;
}

/** The UID of the only Pod a manifest gives on a node, at a path (under the config's staticPodPath). */
function uidOf(node: string, config: string, path: string, text: string): string {
  const n = fakeNode({}, node);
  n.files.write(CONFIG, config);
  n.files.write(path, text);
  n.source.start(CONFIG);
  const pods = [...n.known.values()];
  if (pods.length !== 1) throw new Error(`${pods.length} Pods from ${path} on ${node}`);
  return pods[0].metadata.uid!;
}

/** Two manifests (node, config, path, text; each defaulting to the first's): the same UID or not. */
function uidCase(c: any): string | undefined {
  const [a, b] = c.pair.map((x: any) => ({ node: 'k8s-master', config: 'staticPodPath: /etc/kubernetes/manifests\n', path: '/etc/kubernetes/manifests/web.yaml', ...c.pair[0], ...x }));
  const ua = uidOf(a.node, a.config, a.path, a.text);
  const ub = uidOf(b.node, b.config, b.path, b.text);
  return same({ md5: /^[0-9a-f]{32}$/.test(ua) || ua === c.ownUid, sameUid: ua === ub }, { md5: true, sameUid: c.sameUid });
}

function podSourceCase(c: any): string | undefined {
  const pod: any = { metadata: { name: 'p', annotations: c.annotations } };
  return same({ isStaticPod: isStaticPod(pod), isMirrorPod: isMirrorPod(pod) }, c.want);
}

/**
 * The mirror client (MirrorPods.ensure) for static Pod kube-system/web-node1 (UID and config.hash
 * hash-1) on node1: the kubelet's Pod informer holds the case's mirror, if any; the API client
 * answers create and delete as the case says.
 */
function mirrorCase(c: any): string | undefined {
  const calls: string[] = [];
  const logs: string[] = [];
  let created: any;
  const staticPod: any = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-node1', namespace: 'kube-system', uid: 'hash-1', labels: { tier: 'control-plane' }, annotations: { 'kubernetes.io/config.hash': 'hash-1', 'kubernetes.io/config.source': 'file' } },
    spec: { nodeName: 'node1', containers: [{ name: 'web', image: 'nginx' }] },
  };
  const mirror = c.mirror && {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'web-node1', namespace: 'kube-system', uid: 'mirror-uid', annotations: { 'kubernetes.io/config.mirror': c.mirror.hash }, ...(c.mirror.deleting ? { deletionTimestamp: '2025-03-18T10:21:22Z' } : {}) },
    spec: staticPod.spec,
  };
  const fail = (how: unknown) => {
    if (how === 'not an API error') throw new Error('unexpected end of JSON input');
    if (how) throw new StatusError({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code: how as number, reason: 'Failed', message: `the server answered ${how}` } as any);
  };
  const core = {
    host: { name: 'node1' },
    ctx: {
      client: {
        create: (_r: string, ns: string, body: any) => {
          calls.push(`POST ${ns}/${body.metadata.name}`);
          fail(c.createError);
          created = body;
          return body;
        },
        delete: (_r: string, ns: string, name: string, opts: any) => {
          calls.push(`DELETE ${ns}/${name} gracePeriodSeconds=${opts?.gracePeriodSeconds}`);
          fail(c.deleteError);
        },
      },
      log: {
        info: (at: string, msg: string, fields: unknown) => logs.push(`I ${at} ${msg} ${JSON.stringify(fields)}`),
        error: (at: string, msg: string, fields: unknown) => logs.push(`E ${at} ${msg} ${JSON.stringify(fields)}`),
      },
    },
  } as unknown as KubeletCore;
  const informer = { getByName: (ns: string, name: string) => (mirror && ns === 'kube-system' && name === 'web-node1' ? mirror : undefined) };
  const m = new MirrorPods(core, informer as any, () => (c.nodeUid === null ? undefined : 'node1-uid'));
  const got: any = { upToDate: m.get(staticPod)?.metadata.uid ?? null };
  try {
    m.ensure(staticPod);
  } catch (e) {
    got.threw = (e as Error).message;
  }
  got.calls = calls;
  got.logs = logs;
  if (created) {
    const { annotations, ownerReferences, uid, resourceVersion } = created.metadata;
    got.created = { annotations, ownerReferences, uid: uid ?? null, resourceVersion: resourceVersion ?? null, spec: JSON.stringify(created.spec) === JSON.stringify(staticPod.spec) };
  }
  return same(got, c.want);
}

export const KUBELET_STATIC_PODS_TABLES: Record<string, () => string[]> = {
  staticPodSource: () => failuresOf(upstreamTable('kubelet-static-pods', 'staticPodSource'), sourceCase),
  staticPodUID: () => failuresOf(upstreamTable('kubelet-static-pods', 'staticPodUID'), uidCase),
  podSource: () => failuresOf(upstreamTable('kubelet-static-pods', 'podSource'), podSourceCase),
  mirrorPods: () => failuresOf(upstreamTable('kubelet-static-pods', 'mirrorPods'), mirrorCase),
};
