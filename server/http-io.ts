import type * as http from 'node:http';
import * as yaml from 'js-yaml';
import { decodeGoJSONStream } from '../model/api/gojson';
import { errors, StatusError, type Status } from '../model/api/status';
import { decodeProtobuf, ProtobufDecodeError } from './protobuf/decode';
import { decodeFailure, type BodyKind } from './protobuf/request-body';

/** kube-apiserver's limit on a request body (3 MiB, DefaultMaxRequestSizeBytes). */
export const MAX_REQUEST_BYTES = 3 * 1024 * 1024;

/** Reads a request body up to the limit; a larger one is answered 413 as kube-apiserver does. */
export function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      // Past the limit the rest is read and dropped, so the client gets its answer rather than a broken pipe.
      if (size <= MAX_REQUEST_BYTES) chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_REQUEST_BYTES)
        reject(new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `Request entity too large: limit is ${MAX_REQUEST_BYTES}`, reason: 'RequestEntityTooLarge', code: 413 }));
      else resolve(Buffer.concat(chunks));
    });
    req.on('error', reject);
  });
}

/**
 * Decodes a JSON, YAML or Kubernetes protobuf body by its Content-Type; a body that does not
 * parse is a 400, as the server's decoders answer. `into` is what the handler decodes into
 * (the protobuf envelope's type defaults to it).
 */
export function decodeBody(raw: Buffer, contentType: string | undefined, into?: BodyKind): unknown {
  if (raw.length === 0) return undefined;
  const mime = (contentType ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (mime === 'application/vnd.kubernetes.protobuf' && into) {
    try {
      return decodeProtobuf(raw, into);
    } catch (e) {
      if (e instanceof ProtobufDecodeError) throw decodeFailure(e, into, raw);
      throw e;
    }
  }
  const text = raw.toString('utf8');
  if (mime === 'application/yaml' || mime === 'application/apply-patch+yaml') {
    try {
      return yaml.load(text, { schema: yaml.CORE_SCHEMA });
    } catch (e: any) {
      throw errors.badRequest(`error converting YAML to JSON: yaml: ${e?.reason ?? 'invalid document'}`);
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw errors.badRequest(jsonFailure(text, mime));
  }
}

/**
 * What kube-apiserver answers for JSON that does not parse, in Go's encoding/json words: a
 * strategic or JSON patch is unmarshalled as it is (`invalid character 'b' looking for beginning
 * of object key string`), a merge patch fails in jsonpatch (`Invalid JSON Patch`), an object body
 * fails in the serializer's version/kind sniffing.
 */
function jsonFailure(text: string, mime: string): string {
  const err = decodeGoJSONStream(text).error;
  let go = err ? err.message.replace(/^json: offset \d+: /, '') : 'unexpected end of JSON input';
  if (go === 'unexpected EOF') go = 'unexpected end of JSON input';
  if (mime === 'application/merge-patch+json') return 'Invalid JSON Patch';
  if (mime === 'application/strategic-merge-patch+json' || mime === 'application/json-patch+json') return go;
  return `couldn't get version/kind; json parse error: ${go}`;
}

/** Writes a JSON answer. */
export function writeJSON(res: http.ServerResponse, code: number, body: unknown, contentType = 'application/json'): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** A failure as the API server writes it: the Status object, its code as the HTTP status. */
export function writeStatus(res: http.ServerResponse, status: Status): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  writeJSON(res, status.code || 500, status);
}

/** Anything thrown that is not a Status is the server's own bug: a 500 that says so, never a crash. */
export function toStatus(e: unknown): Status {
  if (e instanceof StatusError) return e.status;
  return errors.internal(e instanceof Error ? e.message : String(e)).status;
}

/**
 * One media type of an Accept header: "application/json;as=Table;v=v1;g=meta.k8s.io" ->
 * { type: "application/json", params: { as: "Table", v: "v1", g: "meta.k8s.io" } }.
 */
export interface MediaType {
  type: string;
  params: Record<string, string>;
}

export function parseAccept(accept: string | undefined): MediaType[] {
  if (!accept) return [{ type: '*/*', params: {} }];
  return accept.split(',').map((part) => {
    const [type, ...params] = part.split(';').map((s) => s.trim());
    const p: Record<string, string> = {};
    for (const kv of params) {
      const i = kv.indexOf('=');
      if (i > 0) p[kv.slice(0, i).trim()] = kv.slice(i + 1).trim();
    }
    return { type: type.toLowerCase(), params: p };
  });
}
