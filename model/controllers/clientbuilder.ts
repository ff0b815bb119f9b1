/**
 * kube-controller-manager's client builder for --use-service-account-credentials
 * (k8s.io/controller-manager/pkg/clientbuilder, DynamicControllerClientBuilder): a controller
 * asks for a client by ServiceAccount name; the builder gets that ServiceAccount in kube-system,
 * creating it when missing (with kube-controller-manager's own credentials), and the client's
 * bearer token comes from a cached token source: a TokenRequest for the ServiceAccount
 * (expirationSeconds 3600), requested at the first call and again once 80% of its life has
 * passed, or at once after a 401. This is why `kubectl get sa -n kube-system` lists one account per controller.
 */
import type { KObject } from '../api/meta';
import { StatusError } from '../api/status';
import { ApiClient } from '../client/client';
import type { ApiRequest } from '../apiserver/request';
import type { ComponentContext } from '../component';

/** defaultExpirationSeconds and defaultLeewayPercent of the dynamic builder. */
const EXPIRATION_SECONDS = 3600;
const LEEWAY_PERCENT = 20;
/** A token whose lifetime looks shorter than this is assumed clock skew and kept this long. */
const MIN_LIFETIME_MS = 10 * 60_000;
/** The tries of one token fetch (the backoff's Steps). */
const TOKEN_ATTEMPTS = 4;

export class DynamicClientBuilder {
  /** One token source per ServiceAccount (upstream's roundTripperFuncMap): controllers sharing an account share its token. */
  private readonly sources = new Map<string, TokenSource>();

  constructor(
    private readonly ctx: ComponentContext,
    /** The namespace of the controllers' ServiceAccounts (metav1.NamespaceSystem). */
    readonly namespace = 'kube-system',
    /** The user agent of the controllers' requests (names the field manager and the trace actor). */
    private readonly userAgent = 'kube-controller-manager',
  ) {}

  /** Config + Client: the ServiceAccount ensured, then a client whose token is the account's. Throws the StatusError that stopped it. */
  client(saName: string): ApiClient {
    getOrCreateServiceAccount(this.ctx.client, this.namespace, saName);
    let source = this.sources.get(saName);
    if (!source) this.sources.set(saName, (source = new TokenSource(this.ctx, this.namespace, saName)));
    return new TokenSourceClient(this.ctx.client.server, source, this.userAgent);
  }
}

/** getOrCreateServiceAccount: get; when NotFound, make sure of the namespace (errors tolerated), then create (AlreadyExists: get again). */
export function getOrCreateServiceAccount(client: ApiClient, namespace: string, name: string): KObject {
  const sa = client.tryGet('serviceaccounts', namespace, name);
  if (sa) return sa;
  try {
    if (!client.tryGet('namespaces', undefined, namespace)) client.create('namespaces', undefined, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  } catch (e) {
    // It may lack the right to read or create namespaces: the create below will tell.
    if (!(e instanceof StatusError)) throw e;
  }
  try {
    return client.create('serviceaccounts', namespace, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name, namespace } });
  } catch (e) {
    if (e instanceof StatusError && e.reason === 'AlreadyExists') return client.get('serviceaccounts', namespace, name);
    throw e;
  }
}

/** transport.NewCachedTokenSource over tokenSourceImpl: the token, re-requested once its expiry (less the leeway) has passed. */
class TokenSource {
  private cached?: { token: string; expiryMs: number };

  constructor(
    private readonly ctx: ComponentContext,
    private readonly namespace: string,
    private readonly name: string,
  ) {}

  /** ResetTokenOlderThan: forget the token (the API server refused it). */
  reset(): void {
    this.cached = undefined;
  }

  /**
   * tokenSourceImpl.Token under the cached source: the cached token while it is fresh, else the
   * ServiceAccount ensured and a TokenRequest, tried up to 4 times (wait.ExponentialBackoff's
   * Steps; upstream sleeps 0.5, 1 and 2 s between tries, which a synchronous request cannot), each
   * failure a warning. When every try fails the request goes out with the token it had (or none)
   * and the API server answers 401 (upstream fails it with "failed to get token for …").
   */
  token(): string {
    const now = this.ctx.sim.clock.nowMs();
    if (this.cached && now < this.cached.expiryMs) return this.cached.token;
    for (let attempt = 0; attempt < TOKEN_ATTEMPTS; attempt++) {
      const token = this.tryToken(now);
      if (token !== undefined) return token;
    }
    return this.cached?.token ?? '';
  }

  private tryToken(now: number): string | undefined {
    try {
      getOrCreateServiceAccount(this.ctx.client, this.namespace, this.name);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.ctx.log.warningf('client_builder_dynamic.go:197', `get or create service account failed: ${e.message}`);
      return undefined;
    }
    try {
      const tr = this.ctx.client.request({
        verb: 'create',
        resource: 'serviceaccounts',
        subresource: 'token',
        namespace: this.namespace,
        name: this.name,
        body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', metadata: {}, spec: { expirationSeconds: EXPIRATION_SECONDS } },
      });
      const lifetime = Math.max(Date.parse(tr.status.expirationTimestamp) - now, MIN_LIFETIME_MS);
      this.cached = { token: String(tr.status.token), expiryMs: now + lifetime - Math.floor((lifetime * LEEWAY_PERCENT) / 100) };
      return this.cached.token;
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.ctx.log.warningf('client_builder_dynamic.go:207', `get token failed: ${e.message}`);
      return undefined;
    }
  }
}

/** A client whose bearer token is read from the token source at each request (ResettableTokenSourceWrapTransport). */
class TokenSourceClient extends ApiClient {
  constructor(
    server: ApiClient['server'],
    private readonly source: TokenSource,
    userAgent: string,
  ) {
    super(server, '', userAgent);
  }

  private refresh(): void {
    (this as unknown as { token: string }).token = this.source.token();
  }

  override request(req: Omit<ApiRequest, 'token' | 'userAgent'>): any {
    this.refresh();
    try {
      return super.request(req);
    } catch (e) {
      // tokenSourceTransport: a 401 drops the cached token, so the next request gets a new one.
      if (e instanceof StatusError && e.code === 401) this.source.reset();
      throw e;
    }
  }

  override getNonResource(pathWithQuery: string, accept?: string) {
    this.refresh();
    return super.getNonResource(pathWithQuery, accept);
  }

  override watch(...args: Parameters<ApiClient['watch']>) {
    this.refresh();
    return super.watch(...args);
  }
}
