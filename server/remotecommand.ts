import type * as http from 'node:http';
import type * as stream from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { errors, StatusError, type Status } from '../model/api/status';
import type { ExecResult, ExecSession } from '../model/apiserver/kubelet-client';

/**
 * The remote-command protocol of pods/exec (k8s.io/apimachinery/pkg/util/remotecommand): one
 * WebSocket, each binary message prefixed by its channel. kubectl 1.32 asks only for v5
 * (kube-apiserver's StreamTranslatorHandler serves it); v4 is what the kubelet's own WebSocket
 * server speaks to clients that ask for it without v5.
 */
export const STREAM_PROTOCOL_V5 = 'v5.channel.k8s.io';
export const STREAM_PROTOCOL_V4 = 'v4.channel.k8s.io';

const STDIN = 0;
const STDOUT = 1;
const STDERR = 2;
const ERROR = 3;
// Channel 4 (resize) carries terminal sizes; the model's commands do not draw on a terminal.
/** v5's half-close: [255, channel] says the client will send nothing more on that channel. */
const CLOSE = 255;
/** EOT: the byte Ctrl-D sends through a terminal, which the pty turns into end of input. */
const EOT = 0x04;
/** The size of each data message (the client's read buffer is 32 KiB). */
const CHUNK = 32 * 1024;

/** PodExecOptions as the query of POST .../pods/NAME/exec carries them. */
export interface ExecOptions {
  container?: string;
  command: string[];
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
}

/**
 * What the facade does for one exec request: authenticates and authorizes it, looks the Pod up
 * and validates the options (throwing a StatusError, answered before any upgrade), then either
 * runs the command (no stdin) or returns the session that runs it on the client's stdin.
 * The facade's version is `apiserver.handle({ verb: 'create', resource: 'pods', subresource:
 * 'exec', namespace, name, body: opts })`.
 */
export type ExecConnect = (opts: ExecOptions) => ExecResult | ExecSession;

/** The query booleans as the API server's parameter codec reads them ("true", "1", or the bare key). */
function flag(q: URLSearchParams, key: string): boolean {
  if (!q.has(key)) return false;
  const v = q.get(key)!.toLowerCase();
  return v === '' || v === 'true' || v === '1';
}

/** PodExecOptions from the request's URL: command=…&command=…&container=…&stdin=true&stdout=true&stderr=true&tty=true. */
export function execOptionsFromURL(url: string | undefined): ExecOptions {
  const q = new URL(url ?? '/', 'http://localhost').searchParams;
  return {
    container: q.get('container') || undefined,
    command: q.getAll('command'),
    stdin: flag(q, 'stdin'),
    stdout: flag(q, 'stdout'),
    stderr: flag(q, 'stderr'),
    tty: flag(q, 'tty'),
  };
}

/** The subprotocols a client asked for, in its order of preference. */
function requestedProtocols(req: http.IncomingMessage): string[] {
  const h = req.headers['sec-websocket-protocol'];
  return (Array.isArray(h) ? h.join(',') : (h ?? '')).split(',').map((p) => p.trim()).filter(Boolean);
}

function isWebSocket(req: http.IncomingMessage): boolean {
  return (req.headers.upgrade ?? '').toLowerCase() === 'websocket';
}

/** Writes a plain HTTP answer on the raw socket of an upgrade request that will not be upgraded. */
function answer(socket: stream.Duplex, code: number, reason: string, contentType: string, body: string, extra: Record<string, string> = {}): void {
  const headers = { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Length': String(Buffer.byteLength(body)), ...extra, Connection: 'close' };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.end(`HTTP/1.1 ${code} ${reason}\r\n${head}\r\n${body}`);
}

const REASONS: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed', 409: 'Conflict', 500: 'Internal Server Error', 503: 'Service Unavailable' };

/** A Status answered before the upgrade: kubectl decodes it and prints "Error from server (Reason): message". */
function answerStatus(socket: stream.Duplex, status: Status): void {
  const code = status.code || 500;
  answer(socket, code, REASONS[code] ?? 'Error', 'application/json', JSON.stringify(status));
}

/** The model's kubelet reports a container it cannot exec into as kubectl would print the failed SPDY upgrade. */
const UPGRADE_FAILED = 'error: unable to upgrade connection: ';

/**
 * The kubelet refused the exec (the container is not running): its streaming server answers 500
 * with the error text. Over v5, kube-apiserver has already upgraded the client and reports the
 * failed SPDY upgrade to the kubelet as an InternalError Status on the error channel.
 */
function kubeletRefusal(res: ExecResult): string | undefined {
  return res.code !== 0 && res.stdout === '' && res.stderr.startsWith(UPGRADE_FAILED) ? res.stderr.slice(UPGRADE_FAILED.length).trimEnd() : undefined;
}

/** apierrors.NewInternalError as json.Marshal writes a metav1.Status (no kind/apiVersion on the error channel). */
function internalErrorStatus(message: string): object {
  return { metadata: {}, status: 'Failure', message: `Internal error occurred: ${message}`, reason: 'InternalError', details: { causes: [{ message }] }, code: 500 };
}

/**
 * The Status that ends a stream: Success, or NonZeroExitCode with the exit code as its ExitCode
 * cause, which kubectl turns into "command terminated with exit code N" and its own exit status.
 * The message is the one each server builds: kube-apiserver's translator wraps the error its
 * SPDY client decoded; the kubelet wraps containerd's.
 */
function exitStatus(protocol: string, command: string[], code: number): object {
  if (code === 0) return { metadata: {}, status: 'Success' };
  const cause = protocol === STREAM_PROTOCOL_V5 ? `command terminated with exit code ${code}` : `command '${command.join(' ')}' exited with ${code}`;
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: ${cause}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(code) }] },
  };
}

/**
 * Serves an upgrade request for pods/exec (and pods/attach): validates it through `connect`
 * before upgrading, so a bad container, a missing Pod or a denied user gets its Status as a
 * plain HTTP answer; then upgrades to a WebSocket speaking v5 (or v4), runs the command (after
 * the client closed its stdin, when it sends one) and writes stdout, stderr and the closing
 * Status on their channels.
 *
 * SPDY/3.1 (kubectl before 1.30, and 1.32's fallback) is not served: an SPDY upgrade that passes
 * validation is refused with the 403 an upgrade handshake answers when no protocol is shared.
 */
export function handleExecUpgrade(req: http.IncomingMessage, socket: stream.Duplex, head: Buffer, connect: ExecConnect): void {
  const opts = execOptionsFromURL(req.url);
  const protocols = requestedProtocols(req);
  const protocol = isWebSocket(req) ? [STREAM_PROTOCOL_V5, STREAM_PROTOCOL_V4].find((p) => protocols.includes(p)) : undefined;
  let started: ExecResult | ExecSession;
  try {
    if (req.method !== 'GET' && req.method !== 'POST') throw errors.methodNotAllowed(`the server does not allow this method on the requested resource`);
    // The API server validates (and the kubelet checks) before any protocol is negotiated; a
    // request that will not be served is only validated: as a stdin session, nothing runs.
    started = connect(protocol ? opts : { ...opts, stdin: true });
  } catch (e) {
    answerStatus(socket, e instanceof StatusError ? e.status : errors.internal(e instanceof Error ? e.message : String(e)).status);
    return;
  }
  if (!protocol) return refuseProtocol(req, socket);
  const session = 'run' in started ? started : undefined;
  const result = session ? undefined : (started as ExecResult);
  const refusal = result && kubeletRefusal(result);
  // Without v5, kube-apiserver proxies the request to the kubelet, which answers a refusal itself.
  if (refusal && protocol === STREAM_PROTOCOL_V4) return answer(socket, 500, 'Internal Server Error', 'text/plain; charset=utf-8', refusal);

  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, handleProtocols: () => protocol });
  wss.handleUpgrade(req, socket, head, (ws) => {
    wss.close();
    new ExecStream(ws, protocol, opts, session, result).start();
  });
}

/**
 * No stream protocol in common. A WebSocket asking for none of ours gets the handshake's 403
 * with no body; an SPDY upgrade gets httpstream.Handshake's 403, which lists what the server
 * accepts over SPDY: nothing, since this server streams over WebSocket only.
 */
function refuseProtocol(req: http.IncomingMessage, socket: stream.Duplex): void {
  if (isWebSocket(req)) return answer(socket, 403, 'Forbidden', 'text/plain; charset=utf-8', '');
  const h = req.headers['x-stream-protocol-version'];
  const offered = (Array.isArray(h) ? h.join(',') : (h ?? '')).split(',').map((p) => p.trim()).filter(Boolean);
  if (offered.length === 0) return answer(socket, 400, 'Bad Request', 'text/plain; charset=utf-8', 'unable to upgrade: X-Stream-Protocol-Version is required\n');
  answer(socket, 403, 'Forbidden', 'text/plain; charset=utf-8', `unable to upgrade: unable to negotiate protocol: client supports [${offered.join(' ')}], server accepts []\n`, {
    'X-Content-Type-Options': 'nosniff',
  });
}

/** One upgraded exec: collects stdin when asked for, then writes the command's output and its Status. */
class ExecStream {
  private readonly stdin: Buffer[] = [];
  private done = false;

  constructor(
    private readonly ws: WebSocket,
    private readonly protocol: string,
    private readonly opts: ExecOptions,
    private readonly session: ExecSession | undefined,
    private readonly result: ExecResult | undefined,
  ) {}

  start(): void {
    // An empty message on the lowest writable channel tells the client the streams are ready.
    this.send(this.opts.stdout ? STDOUT : this.opts.stderr ? STDERR : ERROR, Buffer.alloc(0));
    if (!this.session) return this.finish(this.result!);
    this.ws.on('message', (data: Buffer, isBinary: boolean) => this.receive(isBinary ? data : Buffer.from(data)));
    // A v4 client cannot half-close its stdin: the end of the connection is the end of it.
    this.ws.on('close', () => this.endOfInput());
  }

  private receive(data: Buffer): void {
    if (data.length === 0 || this.done) return;
    const channel = data[0];
    if (this.protocol === STREAM_PROTOCOL_V5 && channel === CLOSE) {
      if (data.length === 2 && data[1] === STDIN) this.endOfInput();
      return;
    }
    if (channel !== STDIN || !this.opts.stdin) return;
    const bytes = data.subarray(1);
    // Through a terminal, Ctrl-D at the start of input is the end of it.
    const eot = this.opts.tty ? bytes.indexOf(EOT) : -1;
    this.stdin.push(eot >= 0 ? bytes.subarray(0, eot) : bytes);
    if (eot >= 0) this.endOfInput();
  }

  private endOfInput(): void {
    if (this.done || !this.session) return;
    let res: ExecResult;
    try {
      res = this.session.run(Buffer.concat(this.stdin).toString('utf8'));
    } catch (e) {
      this.done = true;
      this.send(ERROR, Buffer.from(JSON.stringify(internalErrorStatus(e instanceof StatusError ? e.status.message : String(e)))));
      return this.close();
    }
    this.finish(res);
  }

  private finish(res: ExecResult): void {
    this.done = true;
    const refusal = kubeletRefusal(res);
    if (refusal) {
      this.send(ERROR, Buffer.from(JSON.stringify(internalErrorStatus(`unable to upgrade connection: ${refusal}`))));
      return this.close();
    }
    let { stdout, stderr } = res;
    if (this.opts.tty) {
      // One pseudo-terminal carries both streams, and its line discipline turns \n into \r\n.
      stdout = (stdout + stderr).replace(/\r?\n/g, '\r\n');
      stderr = '';
    }
    if (this.opts.stdout) this.write(STDOUT, stdout);
    if (this.opts.stderr) this.write(STDERR, stderr);
    this.send(ERROR, Buffer.from(JSON.stringify(exitStatus(this.protocol, this.opts.command, res.code))));
    this.close();
  }

  private write(channel: number, text: string): void {
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += CHUNK) this.send(channel, bytes.subarray(i, i + CHUNK));
  }

  private send(channel: number, data: Buffer): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(Buffer.concat([Buffer.from([channel]), data]), { binary: true });
  }

  private close(): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(1000);
  }
}
