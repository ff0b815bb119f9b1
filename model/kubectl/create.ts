import { typedJSON } from './printers/typed-json';
import type { KObject } from '../api/meta';
import { resourceByName, type ResourceInfo } from '../api/registry';
import { StatusError } from '../api/status';
import { bool, F, int, str, strs, type FlagSpec, type Parsed } from './args';
import { addSourceToErr, formatErrors, KubectlError, collectError } from './errors';
import { dryRunOf, dryRunSuffix, mappingFor, namespaceFor, validationDirective, withApplyAnnotation } from './mapping';
import type { Command, Ctx } from './kubectl';
import { readManifests } from './manifests';
import { forOutput, parseOutput, PRINT_FLAGS, printEach, printObjects } from './output';
import { toYAML } from './printers/yaml';
import { objectRef } from './resources';
import { isServiceType, serviceFor } from './create-service';
import { checkRequiredFlags, dryRunWarning } from './klog';
import { matchesLabels, parseLabelSelector, SelectorParseError } from '../api/labels/selector';
import { runGenerator } from './create-generator';
import { generatorFlags, generatorFor } from './create-generators';
import { CONFIGMAP_FLAGS, createConfigMap } from './create-configmap';
import { createSecret, SECRET_ANY_FLAGS } from './create-secret';
import { createToken, TOKEN_FLAGS } from './create-token';

const CREATE_FLAGS: FlagSpec[] = [
  F.filename,
  F.recursive,
  F.selector,
  F.output,
  F.dryRun,
  F.validate,
  F.fieldManager,
  { name: 'save-config', type: 'bool' },
  { name: 'edit', type: 'bool' },
  { name: 'image', type: 'strings' },
  { name: 'replicas', short: 'r', type: 'int32' },
  { name: 'port', type: 'int32' },
  { name: 'tcp', type: 'strings' },
  { name: 'node-port', type: 'int' },
  { name: 'clusterip', type: 'string' },
  { name: 'external-name', type: 'string' },
  ...PRINT_FLAGS,
];

/** `kubectl create -f`, `create deployment NAME --image=...`, `create namespace|serviceaccount NAME`. */
export const createCommand: Command = {
  flags: CREATE_FLAGS,
  requiredFlags: (sub) => (sub === 'deployment' || sub === 'deploy' ? ['image'] : generatorFor(sub)?.required ?? []),
  subcommandFlags: (sub) => generatorFlags(sub) ?? (sub === 'configmap' || sub === 'cm' ? CONFIGMAP_FLAGS : sub === 'secret' ? SECRET_ANY_FLAGS : sub === 'token' ? TOKEN_FLAGS : CREATE_FLAGS),
  run(ctx, args, p) {
    const [sub, ...rest] = args;
    const generator = generatorFor(sub);
    if (generator) return runGenerator(ctx, generator, rest, { ...p, argsBeforeDash: p.argsBeforeDash === undefined ? undefined : p.argsBeforeDash - 1 });
    if (sub === 'configmap' || sub === 'cm') return createConfigMap(ctx, p, rest);
    if (sub === 'secret') return createSecret(ctx, p, rest);
    if (sub === 'token') return createToken(ctx, p, rest);
    if (sub === 'deployment' || sub === 'deploy') return createGenerated(ctx, p, 'deployment', rest, (name) => deploymentFor(name, p, rest.slice(1)));
    if (sub === 'service' || sub === 'svc') return createService(ctx, p, rest);
    if (sub === 'serviceaccount' || sub === 'sa') return createGenerated(ctx, p, 'serviceaccount', rest, (name) => ({ kind: 'ServiceAccount', apiVersion: 'v1', metadata: { name, namespace: undefined, creationTimestamp: null } as any }));
    if (sub === 'namespace' || sub === 'ns') return createGenerated(ctx, p, 'namespace', rest, (name) => ({ kind: 'Namespace', apiVersion: 'v1', metadata: { name } }));
    if (sub !== undefined) throw new KubectlError(`Unexpected args: [${args.join(' ')}]\nSee 'kubectl create -h' for help and examples`);
    const dryRun = dryRunOf(p);
    const fieldValidation = validationDirective(p);
    const files = strs(p, 'filename');
    if (files.length === 0) throw new KubectlError('must specify one of -f and -k');
    const fmt = parseOutput(str(p, 'output'), false);
    // The builder's LabelSelectorParam: parsed before any file is read, then objects filtered by it.
    const selector = str(p, 'selector');
    let sel: ReturnType<typeof parseLabelSelector> | undefined;
    if (selector !== undefined && selector.trim() !== '') {
      try {
        sel = parseLabelSelector(selector.trim());
      } catch (e) {
        if (e instanceof SelectorParseError) throw new KubectlError(`the provided selector ${JSON.stringify(selector.trim())} is not valid: ${e.message}`);
        throw e;
      }
    }
    const read = readManifests(files, ctx.io, bool(p, 'recursive'));
    const errors = read.errors;
    const items = sel ? read.items.filter((m) => matchesLabels(sel!, m.obj.metadata?.labels)) : read.items;
    if (items.length === 0 && errors.length === 0) throw new KubectlError('no objects passed to create');
    const printed: { obj: KObject; r: ResourceInfo }[] = [];
    for (const m of items) {
      try {
        const r = mappingFor(m);
        const ns = namespaceFor(ctx, r, m.obj);
        let obj: KObject = JSON.parse(JSON.stringify(m.obj));
        if (ns) obj.metadata.namespace = ns;
        if (bool(p, 'save-config')) obj = withApplyAnnotation(obj);
        let created = obj;
        if (dryRun !== 'client') {
          try {
            created = ctx.client.create(r.resource, ns, obj, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-create', fieldValidation });
          } catch (e) {
            throw addSourceToErr('creating', m.source, e);
          }
        }
        if (fmt) printed.push({ obj: created, r });
        else ctx.out += `${objectRef(r, created.metadata.name ?? obj.metadata.name ?? '')} created${dryRunSuffix(dryRun)}\n`;
      } catch (e) {
        collectError(errors, e);
      }
    }
    if (fmt && printed.length) ctx.out += printEach(printed, fmt);
    if (errors.length) ctx.err += formatErrors(errors);
    return errors.length ? 1 : 0;
  },
};

/** `create service TYPE NAME`: cobra finds the type's subcommand, checks its required flag, then the NAME. */
function createService(ctx: Ctx, p: Parsed, rest: string[]): number {
  const [type, ...names] = rest;
  if (!isServiceType(type)) throw new KubectlError(`unknown command ${JSON.stringify(rest.join(' '))}\nSee 'kubectl create service -h' for help and examples`);
  if (type === 'externalname') checkRequiredFlags(p, ['external-name'], ctx.now());
  if (names.length !== 1) throw new KubectlError(`exactly one NAME is required, got ${names.length}\nSee 'kubectl create service ${type} -h' for help and examples`);
  return createGenerated(ctx, p, 'service', names, (name) => serviceFor(type, name, p));
}

/** The Deployment `kubectl create deployment` builds: app=NAME labels, containers named after images. */
function deploymentFor(name: string, p: Parsed, command: string[]): KObject {
  // --image is a StringSlice: "--image=" is no image at all.
  const images = strs(p, 'image').filter((i) => i !== '');
  const labels = { app: name };
  const used = new Set<string>();
  const containers = images.map((image) => {
    let n = image.split('/').pop()!;
    if (n.includes(':')) n = n.split(':')[0];
    if (n.includes('@')) n = n.split('@')[0];
    n = n.replace(/_/g, '-');
    if (used.has(n)) n = `${n}-${used.size}`;
    used.add(n);
    // Every container runs the command given after `--`.
    return { name: n, image, command: command.length ? [...command] : undefined } as any;
  });
  const port = int(p, 'port');
  // Go's field order of a Container: name, image, …, ports, …, resources.
  if (port !== undefined && port >= 0 && containers.length > 0) containers[0].ports = [{ containerPort: port }];
  for (const c of containers) c.resources = {};
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { name, namespace: undefined, creationTimestamp: null as any, labels },
    spec: {
      replicas: int(p, 'replicas') ?? 1,
      selector: { matchLabels: { ...labels } },
      template: { metadata: { creationTimestamp: null, labels: { ...labels } }, spec: { containers } },
      strategy: {},
    },
    status: {},
  };
}

/** Shared path of `create deployment|namespace`: dry runs print the object kubectl built. */
function createGenerated(ctx: Ctx, p: Parsed, what: 'deployment' | 'namespace' | 'service' | 'serviceaccount', rest: string[], build: (name: string) => KObject): number {
  // NameFromCommandArgs: only the arguments before `--` are names (create deployment's command follows it).
  const named = p.argsBeforeDash !== undefined ? Math.min(rest.length, p.argsBeforeDash - 1) : rest.length;
  if (named !== 1) throw new KubectlError(`exactly one NAME is required, got ${named}\nSee 'kubectl create ${what} -h' for help and examples`);
  const dryRun = dryRunOf(p);
  ctx.err += dryRunWarning(str(p, 'dry-run'), ctx.now());
  const fieldValidation = validationDirective(p);
  const fmt = parseOutput(str(p, 'output'), false);
  const r = resourceByName(`${what}s`)!;
  const obj = build(rest[0]);
  if (what === 'namespace') Object.assign(obj, { metadata: { name: rest[0], creationTimestamp: null }, spec: {}, status: {} });
  const ns = r.namespaced ? ctx.namespace : undefined;
  let result = obj;
  if (dryRun !== 'client') {
    // The typed client sends the struct as built, status included (`status: {}`).
    const body: KObject = JSON.parse(JSON.stringify(obj));
    if (ns) body.metadata.namespace = ns;
    try {
      result = ctx.client.create(r.resource, ns, body, { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-create', fieldValidation });
    } catch (e) {
      // create deployment and create service wrap the server's error (`failed to create NodePort service: %v`);
      // create namespace hands it to CheckErr as it is.
      if (e instanceof StatusError && e.code !== 0 && what !== 'namespace')
        throw new KubectlError(`failed to create ${what === 'service' ? `${obj.spec?.type ?? 'ClusterIP'} service` : what}: ${e.message}`);
      throw e;
    }
  } else if (r.namespaced && ctx.namespaceExplicit) obj.metadata.namespace = ctx.namespace;
  if (!fmt) ctx.out += `${objectRef(r, rest[0])} created${dryRunSuffix(dryRun)}\n`;
  else if (dryRun === 'client' && fmt.kind === 'json') ctx.out += typedJSON(obj) + '\n';
  else if (dryRun === 'client' && fmt.kind === 'yaml') ctx.out += toYAML(obj);
  else ctx.out += printObjects([{ obj: dryRun === 'client' ? obj : forOutput(result, r), r }], fmt, true);
  return 0;
}

