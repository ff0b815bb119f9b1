/**
 * kubectl's pkg/drain filters: which Pods on a node a drain deletes, skips, warns about or
 * refuses, in upstream's order (skip deleted, DaemonSet, mirror, local storage, unreplicated);
 * the first filter that does not delete a Pod decides it. The messages are upstream's, the
 * doubled "cannot delete cannot delete Pods that declare no controller" included.
 */
import { controllerOf, type KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import { messageForError } from '../errors';
import type { Ctx } from '../kubectl';

const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
const UNMANAGED_FATAL = 'cannot delete Pods that declare no controller (use --force to override)';
const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';

export interface DrainOptions {
  force: boolean;
  ignoreAllDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  podSelector?: string;
  /** --skip-wait-for-delete-timeout in seconds (0: never skip). */
  skipWaitForDeleteTimeoutSeconds: number;
  nowMs: number;
}

/** shouldSkipPod: a Pod marked for deletion longer than --skip-wait-for-delete-timeout ago. */
export function shouldSkipPod(pod: KObject, skipSeconds: number, nowMs: number): boolean {
  const ts = pod.metadata.deletionTimestamp;
  return skipSeconds > 0 && !!ts && Math.trunc((nowMs - Date.parse(ts)) / 1000) > skipSeconds;
}

/** PodDeleteStatus. */
export interface PodDelete {
  pod: KObject;
  delete: boolean;
  reason: 'Okay' | 'Skip' | 'Warning' | 'Error';
  message: string;
}

const okay = { delete: true, reason: 'Okay', message: '' } as const;
const finished = (pod: KObject) => pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';

type Filter = (pod: KObject) => Omit<PodDelete, 'pod'>;

function filters(ctx: Ctx, o: DrainOptions): Filter[] {
  const daemonSet: Filter = (pod) => {
    const ref = controllerOf(pod);
    if (!ref || ref.kind !== 'DaemonSet') return okay;
    if (finished(pod)) return okay;
    try {
      ctx.client.get('daemonsets', pod.metadata.namespace, ref.name);
    } catch (e) {
      if (!(e instanceof StatusError) || e.code === 0) throw e;
      // An orphan of a DaemonSet that is gone goes with --force, with a warning.
      if (e.code === 404 && o.force) return { delete: true, reason: 'Warning', message: messageForError(e) };
      return { delete: false, reason: 'Error', message: messageForError(e) };
    }
    if (!o.ignoreAllDaemonSets) return { delete: false, reason: 'Error', message: DAEMONSET_FATAL };
    return { delete: false, reason: 'Warning', message: DAEMONSET_WARNING };
  };
  const mirror: Filter = (pod) => (pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined ? { delete: false, reason: 'Skip', message: '' } : okay);
  const localStorage: Filter = (pod) => {
    if (!(pod.spec?.volumes ?? []).some((v: any) => v?.emptyDir)) return okay;
    if (finished(pod)) return okay;
    if (!o.deleteEmptyDirData) return { delete: false, reason: 'Error', message: LOCAL_STORAGE_FATAL };
    return { delete: true, reason: 'Warning', message: LOCAL_STORAGE_WARNING };
  };
  const unreplicated: Filter = (pod) => {
    if (finished(pod)) return okay;
    if (controllerOf(pod)) return okay;
    if (o.force) return { delete: true, reason: 'Warning', message: UNMANAGED_WARNING };
    return { delete: false, reason: 'Error', message: UNMANAGED_FATAL };
  };
  const skipDeleted: Filter = (pod) => (shouldSkipPod(pod, o.skipWaitForDeleteTimeoutSeconds, o.nowMs) ? { delete: false, reason: 'Skip', message: '' } : okay);
  return [skipDeleted, daemonSet, mirror, localStorage, unreplicated];
}

/** filterPods: each Pod with the status of the first filter that keeps it, or of the last one. */
export function filterPods(ctx: Ctx, pods: KObject[], o: DrainOptions): PodDelete[] {
  const fs = filters(ctx, o);
  return pods.map((pod) => {
    let status: Omit<PodDelete, 'pod'> = okay;
    for (const f of fs) {
      status = f(pod);
      if (!status.delete) break;
    }
    return { pod, ...status };
  });
}

/** Groups "ns/name" by message, in the order the messages first appear (Go ranges over a map). */
function byMessage(list: PodDelete[], reason: PodDelete['reason']): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const d of list) {
    if (d.reason !== reason) continue;
    const msg = reason === 'Error' && !d.message ? 'unexpected error' : d.message;
    m.set(msg, [...(m.get(msg) ?? []), `${d.pod.metadata.namespace}/${d.pod.metadata.name}`]);
  }
  return m;
}

/** PodDeleteList.Warnings: "msg: ns/a, ns/b" joined with "; ". */
export function warnings(list: PodDelete[]): string {
  return [...byMessage(list, 'Warning')].map(([msg, pods]) => `${msg}: ${pods.join(', ')}`).join('; ');
}

/** PodDeleteList.errors: "cannot delete <msg>: ns/a, ns/b", one per message. */
export function errorsOf(list: PodDelete[]): string[] {
  return [...byMessage(list, 'Error')].map(([msg, pods]) => `cannot delete ${msg}: ${pods.join(', ')}`);
}

/** PodDeleteList.Pods: those to delete or evict. */
export function podsToDelete(list: PodDelete[]): KObject[] {
  return list.filter((d) => d.delete).map((d) => d.pod);
}
