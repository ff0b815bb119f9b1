import type { TraceEntry } from '../model/sim/trace';

/**
 * The trace read as messages between components: who called whom, with what. Node-local agents
 * (kubelet/<node>, containerd/<node>) become one participant each, so a picture of three Pods on
 * two workers has one kubelet lane, and the repeats fold. etcd reads are left out: every API
 * request reads before it writes, and the writes are what other components come to see.
 */
export interface Message {
  from: string;
  to: string;
  label: string;
  /** Virtual milliseconds of the trace entry. */
  t: number;
  seq: number;
  /** What kube-apiserver wrote to etcd for this request (put, delete, conflict), drawn on the same row. */
  stored?: string;
  /** The Event the same component recorded right after (reason is not in the trace: just that it did). */
  event?: boolean;
}

/** The participants in the order of the seeds' pictures; others follow in order of appearance. */
export const PARTICIPANTS = ['kubectl', 'kube-apiserver', 'etcd', 'kube-controller-manager', 'kube-scheduler', 'kubelet', 'containerd', 'cri-o', 'shim', 'runc', 'crun', 'containers'];

const SUBRESOURCES = new Set(['status', 'binding', 'eviction', 'scale', 'log', 'exec', 'attach', 'portforward', 'proxy', 'ephemeralcontainers', 'resize', 'finalize', 'approval', 'token']);

/** "kubelet/k8s-worker-1" -> "kubelet"; "containerd/k8s-worker-2" -> "containerd". */
export function participant(actor: string): string {
  const base = actor.split('/')[0];
  if (base === 'containerd-shim-runc-v2' || base === 'conmon') return 'shim';
  if (base === 'pause' || base === 'container') return 'containers';
  return base;
}

/** "pods/status/default/web-1" -> "pods/status"; "pods/default" -> "pods". */
export function resourceOf(target: string): string {
  const [res, second] = target.split('/');
  return second && SUBRESOURCES.has(second) ? `${res}/${second}` : res;
}

/** "/registry/pods/default/x" -> "pods"; "/registry/apps/deployments/..." keeps the group out. */
function etcdResource(key: string): string {
  const parts = key.split('/').filter(Boolean);
  if (parts[0] !== 'registry') return key;
  return parts[1] === 'apiextensions.k8s.io' || parts[1]?.includes('.') ? parts[2] ?? parts[1] : parts[1] ?? key;
}

/** runc's subcommand from its command line (create, start, kill, delete, state). */
function runcCommand(cmd: string | undefined): string {
  const words = (cmd ?? '').split(' ');
  for (let i = 1; i < words.length; i++) {
    if (words[i].startsWith('--')) {
      if (!words[i].includes('=')) i++;
      continue;
    }
    return words[i];
  }
  return 'run';
}

/** One trace entry as a message, or undefined for what the picture leaves out. */
export function messageOf(e: TraceEntry): Message | undefined {
  const at = { t: e.t, seq: e.seq };
  const who = participant(e.actor);
  switch (e.kind) {
    case 'api': {
      // The response code when it was not a success (a watch's detail is its resourceVersion: not drawn).
      const code = e.detail && /^\d{3}$/.test(e.detail) && !e.detail.startsWith('2') ? ` → ${e.detail}` : '';
      return { from: who, to: 'kube-apiserver', label: `${e.verb} ${resourceOf(e.target)}${code}`, ...at };
    }
    case 'etcd':
      if (e.verb === 'range') return undefined;
      return { from: who, to: 'etcd', label: `${e.verb}${e.detail === 'compare failed' ? ' (conflict)' : ''} ${etcdResource(e.target)}`.trimEnd(), ...at };
    case 'watch':
      return { from: 'kube-apiserver', to: who, label: `${e.verb} ${resourceOf(e.target)}`, ...at };
    case 'cri':
      // The runtime drives runc (crun) through its shim (conmon): "runc create" is that task API, the rest is the CRI.
      if (/^(runc|crun) /.test(e.verb)) return { from: who, to: 'shim', label: `task ${e.verb.split(' ')[1]}`, ...at };
      if (e.verb === 'ExecSync') return { from: 'kubelet', to: who, label: 'ExecSync', ...at };
      return { from: 'kubelet', to: who, label: e.verb, ...at };
    case 'process':
      if (e.verb !== 'start') return who === 'containers' && e.verb === 'exit' ? { from: 'containers', to: 'shim', label: `exit ${e.actor.split('/')[1] ?? ''}`.trimEnd(), ...at } : undefined;
      if (who === 'shim') return { from: e.actor.startsWith('conmon') ? 'cri-o' : 'containerd', to: 'shim', label: 'start shim', ...at };
      if (who === 'runc' || who === 'crun') return { from: 'shim', to: who, label: `${who} ${runcCommand(e.detail)}`, ...at };
      if (who === 'containers') return { from: 'runc', to: 'containers', label: `start ${e.actor.split('/')[0] === 'pause' ? 'pause' : e.actor.split('/')[1] ?? 'container'}`, ...at };
      return undefined;
    case 'netfilter':
      return { from: who, to: who, label: e.verb, ...at };
  }
  return undefined;
}

/**
 * The messages of a stretch of trace. A request's write to etcd joins the request's row, and an
 * Event a component records right after a request joins that request's row as "+ event": the
 * picture then shows one row per thing a component did.
 */
export function messagesOf(entries: readonly TraceEntry[]): Message[] {
  const out: Message[] = [];
  let request: Message | undefined;
  let eventFor: Message | undefined;
  // Containers are started by the OCI runtime last run: runc under containerd, crun under CRI-O.
  let oci = 'runc';
  for (const e of entries) {
    const m = messageOf(e);
    if (!m) continue;
    if (m.to === 'runc' || m.to === 'crun') oci = m.to;
    if (m.to === 'containers' && m.label.startsWith('start ')) m.from = oci;
    if (e.kind === 'etcd' && request && !request.stored && (e.verb === 'put' || e.verb === 'delete' || e.verb === 'txn')) {
      request.stored = e.verb === 'txn' ? 'conflict' : e.verb;
      continue;
    }
    if (e.kind === 'api' && e.verb === 'create' && resourceOf(e.target) === 'events' && eventFor && eventFor.from === m.from && /^2\d\d$/.test(e.detail ?? '200')) {
      eventFor.event = true;
      // The Event's own write to etcd goes with it, unseen.
      request = { ...m };
      continue;
    }
    out.push(m);
    request = e.kind === 'api' ? m : undefined;
    eventFor = e.kind === 'api' ? m : undefined;
  }
  return out;
}

/** The participants the messages use, in the seeds' order, then the rest as they appear. */
export function participantsOf(messages: readonly Message[]): string[] {
  const used = new Set<string>();
  for (const m of messages) {
    used.add(m.from).add(m.to);
    if (m.stored) used.add('etcd');
  }
  const known = PARTICIPANTS.filter((p) => used.has(p));
  const rest = [...used].filter((p) => !PARTICIPANTS.includes(p));
  return [...known, ...rest];
}
