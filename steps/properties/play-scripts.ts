/**
 * Play scripts a reader might write, and lines nobody should: kubectl commands (well-formed,
 * with random arguments, or applying generated and broken manifests through a heredoc), sleeps,
 * timeouts, node commands, pipes into the filters, and lines with shell operators, bad quotes or
 * unknown commands.
 */
import fc from 'fast-check';
import { badDocument } from './inputs';

const names = fc.constantFrom('web', 'nginx', 'db', 'x', 'nginx-deployment', 'UPPER', 'a.b', '-bad', 'web-' + 'x'.repeat(60));
const resources = fc.constantFrom('pods', 'po', 'deployments', 'deploy', 'rs', 'nodes', 'services', 'svc', 'namespaces', 'ds', 'endpointslices', 'events', 'all', 'nope', 'pods,nodes', 'deployment/web', 'pod/x');
const outputs = fc.constantFrom('wide', 'yaml', 'json', 'name', 'jsonpath={.items[*].metadata.name}', 'jsonpath={.bad', 'custom-columns=NAME:.metadata.name', 'go-template={{.x}}', 'bogus', '');
const flagValues = fc.oneof(fc.constantFrom('', '-1', '0', '3', '99999999999', '2147483648', '1.5', 'x', 'true', 'a=b', 'app=web', 'app in (a,b)', '!app', 'app=', '5s', '-5s', 'default', 'kube-system'), fc.string({ maxLength: 8 }));
const flagNames = fc.constantFrom('replicas', 'image', 'selector', 'l', 'n', 'namespace', 'o', 'output', 'timeout', 'port', 'target-port', 'type', 'all-namespaces', 'A', 'watch', 'w', 'force', 'grace-period', 'field-selector', 'sort-by', 'dry-run', 'validate', 'overwrite', 'bogus', 'f', 'p', 'type', 'container', 'c', 'tail', 'since');

/** A flag as a reader spells it: --name=value, --name value, -x value, or a bare switch. */
const flag = fc.tuple(flagNames, flagValues, fc.constantFrom('=', ' ', 'bare')).map(([n, v, sep]) => {
  const dash = n.length === 1 ? '-' : '--';
  if (sep === 'bare') return `${dash}${n}`;
  return sep === '=' && dash === '--' ? `${dash}${n}=${quote(v)}` : `${dash}${n} ${quote(v)}`;
});

/** A word as bash would need it quoted. */
function quote(word: string): string {
  if (/^[A-Za-z0-9_.,:=\/@%+-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

const verbs = fc.constantFrom('get', 'describe', 'delete', 'scale', 'label', 'patch', 'expose', 'rollout', 'logs', 'exec', 'create', 'apply', 'version', 'api-resources', 'cluster-info', 'edit', 'gett', 'run');

const wellFormedKubectl = fc.oneof(
  fc.tuple(resources, fc.option(outputs, { nil: undefined }), fc.boolean()).map(([r, o, all]) => `kubectl get ${r}${o !== undefined ? ` -o ${quote(o)}` : ''}${all ? ' -A' : ''}`),
  fc.tuple(names, fc.constantFrom('nginx', 'nginx:1.27', 'busybox', 'Bad Image', '')).map(([n, i]) => `kubectl create deployment ${quote(n)} --image=${quote(i)}`),
  fc.tuple(names, fc.constantFrom('0', '1', '3', '-1', '40', '2147483647', '99999999999', 'x')).map(([n, r]) => `kubectl scale deployment ${quote(n)} --replicas=${r}`),
  fc.tuple(resources, names).map(([r, n]) => `kubectl describe ${r} ${quote(n)}`),
  fc.tuple(resources, names).map(([r, n]) => `kubectl delete ${r} ${quote(n)} --timeout=5s`),
  names.map((n) => `kubectl rollout status deployment ${quote(n)} --timeout=10s`),
  fc.tuple(names, fc.constantFrom('{"spec":{"replicas":2}}', '{"spec":{"replicas":"x"}}', '{bad', '[]', 'null')).map(([n, p]) => `kubectl patch deployment ${quote(n)} -p ${quote(p)}`),
  fc.tuple(names, fc.constantFrom('app=web', 'app-', 'app=web app-', 'Bad Key=x', 'a=' + 'v'.repeat(70))).map(([n, l]) => `kubectl label pods ${quote(n)} ${l}`),
  fc.tuple(names, fc.constantFrom('80', '0', '70000', 'http', '')).map(([n, p]) => `kubectl expose deployment ${quote(n)} --port=${quote(p)}`),
  names.map((n) => `kubectl logs ${quote(n)}`),
  names.map((n) => `kubectl exec ${quote(n)} -- ls /`),
  // Jobs, CronJobs, run and wait (issue 11): containers running scripts, schedules cron may refuse.
  fc.tuple(names, fc.constantFrom('echo hi', 'false', 'sh -c "sleep 2; exit 3"', 'sh -c "for i in 1 2; do echo $i; done"', 'sh -c "while true; do sleep 1; done"', 'sh -c "if"', 'nosuchprogram', 'sleep x')).map(([n, c]) => `kubectl create job ${quote(n)} --image=busybox -- ${c}`),
  fc.tuple(names, fc.constantFrom('*/1 * * * *', '@hourly', '61 * * * *', 'x', '', '* * * * * *', '@every 30s', 'TZ=UTC * * * * *')).map(([n, s]) => `kubectl create cronjob ${quote(n)} --image=busybox --schedule=${quote(s)} -- true`),
  fc.tuple(names, fc.constantFrom('Never', 'OnFailure', 'Always', 'Sometimes', '')).map(([n, r]) => `kubectl run ${quote(n)} --image=busybox --restart=${quote(r)} -- echo hi`),
  fc.tuple(fc.constantFrom('condition=complete', 'condition=Ready', 'delete', 'create', 'jsonpath={.status.active}=1', 'bogus', ''), fc.constantFrom('job/web', 'pod/x', 'pods -l run=web', 'jobs --all')).map(([f, t]) => `kubectl wait --for=${quote(f)} ${t} --timeout=5s`),
);

const randomKubectl = fc.tuple(verbs, fc.array(fc.oneof(resources, names, flag, fc.string({ maxLength: 10 }).map(quote)), { maxLength: 5 })).map(([v, args]) => ['kubectl', v, ...args].join(' '));

/** A heredoc: a manifest, valid or broken, through `kubectl apply|create -f -`. */
const heredoc = fc.tuple(fc.constantFrom('apply', 'create'), badDocument).map(([verb, doc]) => `kubectl ${verb} -f - <<EOF\n${doc.replace(/^\s*EOF\s*$/gm, 'EOF_')}\nEOF`);

const intervals = fc.oneof(fc.constantFrom('1', '5s', '.5', '1m', '0.001h', '1e1', '0x10', '', 'x', '-1', 'nan', '1.5.5', '--', '--help', '1e9d', 'inf'), fc.string({ maxLength: 5 }));
const sleep = fc.array(intervals, { maxLength: 3 }).map((args) => ['sleep', ...args.map(quote)].join(' '));
const timeout = fc.tuple(intervals, resources).map(([d, r]) => `timeout ${quote(d)} kubectl get ${r} -w`);

const nodes = fc.oneof({ weight: 12, arbitrary: fc.constantFrom('k8s-master', 'k8s-worker-1', 'k8s-worker-2') }, { weight: 1, arbitrary: fc.constant('k8s-worker-9') });
const nodeCommands = fc.constantFrom(
  'crictl ps',
  'crictl pods',
  'crictl ps -a',
  'crictl logs nope',
  'crictl inspect',
  'ps aux',
  'ps -ef',
  'hostname',
  'kill -9 1',
  'pkill -f nope',
  'cat /etc/kubernetes/manifests/etcd.yaml',
  'cat /nope',
  'ls /etc/kubernetes/manifests',
  'systemctl status kubelet',
  'systemctl restart containerd',
  'systemctl frobnicate kubelet',
  'iptables-save',
  'ip route',
  'route -n',
  'curl -s http://10.96.0.1',
  'etcdctl get /registry --prefix --keys-only',
  'nosuchtool',
);
const onNode = fc.tuple(nodes, nodeCommands).map(([n, c]) => `on ${n} ${c}`);

const filters = fc.constantFrom('grep nginx', 'grep -v Running', 'grep -c k8s', 'grep -i NAME', "grep -E 'a|b'", "grep '('", 'grep', 'grep -j x', 'head', 'head -n 2', 'head -n x', 'tail -1', 'tail -n +2', 'wc -l', 'wc', 'sort', 'sort -r', 'sort -n', 'sort -x', 'grep x nope.txt');

/** A command, maybe piped into one or two filters. */
const command = fc.tuple(fc.oneof(wellFormedKubectl, randomKubectl, sleep, timeout, onNode), fc.array(filters, { maxLength: 2 })).map(([c, fs]) => [c, ...fs].join(' | '));

const operators = fc.constantFrom('>', '>>', '<', ';', '&&', '||', '&', '2>&1', '$(', '`', '| |', '|');
const malformed = fc.oneof(
  fc.tuple(command, operators, fc.oneof(command, fc.constant(''))).map(([a, op, b]) => `${a} ${op} ${b}`.trim()),
  command.map((c) => `${c} 'unterminated`),
  fc.constantFrom('echo hi', 'cd /tmp', 'export X=1', 'on', 'on k8s-master', 'timeout', 'timeout 5s', 'timeout 5s sleep 1', 'kubectl apply -f - <<EOF'),
);

/** A line of a script: mostly commands, sometimes a comment, a heredoc or a malformed line. */
const line = fc.oneof({ weight: 12, arbitrary: command }, { weight: 3, arbitrary: heredoc }, { weight: 1, arbitrary: malformed }, { weight: 1, arbitrary: fc.constantFrom('# a comment', '') });

export const playScript = fc.array(line, { minLength: 1, maxLength: 8 }).map((ls) => ls.join('\n'));
