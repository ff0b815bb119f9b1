import { When, type DataTable } from '@cucumber/cucumber';
import { send } from './http.steps';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// A kubectl line run by a user of the cluster's CA (a client certificate with that CN and no
// O): on the model, a bearer token issued to that identity, which authenticates alike.
When('{string} runs `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, user: string, line: string) {
  if (!/^kubectl\s/.test(line)) throw new Error('a user runs kubectl lines only');
  const token = `user-token-${user}`;
  this.cluster.apiserver.issueToken(token, { user, groups: [] });
  // Its own kubeconfig holds only that credential: the admin's certificate must not go along (x509 would win).
  this.run(line.replace(/^kubectl\s/, `kubectl --kubeconfig=/dev/null -s https://${this.cluster.apiserver.endpoint} --insecure-skip-tls-verify --token=${token} `));
});

// A POST with impersonation headers over HTTPS, as client-go writes them: one header line per
// row, so a name may repeat (several Impersonate-Group headers).
When(
  /^(the admin|a client with token "[^"]*") sends POST `([^`]+)` with the headers:$/,
  async function (this: KubespecWorld, who: string, path: string, table: DataTable) {
    const headers: Record<string, string[]> = { 'Content-Type': ['application/json'] };
    for (const [name, value] of table.raw()) (headers[name] ??= []).push(value);
    await send(this, who, 'POST', path, '{}', headers as unknown as Record<string, string>);
  },
);
