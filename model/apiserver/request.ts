import type { KObject } from '../api/meta';
import type { TableRequest } from './table';

/** Who is calling: what authentication yields (user.Info). */
export interface Identity {
  user: string;
  groups: string[];
  /** user.Info's UID and Extra: set by some authenticators (ServiceAccount tokens) and by impersonation. */
  uid?: string;
  extra?: Record<string, string[]>;
}

/** Who a request without credentials is (anonymous auth is on in kind and kubeadm clusters). */
export const ANONYMOUS: Identity = { user: 'system:anonymous', groups: ['system:unauthenticated'] };

/**
 * A client certificate the TLS layer presented: the x509 authenticator maps its CN to the user
 * and each O to a group. `verifyError` is set when it does not chain to the cluster CA (or is
 * expired, or not for client auth): authentication then fails with 401 rather than going on.
 */
export interface ClientCertificate {
  commonName: string;
  organizations: string[];
  verifyError?: string;
}

/**
 * What a request carries to prove who sent it; authentication (ApiServer.authenticate) maps it
 * to an Identity. Neither credential: the request is system:anonymous.
 */
export interface Credentials {
  /** Bearer token (Authorization: Bearer …); an unknown one is 401 Unauthorized. */
  token?: string;
  clientCertificate?: ClientCertificate;
  /** Impersonate-User/-Group/-Uid/-Extra-* (kubectl --as, --as-group, --as-uid): act as someone else, if allowed. */
  impersonate?: Impersonation;
}

/** What the impersonation headers ask for; each part is authorized with the `impersonate` verb. */
export interface Impersonation {
  user?: string;
  groups?: string[];
  uid?: string;
  /** Impersonate-Extra-<key>: the key lower-cased and %-unescaped, one entry per header value. */
  extra?: Record<string, string[]>;
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

/** The PATCH Content-Types: json-patch, merge-patch, strategic-merge-patch and apply-patch (server-side apply). */
export type PatchType = 'json' | 'merge' | 'strategic' | 'apply';

/**
 * One API request, in the shape of a REST call (verb, resource, namespace, name, subresource,
 * query, body) so the same pipeline can be served over HTTP unchanged.
 */
export interface ApiRequest extends Credentials {
  verb: Verb;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
  body?: any;
  patchType?: PatchType;
  query?: {
    labelSelector?: string;
    fieldSelector?: string;
    resourceVersion?: string;
    /** "All": validate and default, but store nothing. */
    dryRun?: 'All';
    fieldManager?: string;
    /** Server-side apply: take ownership of conflicting fields (kubectl --force-conflicts). */
    force?: boolean;
    propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
    gracePeriodSeconds?: number;
    limit?: number;
    /** The token of the previous page's metadata.continue. */
    continue?: string;
    /** pods/log: PodLogOptions. */
    container?: string;
    previous?: boolean;
    tailLines?: number;
    timestamps?: boolean;
    /** pods/log?follow=true: the answer is a LogFollower the HTTP layer streams (kubectl logs -f). */
    follow?: boolean;
    /** With `as` Table: None, Metadata (the default) or Object, what each row carries. */
    includeObject?: string;
    /** Create, update, patch: what unknown and duplicate fields do (absent: Warn). */
    fieldValidation?: 'Strict' | 'Warn' | 'Ignore';
  };
  /** The body's JSON text as sent over HTTP: duplicate fields and number literals are only there. */
  rawBody?: string;
  /** Accept: application/json;as=Table;v=v1;g=meta.k8s.io: get, list and watch answer with Tables. */
  as?: TableRequest;
  /** User-Agent: kubectl sends "kubectl/v1.32.4 (linux/amd64)". */
  userAgent?: string;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent {
  type: WatchEventType;
  object: KObject;
}

/** A watch stream handed to a client; the server calls onEvent and onClose. */
export interface WatchHandle {
  stop(): void;
}
