/**
 * `kubectl run NAME --image=IMAGE [--restart=…] [--command] [-- ARGS…]` (pkg/cmd/run and the
 * run-pod/v1 generator of pkg/generate/versioned, 1.32): one Pod labelled run=NAME (or
 * --labels), one container named NAME whose args (or command, with --command) follow the name,
 * --env, --port, --annotations, --image-pull-policy, --privileged; --expose adds a ClusterIP
 * Service. With --attach (no terminal in the model) it waits for the Pod and prints its output,
 * and --rm deletes it afterwards.
 */
import type { KObject } from '../api/meta';
import { resourceByName } from '../api/registry';
import { bool, str, strs, type Parsed } from './args';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { dryRunOf, dryRunSuffix, validationDirective } from './mapping';
import { parseOutput, printObjects } from './output';
import { sortedMap, typedJSON } from './printers/typed-json';
import { toYAML } from './printers/yaml';
import { objectRef } from './resources';

const usage = (msg: string) => new KubectlError(`${msg}\nSee 'kubectl run -h' for help and examples`);

/** distribution/reference's ReferenceRegexp, which kubectl checks the image against. */
const COMPONENT = '[a-z0-9]+(?:(?:[._]|__|[-]*)[a-z0-9]+)*';
const DOMAIN = '(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]*[a-zA-Z0-9])?)*(?::[0-9]+)?)';
const REFERENCE = new RegExp(`^(?:${DOMAIN}/)?${COMPONENT}(?:/${COMPONENT})*(?::[\\w][\\w.-]{0,127})?(?:@[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,})?$`);

/** generate.ParseLabels: "a=b,c=d". */
function parseLabels(spec: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of spec.split(',')) {
    const kv = pair.split('=');
    if (kv.length !== 2) throw new KubectlError(`invalid label spec: ${pair}`);
    out[kv[0]] = kv[1];
  }
  return sortedMap(out);
}

/** parseEnvs: NAME=VALUE with a C identifier-like name (IsEnvVarName). */
function parseEnvs(list: string[]): { name: string; value: string }[] {
  return list.map((e) => {
    const pos = e.indexOf('=');
    const name = pos < 0 ? '' : e.slice(0, pos);
    if (!name || !/^[-._a-zA-Z][-._a-zA-Z0-9]*$/.test(name)) throw new KubectlError(`invalid env: ${e}`);
    return { name, value: e.slice(pos + 1) };
  });
}

/** BasicPod.Generate: the Pod as the typed struct is built (field order kept for -o json). */
export function podFor(name: string, p: Parsed, args: string[]): KObject {
  const labelSpec = str(p, 'labels') ?? '';
  const labels = labelSpec ? parseLabels(labelSpec) : { run: name };
  const annotationList = strs(p, 'annotations');
  let annotations: Record<string, string> | undefined;
  if (annotationList.length) {
    annotations = {};
    for (const a of annotationList) {
      const eq = a.indexOf('=');
      if (eq <= 0) throw new KubectlError(`invalid annotation format: ${a}`);
      annotations[a.slice(0, eq)] = a.slice(eq + 1);
    }
    annotations = sortedMap(annotations);
  }
  const container: Record<string, unknown> = { name, image: str(p, 'image') ?? '' };
  if (args.length) container[bool(p, 'command') ? 'command' : 'args'] = args;
  const port = str(p, 'port') ?? '';
  if (port) {
    if (!/^[+-]?\d+$/.test(port)) throw new KubectlError(`strconv.Atoi: parsing ${JSON.stringify(port)}: invalid syntax`);
    container.ports = [{ containerPort: Number(port) }];
  }
  const envs = parseEnvs(strs(p, 'env'));
  if (envs.length) container.env = envs;
  container.resources = {};
  const pullPolicy = str(p, 'image-pull-policy') ?? '';
  if (pullPolicy) container.imagePullPolicy = pullPolicy;
  if (bool(p, 'privileged')) container.securityContext = { privileged: true };
  if (bool(p, 'stdin')) {
    container.stdin = true;
    if (!bool(p, 'leave-stdin-open')) container.stdinOnce = true;
  }
  if (bool(p, 'tty')) container.tty = true;
  const spec: Record<string, unknown> = { containers: [container], restartPolicy: str(p, 'restart') || 'Always', dnsPolicy: 'ClusterFirst' };
  if (str(p, 'serviceaccount')) spec.serviceAccountName = str(p, 'serviceaccount');
  return { kind: 'Pod', apiVersion: 'v1', metadata: typedMeta(name, { labels, annotations }), spec, status: {} };
}

/** ServiceGeneratorV2 for --expose: ClusterIP on --port, selecting the Pod's labels. */
function serviceFor(pod: KObject, port: number): KObject {
  return {
    kind: 'Service',
    apiVersion: 'v1',
    metadata: typedMeta(pod.metadata.name!),
    spec: { ports: [{ protocol: 'TCP', port, targetPort: port }], selector: pod.metadata.labels },
    status: { loadBalancer: {} },
  };
}

/** Creates (unless --dry-run=client) and returns what kubectl prints for it. */
function createOrPrint(ctx: Ctx, p: Parsed, obj: KObject, resource: string): string {
  const dryRun = dryRunOf(p);
  const r = resourceByName(resource)!;
  let result = obj;
  if (dryRun !== 'client')
    result = ctx.client.create(resource, ctx.namespace, JSON.parse(JSON.stringify(obj)), { dryRun: dryRun === 'server', fieldManager: str(p, 'field-manager') ?? 'kubectl-run', fieldValidation: validationDirective(p) });
  else if (ctx.namespaceExplicit) obj.metadata.namespace = ctx.namespace;
  const fmt = parseOutput(str(p, 'output'), false);
  if (!fmt) return `${objectRef(r, obj.metadata.name!)} created${dryRunSuffix(dryRun)}\n`;
  if (dryRun === 'client' && fmt.kind === 'json') return typedJSON(obj) + '\n';
  if (dryRun === 'client' && fmt.kind === 'yaml') return toYAML(obj);
  delete result.metadata.managedFields;
  return printObjects([{ obj: result, r }], fmt, true);
}

/** --attach without a terminal: wait for the container, print what it wrote (kubectl falls back to logs). */
function attach(ctx: Ctx, pod: KObject, timeoutMs: number): number {
  const ns = ctx.namespace;
  const name = pod.metadata.name!;
  const deadline = ctx.now() + timeoutMs;
  const phase = () => ctx.client.tryGet('pods', ns, name)?.status?.phase;
  while (phase() === 'Pending' && ctx.now() < deadline) ctx.sim.advance(250);
  if (phase() === 'Pending') throw new KubectlError(`timed out waiting for the condition`);
  // With --restart=Never the command's exit code is kubectl's.
  while (pod.spec?.restartPolicy === 'Never' && phase() === 'Running') ctx.sim.advance(250);
  const logs = ctx.client.request({ verb: 'get', resource: 'pods', subresource: 'log', namespace: ns, name, query: { container: name } });
  if (typeof logs === 'string') ctx.out += logs;
  const final = ctx.client.tryGet('pods', ns, name);
  const term = final?.status?.containerStatuses?.[0]?.state?.terminated;
  return pod.spec?.restartPolicy === 'Never' && term ? Math.min(255, term.exitCode ?? 0) : 0;
}

export const runCommand: Command = {
  flags: [
    { name: 'image', type: 'string' },
    { name: 'annotations', type: 'stringArray' },
    { name: 'image-pull-policy', type: 'string' },
    { name: 'rm', type: 'bool' },
    { name: 'env', type: 'stringArray' },
    { name: 'port', type: 'string' },
    { name: 'labels', short: 'l', type: 'string' },
    { name: 'stdin', short: 'i', type: 'bool' },
    { name: 'tty', short: 't', type: 'bool' },
    { name: 'attach', type: 'bool' },
    { name: 'leave-stdin-open', type: 'bool' },
    { name: 'restart', type: 'string' },
    { name: 'command', type: 'bool' },
    { name: 'expose', type: 'bool' },
    { name: 'quiet', short: 'q', type: 'bool' },
    { name: 'privileged', type: 'bool' },
    { name: 'serviceaccount', type: 'string' },
    { name: 'pod-running-timeout', type: 'duration' },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'template', type: 'string' },
    { name: 'dry-run', type: 'string', noOptDefault: 'unchanged' },
    { name: 'field-manager', type: 'string' },
    { name: 'save-config', type: 'bool' },
    { name: 'override-type', type: 'string' },
    { name: 'overrides', type: 'string' },
    { name: 'filename', short: 'f', type: 'strings' },
    { name: 'force', type: 'bool' },
    { name: 'grace-period', type: 'int' },
    { name: 'timeout', type: 'duration' },
    { name: 'wait', type: 'bool' },
    { name: 'cascade', type: 'string', noOptDefault: 'background' },
    { name: 'record', type: 'bool' },
  ],
  requiredFlags: () => ['image'],
  run(ctx, args, p) {
    if (args.length === 0 || p.argsBeforeDash === 0) throw usage('NAME is required for run');
    const image = str(p, 'image') ?? '';
    if (image === '') throw new KubectlError('--image is required');
    if (!REFERENCE.test(image)) throw new KubectlError(`Invalid image name ${JSON.stringify(image)}: invalid reference format`);
    const interactive = bool(p, 'stdin');
    if (bool(p, 'tty') && !interactive) throw usage('-i/--stdin is required for containers with -t/--tty=true');
    if (bool(p, 'expose') && !str(p, 'port')) throw usage('--port must be set when exposing a service');
    const restart = str(p, 'restart') ?? '';
    if (restart && !['Always', 'OnFailure', 'Never'].includes(restart)) throw usage(`invalid restart policy: ${restart}`);
    const attached = bool(p, 'attach', interactive);
    if (!attached && bool(p, 'rm')) throw usage('--rm should only be used for attached containers');
    if (attached && dryRunOf(p) !== 'none') throw usage("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
    const pull = str(p, 'image-pull-policy') ?? '';
    if (pull && !['Always', 'IfNotPresent', 'Never'].includes(pull)) throw usage(`invalid image pull policy: ${pull}`);
    const pod = podFor(args[0], p, args.slice(1));
    if (!restart) (pod.spec as any).restartPolicy = interactive ? 'OnFailure' : 'Always';
    if (attached) {
      const created = ctx.client.create('pods', ctx.namespace, JSON.parse(JSON.stringify(pod)), { fieldManager: str(p, 'field-manager') ?? 'kubectl-run' });
      const code = attach(ctx, created, 60_000);
      if (bool(p, 'rm')) {
        ctx.client.delete('pods', ctx.namespace, created.metadata.name!);
        ctx.out += `pod "${created.metadata.name}" deleted\n`;
      }
      return code;
    }
    const podText = createOrPrint(ctx, p, pod, 'pods');
    // generateService runs after the Pod is created and prints first (a "---" follows with -o yaml).
    if (bool(p, 'expose')) ctx.out += createOrPrint(ctx, p, serviceFor(pod, Number(str(p, 'port'))), 'services') + (str(p, 'output') === 'yaml' ? '---\n' : '');
    ctx.out += podText;
    return 0;
  },
};
