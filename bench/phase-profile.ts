/**
 * A CPU profile of one phase of a workload (not of the whole process, whose boot would drown
 * the phase being measured): with KUBESPEC_BENCH_PROFILE=DIR set, `start(label)` starts V8's
 * sampling profiler and `stop()` writes DIR/LABEL.cpuprofile, which `node bench/profile-summary.js`
 * summarises. Without the variable both do nothing.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

export class PhaseProfile {
  private session: Session | undefined;
  private label = '';

  start(label: string): void {
    const dir = process.env.KUBESPEC_BENCH_PROFILE;
    if (!dir || this.session) return;
    this.label = label;
    this.session = new Session();
    this.session.connect();
    // A session on this thread answers synchronously: profiling is on when post returns.
    this.session.post('Profiler.enable');
    this.session.post('Profiler.start');
  }

  stop(): void {
    const session = this.session;
    if (!session) return;
    const dir = process.env.KUBESPEC_BENCH_PROFILE!;
    session.post('Profiler.stop', (err, result) => {
      if (!err) {
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `${this.label}.cpuprofile`), JSON.stringify(result.profile));
      }
      session.disconnect();
    });
    this.session = undefined;
  }
}
