/**
 * Who the model's kubectl says it is, from its kubeconfig and the flags that override it
 * (clientcmd's DirectClientConfig): the kubeconfig kind writes has a user with a client
 * certificate (CN=kubernetes-admin, O=kubeadm:cluster-admins). `--token` only adds a bearer
 * token to that user, so a request carries both, and kube-apiserver's union authenticator tries
 * x509 before tokens: the certificate decides and the token is never looked at. A token alone
 * needs a kubeconfig without that user: `--kubeconfig=/dev/null --server=… --token=…`.
 */
import type { NonResourceResponse } from '../../apiserver/server';
import type { ClientCertificate, WatchEvent, WatchHandle } from '../../apiserver/request';
import { ApiClient, type ListOptions, type TableOptions } from '../../client/client';
import { StatusError, type Status } from '../../api/status';
import type { Parsed } from '../args';
import { KubectlError } from '../errors';

/** The client certificates of kubeconfig users, by the token the model's clients stand for them with. */
const CERTIFICATES = new Map<string, ClientCertificate>();

/** Declares that the client holding `token` is a kubeconfig user presenting `cert` (the admin of kind's kubeconfig). */
export function registerKubeconfigCertificate(token: string, cert: ClientCertificate): void {
  CERTIFICATES.set(token, cert);
}

/** A client sending a bearer token and, when its kubeconfig user has one, the client certificate beside it. */
export class CredentialsClient extends ApiClient {
  constructor(
    inner: ApiClient,
    token: string,
    readonly clientCertificate?: ClientCertificate,
  ) {
    super(inner.server, token, inner.userAgent, inner.warningHandler);
  }

  override withWarningHandler(handler: (warning: string) => void): ApiClient {
    return new CredentialsClient(super.withWarningHandler(handler), this.token, this.clientCertificate);
  }

  override request(req: Parameters<ApiClient['request']>[0]): any {
    return super.request({ ...req, clientCertificate: this.clientCertificate });
  }

  override getNonResource(pathWithQuery: string, accept?: string): NonResourceResponse {
    return this.server.getNonResource({ token: this.token, clientCertificate: this.clientCertificate, userAgent: this.userAgent }, pathWithQuery, accept);
  }

  override watch(resource: string, namespace: string | undefined, opts: ListOptions, onEvents: (events: WatchEvent[]) => void, onClose: (reason?: string) => void, table?: TableOptions): WatchHandle {
    const query = table ? { ...opts, includeObject: table.includeObject } : opts;
    return this.server.watch(
      { verb: 'watch', resource, namespace, query, as: table ? { kind: 'Table' } : undefined, token: this.token, clientCertificate: this.clientCertificate, userAgent: this.userAgent },
      onEvents,
      onClose,
    );
  }
}

/**
 * A client whose requests never reach the server: each fails as the transport (or clientcmd's
 * prompt) fails, code 0, printed as is, and the command stops. (The real kubectl also prints
 * "Please enter Username: " on stdout before its EOF; the model prints only the error.)
 */
class UnreachableClient extends ApiClient {
  constructor(
    inner: ApiClient,
    private readonly message: string,
  ) {
    super(inner.server, '', inner.userAgent, inner.warningHandler);
  }

  private fail(): never {
    throw new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: this.message, reason: 'ServiceUnavailable', code: 0 } as Status);
  }

  override withWarningHandler(): ApiClient {
    return this;
  }

  override request(): any {
    this.fail();
  }

  override getNonResource(): NonResourceResponse {
    this.fail();
  }

  override watch(): WatchHandle {
    this.fail();
  }
}

const refused = (hostPort: string) => `The connection to the server ${hostPort} was refused - did you specify the right host or port?`;

/**
 * The client the kubeconfig flags make of the kubeconfig's: --kubeconfig (only /dev/null, an empty
 * one, is modelled), -s/--server (with no kubeconfig, its TLS needs --insecure-skip-tls-verify),
 * --token (added beside the user's certificate, if it has one).
 */
export function clientFromKubeconfigFlags(client: ApiClient, parsed: Parsed): ApiClient {
  const kubeconfig = parsed.flags.get('kubeconfig');
  const server = parsed.flags.get('server');
  const token = parsed.flags.get('token');
  const noKubeconfig = kubeconfig === '/dev/null';
  if (typeof kubeconfig === 'string' && kubeconfig !== '' && !noKubeconfig) throw new KubectlError(`--kubeconfig=${kubeconfig}: this model's kubectl reads no kubeconfig file (only /dev/null, an empty one)`);
  if (noKubeconfig || (typeof server === 'string' && server !== '')) {
    // No cluster in an empty kubeconfig: client-go's default is http://localhost:8080.
    const url = typeof server === 'string' && server !== '' ? server : 'http://localhost:8080';
    const m = /^(?:(https?):\/\/)?([^/:]+)(?::(\d+))?\/?$/.exec(url);
    const scheme = m?.[1] ?? 'https';
    const hostPort = m ? `${m[2]}:${m[3] ?? (scheme === 'https' ? '443' : '80')}` : url;
    const [host, port] = hostPort.split(':');
    const [epHost, epPort] = client.server.endpoint.split(':');
    const reaches = (host === epHost || host === 'localhost') && port === epPort;
    if (!reaches) return new UnreachableClient(client, refused(noKubeconfig && server === undefined ? 'localhost:8080' : hostPort));
    if (scheme !== 'https') throw new KubectlError(`--server=${url}: this model's API server serves HTTPS only`);
    // With TLS and no credential at all, clientcmd asks for a username on the terminal; with no terminal input it gets EOF.
    if (noKubeconfig && typeof token !== 'string') return new UnreachableClient(client, 'error: EOF');
    if (noKubeconfig && parsed.flags.get('insecure-skip-tls-verify') !== true)
      return new UnreachableClient(client, 'Unable to connect to the server: tls: failed to verify certificate: x509: certificate signed by unknown authority');
  }
  const cert = noKubeconfig ? undefined : CERTIFICATES.get(client.token);
  return typeof token === 'string' ? new CredentialsClient(client, token, cert) : client;
}
