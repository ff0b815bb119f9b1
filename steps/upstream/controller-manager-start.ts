/**
 * kube-controller-manager's start on a FakeControlPlane (steps/upstream/harness.ts), where a
 * request can be made to fail: what cmd/kube-controller-manager (v1.32) and
 * k8s.io/controller-manager's clientbuilder (v0.32) do when a controller's client cannot be had.
 * ClientOrDie calls klog.Fatal(err): the error's text on an F line, then the process exits 255.
 */
import { When, Then } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../../model/api/status';
import { startControllerManager } from '../../model/controllers/manager';
import { FakeControlPlane, injectFailures } from './harness';
import type { KubespecWorld } from '../world';

interface Started {
  log: string[];
  exitCode?: number;
}
const started = new WeakMap<KubespecWorld, Started>();

When('kube-controller-manager starts and the API server answers its first {string} of {string} with a {int} {string}', function (this: KubespecWorld, verb: string, resource: string, code: number, message: string) {
  const cp = new FakeControlPlane(['default', 'kube-system']);
  const ctx = cp.component();
  injectFailures(ctx, [{ verb, resource, times: 1 }], () => new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: code === 500 ? 'InternalError' : 'ServiceUnavailable', code }));
  const s: Started = { log: ctx.log.lines };
  startControllerManager(ctx, { clusterCIDR: '10.244.0.0/16', nodeCIDRMaskSize: 24, exit: (c) => (s.exitCode ??= c) });
  cp.advance(15_000);
  started.set(this, s);
});

Then('kube-controller-manager exited with {int}, its log ending:', function (this: KubespecWorld, code: number, text: string) {
  const s = started.get(this);
  if (!s) throw new Error('kube-controller-manager was not started by this scenario');
  const want = text.split('\n');
  expect({ exitCode: s.exitCode, last: s.log.slice(-want.length) }).toEqual({ exitCode: code, last: want });
});
