/**
 * pkg/drain's evictPods and deletePods on virtual time. Upstream runs one goroutine per Pod:
 * it prints "evicting pod ns/name", POSTs an Eviction, and on 429 (a PodDisruptionBudget in the
 * way) prints the error with "(will retry after 5s)" and tries again five seconds later; once
 * accepted it polls the Pod every second until it is gone ("pod/name evicted"). Here the Pods
 * take their turns in list order at each instant, and the clock moves to the next one due.
 */
import type { KObject } from '../../api/meta';
import { StatusError } from '../../api/status';
import { goDuration } from '../../node/kubelet/backoff';
import type { Ctx } from '../kubectl';
import { shouldSkipPod } from './filters';

const RETRY_MS = 5_000;
const POLL_MS = 1_000;
/**
 * A drain without --timeout waits as long as it takes upstream; the model gives up after 10
 * minutes of virtual time instead, reporting it as that timeout, so a budget that never allows a
 * disruption cannot spin the simulation (and its trace) for ever.
 */
const MODEL_WAIT_LIMIT_MS = 10 * 60_000;

export interface EvictOptions {
  gracePeriodSeconds: number;
  /** --timeout in ms; 0 is infinite. */
  timeoutMs: number;
  serverDryRun: boolean;
  usingEviction: boolean;
  skipWaitForDeleteTimeoutSeconds: number;
}

interface Turn {
  pod: KObject;
  state: 'evict' | 'wait';
  at: number;
}

const q = JSON.stringify;

/** Evicts (or deletes) the Pods; returns the errors of those that failed, as upstream words them. */
export function evictOrDeletePods(ctx: Ctx, pods: KObject[], o: EvictOptions): string[] {
  if (pods.length === 0) return [];
  const start = ctx.now();
  const limit = o.timeoutMs > 0 ? o.timeoutMs : MODEL_WAIT_LIMIT_MS;
  const shownTimeout = goDuration(o.timeoutMs > 0 ? o.timeoutMs : MODEL_WAIT_LIMIT_MS);
  const errors: string[] = [];
  const turns: Turn[] = [];
  if (o.usingEviction) {
    // One goroutine per Pod, started in list order. Their interleaving varies from run to run;
    // most often Go's scheduler runs the newest one first (runnext), then the others as queued.
    const order = [...pods.slice(-1), ...pods.slice(0, -1)];
    for (const pod of order) turns.push({ pod, state: 'evict', at: start });
  }
  else {
    // deletePods: every delete first, then one wait for them all.
    for (const pod of pods) {
      try {
        ctx.client.delete('pods', pod.metadata.namespace, pod.metadata.name!, { gracePeriodSeconds: o.gracePeriodSeconds >= 0 ? o.gracePeriodSeconds : undefined, dryRun: o.serverDryRun });
      } catch (e) {
        if (!(e instanceof StatusError) || e.code === 0) throw e;
        if (e.code !== 404) return [e.status.message];
      }
    }
    if (!o.serverDryRun) for (const pod of pods) turns.push({ pod, state: 'wait', at: start });
  }
  const verb = o.usingEviction ? 'evicted' : 'deleted';
  while (turns.length) {
    const now = ctx.now();
    for (const t of [...turns]) {
      if (t.at > now) continue;
      const done = () => turns.splice(turns.indexOf(t), 1);
      const { name, namespace } = t.pod.metadata;
      if (t.state === 'evict') {
        ctx.out += `evicting pod ${namespace}/${name}${o.serverDryRun ? ' (server dry run)' : ''}\n`;
        if (now - start >= limit) {
          errors.push(`error when evicting pods/${q(name)} -n ${q(namespace)}: global timeout reached: ${shownTimeout}`);
          done();
          continue;
        }
        try {
          evict(ctx, t.pod, o);
        } catch (e) {
          if (!(e instanceof StatusError) || e.code === 0) throw e;
          if (e.code === 404) {
            done();
            continue;
          }
          const terminating = e.code === 403 && (e.status.details?.causes ?? []).some((c) => c.reason === 'NamespaceTerminating');
          if (e.code === 429) {
            ctx.err += `error when evicting pods/${q(name)} -n ${q(namespace)} (will retry after 5s): ${e.status.message}\n`;
            t.at = now + RETRY_MS;
            continue;
          }
          if (terminating && !t.pod.metadata.deletionTimestamp) {
            ctx.err += `error when evicting pod ${q(name)} from terminating namespace ${q(namespace)} (will retry after 5s): ${e.status.message}\n`;
            t.at = now + RETRY_MS;
            continue;
          }
          if (!terminating) {
            errors.push(`error when evicting pods/${q(name)} -n ${q(namespace)}: ${e.status.message}`);
            done();
            continue;
          }
        }
        if (o.serverDryRun) {
          done();
          continue;
        }
        t.state = 'wait';
      }
      // waitForDelete: gone, or replaced by a Pod of the same name with another uid.
      if (now - start >= limit) {
        errors.push(`error when waiting for pod ${q(name)} in namespace ${q(namespace)} to terminate: context deadline exceeded`);
        done();
        continue;
      }
      const cur = ctx.client.tryGet('pods', namespace, name!);
      if (!cur || cur.metadata.uid !== t.pod.metadata.uid) {
        ctx.out += `pod/${name} ${verb}\n`;
        done();
        continue;
      }
      if (shouldSkipPod(cur, o.skipWaitForDeleteTimeoutSeconds, now)) {
        ctx.out += `pod ${q(name)} has DeletionTimestamp older than ${o.skipWaitForDeleteTimeoutSeconds} seconds, skipping\n`;
        done();
        continue;
      }
      t.at = now + POLL_MS;
    }
    if (!turns.length) break;
    const next = Math.min(...turns.map((t) => t.at), start + limit);
    ctx.sim.advance(Math.max(next - ctx.now(), 0) || 1);
  }
  return errors;
}

/** EvictPod: POST pods/<name>/eviction with a policy/v1 Eviction and the drain's DeleteOptions. */
function evict(ctx: Ctx, pod: KObject, o: EvictOptions): void {
  const deleteOptions: Record<string, unknown> = {};
  if (o.gracePeriodSeconds >= 0) deleteOptions.gracePeriodSeconds = o.gracePeriodSeconds;
  if (o.serverDryRun) deleteOptions.dryRun = ['All'];
  ctx.client.request({
    verb: 'create',
    resource: 'pods',
    subresource: 'eviction',
    namespace: pod.metadata.namespace,
    name: pod.metadata.name,
    body: { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name: pod.metadata.name, namespace: pod.metadata.namespace }, deleteOptions },
    query: o.serverDryRun ? { dryRun: 'All' } : {},
  });
}
