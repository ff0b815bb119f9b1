import { Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../model/api/status';
import type { KubespecWorld } from './world';

/** Tokens the cluster issued to its components (model/cluster.ts). */
const TOKENS: Record<string, string> = {
  'kube-scheduler': 'scheduler-token',
  'kube-controller-manager': 'kcm-token',
};

When('the {word} tries to delete the namespace {string}', function (this: KubespecWorld, component: string, ns: string) {
  const token = TOKENS[component];
  expect(token).toBeDefined();
  try {
    this.cluster.apiserver.handle({ verb: 'delete', token, resource: 'namespaces', name: ns });
    (this as any).apiError = undefined;
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    (this as any).apiError = e;
  }
});

Then('the API server answers {int} {word} with:', function (this: KubespecWorld, code: number, reason: string, message: string) {
  const e = (this as any).apiError as StatusError | undefined;
  expect(e).toBeDefined();
  expect({ code: e!.code, reason: e!.reason, message: e!.message }).toEqual({ code, reason, message: message.trim() });
});

Then('the namespace {string} still exists', function (this: KubespecWorld, ns: string) {
  const obj = this.cluster.admin.get('namespaces', undefined, ns);
  expect(obj.metadata.deletionTimestamp).toBeUndefined();
});
