/**
 * What `kubectl create configmap` and `kubectl create secret generic` share: the sources of keys
 * (--from-literal key=value, --from-file [key=]path or a directory, --from-env-file) parsed
 * as kubectl's util.ParseLiteralSource / ParseFileSource / cmdutil.AddFromEnvFile do, the
 * --append-hash suffix (pkg/util/hash), and how a generated object is created or printed.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { KObject } from '../api/meta';
import { resourceByName } from '../api/registry';
import { StatusError } from '../api/status';
import { bool, str, type FlagSpec, type Parsed } from './args';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';
import { dryRunOf, dryRunSuffix, LAST_APPLIED, validationDirective } from './mapping';
import { forOutput, parseOutput, printObjects } from './output';
import { goString } from './printers/json';
import { sortedMap, typedCompactJSON, typedJSON } from './printers/typed-json';
import { PRINT_AND_CREATE_FLAGS } from './create-generator';
import { toYAML } from './printers/yaml';
import { objectRef } from './resources';

/** The flags of the generators that read sources (configmap, secret): the common ones and --append-hash. */
export const GENERATOR_FLAGS: FlagSpec[] = [...PRINT_AND_CREATE_FLAGS, { name: 'append-hash', type: 'bool' }];

/** NameFromCommandArgs. */
export function nameFromArgs(args: string[], command: string): string {
  if (args.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${args.length}\nSee 'kubectl ${command} -h' for help and examples`);
  return args[0];
}

/** util.ParseLiteralSource: split at the first '=', which must not come first. */
export function parseLiteralSource(source: string): [string, string] {
  const eq = source.indexOf('=');
  if (eq <= 0) throw new KubectlError(`invalid literal source ${source}, expected key=value`);
  return [source.slice(0, eq), source.slice(eq + 1)];
}

/** util.ParseFileSource: "path" (its base name is the key) or "key=path"; keys hold no '='. */
export function parseFileSource(source: string): [string, string] {
  const n = source.split('=').length - 1;
  if (n === 0) return [path.posix.basename(source.replace(/\\/g, '/')), source];
  if (n === 1 && source.startsWith('=')) throw new KubectlError(`key name for file path ${source.slice(1)} missing`);
  if (n === 1 && source.endsWith('=')) throw new KubectlError(`file path for key name ${source.slice(0, -1)} missing`);
  if (n > 1) throw new KubectlError("key names or file paths cannot contain '='");
  const [key, file] = source.split('=');
  return [key, file];
}

/** Files as kubectl sees them (the play's virtual files or the real filesystem). */
export class SourceFiles {
  constructor(private readonly ctx: Ctx) {}

  private full(p: string): string {
    return path.resolve(this.ctx.io.cwd, p);
  }

  stat(p: string): 'file' | 'dir' | undefined {
    const full = this.full(p);
    if (this.ctx.io.stat) return this.ctx.io.stat(full);
    try {
      return fs.statSync(full).isDirectory() ? 'dir' : 'file';
    } catch {
      return undefined;
    }
  }

  read(p: string): string {
    const full = this.full(p);
    return this.ctx.io.readFile ? this.ctx.io.readFile(full) : fs.readFileSync(full, 'utf8');
  }

  /** os.ReadDir: entry names sorted. */
  list(p: string): string[] {
    const full = this.full(p);
    return [...(this.ctx.io.readdir ? this.ctx.io.readdir(full) : fs.readdirSync(full))].sort();
  }

  /** os.Stat's error as the generators word it. */
  mustExist(p: string): 'file' | 'dir' {
    const kind = this.stat(p);
    if (!kind) throw new KubectlError(`error reading ${p}: no such file or directory`);
    return kind;
  }
}

/**
 * --from-file: each source adds one key, or, for a directory, one key per regular file in it
 * (a directory cannot be given a key name).
 */
export function eachFileSource(files: SourceFiles, sources: string[], add: (key: string, content: string) => void): void {
  for (const source of sources) {
    const [key, file] = parseFileSource(source);
    if (files.mustExist(file) === 'dir') {
      if (source.includes('=')) throw new KubectlError('cannot give a key name for a directory path');
      for (const name of files.list(file)) {
        const item = path.join(file, name);
        if (files.stat(item) === 'file') add(name, files.read(item));
      }
    } else add(key, files.read(file));
  }
}

/** An environment variable name as IsEnvVarName checks it (the env file's keys). */
const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/**
 * --from-env-file: KEY=value lines; blank lines and # comments skipped, leading white space
 * trimmed, a BOM dropped from the first line; a line without '=' takes its value from
 * kubectl's own environment, which in the model is empty.
 */
export function eachEnvFileSource(files: SourceFiles, sources: string[], what: 'config' | 'secret', add: (key: string, value: string) => void): void {
  for (const source of sources) {
    if (files.mustExist(source) === 'dir') throw new KubectlError(`env ${what} file cannot be a directory`);
    const lines = files.read(source).split(/\r?\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    lines.forEach((raw, i) => {
      const line = (i === 0 ? raw.replace(/^\uFEFF/, '') : raw).replace(/^\s+/, '');
      if (line === '' || line.startsWith('#')) return;
      const eq = line.indexOf('=');
      const key = eq < 0 ? line : line.slice(0, eq);
      if (!ENV_VAR_NAME.test(key)) throw new KubectlError(`${JSON.stringify(key)} is not a valid key name: ${ENV_VAR_NAME_MSG}`);
      add(key, eq < 0 ? '' : line.slice(eq + 1));
    });
  }
}

/**
 * encodeHash(sha256(json)): the first ten hex digits with 0, 1, 3, a, e mapped to consonants,
 * so a generated name never spells a word.
 */
export function nameHash(encoded: string): string {
  const map: Record<string, string> = { '0': 'g', '1': 'h', '3': 'k', a: 'm', e: 't' };
  return [...createHash('sha256').update(encoded, 'utf8').digest('hex').slice(0, 10)].map((c) => map[c] ?? c).join('');
}

/** Go's json.Marshal of a map (keys sorted, HTML escaped): what the hash is taken of. */
export function goMarshal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return goString(v);
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map(goMarshal).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${goString(k)}:${goMarshal(o[k])}`)
    .join(',')}}`;
}

/**
 * The end of every generator's Run: the apply annotation (--save-config), the create request
 * unless --dry-run=client, and the object printed (-o) or named ("configmap/x created").
 * `failure` words the server's refusal as each generator does.
 */
export function createOrPrint(ctx: Ctx, p: Parsed, resource: string, built: KObject, failure: (message: string) => string): number {
  const r = resourceByName(resource)!;
  const dryRun = dryRunOf(p);
  const fieldValidation = validationDirective(p);
  const fmt = parseOutput(str(p, 'output'), false);
  let obj = ordered(built);
  if (ctx.namespaceExplicit) obj.metadata.namespace = ctx.namespace;
  // CreateOrUpdateAnnotation: the typed object as the default JSON encoder writes it (struct order, compact).
  if (bool(p, 'save-config')) obj.metadata.annotations = { [LAST_APPLIED]: typedCompactJSON(obj) + '\n' };
  let result = obj;
  if (dryRun !== 'client') {
    const body: KObject = JSON.parse(JSON.stringify(obj));
    body.metadata.namespace = ctx.namespace;
    try {
      result = ctx.client.create(r.resource, ctx.namespace, body, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-create', fieldValidation });
    } catch (e) {
      if (e instanceof StatusError && e.code !== 0) throw new KubectlError(failure(e.message));
      throw e;
    }
  }
  const name = result.metadata.name ?? obj.metadata.name ?? '';
  if (!fmt) ctx.out += `${objectRef(r, name)} created${dryRunSuffix(dryRun)}\n`;
  else if (dryRun === 'client' && fmt.kind === 'json') ctx.out += typedJSON(obj) + '\n';
  else if (dryRun === 'client' && fmt.kind === 'yaml') ctx.out += toYAML(obj);
  else ctx.out += printObjects([{ obj: dryRun === 'client' ? obj : forOutput(result, r), r }], fmt, true);
  return 0;
}

/**
 * ObjectMeta in struct order (name, namespace, creationTimestamp, annotations), the rest as built,
 * with the Go maps' keys (data, binaryData, stringData, labels, annotations) sorted as encoding/json writes them.
 */
function ordered(obj: KObject): KObject {
  const { name, namespace, creationTimestamp, labels, annotations } = obj.metadata as any;
  const out: any = { ...obj, metadata: { name, namespace, creationTimestamp: creationTimestamp ?? null, labels: labels && sortedMap(labels), annotations: annotations && sortedMap(annotations) } };
  for (const k of ['data', 'binaryData', 'stringData']) if (out[k]) out[k] = sortedMap(out[k]);
  return out;
}
