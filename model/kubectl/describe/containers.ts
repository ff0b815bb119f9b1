import { rfc1123z } from '../printers/rfc1123';
import { printLabels, printTolerations, printAnnotations, type PrefixWriter } from './writer';

/** describeContainers: one block per container, with its status when the Pod has one. */
export function describeContainers(w: PrefixWriter, label: string, containers: any[] | undefined, statuses: any[] | undefined, space: string): void {
  const cs = containers ?? [];
  const byName = new Map((statuses ?? []).map((s: any) => [s.name, s]));
  w.write(0, `${space}${label}:${cs.length === 0 ? ' <none>' : ''}\n`);
  for (const c of cs) {
    const status = byName.get(c.name);
    const nameIndent = space ? ' ' : '';
    w.write(1, `${nameIndent}${c.name}:\n`);
    if (status) w.write(2, `Container ID:\t${status.containerID ?? ''}\n`);
    w.write(2, `Image:\t${c.image ?? ''}\n`);
    if (status) w.write(2, `Image ID:\t${status.imageID ?? ''}\n`);
    const ports = (c.ports ?? []).map((p: any) => `${p.containerPort}/${p.protocol ?? 'TCP'}`).join(', ');
    if (ports.includes(',')) w.write(2, `Ports:\t${ports}\n`);
    else w.write(2, `Port:\t${ports || '<none>'}\n`);
    const hostPorts = (c.ports ?? []).map((p: any) => `${p.hostPort ?? 0}/${p.protocol ?? 'TCP'}`).join(', ');
    if (hostPorts.includes(',')) w.write(2, `Host Ports:\t${hostPorts}\n`);
    else w.write(2, `Host Port:\t${hostPorts || '<none>'}\n`);
    if (c.command?.length) {
      w.write(2, 'Command:\n');
      for (const x of c.command) for (const s of String(x).split('\n')) w.write(3, `${s}\n`);
    }
    if (c.args?.length) {
      w.write(2, 'Args:\n');
      for (const x of c.args) for (const s of String(x).split('\n')) w.write(3, `${s}\n`);
    }
    if (status) {
      describeState(w, 'State', status.state ?? {});
      if (status.lastState?.terminated) describeState(w, 'Last State', status.lastState);
      w.write(2, `Ready:\t${status.ready ? 'True' : 'False'}\n`);
      w.write(2, `Restart Count:\t${status.restartCount ?? 0}\n`);
    }
    describeResources(w, c.resources, 2);
    for (const [title, probe] of [['Liveness', c.livenessProbe], ['Readiness', c.readinessProbe], ['Startup', c.startupProbe]] as const)
      if (probe) w.write(2, `${title}:\t${describeProbe(probe)}\n`);
    const env: any[] = c.env ?? [];
    w.write(2, `Environment:${env.length === 0 ? '\t<none>' : ''}\n`);
    for (const e of env) {
      if (!e.valueFrom) {
        String(e.value ?? '')
          .split('\n')
          .forEach((s, i) => w.write(3, i === 0 ? `${e.name}:\t${s}\n` : `\t${s}\n`));
      } else if (e.valueFrom.fieldRef) w.write(3, `${e.name}:\t (${e.valueFrom.fieldRef.apiVersion ?? 'v1'}:${e.valueFrom.fieldRef.fieldPath})\n`);
      else if (e.valueFrom.secretKeyRef) w.write(3, `${e.name}:\t<set to the key '${e.valueFrom.secretKeyRef.key}' in secret '${e.valueFrom.secretKeyRef.name}'>\tOptional: ${!!e.valueFrom.secretKeyRef.optional}\n`);
      else if (e.valueFrom.configMapKeyRef)
        w.write(3, `${e.name}:\t<set to the key '${e.valueFrom.configMapKeyRef.key}' of config map '${e.valueFrom.configMapKeyRef.name}'>\tOptional: ${!!e.valueFrom.configMapKeyRef.optional}\n`);
    }
    const mounts: any[] = [...(c.volumeMounts ?? [])].sort((a, b) => (a.mountPath < b.mountPath ? -1 : 1));
    w.write(2, `Mounts:${mounts.length === 0 ? '\t<none>' : ''}\n`);
    for (const m of mounts) {
      const flags = [m.readOnly ? 'ro' : 'rw'];
      if (m.subPath) flags.push(`path=${JSON.stringify(m.subPath)}`);
      w.write(3, `${m.mountPath} from ${m.name} (${flags.join(',')})\n`);
    }
  }
}

function describeState(w: PrefixWriter, name: string, state: any): void {
  if (state.running) {
    w.write(2, `${name}:\tRunning\n`);
    w.write(3, `Started:\t${rfc1123z(state.running.startedAt)}\n`);
  } else if (state.waiting) {
    w.write(2, `${name}:\tWaiting\n`);
    if (state.waiting.reason) w.write(3, `Reason:\t${state.waiting.reason}\n`);
  } else if (state.terminated) {
    const t = state.terminated;
    w.write(2, `${name}:\tTerminated\n`);
    if (t.reason) w.write(3, `Reason:\t${t.reason}\n`);
    if (t.message) w.write(3, `Message:\t${t.message}\n`);
    w.write(3, `Exit Code:\t${t.exitCode ?? 0}\n`);
    if (t.signal > 0) w.write(3, `Signal:\t${t.signal}\n`);
    w.write(3, `Started:\t${rfc1123z(t.startedAt)}\n`);
    w.write(3, `Finished:\t${rfc1123z(t.finishedAt)}\n`);
  } else w.write(2, `${name}:\tWaiting\n`);
}

/** describeResources: Limits then Requests, resource names sorted. */
export function describeResources(w: PrefixWriter, resources: any, level: number): void {
  if (!resources) return;
  for (const [title, list] of [['Limits', resources.limits], ['Requests', resources.requests]] as const) {
    const names = Object.keys(list ?? {}).sort();
    if (names.length === 0) continue;
    w.write(level, `${title}:\n`);
    for (const n of names) w.write(level + 1, `${n}:\t${list[n]}\n`);
  }
}

/** DescribeProbe: "http-get http://:80/ delay=0s timeout=1s period=10s #success=1 #failure=3". */
function describeProbe(p: any): string {
  const attrs = `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 1}s period=${p.periodSeconds ?? 10}s #success=${p.successThreshold ?? 1} #failure=${p.failureThreshold ?? 3}`;
  if (p.exec) return `exec [${(p.exec.command ?? []).join(' ')}] ${attrs}`;
  if (p.httpGet) {
    const scheme = String(p.httpGet.scheme ?? 'HTTP').toLowerCase();
    return `http-get ${scheme}://${p.httpGet.host ?? ''}:${p.httpGet.port}${p.httpGet.path ?? ''} ${attrs}`;
  }
  if (p.tcpSocket) return `tcp-socket ${p.tcpSocket.host ?? ''}:${p.tcpSocket.port} ${attrs}`;
  if (p.grpc) return `grpc <pod>:${p.grpc.port} ${p.grpc.service ?? ''} ${attrs}`;
  return `unknown ${attrs}`;
}

/** describeVolumes: "Volumes:  <none>" or each volume with its type's lines. */
export function describeVolumes(w: PrefixWriter, volumes: any[] | undefined, space: string): void {
  const vs = volumes ?? [];
  if (vs.length === 0) {
    w.write(0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(0, `${space}Volumes:\n`);
  for (const v of vs) {
    w.write(1, `${space ? ' ' : ''}${v.name}:\n`);
    if (v.hostPath) w.write(2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${v.hostPath.path}\n    HostPathType:\t${v.hostPath.type || '<none>'}\n`);
    else if (v.emptyDir) w.write(2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${v.emptyDir.medium ?? ''}\n    SizeLimit:\t${v.emptyDir.sizeLimit ?? '<unset>'}\n`);
    else if (v.configMap) w.write(2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${v.configMap.name}\n    Optional:\t${!!v.configMap.optional}\n`);
    else if (v.secret) w.write(2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${v.secret.secretName}\n    Optional:\t${!!v.secret.optional}\n`);
    else if (v.persistentVolumeClaim)
      w.write(2, `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${v.persistentVolumeClaim.claimName}\n    ReadOnly:\t${!!v.persistentVolumeClaim.readOnly}\n`);
    else if (v.projected) {
      w.write(2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const s of v.projected.sources ?? []) {
        // Optional is a *bool printed with %v: "<nil>" when unset (a set one would print Go's pointer address).
        if (s.secret) w.write(2, `SecretName:\t${s.secret.name}\n    SecretOptionalName:\t${s.secret.optional ?? '<nil>'}\n`);
        else if (s.downwardAPI) w.write(2, 'DownwardAPI:\ttrue\n');
        else if (s.configMap) w.write(2, `ConfigMapName:\t${s.configMap.name}\n    ConfigMapOptional:\t${s.configMap.optional ?? '<nil>'}\n`);
        else if (s.serviceAccountToken) w.write(2, `TokenExpirationSeconds:\t${s.serviceAccountToken.expirationSeconds}\n`);
      }
    } else w.write(1, '<unknown>\n');
  }
}

/** DescribePodTemplate: the template's labels, containers, volumes, node selector, tolerations. */
export function describePodTemplate(w: PrefixWriter, template: any): void {
  w.write(0, 'Pod Template:\n');
  if (!template) {
    w.write(1, '<unset>');
    return;
  }
  printLabels(w, '  Labels', template.metadata?.labels);
  if (Object.keys(template.metadata?.annotations ?? {}).length > 0) printAnnotations(w, '  Annotations', template.metadata.annotations);
  const spec = template.spec ?? {};
  if (spec.serviceAccountName) w.write(1, `Service Account:\t${spec.serviceAccountName}\n`);
  if (spec.initContainers?.length) describeContainers(w, 'Init Containers', spec.initContainers, undefined, '  ');
  describeContainers(w, 'Containers', spec.containers, undefined, '  ');
  describeVolumes(w, spec.volumes, '  ');
  if (spec.priorityClassName) w.write(1, `Priority Class Name:\t${spec.priorityClassName}\n`);
  printLabels(w, '  Node-Selectors', spec.nodeSelector);
  printTolerations(w, '  Tolerations', spec.tolerations);
}

