/**
 * `kubectl set resources (-f FILE | TYPE NAME) --limits=… --requests=…`: sets resource limits
 * and requests of the selected containers (-c, all by default).
 */
import { parseQuantity, QuantityError } from '../../api/quantity';
import { bool, str, type Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { selectString } from './env';
import { applyChanges, setInfos, validateCommon } from './common';
import { podSpecOf } from './podspec';

/** generateversioned's populateResourceListV1: "cpu=100m,memory=256Mi", quantities parsed. */
function resourceList(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!spec) return out;
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new KubectlError(`Invalid argument syntax ${statement}, expected <resource>=<value>`);
    try {
      out[parts[0]] = parseQuantity(parts[1]).toString();
    } catch (e) {
      if (e instanceof QuantityError) throw new KubectlError(e.message);
      throw e;
    }
  }
  return out;
}

export function runSetResources(ctx: Ctx, args: string[], p: Parsed): number {
  const infos = setInfos(ctx, p, args);
  validateCommon(p);
  if (bool(p, 'all') && str(p, 'selector')) throw new KubectlError('cannot set --all and --selector at the same time');
  const limitsSpec = str(p, 'limits') ?? '';
  const requestsSpec = str(p, 'requests') ?? '';
  if (!limitsSpec && !requestsSpec) throw new KubectlError('you must specify an update to requests or limits (in the form of --requests/--limits)');
  const limits = resourceList(limitsSpec);
  const requests = resourceList(requestsSpec);
  const selector = str(p, 'containers') ?? '*';
  const errors: unknown[] = [];
  return applyChanges(ctx, p, infos, 'resource requirements updated', 'failed to patch resources update to pod template ', (info, obj) => {
    const spec = podSpecOf(info.r, obj);
    const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c: any) => selectString(c.name ?? '', selector));
    if (containers.length === 0) {
      errors.push(new KubectlError(`error: unable to find container named ${selector}`));
      return;
    }
    for (const c of containers) {
      c.resources = c.resources ?? {};
      if (limitsSpec) c.resources.limits = { ...(c.resources.limits ?? {}), ...limits };
      if (requestsSpec) c.resources.requests = { ...(c.resources.requests ?? {}), ...requests };
    }
  }, errors);
}
