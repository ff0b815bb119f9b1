import type { KObject } from '../api/meta';
import type { ApiServer, NonResourceResponse } from '../apiserver/server';
import type { ApiRequest, PatchType, WatchEvent, WatchHandle } from '../apiserver/request';
import type { Table } from '../apiserver/table';

export type ListOptions = { labelSelector?: string; fieldSelector?: string; resourceVersion?: string };

/** Options of a write (CreateOptions, UpdateOptions, PatchOptions). */
export type WriteOptions = { dryRun?: boolean; fieldManager?: string; fieldValidation?: 'Strict' | 'Warn' | 'Ignore' };

/** Server-side printing: ask for a meta.k8s.io/v1 Table whose rows carry the object as includeObject says. */
export type TableOptions = { includeObject?: 'None' | 'Metadata' | 'Object' };

/**
 * A typed client for one identity, in client-go's vocabulary. Every call is an API request
 * through the API server's full pipeline; errors are thrown as StatusError.
 */
export class ApiClient {
  constructor(
    readonly server: ApiServer,
    readonly token: string,
    /** Sent as User-Agent; names the field manager and the trace actor of kubectl. */
    readonly userAgent?: string,
    /** rest.WarningHandler: what to do with each warning the server answers with (none: dropped). */
    readonly warningHandler?: (warning: string) => void,
  ) {}

  /** The same client with a warning handler (kubectl prints each as "Warning: …"). */
  withWarningHandler(handler: (warning: string) => void): ApiClient {
    return new ApiClient(this.server, this.token, this.userAgent, handler);
  }

  request(req: Omit<ApiRequest, 'token' | 'userAgent'>): any {
    const { result, warnings } = this.server.answer({ ...req, token: this.token, userAgent: this.userAgent });
    for (const w of warnings) this.warningHandler?.(w);
    return result;
  }

  /**
   * GET of a non-resource path (discovery, OpenAPI) with an Accept header, as client-go's
   * discovery and OpenAPI clients send it; the answer's status, Content-Type and body.
   */
  getNonResource(pathWithQuery: string, accept?: string): NonResourceResponse {
    return this.server.getNonResource({ token: this.token, userAgent: this.userAgent }, pathWithQuery, accept);
  }

  get(resource: string, namespace: string | undefined, name: string): KObject {
    return this.request({ verb: 'get', resource, namespace, name });
  }

  /** Returns the object, or undefined on NotFound. */
  tryGet(resource: string, namespace: string | undefined, name: string): KObject | undefined {
    try {
      return this.get(resource, namespace, name);
    } catch (e: any) {
      if (e?.status?.reason === 'NotFound' && e?.status?.details?.name === name) return undefined;
      throw e;
    }
  }

  list(resource: string, namespace?: string, opts: ListOptions = {}): { metadata: { resourceVersion: string }; items: KObject[] } {
    return this.request({ verb: 'list', resource, namespace, query: opts });
  }

  create(resource: string, namespace: string | undefined, body: KObject, opts: WriteOptions = {}): KObject {
    return this.request({ verb: 'create', resource, namespace, body, query: { dryRun: opts.dryRun ? 'All' : undefined, fieldManager: opts.fieldManager, fieldValidation: opts.fieldValidation } });
  }

  update(resource: string, namespace: string | undefined, body: KObject, opts: WriteOptions = {}): KObject {
    return this.request({ verb: 'update', resource, namespace, name: body.metadata.name, body, query: { dryRun: opts.dryRun ? 'All' : undefined, fieldManager: opts.fieldManager, fieldValidation: opts.fieldValidation } });
  }

  updateStatus(resource: string, namespace: string | undefined, body: KObject): KObject {
    return this.request({ verb: 'update', resource, subresource: 'status', namespace, name: body.metadata.name, body });
  }

  patch(resource: string, namespace: string | undefined, name: string, patchType: PatchType, body: any, opts: WriteOptions & { subresource?: string } = {}): KObject {
    return this.request({ verb: 'patch', resource, namespace, name, patchType, body, subresource: opts.subresource, query: { dryRun: opts.dryRun ? 'All' : undefined, fieldManager: opts.fieldManager, fieldValidation: opts.fieldValidation } });
  }

  delete(resource: string, namespace: string | undefined, name: string, opts: { propagationPolicy?: 'Background' | 'Foreground' | 'Orphan'; gracePeriodSeconds?: number; dryRun?: boolean } = {}): any {
    return this.request({ verb: 'delete', resource, namespace, name, query: { propagationPolicy: opts.propagationPolicy, gracePeriodSeconds: opts.gracePeriodSeconds, dryRun: opts.dryRun ? 'All' : undefined } });
  }

  /** POST pods/<name>/binding: the scheduler's decision. */
  bind(namespace: string, pod: string, node: string): void {
    this.request({
      verb: 'create',
      resource: 'pods',
      subresource: 'binding',
      namespace,
      name: pod,
      body: { apiVersion: 'v1', kind: 'Binding', metadata: { name: pod, namespace }, target: { apiVersion: 'v1', kind: 'Node', name: node } },
    });
  }

  getScale(resource: string, namespace: string, name: string): any {
    return this.request({ verb: 'get', resource, subresource: 'scale', namespace, name });
  }

  updateScale(resource: string, namespace: string, name: string, replicas: number): any {
    return this.request({ verb: 'update', resource, subresource: 'scale', namespace, name, body: { kind: 'Scale', apiVersion: 'autoscaling/v1', metadata: { name, namespace }, spec: { replicas } } });
  }

  /** GET as a Table (Accept: application/json;as=Table;v=v1;g=meta.k8s.io), as kubectl get asks. */
  getTable(resource: string, namespace: string | undefined, name: string, table: TableOptions = {}): Table {
    return this.request({ verb: 'get', resource, namespace, name, as: { kind: 'Table' }, query: { includeObject: table.includeObject } });
  }

  /** LIST as a Table: one row per object. */
  listTable(resource: string, namespace: string | undefined, opts: ListOptions, table: TableOptions = {}): Table {
    return this.request({ verb: 'list', resource, namespace, as: { kind: 'Table' }, query: { ...opts, includeObject: table.includeObject } });
  }

  /** A watch whose events each hold a one-row Table (only the first with columnDefinitions) when `table` is given. */
  watch(resource: string, namespace: string | undefined, opts: ListOptions, onEvents: (events: WatchEvent[]) => void, onClose: (reason?: string) => void, table?: TableOptions): WatchHandle {
    const query = table ? { ...opts, includeObject: table.includeObject } : opts;
    return this.server.watch({ verb: 'watch', resource, namespace, query, as: table ? { kind: 'Table' } : undefined, token: this.token, userAgent: this.userAgent }, onEvents, onClose);
  }
}
