/** kube-scheduler's klog verbosity (model/scheduler/logging.ts): the -v flag and V(n) lines. */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { VerboseLog, verbosityOf } from '../model/scheduler/logging';
import { KlogLog } from '../model/sim/log';
import { Simulation } from '../model/sim/simulation';

Then("kube-scheduler's command line gives the verbosity:", function (table: DataTable) {
  const got = table.hashes().map((r) => [r['command line'], String(verbosityOf(r['command line']))]);
  expect(got).toEqual(table.hashes().map((r) => [r['command line'], r.verbosity]));
});

/** `V(n) "msg"` logs at level n; `error(Error "x")`, `error("x")`, `error(-)`: an Error, a string, none. */
Then("kube-scheduler's log at each verbosity prints:", function (table: DataTable) {
  const got = table.hashes().map((r) => {
    const log = new KlogLog(new Simulation(1), 1);
    const v = new VerboseLog(log, Number(r.verbosity));
    const m = r.line.match(/^(?:V\((\d+)\)|error\((?:Error "([^"]*)"|"([^"]*)"|-)\)) "(.*)"$/);
    if (!m) throw new Error(`not a log call: ${r.line}`);
    if (m[1] !== undefined) v.info(Number(m[1]), 'schedule_one.go:1', m[4]);
    else v.error('schedule_one.go:1', m[2] !== undefined ? new Error(m[2]) : m[3], m[4]);
    return [r.verbosity, r.line, log.lines.map((l) => l.replace(/^([IWE])\d{4} [0-9:.]+ +\d+ /, '$1 ')).join('\n')];
  });
  expect(got).toEqual(table.hashes().map((r) => [r.verbosity, r.line, r.printed]));
});
