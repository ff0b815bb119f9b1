import { type DataTable, Then, When } from '@cucumber/cucumber';
import { expect } from 'expect';
import { StatusError } from '../model/api/status';
import { ApiClient } from '../model/client/client';
import { kubeletToken } from '../model/cluster';
import { messageForError } from '../model/kubectl/errors';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// A kubectl line run with a node's kubelet credentials (system:node:<name> in system:nodes), as
// `kubectl --kubeconfig=/etc/kubernetes/kubelet.conf …` on that node would.
When('the kubelet of {string} runs `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, node: string, line: string) {
  if (!this.cluster.node(node)) throw new Error(`no node "${node}" in this cluster`);
  if (!/^kubectl\s/.test(line)) throw new Error('the kubelet runs kubectl lines only');
  // The kubelet's kubeconfig alone: the admin's certificate must not go along (x509 would win).
  this.run(line.replace(/^kubectl\s/, `kubectl --kubeconfig=/dev/null -s https://${this.cluster.apiserver.endpoint} --insecure-skip-tls-verify --token=${kubeletToken(node)} `));
});

// A PUT of pods/status with the kubelet's credentials, as its status manager sends it: the Pod as
// the API server has it, with one more condition. What kubectl would print of the answer is kept
// as the step's result (`kubectl replace --subresource=status` has the same request).
When('the kubelet of {string} writes the status of the Pod {string}', function (this: KubespecWorld, node: string, pod: string) {
  const current = this.cluster.admin.get('pods', 'default', pod);
  const body = { ...current, status: { ...current.status, message: `written by the kubelet of ${node}` } };
  const client = new ApiClient(this.cluster.apiserver, kubeletToken(node));
  const line = `PUT pods/${pod}/status as the kubelet of ${node}`;
  try {
    client.updateStatus('pods', 'default', body);
    this.last = { line, code: 0, stdout: '', stderr: '' };
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    this.last = { line, code: 1, stdout: '', stderr: messageForError(e) + '\n' };
  }
  this.lastChecked = this.last.code === 0;
});

// The last output read as a compact JWS: its header and the claims it carries (decoded, not verified).
Then('the output is a JWT signed {word} whose claims are:', function (this: KubespecWorld, alg: string, table: DataTable) {
  const parts = this.output.trim().split('.');
  expect(parts).toHaveLength(3);
  const decode = (s: string) => JSON.parse(Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'));
  expect(decode(parts[0]).alg).toBe(alg);
  const claims = decode(parts[1]);
  const dig = (path: string) => path.split('.').reduce((o: any, k) => (o == null ? undefined : o[k.replace(/~/g, '.')]), claims);
  const seen = table.raw().map(([path]) => [path, path === 'exp - iat' ? String(claims.exp - claims.iat) : JSON.stringify(dig(path))]);
  expect(seen).toEqual(table.raw());
});
