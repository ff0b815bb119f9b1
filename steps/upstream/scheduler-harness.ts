/**
 * kube-scheduler alone on a fake API server, as upstream's schedule_one_test.go and
 * eventhandlers_test.go drive it: no kubelets, no controllers; the test creates the Nodes and
 * Pods, lets virtual time pass and reads what the scheduler did through the API (bindings, the
 * Pod's PodScheduled condition, Events) and in its klog output at the verbosity it was started
 * with. A request can be made to fail, as the tests' injected bind and patch errors.
 */
import type { KObject } from '../../model/api/meta';
import { StatusError } from '../../model/api/status';
import type { ApiRequest } from '../../model/apiserver/request';
import { makeContext } from '../../model/component';
import { startScheduler } from '../../model/scheduler/scheduler';
import { Process } from '../../model/sim/process';
import { FakeControlPlane, type Action } from './harness';

const SCHEDULER_TOKEN = 'upstream-test-scheduler';

/** An injected failure: requests matching verb, resource and subresource answer this status. */
interface Injected {
  verb: string;
  resource: string;
  subresource?: string;
  code: number;
  reason: string;
  message: string;
  times: number;
}

export class SchedulerUnderTest {
  readonly cp = new FakeControlPlane(['default']);
  readonly proc: Process;
  readonly log: string[];
  readonly actions: Action[] = [];
  private readonly injected: Injected[] = [];

  constructor(verbosity: number) {
    const sim = this.cp.sim;
    this.cp.apiserver.issueToken(SCHEDULER_TOKEN, { user: 'system:kube-scheduler', groups: ['system:masters', 'system:authenticated'] });
    this.proc = new Process(sim, 1, 'k8s-master', 'kube-scheduler', `kube-scheduler --v=${verbosity}`);
    const ctx = makeContext(sim, this.proc, this.cp.apiserver, SCHEDULER_TOKEN);
    this.log = ctx.log.lines;
    const request = ctx.client.request.bind(ctx.client);
    ctx.client.request = (req: Omit<ApiRequest, 'token' | 'userAgent'>) => {
      const read = req.verb === 'get' || req.verb === 'list' || req.verb === 'watch';
      if (!read) this.actions.push({ verb: req.verb, resource: req.resource, subresource: req.subresource, namespace: req.namespace, name: req.name, body: req.body });
      const fault = this.injected.find((f) => f.times > 0 && f.verb === req.verb && f.resource === req.resource && f.subresource === req.subresource);
      if (fault) {
        fault.times--;
        throw new StatusError({ apiVersion: 'v1', kind: 'Status', metadata: {}, status: 'Failure', message: fault.message, reason: fault.reason as any, code: fault.code });
      }
      return request(req);
    };
    startScheduler(ctx);
  }

  /** The next `times` requests of this kind fail with the given status. */
  inject(what: string, code: number, reason: string, message: string, times: number): void {
    const [verb, target] = what.split(' ');
    const [resource, subresource] = target.split('/');
    this.injected.push({ verb, resource, subresource, code, reason, message, times });
  }

  advance(ms: number): void {
    this.cp.sim.advance(ms);
    const failures = this.cp.sim.failures;
    if (failures.length) throw new Error(`a task threw: ${failures.map((f) => `${f.label}: ${(f.error as Error)?.stack ?? f.error}`).join('\n')}`);
  }

  /** Each log line without its header's date and pid: "I source] message kv...". */
  logLines(): string[] {
    return this.log.map((l) => l.replace(/^([IWE])\d{4} [0-9:.]+ +\d+ /, '$1 '));
  }

  pod(name: string): KObject {
    return this.cp.admin.get('pods', 'default', name);
  }

  events(): KObject[] {
    return (this.cp.admin.list('events', 'default') as any).items;
  }
}
