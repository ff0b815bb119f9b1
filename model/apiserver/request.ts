import type { KObject } from '../api/meta';

/** Who is calling: what authentication yields (user.Info). */
export interface Identity {
  user: string;
  groups: string[];
}

export type Verb = 'get' | 'list' | 'watch' | 'create' | 'update' | 'patch' | 'delete' | 'deletecollection';

export type PatchType = 'json' | 'merge' | 'strategic';

/**
 * One API request, in the shape of a REST call (verb, resource, namespace, name, subresource,
 * query, body) so the same pipeline can be served over HTTP unchanged.
 */
export interface ApiRequest {
  verb: Verb;
  /** Bearer token; authentication maps it to an Identity. */
  token: string;
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
    propagationPolicy?: 'Background' | 'Foreground' | 'Orphan';
    gracePeriodSeconds?: number;
    limit?: number;
    /** pods/log: PodLogOptions. */
    container?: string;
    previous?: boolean;
    tailLines?: number;
    timestamps?: boolean;
  };
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
