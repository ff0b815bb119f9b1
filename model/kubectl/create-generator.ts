/**
 * The path every `kubectl create <generator>` of pkg/cmd/create follows: NameFromCommandArgs,
 * the dry-run strategy and the printer (Complete), the generator's own checks (Validate), then
 * the object built as the typed struct, the last-applied annotation with --save-config, a POST
 * unless --dry-run=client, and the printer. What a generator adds is its flags and its object.
 */
import type { KObject } from '../api/meta';
import { StatusError } from '../api/status';
import { bool, str, type FlagSpec, type Parsed } from './args';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';
import { dryRunOf, dryRunSuffix, LAST_APPLIED, validationDirective } from './mapping';
import { parseOutput, PRINT_FLAGS, printObjects } from './output';
import { sortedMap, typedCompactJSON, typedJSON } from './printers/typed-json';
import { toYAML } from './printers/yaml';
import { objectRef } from './resources';
import type { ResourceInfo } from '../api/registry';
import { dryRunWarning } from './klog';

/** The flags every generator has: PrintFlags, the apply annotation, validate, dry run, field manager. */
export const PRINT_AND_CREATE_FLAGS: FlagSpec[] = [
  { name: 'output', short: 'o', type: 'string' },
  ...PRINT_FLAGS,
  { name: 'save-config', type: 'bool' },
  { name: 'validate', type: 'string', noOptDefault: 'strict' },
  { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
  { name: 'field-manager', type: 'string' },
];

/** What the generator's type is to kubectl: its resource, for the POST and for "<kind>.<group>/NAME". */
export interface GeneratedType {
  group: string;
  version: string;
  kind: string;
  resource: string;
  namespaced: boolean;
}

export interface Generator {
  /** cobra's Use name and its aliases. */
  names: string[];
  type: GeneratedType;
  /** The generator's own flags (beside PRINT_AND_CREATE_FLAGS). */
  flags: FlagSpec[];
  required?: string[];
  /** How a failed POST reads: "failed to create quota: %v"; absent when the error is returned as is. */
  failedTo?: string;
  /** Complete's and Validate's checks, then the object; `warn` writes to stderr as the generator does. */
  build(name: string, p: Parsed, ctx: Ctx, warn: (line: string) => void): KObject;
}

function asResourceInfo(t: GeneratedType): ResourceInfo {
  return { ...t, singular: t.kind.toLowerCase(), shortNames: [], storage: t.resource, subresources: [], hasGeneration: false, verbs: [], categories: [] };
}

/** Runs `kubectl create <g.names[0]> NAME …` with the arguments after the subcommand. */
export function runGenerator(ctx: Ctx, g: Generator, args: string[], p: Parsed): number {
  const named = p.argsBeforeDash ?? args.length;
  if (named !== 1) throw new KubectlError(`exactly one NAME is required, got ${named}\nSee 'kubectl create ${g.names[0]} -h' for help and examples`);
  const name = args[0];
  const dryRun = dryRunOf(p);
  ctx.err += dryRunWarning(str(p, 'dry-run'), ctx.now());
  const fmt = parseOutput(str(p, 'output'), false);
  const fieldValidation = validationDirective(p);
  const t = g.type;
  const r = asResourceInfo(t);
  let obj = g.build(name, p, ctx, (line) => (ctx.err += line));
  // EnforceNamespace: a namespace given with -n lands in the object kubectl prints.
  if (t.namespaced && ctx.namespaceExplicit) obj.metadata.namespace = ctx.namespace;
  // util.CreateOrUpdateAnnotation: the typed object as JSON, before the annotation is added.
  // json.Encoder ends the document with a newline, which the annotation keeps.
  if (bool(p, 'save-config')) obj.metadata.annotations = sortedMap({ ...(obj.metadata.annotations ?? {}), [LAST_APPLIED]: typedCompactJSON(obj) + '\n' });
  if (dryRun !== 'client') {
    const ns = t.namespaced ? ctx.namespace : undefined;
    try {
      obj = ctx.client.create(t.resource, ns, JSON.parse(JSON.stringify(obj)), { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-create', fieldValidation });
    } catch (e) {
      if (g.failedTo && e instanceof StatusError && e.code !== 0) throw new KubectlError(`failed to create ${g.failedTo}: ${e.message}`);
      throw e;
    }
    delete obj.metadata.managedFields;
  }
  if (!fmt) ctx.out += `${objectRef(r, name)} created${dryRunSuffix(dryRun)}\n`;
  else if (dryRun === 'client' && fmt.kind === 'json') ctx.out += typedJSON(obj) + '\n';
  else if (dryRun === 'client' && fmt.kind === 'yaml') ctx.out += toYAML(obj);
  else ctx.out += printObjects([{ obj, r }], fmt, true);
  return 0;
}

/** A typed object's ObjectMeta as generators fill it: the name, an unset namespace, creationTimestamp: null. */
export function typedMeta(name: string, extra: Record<string, unknown> = {}): KObject['metadata'] {
  return { name, namespace: undefined, creationTimestamp: null as any, ...extra } as KObject['metadata'];
}
