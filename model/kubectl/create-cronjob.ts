/**
 * `kubectl create cronjob NAME --image=IMAGE --schedule=SPEC [--restart=…] [-- COMMAND…]`
 * (pkg/cmd/create/create_cronjob.go): a Job template of one container named after the CronJob,
 * restartPolicy OnFailure unless --restart says otherwise. kubectl checks neither the schedule
 * nor the policy: the API server does.
 */
import { str } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { commandAfterName, generatedContainer } from './create-job';

export const cronJobGenerator: Generator = {
  names: ['cronjob', 'cj'],
  type: { group: 'batch', version: 'v1', kind: 'CronJob', resource: 'cronjobs', namespaced: true },
  flags: [
    { name: 'image', type: 'string' },
    { name: 'schedule', type: 'string' },
    { name: 'restart', type: 'string' },
  ],
  required: ['image', 'schedule'],
  failedTo: 'cronjob',
  build(name, p) {
    const restart = str(p, 'restart') || 'OnFailure';
    const container = generatedContainer(name, str(p, 'image') ?? '', commandAfterName(p));
    return {
      kind: 'CronJob',
      apiVersion: 'batch/v1',
      metadata: typedMeta(name),
      spec: {
        schedule: str(p, 'schedule') ?? '',
        jobTemplate: {
          metadata: { name, creationTimestamp: null },
          spec: { template: { metadata: { creationTimestamp: null }, spec: { containers: [container], restartPolicy: restart } } },
        },
      },
      status: {},
    };
  },
};
