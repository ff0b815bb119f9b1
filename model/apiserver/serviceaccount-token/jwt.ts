import { sign, verify } from 'node:crypto';
import forge from 'node-forge';
import { base64url, fromBase64url, type SigningKey } from './keys';

/**
 * RSA signatures and their checks by key, memoised. RSASSA-PKCS1-v1_5 is deterministic: the same
 * key and input give the same signature, and a token's check the same answer, so a memo changes
 * no result. It saves the RSA work that every controller's request paid (a cluster boot signs
 * and checks the same tokens in every scenario of a seed: about 7 % of its CPU).
 */
const signatures = new WeakMap<SigningKey, Map<string, string>>();
const checks = new WeakMap<SigningKey, Map<string, boolean>>();
/** Past this many entries a memo starts again (a long soak issues tokens without end). */
const MEMO_LIMIT = 20_000;

function memo<V>(memos: WeakMap<SigningKey, Map<string, V>>, key: SigningKey, input: string, compute: () => V): V {
  let m = memos.get(key);
  if (!m) memos.set(key, (m = new Map()));
  let v = m.get(input);
  if (v === undefined) {
    if (m.size >= MEMO_LIMIT) m.clear();
    m.set(input, (v = compute()));
  }
  return v;
}

/** A JWS in compact form, RS256 (RSASSA-PKCS1-v1_5 with SHA-256), as go-jose signs it. */
export function signJWT(claims: object, key: SigningKey): string {
  const header = base64url(forge.util.encodeUtf8(JSON.stringify({ alg: 'RS256', kid: key.kid })));
  const payload = base64url(forge.util.encodeUtf8(JSON.stringify(claims)));
  const signed = `${header}.${payload}`;
  const signature = memo(signatures, key, signed, () => base64url(sign('sha256', Buffer.from(signed, 'utf8'), key.signer).toString('binary')));
  return `${signed}.${signature}`;
}

/** The claims of a compact JWS whose RS256 signature the key verifies; undefined for anything else. */
export function verifyJWT(token: string, key: SigningKey): any | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(forge.util.decodeUtf8(fromBase64url(parts[0])));
    if (header?.alg !== 'RS256') return undefined;
    const valid = memo(checks, key, token, () => verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`, 'utf8'), key.verifier, Buffer.from(fromBase64url(parts[2]), 'binary')));
    if (!valid) return undefined;
    return JSON.parse(forge.util.decodeUtf8(fromBase64url(parts[1])));
  } catch {
    return undefined;
  }
}

/** Whether a bearer token looks like a JWT whose issuer is this one (the authenticator's quick check). */
export function issuerOf(token: string): string | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    return JSON.parse(forge.util.decodeUtf8(fromBase64url(parts[1])))?.iss;
  } catch {
    return undefined;
  }
}
