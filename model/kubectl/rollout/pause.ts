/**
 * `kubectl rollout pause|resume|restart RESOURCE`: each computes the object's new form
 * (polymorphichelpers' ObjectPauser, ObjectResumer, ObjectRestarter), sends the strategic merge
 * patch from the old form to the new (set.CalculatePatches), and prints the operation.
 */
import { str, type Parsed } from '../args';
import { formatErrors, KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { findTargets, printTarget, requireResources, type Target } from './targets';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/** What one subcommand changes: the patch for an object, or why it cannot. */
interface Change {
  /** The name printer's operation on success. */
  operation: string;
  /** A patch, or a string: the error message ("is already paused"). */
  patch(ctx: Ctx, t: Target): object | string;
}

const PAUSE: Change = {
  operation: 'paused',
  patch: (_ctx, t) => {
    if (t.r.resource !== 'deployments') return 'pausing is not supported';
    if (t.obj.spec?.paused) return 'is already paused';
    return { spec: { paused: true } };
  },
};

const RESUME: Change = {
  operation: 'resumed',
  patch: (_ctx, t) => {
    if (t.r.resource !== 'deployments') return 'resuming is not supported';
    if (!t.obj.spec?.paused) return 'is not paused';
    // paused is omitempty: false leaves the JSON, so the patch deletes it.
    return { spec: { paused: null } };
  },
};

const RESTART: Change = {
  operation: 'restarted',
  patch: (ctx, t) => {
    if (!['deployments', 'daemonsets', 'statefulsets'].includes(t.r.resource)) return 'restarting is not supported';
    if (t.r.resource === 'deployments' && t.obj.spec?.paused) return "can't restart paused deployment (run rollout resume first)";
    // time.Now().Format(time.RFC3339), on the virtual clock.
    const now = ctx.sim.clock.nowRFC3339();
    if (t.obj.spec?.template?.metadata?.annotations?.[RESTARTED_AT] === now) return '';
    return { spec: { template: { metadata: { annotations: { [RESTARTED_AT]: now } } } } };
  },
};

export const CHANGES = { pause: PAUSE, resume: RESUME, restart: RESTART };

export function runChange(ctx: Ctx, sub: 'pause' | 'resume' | 'restart', args: string[], p: Parsed): number {
  requireResources(args, p);
  const change = CHANGES[sub];
  const { targets, errors } = findTargets(ctx, args, p);
  if (targets.length === 0 && errors.length === 0) {
    ctx.err += `No resources found in ${ctx.namespace} namespace.\n`;
    return 0;
  }
  for (const t of targets) {
    const name = t.obj.metadata.name!;
    const patch = change.patch(ctx, t);
    if (typeof patch === 'string' && patch !== '') {
      errors.push(new KubectlError(`error: ${t.r.resource}${t.r.group ? '.' + t.r.group : ''} ${JSON.stringify(name)} ${patch}`));
      continue;
    }
    if (patch === '') {
      // An empty patch: the annotation already says this second.
      errors.push(new KubectlError(`failed to create patch for ${name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`));
      continue;
    }
    try {
      const updated = ctx.client.patch(t.r.resource, t.ns, name, 'strategic', patch, { fieldManager: str(p, 'field-manager') ?? 'kubectl-rollout' });
      printTarget(ctx, p, { ...t, obj: updated }, change.operation);
    } catch (e: any) {
      if (e?.code === 0) throw e;
      errors.push(new KubectlError(`failed to patch: ${e?.status?.message ?? e?.message}`));
    }
  }
  if (errors.length) ctx.err += formatErrors(errors);
  return errors.length ? 1 : 0;
}
