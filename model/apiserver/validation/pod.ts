/**
 * Pod validation (pkg/apis/core/validation ValidatePodSpec, ValidatePodTemplateSpec,
 * ValidatePodUpdate): volumes, containers (names, images, ports, env, mounts, resources),
 * restart and DNS policies, scheduling fields; and the few fields a Pod update may change.
 */
import { FieldError } from '../../api/status';
import { validateContainerProbes } from './probes';
import { validateEnvValueFrom } from './env-sources';
import { inclusiveRangeError, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isRelaxedEnvVarName, isValidPortName, isValidPortNum } from '../../api/validation';
import { validateAnnotations, validateLabels } from './objectmeta';
import { validateResources } from './resources';
import { validateAffinity, validateNodeSelector, validateTolerations } from './scheduling';

const PROTOCOLS = ['SCTP', 'TCP', 'UDP'];
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const DNS_POLICIES = ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const MAX_INT32 = 2147483647;

const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));
const list = (v: unknown): any[] => (Array.isArray(v) ? v : []);

function dns1123Label(value: string, path: string, errs: FieldError[]): void {
  for (const msg of isDNS1123Label(value)) errs.push(FieldError.invalid(path, value, msg));
}

/** ValidateVolumes: unique DNS-1123 label names, exactly one source each. Returns the valid names. */
function validateVolumes(volumes: unknown, path: string, errs: FieldError[]): Set<string> {
  const names = new Set<string>();
  list(volumes).forEach((vol: any, i) => {
    const p = `${path}[${i}]`;
    const el: FieldError[] = [];
    const sources = vol && typeof vol === 'object' ? Object.keys(vol).filter((k) => k !== 'name' && vol[k] !== undefined && vol[k] !== null) : [];
    if (sources.length === 0) el.push(FieldError.required(p, 'must specify a volume type'));
    for (const extra of sources.slice(1)) el.push(FieldError.forbidden(`${p}.${extra}`, 'may not specify more than 1 volume type'));
    const src = sources.length === 1 ? vol[sources[0]] : undefined;
    if (sources[0] === 'hostPath' && !str(src?.path)) el.push(FieldError.required(`${p}.hostPath.path`));
    if (sources[0] === 'configMap' && !str(src?.name)) el.push(FieldError.required(`${p}.configMap.name`));
    if (sources[0] === 'secret' && !str(src?.secretName)) el.push(FieldError.required(`${p}.secret.secretName`));
    if (sources[0] === 'persistentVolumeClaim' && !str(src?.claimName)) el.push(FieldError.required(`${p}.persistentVolumeClaim.claimName`));
    const name = str(vol?.name);
    if (!name) el.push(FieldError.required(`${p}.name`));
    else dns1123Label(name, `${p}.name`, el);
    if (names.has(name)) el.push(FieldError.duplicate(`${p}.name`, name));
    if (el.length === 0) names.add(name);
    else errs.push(...el);
  });
  return names;
}

/** validateContainerPorts: port names unique per container, ports in range, known protocols. */
function validateContainerPorts(ports: unknown, path: string, errs: FieldError[]): void {
  const names = new Set<string>();
  list(ports).forEach((port: any, i) => {
    const p = `${path}[${i}]`;
    const name = str(port?.name);
    if (name) {
      const msgs = isValidPortName(name);
      for (const msg of msgs) errs.push(FieldError.invalid(`${p}.name`, name, msg));
      if (msgs.length === 0) {
        if (names.has(name)) errs.push(FieldError.duplicate(`${p}.name`, name));
        else names.add(name);
      }
    }
    const cp = typeof port?.containerPort === 'number' ? port.containerPort : 0;
    if (cp === 0) errs.push(FieldError.required(`${p}.containerPort`));
    else for (const msg of isValidPortNum(cp)) errs.push(FieldError.invalid(`${p}.containerPort`, cp, msg));
    if (typeof port?.hostPort === 'number' && port.hostPort !== 0)
      for (const msg of isValidPortNum(port.hostPort)) errs.push(FieldError.invalid(`${p}.hostPort`, port.hostPort, msg));
    const protocol = str(port?.protocol);
    if (!protocol) errs.push(FieldError.required(`${p}.protocol`));
    else if (!PROTOCOLS.includes(protocol)) errs.push(FieldError.notSupported(`${p}.protocol`, protocol, PROTOCOLS));
  });
}

/** ValidateEnv: a name of printable ASCII without '=' (RelaxedEnvironmentVariableValidation). */
function validateEnv(env: unknown, path: string, errs: FieldError[]): void {
  list(env).forEach((ev: any, i) => {
    const p = `${path}[${i}]`;
    const name = str(ev?.name);
    if (!name) errs.push(FieldError.required(`${p}.name`));
    else for (const msg of isRelaxedEnvVarName(name)) errs.push(FieldError.invalid(`${p}.name`, name, msg));
    validateEnvValueFrom(ev, p, errs);
  });
}

/** ValidateVolumeMounts: each names a volume of the Pod, mount paths unique. */
function validateVolumeMounts(mounts: unknown, volumes: Set<string>, path: string, errs: FieldError[]): void {
  const paths = new Set<string>();
  list(mounts).forEach((m: any, i) => {
    const p = `${path}[${i}]`;
    const name = str(m?.name);
    if (!name) errs.push(FieldError.required(`${p}.name`));
    if (!volumes.has(name)) errs.push(FieldError.notFound(`${p}.name`, name));
    const mountPath = str(m?.mountPath);
    if (!mountPath) errs.push(FieldError.required(`${p}.mountPath`));
    if (paths.has(mountPath)) errs.push(FieldError.invalid(`${p}.mountPath`, mountPath, 'must be unique'));
    paths.add(mountPath);
  });
}

/** validateContainerCommon, then the names unique across containers and init containers. */
function validateContainers(containers: unknown, volumes: Set<string>, path: string, names: Set<string>, errs: FieldError[]): void {
  list(containers).forEach((c: any, i) => {
    const p = `${path}[${i}]`;
    const name = str(c?.name);
    if (!name) errs.push(FieldError.required(`${p}.name`));
    else dns1123Label(name, `${p}.name`, errs);
    const image = str(c?.image);
    if (!image) errs.push(FieldError.required(`${p}.image`));
    else if (image.trim() !== image) errs.push(FieldError.invalid(`${p}.image`, image, 'must not have leading or trailing whitespace'));
    const tmp = c?.terminationMessagePolicy;
    if (tmp !== undefined && tmp !== 'File' && tmp !== 'FallbackToLogsOnError')
      errs.push(tmp === '' ? FieldError.required(`${p}.terminationMessagePolicy`) : FieldError.notSupported(`${p}.terminationMessagePolicy`, tmp, ['File', 'FallbackToLogsOnError']));
    validateContainerPorts(c?.ports, `${p}.ports`, errs);
    validateEnv(c?.env, `${p}.env`, errs);
    validateVolumeMounts(c?.volumeMounts, volumes, `${p}.volumeMounts`, errs);
    const pull = c?.imagePullPolicy;
    if (pull !== undefined && !PULL_POLICIES.includes(pull)) errs.push(pull === '' ? FieldError.required(`${p}.imagePullPolicy`) : FieldError.notSupported(`${p}.imagePullPolicy`, pull, PULL_POLICIES));
    validateResources(c?.resources, `${p}.resources`, errs);
    if (path.endsWith('.containers')) {
      if (names.has(name)) errs.push(FieldError.duplicate(`${p}.name`, name));
      else names.add(name);
      validateContainerProbes(c, p, errs);
      if (c?.restartPolicy !== undefined && c?.restartPolicy !== null) errs.push(FieldError.forbidden(`${p}.restartPolicy`, 'may not be set for non-init containers'));
    } else validateInitContainer(c, name, p, path, names, errs);
  });
}

const INIT_FORBIDDEN = 'may not be set for init containers without restartPolicy=Always';

/**
 * validateInitContainers' own part: a restartPolicy may only be Always (a sidecar), names are
 * unique with the regular containers, each init container's host ports are checked alone (they
 * run one by one), and only a sidecar may have probes and a lifecycle.
 */
function validateInitContainer(c: any, name: string, p: string, path: string, names: Set<string>, errs: FieldError[]): void {
  const rp = c?.restartPolicy;
  if (rp !== undefined && rp !== null && rp !== 'Always') errs.push(FieldError.notSupported(`${p}.restartPolicy`, rp, ['Always']));
  if (names.has(name)) errs.push(FieldError.duplicate(`${p}.name`, name));
  else if (name) names.add(name);
  checkHostPortConflicts([c], path, errs);
  if (rp === 'Always') validateContainerProbes(c, p, errs);
  else for (const f of ['lifecycle', 'livenessProbe', 'readinessProbe', 'startupProbe']) if (c?.[f] !== undefined && c?.[f] !== null) errs.push(FieldError.forbidden(`${p}.${f}`, INIT_FORBIDDEN));
}

/** checkHostPortConflicts: one hostIP/protocol/hostPort per Pod. */
function checkHostPortConflicts(containers: unknown, path: string, errs: FieldError[]): void {
  const seen = new Set<string>();
  list(containers).forEach((c: any, i) =>
    list(c?.ports).forEach((port: any, j) => {
      if (typeof port?.hostPort !== 'number' || port.hostPort === 0) return;
      const key = `${str(port.hostIP)}/${str(port.protocol)}/${port.hostPort}`;
      if (seen.has(key)) errs.push(FieldError.duplicate(`${path}[${i}].ports[${j}]`, key));
      seen.add(key);
    }),
  );
}

/** validateSchedulingGates: each gate's name is a qualified name, and no name twice. */
function validateSchedulingGates(gates: unknown, path: string, errs: FieldError[]): void {
  const seen = new Set<string>();
  list(gates).forEach((g: any, i) => {
    const name = str(g?.name);
    for (const msg of isQualifiedName(name)) errs.push(FieldError.invalid(`${path}[${i}]`, name, msg));
    if (seen.has(name)) errs.push(FieldError.duplicate(`${path}[${i}]`, name));
    seen.add(name);
  });
}

/** ValidatePodSpec. */
export function validatePodSpec(spec: any, path: string, errs: FieldError[]): void {
  const s = spec && typeof spec === 'object' ? spec : {};
  const volumes = validateVolumes(s.volumes, `${path}.volumes`, errs);
  const names = new Set<string>();
  if (list(s.containers).length === 0) errs.push(FieldError.required(`${path}.containers`));
  else validateContainers(s.containers, volumes, `${path}.containers`, names, errs);
  validateContainers(s.initContainers, volumes, `${path}.initContainers`, names, errs);
  checkHostPortConflicts(s.containers, `${path}.containers`, errs);
  const rp = s.restartPolicy;
  if (rp === undefined || rp === '') errs.push(FieldError.required(`${path}.restartPolicy`));
  else if (!RESTART_POLICIES.includes(rp)) errs.push(FieldError.notSupported(`${path}.restartPolicy`, rp, RESTART_POLICIES));
  const dp = s.dnsPolicy;
  if (dp === undefined || dp === '') errs.push(FieldError.required(`${path}.dnsPolicy`));
  else if (!DNS_POLICIES.includes(dp)) errs.push(FieldError.notSupported(`${path}.dnsPolicy`, dp, DNS_POLICIES));
  validateNodeSelector(s.nodeSelector, `${path}.nodeSelector`, errs);
  validateAffinity(s.affinity, `${path}.affinity`, errs);
  validateSchedulingGates(s.schedulingGates, `${path}.schedulingGates`, errs);
  if (str(s.serviceAccountName)) for (const msg of isDNS1123Subdomain(str(s.serviceAccountName))) errs.push(FieldError.invalid(`${path}.serviceAccountName`, str(s.serviceAccountName), msg));
  if (str(s.nodeName)) for (const msg of isDNS1123Subdomain(str(s.nodeName))) errs.push(FieldError.invalid(`${path}.nodeName`, str(s.nodeName), msg));
  if (typeof s.activeDeadlineSeconds === 'number' && (s.activeDeadlineSeconds < 1 || s.activeDeadlineSeconds > MAX_INT32))
    errs.push(FieldError.invalid(`${path}.activeDeadlineSeconds`, s.activeDeadlineSeconds, inclusiveRangeError(1, MAX_INT32)));
  if (str(s.hostname)) dns1123Label(str(s.hostname), `${path}.hostname`, errs);
  if (str(s.subdomain)) dns1123Label(str(s.subdomain), `${path}.subdomain`, errs);
  validateTolerations(s.tolerations, `${path}.tolerations`, errs);
  if (typeof s.terminationGracePeriodSeconds === 'number' && s.terminationGracePeriodSeconds < 0)
    errs.push(FieldError.invalid(`${path}.terminationGracePeriodSeconds`, s.terminationGracePeriodSeconds, 'must be greater than or equal to 0'));
}

/** ValidatePodTemplateSpec: the template's labels and annotations, then its spec. */
export function validatePodTemplateSpec(template: any, path: string, errs: FieldError[]): void {
  validateLabels(template?.metadata?.labels, `${path}.metadata.labels`, errs);
  validateAnnotations(template?.metadata?.annotations, `${path}.metadata.annotations`, errs);
  validatePodSpec(template?.spec, `${path}.spec`, errs);
}

export { POD_UPDATABLE_FIELDS, validatePodUpdate } from './pod-update';
