import { NODE_OS } from '../../os';
import type { LogLine, Program } from './program';

/** nginx as its image runs it: the entrypoint's lines, the master and one worker per CPU, SIGQUIT's graceful exit. */
export function nginx(cmdline: string, version: string, alpine: boolean, cpus: number): Program {
  const workers = Array.from({ length: Math.max(1, cpus) }, (_, i) => 29 + i);
  const out = (t: number, text: string): LogLine => ({ t, stream: 'stdout', text });
  const err = (t: number, text: string): LogLine => ({ t, stream: 'stderr', text });
  const stamp = (t: number) => new Date(t).toISOString().replace(/^(\d+)-(\d+)-(\d+)T(\d+:\d+:\d+).*$/, '$1/$2/$3 $4');
  return {
    processes: [{ command: `nginx: master process ${cmdline}`, user: 'root' }, ...workers.map(() => ({ command: 'nginx: worker process', user: '101' }))],
    startLogs: (t) => [
      out(t, '/docker-entrypoint.sh: /docker-entrypoint.d/ is not empty, will attempt to perform configuration'),
      out(t, '/docker-entrypoint.sh: Looking for shell scripts in /docker-entrypoint.d/'),
      out(t, '/docker-entrypoint.sh: Launching /docker-entrypoint.d/10-listen-on-ipv6-by-default.sh'),
      out(t, '10-listen-on-ipv6-by-default.sh: info: Getting the checksum of /etc/nginx/conf.d/default.conf'),
      out(t, '10-listen-on-ipv6-by-default.sh: info: Enabled listen on IPv6 in /etc/nginx/conf.d/default.conf'),
      out(t, '/docker-entrypoint.sh: Sourcing /docker-entrypoint.d/15-local-resolvers.envsh'),
      out(t, '/docker-entrypoint.sh: Launching /docker-entrypoint.d/20-envsubst-on-templates.sh'),
      out(t, '/docker-entrypoint.sh: Launching /docker-entrypoint.d/30-tune-worker-processes.sh'),
      out(t, '/docker-entrypoint.sh: Configuration complete; ready for start up'),
      err(t, `${stamp(t)} [notice] 1#1: using the "epoll" event method`),
      err(t, `${stamp(t)} [notice] 1#1: nginx/${version}`),
      err(t, `${stamp(t)} [notice] 1#1: built by gcc ${alpine ? '13.2.1 20240309 (Alpine 13.2.1_git20240309)' : '12.2.0 (Debian 12.2.0-14)'} `),
      err(t, `${stamp(t)} [notice] 1#1: OS: Linux ${NODE_OS.kernelVersion}`),
      err(t, `${stamp(t)} [notice] 1#1: getrlimit(RLIMIT_NOFILE): 1048576:1048576`),
      err(t, `${stamp(t)} [notice] 1#1: start worker processes`),
      ...workers.map((w) => err(t, `${stamp(t)} [notice] 1#1: start worker process ${w}`)),
    ],
    // The nginx image's STOPSIGNAL is SIGQUIT: a graceful shutdown that takes a moment.
    stopMs: 40,
    stopLogs: (t) => [
      err(t, `${stamp(t)} [notice] 1#1: signal 3 (SIGQUIT) received, shutting down`),
      ...workers.flatMap((w) => [`gracefully shutting down`, 'exiting', 'exit'].map((m) => err(t, `${stamp(t)} [notice] ${w}#${w}: ${m}`))),
      ...workers.flatMap((w) => [err(t, `${stamp(t)} [notice] 1#1: signal 17 (SIGCHLD) received from ${w}`), err(t, `${stamp(t)} [notice] 1#1: worker process ${w} exited with code 0`)]),
      err(t, `${stamp(t)} [notice] 1#1: exit`),
    ],
  };
}
