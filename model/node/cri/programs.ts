import { createHash } from 'node:crypto';
import { COREFILE } from '../../addons/coredns';
import { NODE_OS } from '../os';

/** One line a container wrote, with its virtual time (epoch ms). */
export interface LogLine {
  t: number;
  stream: 'stdout' | 'stderr';
  text: string;
}

/**
 * What a container runs: its processes as `ps` shows them on the node, what it logs, whether
 * it exits on its own, and how it reacts to the stop signal. A small catalogue of the images
 * the specification uses; any other command runs until it is stopped.
 */
export interface Program {
  /** Processes; the first is the container's init (pid 1 inside), the rest are its children. */
  processes: { command: string; user: string }[];
  startLogs(nowMs: number): LogLine[];
  /** Exits on its own after `afterMs` with `code` (a shell without a terminal, `true` ...). */
  exit?: { afterMs: number; code: number };
  /**
   * Milliseconds from the stop signal to exit; undefined when the signal is ignored (pid 1
   * without a handler, like `sleep`), so only SIGKILL at the end of the grace period stops it.
   */
  stopMs?: number;
  stopLogs?(nowMs: number): LogLine[];
}

/** An image's default ENTRYPOINT + CMD, by program name (images.ts). */
const DEFAULTS: Record<string, { entrypoint: string[]; cmd: string[] }> = {
  nginx: { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'] },
  'nginx-alpine': { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'] },
  pause: { entrypoint: ['/pause'], cmd: [] },
  sh: { entrypoint: [], cmd: ['sh'] },
  coredns: { entrypoint: ['/coredns'], cmd: [] },
  flannel: { entrypoint: ['/opt/bin/flanneld'], cmd: [] },
  'flannel-cni-plugin': { entrypoint: [], cmd: ['/bin/sh'] },
};

/**
 * Builds the program a container runs from its image's program name and version, the Pod's
 * command/args (which replace ENTRYPOINT/CMD as Kubernetes defines), and the node's CPUs.
 */
export function programFor(imageProgram: string, version: string, command: string[] | undefined, args: string[] | undefined, cpus: number): Program {
  const d = DEFAULTS[imageProgram] ?? { entrypoint: [], cmd: [imageProgram] };
  const argv = command?.length ? [...command, ...(args ?? [])] : [...d.entrypoint, ...(args?.length ? args : d.cmd)];
  if (imageProgram === 'pause') return { processes: [{ command: '/pause', user: '65535' }], startLogs: () => [], stopMs: 5 };
  const isNginx = imageProgram.startsWith('nginx') && argv[0] === '/docker-entrypoint.sh' && argv[1] === 'nginx';
  if (isNginx) return nginx(argv.slice(1).join(' '), version, imageProgram === 'nginx-alpine', cpus);
  if (imageProgram === 'coredns' && argv[0] === '/coredns') return coredns(argv.join(' '), version);
  // The CNI plugin image only carries the plugin binary: whatever it runs (cp) copies it and exits.
  if (imageProgram === 'flannel-cni-plugin') return { processes: [{ command: argv.join(' '), user: 'root' }], startLogs: () => [], exit: { afterMs: 5, code: 0 } };
  return generic(argv);
}

function nginx(cmdline: string, version: string, alpine: boolean, cpus: number): Program {
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

/**
 * CoreDNS: serves until stopped; on start it prints its server block, the reload plugin's
 * SHA512 of the Corefile it was mounted with, and its version line.
 */
function coredns(cmdline: string, version: string): Program {
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

/** Any other command: a few recognisable short-lived ones exit, the rest run until stopped. */
function generic(argv: string[]): Program {
  const cmdline = argv.join(' ');
  const base = (argv[0] ?? '').split('/').pop() ?? '';
  const lines: string[] = [];
  let exit: Program['exit'];
  if ((base === 'sh' || base === 'bash') && argv.length === 1) exit = { afterMs: 10, code: 0 }; // no stdin: the shell ends at once
  else if (base === 'true' || base === 'cp') exit = { afterMs: 5, code: 0 };
  else if (base === 'false') exit = { afterMs: 5, code: 1 };
  else if (base === 'echo') {
    lines.push(argv.slice(1).join(' '));
    exit = { afterMs: 5, code: 0 };
  } else if ((base === 'sh' || base === 'bash') && argv[1] === '-c' && argv[2] !== undefined) {
    const script = argv.slice(2).join(' ');
    if (!/\b(sleep|while|tail|until|for|nc|httpd|read)\b/.test(script)) {
      for (const m of script.matchAll(/\becho\s+(?:"([^"]*)"|'([^']*)'|([^;&|]*))/g)) lines.push((m[1] ?? m[2] ?? m[3] ?? '').trim());
      const code = script.match(/\bexit\s+(\d+)/);
      exit = { afterMs: 10, code: code ? Number(code[1]) : 0 };
    }
  }
  return {
    processes: [{ command: cmdline, user: 'root' }],
    startLogs: (t) => lines.map((text) => ({ t, stream: 'stdout' as const, text })),
    exit,
    // A shell or sleep as pid 1 has no SIGTERM handler: the kernel ignores the signal.
    stopMs: undefined,
  };
}
