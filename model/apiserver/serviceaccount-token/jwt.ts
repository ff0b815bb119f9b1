import { sign, verify } from 'node:crypto';
import forge from 'node-forge';
import { base64url, fromBase64url, type SigningKey } from './keys';

/** A JWS in compact form, RS256 (RSASSA-PKCS1-v1_5 with SHA-256), as go-jose signs it. */
export function signJWT(claims: object, key: SigningKey): string {
  const header = base64url(forge.util.encodeUtf8(JSON.stringify({ alg: 'RS256', kid: key.kid })));
  const payload = base64url(forge.util.encodeUtf8(JSON.stringify(claims)));
  // RSASSA-PKCS1-v1_5 is deterministic: the same key and claims give the same token, byte for byte.
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`, 'utf8'), key.signer);
  return `${header}.${payload}.${base64url(signature.toString('binary'))}`;
}

/** The claims of a compact JWS whose RS256 signature the key verifies; undefined for anything else. */
export function verifyJWT(token: string, key: SigningKey): any | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const header = JSON.parse(forge.util.decodeUtf8(fromBase64url(parts[0])));
    if (header?.alg !== 'RS256') return undefined;
    const signature = Buffer.from(fromBase64url(parts[2]), 'binary');
    if (!verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`, 'utf8'), key.verifier, signature)) return undefined;
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
