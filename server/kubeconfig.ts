import { chmodSync, writeFileSync } from 'node:fs';
import yaml from 'js-yaml';

/**
 * The kubeconfig `kubespec up` hands to kubectl, written as kind writes its own: one cluster,
 * one user and one context, all named `kind-<cluster>`, the CA and the admin client certificate
 * embedded as base64 `*-data`, keys in the alphabetical order clientcmd serialises them in.
 */
export interface KubeconfigOptions {
  /** https://127.0.0.1:PORT */
  server: string;
  caPem: string;
  clientCertPem: string;
  clientKeyPem: string;
  /** The name of the cluster, context and user (kind: `kind-` + the cluster's name). */
  clusterName?: string;
  /** kubespec's node-command endpoint, kept as an extension of the cluster entry (clientcmd keeps unknown extensions). */
  nodeEndpoint?: string;
}

export const DEFAULT_CONTEXT = 'kind-kubespec';

export function kubeconfigYAML(opts: KubeconfigOptions): string {
  const name = opts.clusterName ?? DEFAULT_CONTEXT;
  const b64 = (pem: string) => Buffer.from(pem, 'utf8').toString('base64');
  const config = {
    apiVersion: 'v1',
    clusters: [
      {
        cluster: {
          'certificate-authority-data': b64(opts.caPem),
          ...(opts.nodeEndpoint ? { extensions: [{ extension: { server: opts.nodeEndpoint }, name: 'kubespec.io/node-endpoint' }] } : {}),
          server: opts.server,
        },
        name,
      },
    ],
    contexts: [{ context: { cluster: name, user: name }, name }],
    'current-context': name,
    kind: 'Config',
    preferences: {},
    users: [{ name, user: { 'client-certificate-data': b64(opts.clientCertPem), 'client-key-data': b64(opts.clientKeyPem) } }],
  };
  // Go's yaml: sequences not indented under their key, no line folding of the long base64 values.
  return yaml.dump(config, { noArrayIndent: true, lineWidth: -1 });
}

/** Writes a kubeconfig readable by its owner only (it holds a private key), as clientcmd does. */
export function writeKubeconfig(path: string, text: string): void {
  writeFileSync(path, text, { mode: 0o600 });
  // The mode above applies only when the file is created; an existing file keeps its own.
  chmodSync(path, 0o600);
}
