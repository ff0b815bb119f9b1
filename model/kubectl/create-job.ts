/**
 * `kubectl create job NAME --image=IMAGE [-- COMMAND…]` and `kubectl create job NAME
 * --from=cronjob/NAME` (pkg/cmd/create/create_job.go): one container named after the Job with
 * restartPolicy Never, or a copy of a CronJob's Job template owned by the CronJob and marked
 * `cronjob.kubernetes.io/instantiate: manual`.
 */
import type { KObject } from '../api/meta';
import { resolveResourceArg } from '../api/registry';
import { str, type Parsed } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';
import type { Ctx } from './kubectl';
import { sortedMap } from './printers/typed-json';

/** Complete: what follows NAME (after `--` or not) is the container's command. */
export const commandAfterName = (p: Parsed): string[] | undefined => (p.args.length > 2 ? p.args.slice(2) : undefined);

/** The container both generators build: name, image, command, and the empty resources of a typed struct. */
export const generatedContainer = (name: string, image: string, command: string[] | undefined) => ({ name, image, command, resources: {} });

function jobFromCronJob(ctx: Ctx, name: string, from: string): KObject {
  const slash = from.indexOf('/');
  if (slash < 0) throw new KubectlError(`the server doesn't have a resource type "${from}"`);
  const r = resolveResourceArg(from.slice(0, slash));
  if (!r) throw new KubectlError(`the server doesn't have a resource type "${from.slice(0, slash)}"`);
  const source = ctx.client.get(r.resource, r.namespaced ? ctx.namespace : undefined, from.slice(slash + 1));
  if (r.kind !== 'CronJob') throw new KubectlError(`unknown object type *v1.${r.kind}`);
  const template = source.spec?.jobTemplate ?? {};
  const annotations = sortedMap({ 'cronjob.kubernetes.io/instantiate': 'manual', ...(template.metadata?.annotations ?? {}) });
  // Not NewControllerRef: no blockOwnerDeletion, which would need the cronjobs/finalizers permission.
  const ownerReferences = [{ apiVersion: 'batch/v1', kind: 'CronJob', name: source.metadata.name!, uid: source.metadata.uid!, controller: true }];
  return {
    kind: 'Job',
    apiVersion: 'batch/v1',
    metadata: typedMeta(name, { labels: template.metadata?.labels, annotations, ownerReferences }),
    spec: JSON.parse(JSON.stringify(template.spec ?? {})),
    status: {},
  };
}

export const jobGenerator: Generator = {
  names: ['job'],
  type: { group: 'batch', version: 'v1', kind: 'Job', resource: 'jobs', namespaced: true },
  flags: [
    { name: 'image', type: 'string' },
    { name: 'from', type: 'string' },
  ],
  failedTo: 'job',
  build(name, p, ctx) {
    const image = str(p, 'image') ?? '';
    const from = str(p, 'from') ?? '';
    const command = commandAfterName(p);
    if ((image === '' && from === '') || (image !== '' && from !== '')) throw new KubectlError('either --image or --from must be specified');
    if (command?.length && from !== '') throw new KubectlError('cannot specify --from and command');
    if (from !== '') return jobFromCronJob(ctx, name, from);
    return {
      kind: 'Job',
      apiVersion: 'batch/v1',
      metadata: typedMeta(name),
      spec: { template: { metadata: { creationTimestamp: null }, spec: { containers: [generatedContainer(name, image, command)], restartPolicy: 'Never' } } },
      status: {},
    };
  },
};
