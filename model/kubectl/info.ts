import { connectionRefused } from '../apiserver/server';
import { bool } from './args';
import { KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { kubectlTabWriter } from './printers/tabwriter';
import { discoverResources } from './restmapper';
import { toYAML } from './printers/yaml';

/** kubectl's version, the one its User-Agent announces (model/cluster.ts KUBECTL_USER_AGENT). */
const CLIENT_VERSION = 'v1.32.2';
const KUSTOMIZE_VERSION = 'v5.5.0';

/** Fails as kubectl's first request fails when the API server is down. */
export function reachServer(ctx: Ctx): void {
  if (!ctx.client.server.serving) throw connectionRefused(ctx.client.server.endpoint);
}

/** version.Info as kubectl and kube-apiserver report it (the model's kubectl and API server are the same 1.32 build). */
function versionInfo(v: string): Record<string, string> {
  const [major, minor] = v.replace(/^v/, '').split('.');
  return { major, minor, gitVersion: v, gitCommit: '67a30c0adcf52bd3f56ff0893ce19966be12991f', gitTreeState: 'clean', buildDate: '2025-02-12T21:19:47Z', goVersion: 'go1.23.6', compiler: 'gc', platform: 'linux/amd64' };
}

/** json.MarshalIndent(v, "", "  "): struct order, two spaces. */
function indentedJSON(v: unknown, indent = ''): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  const inner = indent + '  ';
  const keys = Object.keys(v as object);
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${indentedJSON((v as any)[k], inner)}`).join(',\n')}\n${indent}}`;
}

/**
 * `kubectl version [--client] [-o json|yaml]`: client, kustomize and server versions; the
 * client's part is printed before the server is asked, so a server that is down still shows it.
 */
export const versionCommand: Command = {
  flags: [{ name: 'client', type: 'bool' }, { name: 'output', short: 'o', type: 'string' }],
  run(ctx, _args, p) {
    const output = String(p.flags.get('output') ?? '');
    if (output !== '' && output !== 'yaml' && output !== 'json') throw new KubectlError("--output must be 'yaml' or 'json'");
    const info: Record<string, unknown> = { clientVersion: versionInfo(CLIENT_VERSION), kustomizeVersion: KUSTOMIZE_VERSION };
    if (!bool(p, 'client')) {
      try {
        reachServer(ctx);
        info.serverVersion = versionInfo(CLIENT_VERSION);
      } catch (e) {
        // Without a server kubectl still prints what it knows, then the error.
        print(ctx, output, info);
        throw e;
      }
    }
    print(ctx, output, info);
    return 0;
  },
};

function print(ctx: Ctx, output: string, info: Record<string, unknown>): void {
  if (output === 'json') ctx.out += indentedJSON(info) + '\n';
  else if (output === 'yaml') ctx.out += toYAML(info) + '\n';
  else {
    ctx.out += `Client Version: ${CLIENT_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
    if (info.serverVersion) ctx.out += `Server Version: ${CLIENT_VERSION}\n`;
  }
}

/** `kubectl cluster-info`. */
export const clusterInfoCommand: Command = {
  flags: [],
  run(ctx) {
    reachServer(ctx);
    const base = `https://${ctx.client.server.endpoint}`;
    ctx.out += `Kubernetes control plane is running at ${base}\n`;
    const dns = ctx.client.tryGet('services', 'kube-system', 'kube-dns');
    if (dns) ctx.out += `CoreDNS is running at ${base}/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\n`;
    ctx.out += "\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n";
    return 0;
  },
};

/**
 * `kubectl api-resources`: NAME SHORTNAMES APIVERSION NAMESPACED KIND, core group first;
 * `-o wide` adds the discovery verbs and categories, `-o name` prints resource[.group] only.
 */
export const apiResourcesCommand: Command = {
  flags: [{ name: 'namespaced', type: 'bool' }, { name: 'no-headers', type: 'bool' }, { name: 'output', short: 'o', type: 'string' }, { name: 'api-group', type: 'string' }],
  run(ctx, _args, p) {
    const output = String(p.flags.get('output') ?? '');
    if (!['', 'wide', 'name'].includes(output)) throw new KubectlError(`--output ${output} is not available`);
    reachServer(ctx);
    // What the server's discovery lists, sorted by group, then name.
    const rs = discoverResources(ctx.client).sort((a, b) => (a.group === b.group ? (a.resource < b.resource ? -1 : 1) : a.group < b.group ? -1 : 1));
    const onlyNamespaced = p.flags.get('namespaced');
    const group = p.flags.get('api-group');
    const shown = rs.filter((r) => (typeof onlyNamespaced !== 'boolean' || r.namespaced === onlyNamespaced) && (typeof group !== 'string' || r.group === group));
    if (output === 'name') {
      for (const r of shown) ctx.out += `${r.resource}${r.group ? '.' + r.group : ''}\n`;
      return 0;
    }
    const wide = output === 'wide';
    const tw = kubectlTabWriter();
    if (!bool(p, 'no-headers')) tw.write(`NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND${wide ? '\tVERBS\tCATEGORIES' : ''}\n`);
    for (const r of shown)
      tw.write(`${r.resource}\t${r.shortNames.join(',')}\t${r.group ? `${r.group}/${r.version}` : r.version}\t${r.namespaced}\t${r.kind}${wide ? `\t${r.verbs.join(',')}\t${r.categories.join(',')}` : ''}\n`);
    tw.flush();
    ctx.out += tw.take();
    return 0;
  },
};
