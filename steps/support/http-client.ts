/**
 * A minimal HTTPS client for the façade's own features: one request, or one streaming watch,
 * with the admin's client certificate, a bearer token, or nothing (anonymous).
 */
import * as https from 'node:https';
import type { CertKeyPair } from '../../server/pki';

export interface Caller {
  cert?: CertKeyPair;
  token?: string;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json?: any;
}

function options(base: string, ca: string, who: Caller, method: string, path: string, headers: Record<string, string>): https.RequestOptions & { url: URL } {
  const url = new URL(path, base);
  const h: Record<string, string> = { Accept: 'application/json', ...headers };
  if (who.token) h.Authorization = `Bearer ${who.token}`;
  return { url, method, ca, cert: who.cert?.certPem, key: who.cert?.keyPem, headers: h, agent: false };
}

export function request(base: string, ca: string, who: Caller, method: string, path: string, body?: string | Buffer, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  const o = options(base, ca, who, method, path, headers);
  return new Promise((resolve, reject) => {
    const req = https.request(o.url, o, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: any;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, json });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A watch kept open: the lines received so far, and whether the server ended it. */
export class WatchStream {
  readonly events: any[] = [];
  status = 0;
  ended = false;
  private buffer = '';
  private req?: import('node:http').ClientRequest;
  private waiters: (() => void)[] = [];

  open(base: string, ca: string, who: Caller, path: string): Promise<void> {
    const o = options(base, ca, who, 'GET', path, {});
    return new Promise((resolve, reject) => {
      this.req = https.request(o.url, o, (res) => {
        this.status = res.statusCode ?? 0;
        resolve();
        res.on('data', (c: Buffer) => {
          this.buffer += c.toString('utf8');
          let i: number;
          while ((i = this.buffer.indexOf('\n')) >= 0) {
            const line = this.buffer.slice(0, i);
            this.buffer = this.buffer.slice(i + 1);
            if (line.trim()) this.events.push(JSON.parse(line));
          }
          this.wake();
        });
        res.on('end', () => this.finish());
        res.on('close', () => this.finish());
        res.on('error', () => this.finish());
      });
      this.req.on('error', (e) => {
        this.finish();
        reject(e);
      });
      this.req.end();
    });
  }

  private finish(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits (on socket I/O, bounded) until the condition holds or the stream ends. */
  async until(cond: () => boolean, limitMs = 5000): Promise<void> {
    const deadline = Date.now() + limitMs;
    while (!cond() && !this.ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.max(1, deadline - Date.now()));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.req?.destroy();
  }
}
