/**
 * kube-controller-manager's start and its client builder on a FakeControlPlane
 * (steps/upstream/harness.ts), where the API server's answers can be made to fail: what
 * cmd/kube-controller-manager (v1.32) and k8s.io/controller-manager's clientbuilder (v0.32,
 * client_builder_dynamic.go) do. getOrCreateServiceAccount makes the controller's ServiceAccount
 * (and kube-system first when it is missing; AlreadyExists means someone else made it: get it
 * again); tokenSourceImpl.Token tries the TokenRequest up to 4 times, warning at each failure;
 * ClientOrDie calls klog.Fatal(err): the error's text on an F line, then the process exits 255.
 */
import { Given, Then, When, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../../model/api/status';
import type { ComponentContext } from '../../model/component';
import { DynamicClientBuilder } from '../../model/controllers/clientbuilder';
import { startControllerManager } from '../../model/controllers/manager';
import { FakeControlPlane, injectFailures, type InjectedFailure } from './harness';
import type { KubespecWorld } from '../world';

interface Kcm {
  cp: FakeControlPlane;
  ctx: ComponentContext;
  failures: InjectedFailure[];
  /** Its writes, in order: verb, resource[/subresource], name, and the answer's code. */
  writes: string[][];
  exitCode?: number;
  listError?: string;
}
const kcms = new WeakMap<KubespecWorld, Kcm>();

/** The API server's error for a refused request: a 404 says NotFound in the resource's words. */
function refusal(code: number, message: string, req: { resource: string; name?: string }): StatusError {
  const reason = code === 404 ? 'NotFound' : code === 500 ? 'InternalError' : 'ServiceUnavailable';
  const details = code === 404 ? { name: req.name, kind: req.resource } : undefined;
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: message.replace('{name}', req.name ?? ''), reason, details, code } as any);
}

function kcmOf(w: KubespecWorld, namespaces = ['default', 'kube-system']): Kcm {
  let k = kcms.get(w);
  if (!k) {
    const cp = new FakeControlPlane(namespaces);
    const ctx = cp.component();
    const kcm: Kcm = (k = { cp, ctx, failures: [], writes: [] });
    injectFailures(ctx, kcm.failures, (req) => {
      const f = kcm.failures.find((x) => x.verb === req.verb && x.resource === req.resource && (x.subresource ?? undefined) === (req.subresource ?? undefined))! as InjectedFailure & { code: number; message: string };
      return refusal(f.code, f.message, req);
    });
    // Outermost: every write and its answer, refused ones included.
    const inner = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req) => {
      const write = !['get', 'list', 'watch'].includes(req.verb);
      const row = [req.verb, req.subresource ? `${req.resource}/${req.subresource}` : req.resource, req.name ?? req.body?.metadata?.name ?? ''];
      try {
        const res = inner(req);
        if (write) kcm.writes.push([...row, req.verb === 'create' ? '201' : '200']);
        return res;
      } catch (e) {
        if (write && e instanceof StatusError) kcm.writes.push([...row, String(e.code)]);
        throw e;
      }
    };
    kcms.set(w, kcm);
  }
  return k;
}

Given('kube-controller-manager on a fake API server without the namespace {string}', function (this: KubespecWorld, ns: string) {
  kcmOf(this, ['default', 'kube-system'].filter((n) => n !== ns));
});

Given(/^the API server answers kube-controller-manager's next (\d+ )?"(\w+)" of "([\w/]+)" with a (\d+) "(.*)"$/, function (this: KubespecWorld, times: string | undefined, verb: string, path: string, code: string, message: string) {
  const [resource, subresource] = path.split('/');
  kcmOf(this).failures.push({ verb, resource, subresource, times: times ? Number(times) : 1, code: Number(code), message } as InjectedFailure);
});

Given('the ServiceAccount {string} exists in {string}', function (this: KubespecWorld, name: string, ns: string) {
  kcmOf(this).cp.create('serviceaccounts', { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace: ns } });
});

When('kube-controller-manager starts', function (this: KubespecWorld) {
  const k = kcmOf(this);
  startControllerManager(k.ctx, { clusterCIDR: '10.244.0.0/16', nodeCIDRMaskSize: 24, exit: (c) => (k.exitCode ??= c) });
  k.cp.advance(15_000);
});

When('its client builder builds the client of {string} and lists Pods with it', function (this: KubespecWorld, sa: string) {
  const k = kcmOf(this);
  try {
    new DynamicClientBuilder(k.ctx).client(sa).list('pods', 'default');
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    k.listError = `${e.code} ${e.message}`;
  }
});

Then('the list succeeded', function (this: KubespecWorld) {
  expect(kcmOf(this).listError).toBeUndefined();
});

Then("kube-controller-manager's writes were:", function (this: KubespecWorld, table: DataTable) {
  expect(kcmOf(this).writes).toEqual(table.rows());
});

Then('kube-controller-manager exited with {int}, its log ending:', function (this: KubespecWorld, code: number, text: string) {
  const k = kcmOf(this);
  const want = text.split('\n');
  expect({ exitCode: k.exitCode, last: k.ctx.log.lines.slice(-want.length) }).toEqual({ exitCode: code, last: want });
});

Then("kube-controller-manager's log is:", function (this: KubespecWorld, text: string) {
  expect(kcmOf(this).ctx.log.lines).toEqual(text.split('\n'));
});

Then("kube-controller-manager's log lines containing {string} are:", function (this: KubespecWorld, part: string, text: string) {
  expect(kcmOf(this).ctx.log.lines.filter((l) => l.includes(part))).toEqual(text.split('\n'));
});
