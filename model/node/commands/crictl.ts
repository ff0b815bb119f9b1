import type { ContainerRuntime } from '../cri/api';
import type { NodeHost } from '../host';
import { humanDuration, humanSize, tabwrite } from './format';
import type { CommandResult } from './index';

/** crictl truncates ids to 13 characters unless --no-trunc. */
const TRUNC = 13;

const CONTAINER_STATE: Record<string, string> = { CONTAINER_CREATED: 'Created', CONTAINER_RUNNING: 'Running', CONTAINER_EXITED: 'Exited', CONTAINER_UNKNOWN: 'Unknown' };

/**
 * crictl v1.32 against the node's runtime: `pods`, `ps [-a]`, `images`, `logs <id>`, printed
 * as crictl prints them (tabwriter tables, truncated ids, go-units ages and sizes).
 */
export function crictl(host: NodeHost, runtime: ContainerRuntime, args: string[]): CommandResult {
  const [sub, ...rest] = args;
  const now = host.sim.clock.nowMs();
  const flags = new Set(rest.filter((a) => a.startsWith('-')));
  const noTrunc = flags.has('--no-trunc');
  const quiet = flags.has('-q') || flags.has('--quiet');
  const id = (s: string, prefix = '') => (noTrunc ? s : s.replace(prefix, '').slice(0, TRUNC));
  const ok = (stdout: string): CommandResult => ({ stdout, stderr: '', code: 0 });
  switch (sub) {
    case 'pods': {
      const pods = runtime.listPodSandbox().sort((a, b) => b.createdAt - a.createdAt);
      if (quiet) return ok(pods.map((p) => `${p.id}\n`).join(''));
      const rows = [['POD ID', 'CREATED', 'STATE', 'NAME', 'NAMESPACE', 'ATTEMPT', 'RUNTIME']];
      for (const p of pods)
        rows.push([id(p.id), `${humanDuration(now - p.createdAt)} ago`, p.state === 'SANDBOX_READY' ? 'Ready' : 'NotReady', p.metadata.name, p.metadata.namespace, String(p.metadata.attempt), '(default)']);
      return ok(tabwrite(rows));
    }
    case 'ps': {
      const all = flags.has('-a') || flags.has('--all');
      const list = runtime
        .listContainers()
        .filter((c) => all || c.state === 'CONTAINER_RUNNING')
        .sort((a, b) => b.createdAt - a.createdAt);
      if (quiet) return ok(list.map((c) => `${c.id}\n`).join(''));
      const rows = [['CONTAINER', 'IMAGE', 'CREATED', 'STATE', 'NAME', 'ATTEMPT', 'POD ID', 'POD', 'NAMESPACE']];
      for (const c of list)
        rows.push([
          id(c.id),
          id(c.imageId, 'sha256:'),
          `${humanDuration(now - c.createdAt)} ago`,
          CONTAINER_STATE[c.state],
          c.metadata.name,
          String(c.metadata.attempt),
          id(c.podSandboxId),
          c.labels['io.kubernetes.pod.name'] ?? 'unknown',
          c.labels['io.kubernetes.pod.namespace'] ?? 'unknown',
        ]);
      return ok(tabwrite(rows));
    }
    case 'images':
    case 'image':
    case 'img': {
      const imgs = runtime.listImages().sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
      if (quiet) return ok(imgs.map((i) => `${i.id}\n`).join(''));
      const rows = [['IMAGE', 'TAG', 'IMAGE ID', 'SIZE']];
      for (const i of imgs) {
        const size = humanSize(i.size);
        const pairs = i.repoTags.length ? i.repoTags.map((t) => [t.slice(0, t.lastIndexOf(':')), t.slice(t.lastIndexOf(':') + 1)]) : [[(i.repoDigests[0] ?? '<none>').split('@')[0], '<none>']];
        for (const [name, tag] of pairs) rows.push([name, tag, id(i.id, 'sha256:'), size]);
      }
      return ok(tabwrite(rows));
    }
    case 'logs': {
      const target = rest.find((a) => !a.startsWith('-'));
      if (!target) return { stdout: '', stderr: 'ID cannot be empty\n', code: 1 };
      const matches = runtime.listContainers().filter((c) => c.id.startsWith(target));
      if (matches.length !== 1) return { stdout: '', stderr: `time="${new Date(now).toISOString().replace(/\.\d+Z$/, 'Z')}" level=fatal msg="rpc error: code = NotFound desc = an error occurred when try to find container \\"${target}\\": not found"\n`, code: 1 };
      const entries = runtime.containerLogEntries(matches[0].id);
      const out = entries.filter((e) => e.stream === 'stdout').map((e) => e.text + '\n').join('');
      const err = entries.filter((e) => e.stream === 'stderr').map((e) => e.text + '\n').join('');
      return { stdout: out, stderr: err, code: 0 };
    }
    case undefined:
      return { stdout: '', stderr: 'crictl: a command is required (pods, ps, images, logs)\n', code: 1 };
    default:
      return { stdout: '', stderr: `No help topic for '${sub}'\n`, code: 3 };
  }
}

/** imageByRef: by first repo tag, else first repo digest. */
function sortKey(i: { repoTags: string[]; repoDigests: string[] }): string {
  return i.repoTags[0] ?? i.repoDigests[0] ?? '';
}
