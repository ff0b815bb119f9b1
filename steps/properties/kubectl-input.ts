/**
 * Random command lines and random manifests through the model's kubectl: whatever a user types,
 * kubectl answers in its own words (or the API server's) and the model never throws. No output
 * may carry a JavaScript value or engine message (`undefined`, `[object Object]`, `Cannot read
 * properties of …`, JSON.parse's `… in JSON at position …`), and sim.failures, where the model
 * records an error it did not expect, stays empty.
 */
import fc from 'fast-check';
import * as path from 'node:path';
import type { Cluster } from '../../model/cluster';
import { Kubectl, type KubectlIO } from '../../model/kubectl/kubectl';

/** What a JavaScript engine prints, never kubectl. */
export const ENGINE_TEXT = [
  'undefined',
  '[object Object]',
  'Cannot read properties of',
  'Cannot set properties of',
  'Cannot create property',
  'is not a function',
  'is not iterable',
  'is not defined',
  'in JSON at position',
  'Unexpected token',
  'Unexpected end of JSON input',
  'Maximum call stack',
  'Invalid array length',
  'Cannot convert',
];

const BASE_MANIFESTS = [
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web}\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: nginx\n        image: nginx\n        ports:\n        - containerPort: 80\n',
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector: {app: web}\n  ports:\n  - port: 80\n    targetPort: 80\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cfg\ndata:\n  a: "1"\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: team-a\n',
  '{"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "labels": {"app": "p"}}, "spec": {"containers": [{"name": "c", "image": "nginx"}]}}\n',
];

/** Characters that break YAML and JSON in every way a typo can. */
const NOISE = [':', '{', '}', '[', ']', '-', '\t', '"', "'", '#', '&', '*', '!', '|', '>', '%', '@', '`', ',', '\n', ' ', '  ', '---\n', 'yes', 'null', '0x1F', '\\'];

/** A manifest with a few characters inserted, deleted or replaced. */
const manifestText: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom(...BASE_MANIFESTS),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom('insert', 'delete', 'replace'), fc.constantFrom(...NOISE)), { maxLength: 4 }),
  )
  .map(([text, edits]) => {
    let t = text;
    for (const [at, op, s] of edits) {
      const i = at % (t.length + 1);
      if (op === 'insert') t = t.slice(0, i) + s + t.slice(i);
      else if (op === 'delete') t = t.slice(0, i) + t.slice(i + 1 + (at % 3));
      else t = t.slice(0, i) + s + t.slice(i + s.length);
    }
    return t;
  });

/** Flag values of the kinds pflag and kubectl parse: good, bad, empty, out of range. */
const ODD = ['', '-', 'abc', '0x10', '1_0', '010', '99999999999999999999', '-1', '1.5', 'true', 'maybe', 'é', '{', '{.metadata.name}', '5', '5x', '1h30m'];
const FLAG_VALUES: Record<string, string[]> = {
  '-o': ['yaml', 'json', 'name', 'wide', 'jsonpath=', 'jsonpath={.metadata.name}', 'jsonpath={.items[*].metadata.name}', 'jsonpath={', 'custom-columns=', 'custom-columns=N:.metadata.name', 'go-template', 'bogus'],
  '--sort-by': ['.foo', '.metadata.name', '{.metadata.creationTimestamp}', '{', '.spec.containers[0].image'],
  '-l': ['app=web', 'app in (web', '!!', 'a!=b,c', 'x==a==b'],
  '--field-selector': ['metadata.name=web', 'foo=bar', 'metadata.name', 'a==b==c'],
  '-n': ['default', 'kube-system', 'nope', 'Bad_NS'],
  '--replicas': ['0', '1', '2', 'abc', '-1', '1_0', '0x2', '99999999999999999999', '3000000000'],
  '--timeout': ['0', '1s', '5', 'abc', '-1s', '1.5.5s'],
  '--validate': ['strict', 'warn', 'ignore', 'true', 'false', 'bogus', ''],
  '--dry-run': ['client', 'server', 'none', 'bogus'],
  '-p': ['{"spec":{"replicas":2}}', '{bad', 'a: b: c', '[1,', '{"metadata":{"labels":{"x":"y"}}}', '[{"op":"replace","path":"/spec/replicas","value":1}]', 'null', '"x"'],
  '--type': ['json', 'merge', 'strategic', 'bogus'],
  '--grace-period': ['0', '30', 'abc', '-1'],
  '--cascade': ['background', 'orphan', 'x'],
  '--port': ['80', 'abc', '0', '99999', '80,81'],
  '--target-port': ['80', 'http', ''],
  '--image': ['nginx', 'nginx:1.27', ''],
  '--chunk-size': ['0', '500', 'abc', '99999999999999999999'],
  '--tail': ['1', '-1', 'abc'],
  '-c': ['nginx', 'nope'],
  '--request-timeout': ['5', '5s', 'abc'],
  '--current-replicas': ['-2', '1'],
  '--to-revision': ['0', '1', '9', '-1', 'x'],
  '--revision': ['0', '1', '-1', 'x'],
  '--for': ['deployment/web', 'web', 'a/b/c', 'nope/web', 'pod/'],
  '--types': ['Normal', 'warning', 'Bad', 'Normal,Warning'],
  '--limits': ['cpu=100m', 'cpu', 'cpu=2x', 'memory=1Gi,cpu=1'],
  '-e': ['A=1', '1X=2', 'A-', '-'],
};
const BOOL_FLAGS = ['-A', '-w', '--show-labels', '--no-headers', '--ignore-not-found', '--overwrite', '--all', '--force', '--wait=false', '--watch=maybe', '-Awtrue', '-w=', '--foo', '-Z', '--', '---x', '--=x'];
const COMMANDS = ['get', 'describe', 'create', 'apply', 'delete', 'scale', 'label', 'patch', 'expose', 'rollout', 'logs', 'exec', 'version', 'api-resources', 'cluster-info', 'explain', 'gett', 'edit', 'set', 'events'];
/** The subcommands of rollout and set, ahead of the other arguments. */
const SUBCOMMANDS: Record<string, string[]> = { rollout: ['status', 'history', 'undo', 'pause', 'resume', 'restart', 'bogus'], set: ['image', 'env', 'resources', 'serviceaccount', 'selector', 'bogus'] };
const POSITIONAL = ['pods', 'pod', 'po', 'deploy', 'deployment', 'deployment/web', 'deploy/nope', 'svc', 'services', 'nodes', 'ns', 'rs', 'all', 'po,svc', 'web', 'nope', 'status', 'deployment', 'a/b/c', 'x=y', 'x-', 'a=b=c', 'app=web', '-', 'k8s-master', 'kube-system', '', 'Bad_Name'];

/** The flags each command takes (most generated flags are these, so a run gets past pflag). */
const COMMAND_FLAGS: Record<string, string[]> = {
  get: ['-o', '--sort-by', '-l', '--field-selector', '-n', '-A', '-w', '--show-labels', '--no-headers', '--ignore-not-found', '--chunk-size', '--request-timeout', '-f'],
  describe: ['-l', '-n', '-A', '-f', '--chunk-size'],
  create: ['-f', '--validate', '--dry-run', '-o', '--image', '--replicas', '--port', '-n'],
  apply: ['-f', '--validate', '--dry-run', '-o', '-n'],
  delete: ['-f', '-l', '-n', '-A', '--grace-period', '--cascade', '--dry-run', '--all', '--force', '--ignore-not-found', '--field-selector'],
  scale: ['--replicas', '--current-replicas', '-f', '-l', '--dry-run', '--all', '-n', '-o'],
  label: ['-l', '-A', '--overwrite', '--all', '-o', '--dry-run', '-n'],
  patch: ['-p', '--type', '--dry-run', '-f', '-n'],
  expose: ['--port', '--target-port', '--type', '-f', '-n', '--dry-run'],
  rollout: ['--timeout', '-w', '-n', '--to-revision', '--revision', '--dry-run', '-o', '-l', '-f'],
  set: ['--local', '-f', '-o', '--dry-run', '-c', '--limits', '-e', '--all', '-l', '-n'],
  events: ['--for', '--types', '-A', '-w', '-o', '--no-headers', '-n'],
  logs: ['-c', '--tail', '-n'],
  exec: ['-c', '-n'],
};

function flagWithValue(f: string): fc.Arbitrary<string[]> {
  if (f === '-f') return fc.constantFrom('bad.yaml', 'good.yaml', 'doc.json', 'dir', 'nowhere.yaml', '-').map((v) => ['-f', v]);
  const values = FLAG_VALUES[f];
  if (!values) return fc.constant([f]);
  return fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constantFrom(...ODD) }), fc.boolean()).map(([v, joined]) => (joined || !f.startsWith('--') ? [f.startsWith('--') ? `${f}=${v}` : `${f}${v}`] : [f, v]));
}

/** A flag: mostly one the command takes, sometimes any (or a malformed one). */
function flagArg(cmd: string): fc.Arbitrary<string[]> {
  const own = COMMAND_FLAGS[cmd] ?? [];
  const any = [...Object.keys(FLAG_VALUES), '-f'];
  return fc.oneof(
    { weight: own.length ? 6 : 0, arbitrary: own.length ? fc.constantFrom(...own).chain(flagWithValue) : fc.constant([] as string[]) },
    { weight: 1, arbitrary: fc.constantFrom(...any).chain(flagWithValue) },
    { weight: 1, arbitrary: fc.constantFrom(...BOOL_FLAGS).map((f) => [f]) },
  );
}

/** One random kubectl command line with the files it may read. */
export interface KubectlInput {
  argv: string[];
  files: Record<string, string>;
  stdin: string;
}

export const kubectlInput: fc.Arbitrary<KubectlInput> = fc.record({
  argv: fc
    .constantFrom(...COMMANDS)
    .chain((cmd) =>
      fc
        .tuple(SUBCOMMANDS[cmd] ? fc.constantFrom(...SUBCOMMANDS[cmd]).map((s) => [s]) : fc.constant([] as string[]), fc.array(fc.oneof(fc.constantFrom(...POSITIONAL).map((a) => [a]), flagArg(cmd)), { maxLength: 5 }))
        .map(([sub, rest]) => [cmd, ...sub, ...rest.flat()]),
    ),
  files: fc.record({ 'bad.yaml': manifestText, 'doc.json': manifestText, 'dir/a.yaml': manifestText, 'good.yaml': fc.constantFrom(...BASE_MANIFESTS) }),
  stdin: manifestText,
});

const CWD = '/work';

/** The command line's files, in memory: kubectl reads nothing else. */
function memoryIO(input: KubectlInput): KubectlIO {
  const files = new Map(Object.entries(input.files).map(([name, text]) => [path.join(CWD, name), text]));
  const dirs = new Set([...files.keys()].map((f) => path.dirname(f)));
  return {
    cwd: CWD,
    stdin: input.stdin,
    readFile: (p) => {
      const t = files.get(p);
      if (t === undefined) throw new Error(`ENOENT: ${p}`);
      return t;
    },
    stat: (p) => (files.has(p) ? 'file' : dirs.has(p) ? 'dir' : undefined),
    readdir: (p) => [...files.keys()].filter((f) => path.dirname(f) === p).map((f) => path.basename(f)),
  };
}

/** One generated command line through the model's kubectl: kubectl's words only, and no model bug. */
export function checkKubectlInput(cluster: Cluster, input: KubectlInput): void {
  // Commands that wait get a bound (delete does not wait, rollout status waits a second), so a
  // run takes little virtual time.
  let argv = input.argv;
  if (argv[0] === 'delete') argv = [argv[0], '--wait=false', ...argv.slice(1).filter((a) => !a.startsWith('--wait'))];
  if (argv[0] === 'rollout' && argv[1] === 'status') argv = [argv[0], '--timeout=1s', ...argv.slice(1).filter((a) => !a.startsWith('--timeout'))];
  const before = cluster.sim.failures.length;
  const res = new Kubectl({ client: cluster.admin, sim: cluster.sim }).run(argv, memoryIO(input), { watchMs: 0 });
  const line = `kubectl ${argv.map((a) => JSON.stringify(a)).join(' ')}`;
  const leaked = ENGINE_TEXT.find((t) => res.output.includes(t));
  if (leaked) throw new Error(`${line} printed ${JSON.stringify(leaked)}:\n${res.output}`);
  if (cluster.sim.failures.length > before) {
    const f = cluster.sim.failures[before];
    throw new Error(`${line}: the model threw inside "${f.label}": ${(f.error as Error)?.stack ?? f.error}`);
  }
  if (res.code !== 0 && res.stderr === '') throw new Error(`${line} failed (exit ${res.code}) without a word on stderr`);
}
