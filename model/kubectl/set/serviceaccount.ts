/**
 * `kubectl set serviceaccount (-f FILE | TYPE NAME) SERVICE_ACCOUNT`: sets
 * spec.serviceAccountName of each object's Pod spec (the last argument is the account).
 */
import { KubectlError } from '../errors';
import type { Parsed } from '../args';
import type { Ctx } from '../kubectl';
import { applyChanges, setInfos, validateCommon } from './common';
import { podSpecOf } from './podspec';

export function runSetServiceAccount(ctx: Ctx, args: string[], p: Parsed): number {
  validateCommon(p);
  if (args.length === 0) throw new KubectlError('serviceaccount is required');
  const account = args[args.length - 1];
  const infos = setInfos(ctx, p, args.slice(0, -1), { ignoreLocalResources: true });
  // Unlike image, env and resources, an unchanged object is still sent and printed.
  return applyChanges(ctx, p, infos, 'serviceaccount updated', 'failed to patch ServiceAccountName ', (info, obj) => {
    podSpecOf(info.r, obj).serviceAccountName = account;
  }, [], { printUnchanged: true });
}
