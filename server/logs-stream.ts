import type * as http from 'node:http';
import type { LogFollower } from '../model/apiserver/kubelet-client';

/**
 * GET .../pods/NAME/log?follow=true (kubectl logs -f): a chunked text/plain answer that starts
 * with the log so far and then carries each piece the container writes, as virtual time passes,
 * until the container stops, its kubelet goes away or the client hangs up.
 *
 * `follower` is what the API server returned for the request (pods/log with follow: true): the
 * request was authenticated, authorized and validated then, so its errors were answered as a
 * Status before any byte of the stream. `subscribe` registers a callback to run after each
 * advance of the simulation (WallClockPacer.onTick) and returns its unsubscribe.
 */
export function streamLogs(res: http.ServerResponse, follower: LogFollower, subscribe: (onTick: () => void) => () => void): void {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked' });
  // Headers go out at once: the client starts printing before the first line is written.
  res.flushHeaders();
  let unsubscribe: (() => void) | undefined;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    unsubscribe?.();
    if (!res.writableEnded) res.end();
  };
  const pump = () => {
    if (finished) return;
    // ended() first: what the container wrote before it stopped is still read before the end.
    const ended = follower.ended();
    const text = follower.read();
    if (text && !res.destroyed) res.write(text);
    if (ended || res.destroyed) finish();
  };
  res.on('close', finish);
  pump();
  if (!finished) unsubscribe = subscribe(pump);
}
