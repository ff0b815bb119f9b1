/**
 * The catalogue of what containers run: an image's program (images.ts) and the Pod's
 * command/args give a Program. nginx and CoreDNS as their images run them, the pause
 * container, busybox's programs and shell scripts on virtual time; any other command of
 * another image runs until it is stopped.
 */
import { busyboxProgram, BUSYBOX_APPLETS } from './busybox';
import { curlTool } from './curl';
import { coredns } from './coredns';
import { nginx } from './nginx';
import type { ContainerView, Program } from './program';

export type { ContainerView, LogLine, Program, ProgramIO } from './program';

/** An image's default ENTRYPOINT + CMD, by program name (images.ts). */
const DEFAULTS: Record<string, { entrypoint: string[]; cmd: string[] }> = {
  nginx: { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'] },
  'nginx-alpine': { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'] },
  pause: { entrypoint: ['/pause'], cmd: [] },
  sh: { entrypoint: [], cmd: ['sh'] },
  coredns: { entrypoint: ['/coredns'], cmd: [] },
  flannel: { entrypoint: ['/opt/bin/flanneld'], cmd: [] },
  'flannel-cni-plugin': { entrypoint: [], cmd: ['/bin/sh'] },
  curl: { entrypoint: ['/entrypoint.sh'], cmd: ['curl'] },
};

const NO_VIEW: ContainerView = { env: [], hostname: '', readFile: () => undefined, readDir: () => undefined };

/**
 * Builds the program a container runs from its image's program name and version, the Pod's
 * command/args (which replace ENTRYPOINT/CMD as Kubernetes defines), the node's CPUs and what
 * the container sees (env, mounted files).
 */
export function programFor(imageProgram: string, version: string, command: string[] | undefined, args: string[] | undefined, cpus: number, view: ContainerView = NO_VIEW): Program {
  const d = DEFAULTS[imageProgram] ?? { entrypoint: [], cmd: [imageProgram] };
  const argv = command?.length ? [...command, ...(args ?? [])] : [...d.entrypoint, ...(args?.length ? args : d.cmd)];
  if (imageProgram === 'pause') return { processes: [{ command: '/pause', user: '65535' }], startLogs: () => [], stopMs: 5 };
  const isNginx = imageProgram.startsWith('nginx') && argv[0] === '/docker-entrypoint.sh' && argv[1] === 'nginx';
  if (isNginx) return nginx(argv.slice(1).join(' '), version, imageProgram === 'nginx-alpine', cpus);
  if (imageProgram === 'coredns' && argv[0] === '/coredns') return coredns(argv.join(' '), version);
  // The CNI plugin image only carries the plugin binary: whatever it runs (cp) copies it and exits.
  if (imageProgram === 'flannel-cni-plugin') return { processes: [{ command: argv.join(' '), user: 'root' }], startLogs: () => [], exit: { afterMs: 5, code: 0 } };
  // The busybox image has busybox's programs and nothing else.
  if (imageProgram === 'sh') return busyboxProgram(argv, view);
  // curlimages/curl: Alpine's busybox and curl; its entrypoint runs curl when the first argument is an option.
  if (imageProgram === 'curl') return busyboxProgram(curlEntrypoint(argv), view, { curl: curlTool });
  // Other images have a shell and the usual programs too (coreutils, or busybox on Alpine).
  const base = (argv[0] ?? '').split('/').pop() ?? '';
  if (argv.length && BUSYBOX_APPLETS.has(base) && (argv[0] === base || /^\/(usr\/)?s?bin\//.test(argv[0]))) return busyboxProgram(argv, view);
  return { processes: [{ command: argv.join(' '), user: 'root' }], startLogs: () => [], stopMs: undefined };
}

/** curlimages/curl's /entrypoint.sh: `curl "$@"` when the first argument is an option (or none), else `"$@"`. */
function curlEntrypoint(argv: string[]): string[] {
  if (argv[0] !== '/entrypoint.sh') return argv;
  const rest = argv.slice(1);
  return rest.length === 0 || rest[0].startsWith('-') ? ['curl', ...rest] : rest;
}
