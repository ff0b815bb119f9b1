/**
 * `kubectl taint nodes NAME KEY[=VALUE]:EFFECT … [KEY[:EFFECT]-]` (kubectl's cmd/taint): adds,
 * overwrites and removes Node taints with a strategic merge patch of spec.taints, printing
 * "node/x tainted", "modified" or "untainted" as reorganizeTaints decides, with upstream's
 * messages for bad specs, conflicts and taints already there.
 */
import type { KObject } from '../api/meta';
import { isQualifiedName, isValidLabelValue } from '../api/validation';
import { resolveResourceArg } from '../api/registry';
import { bool, F, str } from './args';
import { collectError, formatErrors, KubectlError } from './errors';
import type { Command } from './kubectl';
import { dryRunOf, dryRunSuffix } from './mapping';
import { usageError } from './cordon';
import { forOutput, parseOutput, PRINT_FLAGS, printObjects } from './output';

interface Taint {
  key: string;
  value?: string;
  effect?: string;
  timeAdded?: string;
}

const EFFECTS = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** Taint.ToString. */
function taintString(t: Taint): string {
  if (!t.effect) return t.value ? `${t.key}=${t.value}:` : t.key;
  return t.value ? `${t.key}=${t.value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** parseTaint: '<key>=<value>:<effect>', '<key>:<effect>' or '<key>'. */
function parseTaint(st: string): Taint {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect = '';
  if (parts.length === 1) key = parts[0];
  else if (parts.length === 2) {
    effect = parts[1];
    if (!EFFECTS.includes(effect)) throw new KubectlError(`invalid taint effect: ${effect}, unsupported taint effect`);
    const kv = parts[0].split('=');
    if (kv.length > 2) throw new KubectlError(`invalid taint spec: ${st}`);
    key = kv[0];
    if (kv.length === 2) {
      value = kv[1];
      const errs = isValidLabelValue(value);
      if (errs.length) throw new KubectlError(`invalid taint spec: ${st}, ${errs.join('; ')}`);
    }
  } else throw new KubectlError(`invalid taint spec: ${st}`);
  const errs = isQualifiedName(key);
  if (errs.length) throw new KubectlError(`invalid taint spec: ${st}, ${errs.join('; ')}`);
  return { key, ...(value ? { value } : {}), ...(effect ? { effect } : {}) };
}

/** parseTaints: what to add (each with an effect, unique by key and effect) and what to remove. */
function parseTaints(specs: string[]): { add: Taint[]; remove: Taint[] } {
  const add: Taint[] = [];
  const remove: Taint[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      remove.push({ key: t.key, ...(t.effect ? { effect: t.effect } : {}) });
      continue;
    }
    const t = parseTaint(spec);
    if (!t.effect) throw new KubectlError(`invalid taint spec: ${spec}`);
    // Go's %v of the struct: {Key Value Effect TimeAdded}.
    if (add.some((a) => a.key === t.key && a.effect === t.effect)) throw new KubectlError(`duplicated taints with the same key and effect: {${t.key} ${t.value ?? ''} ${t.effect} <nil>}`);
    add.push(t);
  }
  return { add, remove };
}

/** reorganizeTaints: the new list (added ones first, then the old ones they do not replace), the operation, and the removals not found. */
function reorganizeTaints(old: Taint[], overwrite: boolean, add: Taint[], remove: Taint[]): { operation: string; taints: Taint[]; errors: string[] } {
  let taints: Taint[] = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const before = taints.length;
    taints = taints.filter((t) => !(t.key === r.key && (!r.effect || t.effect === r.effect)));
    deleted = taints.length !== before;
    if (!deleted) errors.push(`taint ${JSON.stringify(taintString(r))} not found`);
  }
  const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints, errors };
}

export const taintCommand: Command = {
  flags: [F.selector, F.output, F.dryRun, F.validate, { name: 'overwrite', type: 'bool' }, { name: 'all', type: 'bool' }, { name: 'field-manager', type: 'string' }, ...PRINT_FLAGS],
  run(ctx, args, p) {
    const resources: string[] = [];
    const taintArgs: string[] = [];
    for (const s of args) {
      const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
      if (isTaint) taintArgs.push(s);
      else if (taintArgs.length) throw new KubectlError(`all resources must be specified before taint changes: ${s}`);
      else resources.push(s);
    }
    const dryRun = dryRunOf(p);
    if (resources.length < 1) throw new KubectlError('one or more resources must be specified as <resource> <name>');
    if (taintArgs.length < 1) throw new KubectlError('at least one taint update is required');
    let parsed: { add: Taint[]; remove: Taint[] };
    try {
      parsed = parseTaints(taintArgs);
    } catch (e) {
      if (e instanceof KubectlError) throw usageError('taint', e.message);
      throw e;
    }
    const type = resources[0].toLowerCase();
    const r = resolveResourceArg(type);
    if (!r) throw new KubectlError(`the server doesn't have a resource type "${type}"`);
    if (r.kind !== 'Node') throw new KubectlError(`invalid resource type ${type}, only node types are supported`);
    const conflicts = parsed.add.flatMap((a) => parsed.remove.filter((x) => x.key === a.key && (!x.effect || x.effect === a.effect)).map((x) => `${x.key}=${x.effect ?? ''}`));
    if (conflicts.length) throw new KubectlError(`can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
    const all = bool(p, 'all');
    const selector = str(p, 'selector') ?? '';
    if (all && selector) throw new KubectlError("setting 'all' parameter with a non empty selector is prohibited");
    if (!all && !selector && resources.length < 2) throw new KubectlError("at least one resource name must be specified since 'all' parameter is not set");
    const overwrite = bool(p, 'overwrite');
    const fmt = parseOutput(str(p, 'output'), false);
    const nodeType = r;
    const errors: unknown[] = [];
    let nodes: KObject[];
    if (all || selector) nodes = ctx.client.list('nodes', undefined, { labelSelector: selector || undefined }).items;
    else {
      nodes = [];
      for (const name of resources.slice(1)) {
        try {
          nodes.push(ctx.client.get('nodes', undefined, name));
        } catch (e) {
          collectError(errors, e);
        }
      }
    }
    for (const node of nodes) {
      const name = node.metadata.name!;
      const old: Taint[] = node.spec?.taints ?? [];
      if (!overwrite) {
        const exists = parsed.add.filter((t) => old.some((o) => o.key === t.key && o.effect === t.effect)).map((t) => t.key);
        if (exists.length) {
          errors.push(new KubectlError(`node ${name} already has ${exists.join(',')} taint(s) with same effect(s) and --overwrite is false`));
          continue;
        }
      }
      const { operation, taints, errors: notFound } = reorganizeTaints(old, overwrite, parsed.add, parsed.remove);
      if (notFound.length) {
        errors.push(new KubectlError(notFound.length === 1 ? notFound[0] : `[${notFound.join(', ')}]`));
        continue;
      }
      // The node as the patch leaves it: the server's answer, or (client dry run) the taints applied locally.
      let result: KObject = { ...node, spec: { ...node.spec, taints: taints.length ? taints : undefined } };
      if (dryRun !== 'client') {
        try {
          // spec.taints has no patch strategy: the two-way merge patch replaces the list.
          result = ctx.client.patch('nodes', undefined, name, 'strategic', { spec: { taints: taints.length ? taints : null } }, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-taint' });
        } catch (e) {
          collectError(errors, e);
          continue;
        }
      }
      if (fmt) ctx.out += printObjects([{ obj: forOutput(result, nodeType), r: nodeType }], fmt, true);
      else ctx.out += `node/${name} ${operation}${dryRunSuffix(dryRun)}\n`;
    }
    if (errors.length) {
      ctx.err += formatErrors(errors);
      return 1;
    }
    return 0;
  },
};
