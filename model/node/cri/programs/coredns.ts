import { createHash } from 'node:crypto';
import { COREFILE } from '../../../addons/coredns';
import type { LogLine, Program } from './program';

/**
 * CoreDNS: serves until stopped; on start it prints its server block, the reload plugin's
 * SHA512 of the Corefile it was mounted with, and its version line.
 */
export function coredns(cmdline: string, version: string): Program {
  const sha = createHash('sha512').update(COREFILE).digest('hex');
  const out = (t: number, text: string): LogLine => ({ t, stream: 'stdout', text });
  return {
    processes: [{ command: cmdline, user: '65532' }],
    startLogs: (t) => [out(t, '.:53'), out(t, `[INFO] plugin/reload: Running configuration SHA512 = ${sha}`), out(t, `CoreDNS-${version.replace(/^v/, '')}`), out(t, 'linux/amd64, go1.21.11, a6338e9')],
    // SIGTERM: the health plugin's lameduck (5s in kubeadm's Corefile) before it exits.
    stopMs: 5000,
    stopLogs: (t) => [out(t, '[INFO] SIGTERM: Shutting down servers then terminating'), out(t, '[INFO] plugin/health: Going into lameduck mode for 5s')],
  };
}
