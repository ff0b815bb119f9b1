/**
 * `kubectl wait` (pkg/cmd/wait, 1.32): waits, on virtual time, until each object named or
 * selected meets the condition: `--for=condition=NAME[=VALUE]` (a status condition, compared
 * case-insensitively, not stale against metadata.generation), `--for=delete`, `--for=create`,
 * `--for=jsonpath='{…}'[=VALUE]`, up to --timeout (30s; 0 checks once; negative, a week).
 * Prints "<kind>/<name> condition met" per object, or kubectl's timeout error.
 */
import { PRINT_FLAGS } from './output';
import type { KObject } from '../api/meta';
import { qualifiedResource } from '../api/registry';
import { StatusError } from '../api/status';
import { bool, F, str, type Parsed } from './args';
import { KubectlError } from './errors';
import { parseGoDuration } from './goparse';
import { executeJSONPath } from './jsonpath';
import type { Command } from './kubectl';
import { namedOrSelected, objectRef, parseResourceArgs, type ResourceRequest } from './resources';

/** How often the waiting kubectl looks again (virtual time; the real one watches). */
const STEP_MS = 250;
const WEEK_MS = 168 * 3600 * 1000;

type Check = (obj: KObject | undefined) => boolean;

/** conditionFuncFor: what --for asks, or kubectl's error for what it does not understand. */
function conditionFor(forArg: string): { kind: 'delete' | 'create' | 'check'; check: Check } {
  const lower = forArg.toLowerCase();
  if (lower === 'delete') return { kind: 'delete', check: (o) => o === undefined };
  if (lower === 'create') return { kind: 'create', check: (o) => o !== undefined };
  if (forArg.startsWith('condition=')) {
    let name = forArg.slice('condition='.length);
    let value = 'true';
    const eq = name.indexOf('=');
    if (eq >= 0) {
      value = name.slice(eq + 1);
      name = name.slice(0, eq);
    }
    return { kind: 'check', check: (o) => !!o && conditionMet(o, name, value) };
  }
  if (forArg.startsWith('jsonpath=')) {
    const { expr, value } = jsonPathInput(forArg.slice('jsonpath='.length));
    return { kind: 'check', check: (o) => !!o && jsonPathMet(o, expr, value) };
  }
  throw new KubectlError(`unrecognized condition: ${JSON.stringify(forArg)}`);
}

/** ConditionalWait.checkCondition: the first condition of that type decides. */
function conditionMet(obj: KObject, name: string, value: string): boolean {
  const conditions = obj.status?.conditions;
  if (!Array.isArray(conditions)) return false;
  for (const c of conditions) {
    if (typeof c?.type !== 'string' || c.type.toLowerCase() !== name.toLowerCase() || typeof c.status !== 'string') continue;
    // A condition observed for an older generation says nothing about this one.
    const generation = obj.metadata.generation;
    const observed = c.observedGeneration ?? obj.status?.observedGeneration;
    if (typeof generation === 'number' && typeof observed === 'number' && observed < generation) return false;
    return c.status.toLowerCase() === value.toLowerCase();
  }
  return false;
}

/** processJSONPathInput: "{.status.x}" or "{.status.x}=VALUE" (a `==` stays in the expression). */
function jsonPathInput(input: string): { expr: string; value: string } {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    if (input[i] === '=') {
      if (input[i + 1] === '=') {
        cur += '==';
        i++;
        continue;
      }
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += input[i];
  }
  parts.push(cur);
  if (parts.length < 1 || parts.length > 2) throw new KubectlError("jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'");
  let expr = parts[0];
  if (expr === '') throw new KubectlError('jsonpath expression cannot be empty');
  // RelaxedJSONPathExpression: ".a.b" and "{.a.b}" alike.
  if (!expr.startsWith('{')) expr = `{${expr.startsWith('.') ? '' : '.'}${expr}}`;
  if (parts.length === 1) return { expr, value: '' };
  const value = parts[1].replace(/^['"]+|['"]+$/g, '');
  if (value === '') throw new KubectlError("jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3");
  return { expr, value };
}

function jsonPathMet(obj: KObject, expr: string, value: string): boolean {
  const found = executeJSONPath(expr, obj);
  if (found === '') return false;
  if (value === '') return true;
  if (/^[[{]/.test(found)) throw new KubectlError('jsonpath leads to a nested object or list which is not supported');
  return found.trim() === value.trim();
}

function timeoutMs(p: Parsed): number {
  // The flag parser has checked the duration already (pflag's error otherwise).
  const ms = parseGoDuration(str(p, 'timeout') ?? '30s');
  return ms < 0 ? WEEK_MS : ms;
}

export const waitCommand: Command = {
  flags: [
    F.filename,
    F.recursive,
    F.selector,
    F.fieldSelector,
    F.allNamespaces,
    F.output,
    { name: 'all', type: 'bool' },
    { name: 'local', type: 'bool' },
    { name: 'for', type: 'string' },
    { name: 'timeout', type: 'duration' },
    ...PRINT_FLAGS,
  ],
  run(ctx, args, p) {
    const limit = timeoutMs(p);
    const cond = conditionFor(str(p, 'for') ?? '');
    if (args.length === 0) throw new KubectlError('You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   \'-f rsrc.yaml\'\n   \'--filename=rsrc.json\'\n   \'<resource> <name>\'\n   \'<resource>\'');
    const { requests } = parseResourceArgs(args);
    const allNs = bool(p, 'all-namespaces');
    const selector = str(p, 'selector');
    const deadline = ctx.now() + limit;
    const get = (q: ResourceRequest, name: string, ns?: string): KObject | undefined => {
      try {
        return ctx.client.get(q.r.resource, ns, name);
      } catch (e) {
        if (e instanceof StatusError && e.status.reason === 'NotFound') return undefined;
        throw e;
      }
    };
    // --for=create: first wait until every named object exists.
    if (cond.kind === 'create') {
      const exists = () => requests.every((q) => namedOrSelected(ctx, q, allNs, selector).every((t) => get(q, t.name, t.ns)));
      while (!exists()) {
        if (ctx.now() >= deadline) throw new KubectlError('timed out waiting for the condition');
        ctx.sim.advance(Math.min(STEP_MS, deadline - ctx.now()));
      }
    }
    let visited = 0;
    for (const q of requests) {
      const targets = namedOrSelected(ctx, q, allNs, selector);
      for (const t of targets) {
        const first = get(q, t.name, t.ns);
        if (!first && cond.kind !== 'delete') throw notFound(q, t.name);
        visited++;
        // The same object: a re-created one (another UID) counts as deleted.
        const uid = first?.metadata.uid;
        const met = () => {
          const o = get(q, t.name, t.ns);
          return cond.kind === 'delete' ? !o || o.metadata.uid !== uid : cond.check(o);
        };
        while (!met()) {
          if (cond.kind !== 'delete' && !get(q, t.name, t.ns)) throw notFound(q, t.name);
          if (ctx.now() >= deadline) throw new KubectlError(`timed out waiting for the condition on ${q.r.resource}/${t.name}`);
          ctx.sim.advance(Math.min(STEP_MS, deadline - ctx.now()));
        }
        ctx.out += `${objectRef(q.r, t.name)} condition met\n`;
      }
    }
    if (visited === 0 && cond.kind !== 'delete') throw new KubectlError('no matching resources found');
    return 0;
  },
};

function notFound(q: ResourceRequest, name: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `${qualifiedResource(q.r)} "${name}" not found`, reason: 'NotFound', details: { name, group: q.r.group || undefined, kind: q.r.resource }, code: 404 });
}
