import type * as http from 'node:http';
import { groupVersion, type ResourceInfo } from '../model/api/registry';
import { StatusError } from '../model/api/status';
import type { ApiRequest, WatchEvent, WatchHandle } from '../model/apiserver/request';
import type { ApiServer } from '../model/apiserver/server';

export interface WatchStreamOptions {
  /** ?timeoutSeconds: the server ends the stream after this long (wall clock). */
  timeoutSeconds?: number;
  /** ?allowWatchBookmarks=true: BOOKMARK events carry the current resourceVersion now and then. */
  bookmarks: boolean;
  /** The current resourceVersion, for bookmarks. */
  currentRevision: () => number;
  /** Turns an event's object into what the client asked for (a Table row, or the object itself). */
  convert: (obj: any) => unknown;
  /** How often a bookmark is sent (kube-apiserver: about once a minute). */
  bookmarkEveryMs?: number;
}

/**
 * A watch served over HTTP as kube-apiserver serves it (handlers/watch.go): 200 with headers
 * flushed at once, then one JSON object per line, {"type":"ADDED","object":{…}}, chunked. An
 * expired or too-new resourceVersion arrives as the stream's first and only event, an ERROR
 * carrying the Status (the watch cache's errWatcher); the stream ends when the timeout passes,
 * the client goes away, or the model's kube-apiserver stops (its watches end; clients re-list).
 */
export function serveWatch(apiserver: ApiServer, r: ResourceInfo, req: ApiRequest, res: http.ServerResponse, opts: WatchStreamOptions): void {
  let handle: WatchHandle | undefined;
  let ended = false;
  const timers: NodeJS.Timeout[] = [];
  const end = () => {
    if (ended) return;
    ended = true;
    for (const t of timers) clearTimeout(t);
    handle?.stop();
    res.end();
  };
  const write = (ev: { type: string; object: unknown }) => {
    if (!ended) res.write(JSON.stringify(ev) + '\n');
  };
  const onEvents = (events: WatchEvent[]) => {
    for (const ev of events) write({ type: ev.type, object: ev.type === 'ERROR' ? ev.object : opts.convert(ev.object) });
  };
  try {
    handle = apiserver.watch(req, onEvents, () => end());
  } catch (e) {
    // Authentication and authorization failures are HTTP errors; the rest happen "inside" the watch.
    if (e instanceof StatusError && (e.code === 410 || e.code === 504)) {
      startStream(res);
      write({ type: 'ERROR', object: e.status });
      end();
      return;
    }
    throw e;
  }
  startStream(res);
  res.on('close', end);
  if (opts.timeoutSeconds && opts.timeoutSeconds > 0) timers.push(setTimeout(end, opts.timeoutSeconds * 1000));
  if (opts.bookmarks) {
    const every = opts.bookmarkEveryMs ?? 60_000;
    const bookmark = () => {
      write({ type: 'BOOKMARK', object: { kind: r.kind, apiVersion: groupVersion(r), metadata: { resourceVersion: String(opts.currentRevision()) } } });
      timers.push(setTimeout(bookmark, every));
    };
    timers.push(setTimeout(bookmark, every));
  }
}

function startStream(res: http.ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  res.flushHeaders();
}
