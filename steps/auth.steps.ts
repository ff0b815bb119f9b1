import { When } from '@cucumber/cucumber';
import { WAITING_STEP_TIMEOUT_MS } from './drivers/driver';
import type { KubespecWorld } from './world';

// A kubectl line run by a user of the cluster's CA (a client certificate with that CN and no
// O): on the model, a bearer token issued to that identity, which authenticates alike.
When('{string} runs `{}`', { timeout: WAITING_STEP_TIMEOUT_MS }, function (this: KubespecWorld, user: string, line: string) {
  if (!/^kubectl\s/.test(line)) throw new Error('a user runs kubectl lines only');
  const token = `user-token-${user}`;
  this.cluster.apiserver.issueToken(token, { user, groups: [] });
  this.run(line.replace(/^kubectl\s/, `kubectl --token=${token} `));
});
