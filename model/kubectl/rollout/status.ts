/**
 * `kubectl rollout status`: polymorphichelpers' status viewers, printed on every change of the
 * object while virtual time advances, until the rollout is done, fails, or --timeout passes.
 */
import type { KObject } from '../../api/meta';
import { parseGoDuration } from '../goparse';
import { bool, int, str, type Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { parseResourceArgs } from '../resources';
import { statefulSetStatus } from '../rollout-statefulset';

/** How long `rollout status` waits without --timeout (the real one waits forever). */
const DEFAULT_LIMIT_MS = 15 * 60 * 1000;
const STEP_MS = 100;

/** polymorphichelpers' status viewers: the line to print and whether the rollout is done. */
function statusOf(obj: KObject, resource: string, revision = 0): { text: string; done: boolean } {
  if (resource === 'statefulsets') return statefulSetStatus(obj);
  const name = obj.metadata.name;
  const s = obj.status ?? {};
  const generation = obj.metadata.generation ?? 0;
  if (resource === 'deployments') {
    // --revision: the Deployment must be running that revision (its revision annotation).
    if (revision > 0) {
      const raw = obj.metadata.annotations?.['deployment.kubernetes.io/revision'];
      if (raw !== undefined && !/^[+-]?\d+$/.test(raw)) throw new KubectlError(`cannot get the revision of deployment ${JSON.stringify(name)}: strconv.ParseInt: parsing ${JSON.stringify(raw)}: invalid syntax`);
      const running = raw === undefined ? 0 : Number(raw);
      if (revision !== running) throw new KubectlError(`desired revision (${revision}) is different from the running revision (${running})`);
    }
    if (generation <= (s.observedGeneration ?? 0)) {
      const progressing = (s.conditions ?? []).find((c: any) => c.type === 'Progressing');
      if (progressing?.reason === 'ProgressDeadlineExceeded') throw new KubectlError(`deployment ${JSON.stringify(name)} exceeded its progress deadline`);
      const want = obj.spec?.replicas;
      if (want !== undefined && (s.updatedReplicas ?? 0) < want)
        return { text: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${s.updatedReplicas ?? 0} out of ${want} new replicas have been updated...\n`, done: false };
      if ((s.replicas ?? 0) > (s.updatedReplicas ?? 0))
        return { text: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${(s.replicas ?? 0) - (s.updatedReplicas ?? 0)} old replicas are pending termination...\n`, done: false };
      if ((s.availableReplicas ?? 0) < (s.updatedReplicas ?? 0))
        return { text: `Waiting for deployment ${JSON.stringify(name)} rollout to finish: ${s.availableReplicas ?? 0} of ${s.updatedReplicas ?? 0} updated replicas are available...\n`, done: false };
      return { text: `deployment ${JSON.stringify(name)} successfully rolled out\n`, done: true };
    }
    return { text: 'Waiting for deployment spec update to be observed...\n', done: false };
  }
  // daemonsets
  if (obj.spec?.updateStrategy?.type !== 'RollingUpdate') throw new KubectlError('rollout status is only available for RollingUpdate strategy type');
  if (generation <= (s.observedGeneration ?? 0)) {
    if ((s.updatedNumberScheduled ?? 0) < (s.desiredNumberScheduled ?? 0))
      return { text: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${s.updatedNumberScheduled ?? 0} out of ${s.desiredNumberScheduled ?? 0} new pods have been updated...\n`, done: false };
    if ((s.numberAvailable ?? 0) < (s.desiredNumberScheduled ?? 0))
      return { text: `Waiting for daemon set ${JSON.stringify(name)} rollout to finish: ${s.numberAvailable ?? 0} of ${s.desiredNumberScheduled ?? 0} updated pods are available...\n`, done: false };
    return { text: `daemon set ${JSON.stringify(name)} successfully rolled out\n`, done: true };
  }
  return { text: 'Waiting for daemon set spec update to be observed...\n', done: false };
}

/** The status of one named Deployment or DaemonSet, waiting (with -w, the default) for the end. */
export function runStatus(ctx: Ctx, rest: string[], p: Parsed): number {
  if (rest.length === 0) throw new KubectlError('required resource not specified');
  const { requests } = parseResourceArgs(rest);
  // An empty type ("") names no resource the server has.
  if (requests.length === 0) throw new KubectlError(`the server doesn't have a resource type ""`);
  const q = requests[0];
  if (!q.names.length) throw new KubectlError('resource(s) were provided, but no name was specified');
  const revision = int(p, 'revision') ?? 0;
  if (revision < 0) throw new KubectlError(`revision must be a positive integer: ${revision}`);
  const ns = ctx.namespace;
  const obj = ctx.client.get(q.r.resource, ns, q.names[0]);
  // StatusViewerFor, once the object is read, names the schema.GroupKind: "ReplicaSet.apps".
  if (q.r.resource !== 'deployments' && q.r.resource !== 'daemonsets' && q.r.resource !== 'statefulsets')
    throw new KubectlError(`no status viewer has been implemented for ${q.r.kind}${q.r.group ? '.' + q.r.group : ''}`);
  return watchRollout(ctx, q.r.resource, ns, obj, bool(p, 'watch', true), str(p, 'timeout'), revision);
}

function watchRollout(ctx: Ctx, resource: string, ns: string, obj: KObject, watch: boolean, timeout: string | undefined, revision: number): number {
  const first = statusOf(obj, resource, revision);
  ctx.out += first.text;
  if (first.done || !watch) return 0;
  let limit = DEFAULT_LIMIT_MS;
  if (timeout && parseGoDuration(timeout) > 0) limit = parseGoDuration(timeout);
  let done = false;
  let failure: unknown;
  const handle = ctx.client.watch(
    resource,
    ns,
    { fieldSelector: `metadata.name=${obj.metadata.name}`, resourceVersion: obj.metadata.resourceVersion },
    (events) => {
      for (const ev of events) {
        if (done || failure) return;
        if (ev.type === 'DELETED') {
          failure = new KubectlError(`object has been deleted`);
          return;
        }
        if (ev.type !== 'ADDED' && ev.type !== 'MODIFIED') continue;
        try {
          const st = statusOf(ev.object, resource, revision);
          ctx.out += st.text;
          done = st.done;
        } catch (e) {
          failure = e;
        }
      }
    },
    () => undefined,
  );
  for (let waited = 0; !done && !failure && waited < limit; waited += STEP_MS) ctx.sim.advance(Math.min(STEP_MS, limit - waited));
  handle.stop();
  if (failure) throw failure;
  if (!done) throw new KubectlError('timed out waiting for the condition');
  return 0;
}
