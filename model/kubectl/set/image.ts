/**
 * `kubectl set image (-f FILE | TYPE NAME) CONTAINER=IMAGE…`: sets the image of the named
 * containers (init containers included; `*` for all) in each object's Pod spec.
 */
import { bool, str, strs, type Parsed } from '../args';
import { KubectlError } from '../errors';
import type { Ctx } from '../kubectl';
import { resourcesAndPairs } from '../resources';
import { applyChanges, setInfos, validateCommon } from './common';
import { podSpecOf } from './podspec';

/** cmdutil.ParsePairs(…, "image", false): NAME=IMAGE, no removals. */
function parseImages(pairs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const invalid: string[] = [];
  for (const pair of pairs) {
    const i = pair.indexOf('=');
    if (i > 0) out.set(pair.slice(0, i), pair.slice(i + 1));
    else invalid.push(pair);
  }
  if (invalid.length) throw new KubectlError(`invalid image format: ${invalid.join(', ')}`);
  return out;
}

export function runSetImage(ctx: Ctx, args: string[], p: Parsed): number {
  const { resources, pairs } = resourcesAndPairs(args, 'image' as 'label');
  const images = parseImages(pairs);
  // Complete() reads the objects before Validate() looks at the arguments.
  const infos = setInfos(ctx, p, resources);
  const problems: string[] = [];
  if (bool(p, 'all') && str(p, 'selector')) problems.push('cannot set --all and --selector at the same time');
  if (resources.length < 1 && strs(p, 'filename').length === 0) problems.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (images.size < 1) problems.push('at least one image update is required');
  else if (images.size > 1 && images.has('*')) problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (problems.length) throw problems.length === 1 ? new KubectlError(problems[0]) : new AggregateError(problems.map((m) => new KubectlError(m)));
  validateCommon(p);
  const errors: unknown[] = [];
  return applyChanges(ctx, p, infos, 'image updated', 'failed to patch image update to pod template: ', (info, obj) => {
    const spec = podSpecOf(info.r, obj);
    for (const [name, image] of images) {
      const inInit = setImage(spec.initContainers, name, image);
      const inMain = setImage(spec.containers, name, image);
      if (!inInit && !inMain) errors.push(new KubectlError(`error: unable to find container named ${JSON.stringify(name)}`));
    }
  }, errors);
}

function setImage(containers: any[] | undefined, name: string, image: string): boolean {
  let found = false;
  for (const c of containers ?? []) {
    if (c.name === name || name === '*') {
      found = true;
      c.image = image;
    }
  }
  return found;
}
