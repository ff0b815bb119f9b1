/**
 * `kubectl set selector (-f FILE | TYPE NAME) EXPRESSIONS`: replaces a Service's selector with
 * the labels of the expression (set expressions are refused; other kinds too). Unlike the other
 * set commands it visits objects one by one and stops at the first error.
 */
import { parseToLabelSelector } from '../../api/labels/labelselector';
import { SelectorParseError } from '../../api/selectors';
import { bool, str, type Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { dryRunOf, dryRunSuffix } from '../mapping';
import { parseOutput, printObjects } from '../output';
import { objectRef } from '../resources';
import { threeWayPatch } from '../threeway';
import { typedJSON } from '../printers/typed-json';
import { deepCopy } from '../../api/meta';
import { forOutput } from '../output';
import { setInfos } from './common';
import { encodeTyped } from './typed';

export function runSetSelector(ctx: Ctx, args: string[], p: Parsed): number {
  const dryRun = dryRunOf(p);
  // getResourcesAndSelector: the last argument is the selector, the others the resources.
  let selector: ReturnType<typeof parseToLabelSelector> | undefined;
  const resources = args.slice(0, -1);
  if (args.length) {
    try {
      selector = parseToLabelSelector(args[args.length - 1]);
    } catch (e) {
      if (e instanceof SelectorParseError) throw new KubectlError(e.message);
      throw e;
    }
  }
  if (!selector) throw new KubectlError('one selector is required');
  const infos = setInfos(ctx, p, resources);
  const local = bool(p, 'local');
  const fmt = parseOutput(str(p, 'output'), false);
  for (const info of infos) {
    const modified = deepCopy(info.obj);
    // updateSelectorForObject: only a Service, only equality requirements.
    if (selector.matchExpressions.length)
      throw new KubectlError(`match expression [${selector.matchExpressions.map((e) => `{${e.key} ${e.operator} [${(e.values ?? []).join(' ')}]}`).join(' ')}] not supported on this object`);
    if (info.r.kind !== 'Service') throw new KubectlError('setting a selector is only supported for Services');
    modified.spec = { ...(modified.spec ?? {}), selector: { ...selector.matchLabels } };
    let result = modified;
    if (!local && dryRun !== 'client') {
      const patch = threeWayPatch(info.obj, modified, info.obj);
      // A refused patch ends the visit with the server's error, as it is.
      result = ctx.client.patch(info.r.resource, info.ns, info.obj.metadata.name!, 'strategic', patch, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-set' });
    }
    const typed = encodeTyped(info.r, forOutput(result, info.r));
    if (fmt?.kind === 'json') ctx.out += typedJSON(typed) + '\n';
    else if (fmt) ctx.out += printObjects([{ obj: typed, r: info.r }], fmt, true);
    else ctx.out += `${objectRef(info.r, result.metadata.name ?? '')} selector updated${dryRunSuffix(dryRun)}\n`;
  }
  return 0;
}
