/**
 * `kubectl set env RESOURCE/NAME KEY=VAL… [KEY-…]`: sets or removes environment variables of
 * the selected containers (-c, wildcards allowed), imports keys of a ConfigMap or Secret
 * (--from, --keys, --prefix), or lists the environment (--list).
 */
import type { KObject } from '../../api/meta';
import { bool, str, strs, type Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { applyChanges, setInfos, validateCommon } from './common';
import { podSpecOf } from './podspec';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: any;
}

const ENV_VAR_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
const ENV_VAR_NAME_MSG =
  "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";

/** envutil.SplitEnvironmentFromResources: resources first, then KEY=VAL and KEY- arguments. */
function splitEnvironment(args: string[]): { resources: string[]; envArgs: string[] } | undefined {
  const resources: string[] = [];
  const envArgs: string[] = [];
  for (const a of args) {
    const isEnv = /^.+=/s.test(a) || a.endsWith('-');
    if (isEnv) envArgs.push(a);
    else if (envArgs.length) return undefined;
    else resources.push(a);
  }
  return { resources, envArgs };
}

/** envutil.ParseEnv: the variables to set, the names to remove; "-" reads KEY=VAL lines from stdin. */
function parseEnv(specs: string[], stdin: string | undefined): { env: EnvVar[]; remove: string[] } {
  const env: EnvVar[] = [];
  const remove: string[] = [];
  const set = new Set<string>();
  for (const spec of specs) {
    if (spec === '-') {
      if (stdin === undefined) throw new KubectlError("when '-' is used, STDIN must be open");
      for (let line of stdin.split('\n')) {
        const hash = line.indexOf('#');
        if (hash >= 0) line = line.slice(0, hash);
        const eq = line.indexOf('=');
        if (eq >= 0) env.push({ name: line.slice(0, eq), value: line.slice(eq + 1) });
      }
    } else if (spec.includes('=')) {
      const eq = spec.indexOf('=');
      const name = spec.slice(0, eq);
      if (!ENV_VAR_NAME.test(name)) throw new KubectlError(`${JSON.stringify(name)} is not a valid key name: ${ENV_VAR_NAME_MSG}`);
      set.add(name);
      env.push({ name, value: spec.slice(eq + 1) });
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else throw new KubectlError(`unknown environment variable: ${spec}`);
  }
  if (remove.some((r) => set.has(r))) throw new KubectlError('can not both modify and remove the same environment variable in the same command');
  return { env, remove };
}

/** selectString: "*" matches all, else the name, with "*" wildcards checked as kubectl checks them. */
export function selectString(s: string, spec: string): boolean {
  if (spec === '*') return true;
  if (!spec.includes('*')) return s === spec;
  let pos = 0;
  const parts = spec.split('*');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (part.length === 0) continue;
    const found = s.slice(pos).indexOf(part);
    // Go's strings.Index on s[pos:], compared with pos as kubectl does.
    if (found < pos || (i === 0 && pos !== 0) || (i === parts.length - 1 && s.length !== part.length + found)) return false;
    pos = found;
  }
  return true;
}

/** updateEnv: existing variables kept in place (replaced or removed), new ones appended. */
function updateEnv(existing: EnvVar[], env: EnvVar[], remove: string[]): EnvVar[] {
  const out: EnvVar[] = [];
  const covered = new Set(remove);
  for (const e of existing) {
    if (covered.has(e.name)) continue;
    const newer = env.find((x) => x.name === e.name);
    if (newer) {
      covered.add(e.name);
      out.push(newer);
    } else out.push(e);
  }
  for (const e of env) {
    if (covered.has(e.name)) continue;
    covered.add(e.name);
    out.push(e);
  }
  return out;
}

/** envutil.GetEnvVarRefString. */
function refString(from: any): string {
  if (from?.configMapKeyRef) return `configmap ${from.configMapKeyRef.name}, key ${from.configMapKeyRef.key}`;
  if (from?.secretKeyRef) return `secret ${from.secretKeyRef.name}, key ${from.secretKeyRef.key}`;
  if (from?.fieldRef) return `field path ${from.fieldRef.fieldPath}`;
  if (from?.resourceFieldRef) return `resource field ${from.resourceFieldRef.containerName ? from.resourceFieldRef.containerName + '/' : ''}${from.resourceFieldRef.resource}`;
  return 'invalid valueFrom';
}

/** --from: every key (or those of --keys) of a ConfigMap or Secret as a reference to it. */
function envFrom(ctx: Ctx, p: Parsed, from: string): EnvVar[] {
  const keys = strs(p, 'keys');
  const out: EnvVar[] = [];
  for (const info of setInfos(ctx, p, [from])) {
    const o: KObject = info.obj;
    const ref = info.r.kind === 'Secret' ? 'secretKeyRef' : info.r.kind === 'ConfigMap' ? 'configMapKeyRef' : undefined;
    if (!ref) throw new KubectlError('unsupported resource specified in --from');
    for (const key of Object.keys(o.data ?? {}).sort()) {
      if (keys.length && !keys.includes(key)) continue;
      const name = key.replace(/[^A-Za-z0-9_]/g, '_').toUpperCase();
      if (name !== key) ctx.err += `Warning: key ${key} transferred to ${name}\n`;
      out.push({ name, valueFrom: { [ref]: { name: o.metadata.name, key } } });
    }
  }
  return out;
}

export function runSetEnv(ctx: Ctx, args: string[], p: Parsed): number {
  if (bool(p, 'all') && str(p, 'selector')) throw new KubectlError('cannot set --all and --selector at the same time');
  const split = splitEnvironment(args);
  if (!split) throw new KubectlError(`all resources must be specified before environment changes: ${args.join(' ')}`);
  validateCommon(p);
  if (strs(p, 'filename').length === 0 && split.resources.length < 1) throw new KubectlError('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  const list = bool(p, 'list');
  if (list && str(p, 'output')) throw new KubectlError('--list and --output may not be specified together');
  const from = str(p, 'from') ?? '';
  if (strs(p, 'keys').length && !from) throw new KubectlError('when specifying --keys, a configmap or secret must be provided with --from');
  const { env, remove } = parseEnv([...strs(p, 'env'), ...split.envArgs], ctx.io.stdin);
  if (from) env.push(...envFrom(ctx, p, from));
  const prefix = str(p, 'prefix') ?? '';
  if (prefix) for (const e of env) e.name = prefix + e.name;
  const infos = setInfos(ctx, p, split.resources);
  const selector = str(p, 'containers') ?? '*';
  const overwrite = bool(p, 'overwrite', true);
  const listed = { out: '' };
  const code = applyChanges(ctx, p, list ? [] : infos, 'env updated', 'failed to patch env update to pod template: ', (info, obj) => editEnv(ctx, info.r.kind, obj, podSpecOf(info.r, obj), env, remove, selector, overwrite, list, listed));
  if (list) {
    // --list prints each container's environment and changes nothing.
    for (const info of infos) {
      const obj = JSON.parse(JSON.stringify(info.obj));
      editEnv(ctx, info.r.kind, obj, podSpecOf(info.r, obj), env, remove, selector, overwrite, true, listed);
    }
    ctx.out += listed.out;
    return 0;
  }
  if (code === 0 && env.length === 0 && split.envArgs.length === 0 && !bool(p, 'local') && infos.length) throw new KubectlError('at least one environment variable must be provided');
  return code;
}

function editEnv(ctx: Ctx, kind: string, obj: KObject, spec: any, env: EnvVar[], remove: string[], selector: string, overwrite: boolean, list: boolean, listed: { out: string }): void {
  const containers = [...(spec.containers ?? []), ...(spec.initContainers ?? [])].filter((c: any) => selectString(c.name ?? '', selector));
  // Init containers are selected after the others (selectContainers of each, appended).
  containers.sort((a: any, b: any) => Number((spec.initContainers ?? []).includes(a)) - Number((spec.initContainers ?? []).includes(b)));
  if (containers.length === 0) {
    ctx.err += `Warning: ${kind}/${obj.metadata.name} does not have any containers matching ${JSON.stringify(selector)}\n`;
    return;
  }
  for (const c of containers) {
    if (!overwrite) {
      for (const e of env) {
        const cur = (c.env ?? []).find((x: EnvVar) => x.name === e.name);
        if (cur && (cur.value ?? '') !== (e.value ?? '')) throw new KubectlError(`'${cur.name}' already has a value (${cur.value ?? ''}), and --overwrite is false`);
      }
    }
    c.env = updateEnv(c.env ?? [], env, remove);
    if (c.env.length === 0) delete c.env;
    if (!list) continue;
    listed.out += `# ${kind} ${obj.metadata.name}, container ${c.name}\n`;
    for (const e of c.env ?? []) listed.out += e.valueFrom ? `# ${e.name} from ${refString(e.valueFrom)}\n` : `${e.name}=${e.value ?? ''}\n`;
  }
}
