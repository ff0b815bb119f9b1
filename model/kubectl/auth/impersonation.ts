import type { Impersonation } from '../../apiserver/request';
import { ApiClient, type ListOptions, type TableOptions } from '../../client/client';
import type { NonResourceResponse } from '../../apiserver/server';
import type { WatchEvent, WatchHandle } from '../../apiserver/request';
import type { Parsed } from '../args';
import { CredentialsClient } from './credentials';
import { KubectlError } from '../errors';

/**
 * A client that sends rest.Config's ImpersonationConfig with every request (the
 * Impersonate-User, -Group and -Uid headers client-go's transport adds).
 */
export class ImpersonatingClient extends ApiClient {
  /** The client certificate the impersonator's kubeconfig user presents beside its token, if any. */
  private readonly clientCertificate: CredentialsClient['clientCertificate'];

  constructor(
    inner: ApiClient,
    readonly impersonation: Impersonation,
  ) {
    super(inner.server, inner.token, inner.userAgent, inner.warningHandler);
    this.clientCertificate = inner instanceof CredentialsClient ? inner.clientCertificate : undefined;
  }

  override withWarningHandler(handler: (warning: string) => void): ApiClient {
    const inner = new CredentialsClient(this, this.token, this.clientCertificate).withWarningHandler(handler);
    return new ImpersonatingClient(inner, this.impersonation);
  }

  override request(req: Parameters<ApiClient['request']>[0]): any {
    return super.request({ ...req, clientCertificate: this.clientCertificate, impersonate: this.impersonation });
  }

  override getNonResource(pathWithQuery: string, accept?: string): NonResourceResponse {
    return this.server.getNonResource({ token: this.token, clientCertificate: this.clientCertificate, userAgent: this.userAgent, impersonate: this.impersonation }, pathWithQuery, accept);
  }

  override watch(resource: string, namespace: string | undefined, opts: ListOptions, onEvents: (events: WatchEvent[]) => void, onClose: (reason?: string) => void, table?: TableOptions): WatchHandle {
    const query = table ? { ...opts, includeObject: table.includeObject } : opts;
    return this.server.watch(
      { verb: 'watch', resource, namespace, query, as: table ? { kind: 'Table' } : undefined, token: this.token, clientCertificate: this.clientCertificate, userAgent: this.userAgent, impersonate: this.impersonation },
      onEvents,
      onClose,
    );
  }
}

/** The kubeconfig user the model's kubectl stands for: kind's (kind-<cluster name>). */
const KUBECONFIG_USER = 'kind-kubespec';

/**
 * The global --as, --as-group and --as-uid flags: the client impersonates when --as is given;
 * groups or a UID without a user is refused before any request, in clientcmd's words (its
 * validateAuthInfo names the kubeconfig's user entry, --user when given).
 */
export function withImpersonation(client: ApiClient, parsed: Parsed): ApiClient {
  const user = parsed.flags.get('as');
  const groups = parsed.flags.get('as-group');
  const uid = parsed.flags.get('as-uid');
  const imp: Impersonation = {};
  if (typeof user === 'string' && user) imp.user = user;
  if (Array.isArray(groups) && groups.length) imp.groups = groups;
  if (typeof uid === 'string' && uid) imp.uid = uid;
  const authInfo = parsed.flags.get('user');
  if (!imp.user && (imp.groups || imp.uid))
    throw new KubectlError(`requesting uid, groups or user-extra for ${typeof authInfo === 'string' && authInfo ? authInfo : KUBECONFIG_USER} without impersonating a user`);
  return imp.user ? new ImpersonatingClient(client, imp) : client;
}
