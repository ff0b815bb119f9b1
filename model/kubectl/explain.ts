/**
 * `kubectl explain TYPE[.FIELD...] [--recursive] [--api-version=GROUP/VERSION] [-o plaintext|plaintext-openapiv2]`,
 * as kubectl 1.32 runs it (k8s.io/kubectl/pkg/cmd/explain): the type resolved through discovery,
 * the field path split off it, and the documentation read from the server's OpenAPI v3 document of
 * that group/version (or its swagger 2.0 document with plaintext-openapiv2), all through the client.
 */
import { bool, str } from './args';
import { KubectlError } from './errors';
import { renderOpenAPIV2 } from './explain/plaintext-openapiv2';
import { ExplainError, gvrString, renderPlaintext, type Gvr } from './explain/plaintext';
import type { Command, Ctx } from './kubectl';
import { discoverResources, groupResource, noResourceType, resourcesFor, type ApiResource } from './restmapper';

const PLAINTEXT = 'plaintext';
const PLAINTEXT_OPENAPIV2 = 'plaintext-openapiv2';

/** A type the server does not have: printed as CheckErr prints a NoResourceMatchError, with no "error: ". */
class NoMatch extends Error {}

/** explain's jsonPathParse: "{.<in>}" parsed to field names (a trailing "." dropped). */
function fieldNodes(input: string): string[] {
  const segments = input.replace(/\.$/, '').split('.');
  // A ".." is a recursive-descent node, a "[...]" an array node: neither is a field.
  if (segments.slice(1).some((s) => s === '' || /[[\]{}()*$@]/.test(s))) throw new KubectlError('invalid jsonpath syntax, first node must be field node');
  return segments;
}

/**
 * SplitAndParseResourceRequestWithMatchingPrefix: the first resource whose "resource.group" the
 * argument starts with takes the rest as the field path ("deployments.apps.spec"); otherwise the
 * most preferred resource of the first name, and every later name is a field ("deploy.spec").
 */
function splitWithMatchingPrefix(all: ApiResource[], input: string): { r: ApiResource; fields: string[] } {
  const nodes = fieldNodes(input);
  const rs = resourcesFor(all, nodes[0]);
  if (rs.length === 0) throw new NoMatch(noResourceType(nodes[0]));
  for (const r of rs) {
    const gr = groupResource(r);
    if (!input.startsWith(gr)) continue;
    const suffix = input.slice(gr.length);
    return { r, fields: suffix ? fieldNodes(suffix).slice(1) : [] };
  }
  return { r: rs[0], fields: nodes.slice(1) };
}

/** SplitAndParseResourceRequest (with --api-version): the first name is the resource, the rest fields. */
function splitPlain(all: ApiResource[], input: string): { r: ApiResource; fields: string[] } {
  const nodes = fieldNodes(input);
  const rs = resourcesFor(all, nodes[0]);
  if (rs.length === 0) throw new NoMatch(noResourceType(nodes[0]));
  return { r: rs[0], fields: nodes.slice(1) };
}

/** schema.ParseGroupVersion. */
function parseGroupVersion(gv: string): { group: string; version: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' };
  const parts = gv.split('/');
  if (parts.length === 1) return { group: '', version: parts[0] };
  if (parts.length === 2) return { group: parts[0], version: parts[1] };
  throw new KubectlError(`unexpected GroupVersion string: ${gv}`);
}

/** The OpenAPI v3 index (GET /openapi/v3), or undefined when the server serves none. */
function openAPIV3Paths(ctx: Ctx): Record<string, { serverRelativeURL: string }> | undefined {
  const answer = ctx.client.getNonResource('/openapi/v3', 'application/json');
  return answer.status === 200 ? (answer.body as any).paths ?? {} : undefined;
}

function explainV3(ctx: Ctx, gvr: Gvr, fields: string[], recursive: boolean, output: string, paths: Record<string, { serverRelativeURL: string }>): void {
  const path = gvr.group ? `apis/${gvr.group}/${gvr.version}` : `api/${gvr.version}`;
  const entry = paths[path];
  if (!entry) throw new KubectlError(`couldn't find resource for "${gvrString(gvr)}"`);
  const answer = ctx.client.getNonResource(entry.serverRelativeURL, 'application/json');
  if (answer.status !== 200) throw new KubectlError(`failed to fetch openapi schema for ${path}: ${answer.status}`);
  if (output !== PLAINTEXT) throw new KubectlError(`unrecognized format: ${output}`);
  renderPlaintext(answer.body, gvr, fields, recursive, (s) => (ctx.out += s));
}

function explainV2(ctx: Ctx, r: ApiResource, fields: string[], recursive: boolean, apiVersion: string | undefined): void {
  const gvk = { group: r.group, version: r.version, kind: r.kind };
  if (apiVersion) Object.assign(gvk, parseGroupVersion(apiVersion));
  const answer = ctx.client.getNonResource('/openapi/v2', 'application/json');
  if (answer.status !== 200) throw new KubectlError(`the server could not find the requested resource`);
  let text: string | undefined;
  try {
    text = renderOpenAPIV2(answer.body, gvk, fields, recursive);
  } catch (e) {
    throw new KubectlError(e instanceof Error ? e.message : String(e));
  }
  if (text === undefined) throw new KubectlError(`couldn't find resource for ${JSON.stringify(`${gvk.group}/${gvk.version}, Kind=${gvk.kind}`)}`);
  ctx.out += text;
}

export const explainCommand: Command = {
  flags: [
    { name: 'recursive', type: 'bool' },
    { name: 'api-version', type: 'string' },
    { name: 'output', short: 'o', type: 'string' },
  ],
  run(ctx, args, p) {
    if (args.length === 0) throw new KubectlError('You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n');
    if (args.length > 1) throw new KubectlError('We accept only this format: explain RESOURCE\n');
    const recursive = bool(p, 'recursive');
    const apiVersion = str(p, 'api-version') || undefined;
    const output = str(p, 'output') ?? PLAINTEXT;
    try {
      const all = discoverResources(ctx.client);
      const { r, fields } = apiVersion ? splitPlain(all, args[0]) : splitWithMatchingPrefix(all, args[0]);
      if (output === PLAINTEXT_OPENAPIV2) return explainV2(ctx, r, fields, recursive, apiVersion), 0;
      // A server without OpenAPI v3 is explained from its v2 document.
      const paths = openAPIV3Paths(ctx);
      if (output === PLAINTEXT && !paths) return explainV2(ctx, r, fields, recursive, apiVersion), 0;
      const gvr: Gvr = { group: r.group, version: r.version, resource: r.resource };
      if (apiVersion) Object.assign(gvr, parseGroupVersion(apiVersion));
      explainV3(ctx, gvr, fields, recursive, output, paths ?? {});
      return 0;
    } catch (e) {
      if (e instanceof NoMatch) {
        ctx.err += e.message + '\n';
        return 1;
      }
      if (e instanceof ExplainError) throw new KubectlError(e.message);
      throw e;
    }
  },
};
