import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { Rng } from '../../sim/rng';

/** The service-account signing key kubeadm writes as sa.key / sa.pub, and its key ID. */
export interface SigningKey {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  /** The same pair for node:crypto, which signs about 40 times faster than node-forge (one token per Pod). */
  signer: KeyObject;
  verifier: KeyObject;
  /** The JWT header's kid: base64url(SHA-256(PKIX DER of the public key)), as keyIDFromPublicKey. */
  kid: string;
}

/** Keys by seed: RSA 2048 generation takes a couple of seconds, so a seed's key is made once per process. */
const cache = new Map<number, SigningKey>();

/**
 * The cluster's service-account key, made from the simulation's seed (through a stream of its
 * own, so no other draw moves): the same seed, the same key and the same tokens, byte for byte.
 * Made lazily, at the first token.
 */
export function signingKey(seed: number, stream: () => Rng): SigningKey {
  const cached = cache.get(seed);
  if (cached) return cached;
  const rng = stream();
  const prng = {
    getBytesSync(n: number): string {
      let out = '';
      for (let i = 0; i < n; i++) out += String.fromCharCode(rng.nextU32() & 0xff);
      return out;
    },
  };
  const pair = forge.pki.rsa.generateKeyPair({ bits: 2048, e: 0x10001, prng: prng as any, algorithm: 'PRIMEINC' });
  const der = forge.asn1.toDer(forge.pki.publicKeyToAsn1(pair.publicKey)).getBytes();
  const md = forge.md.sha256.create();
  md.update(der);
  const key = {
    privateKey: pair.privateKey,
    publicKey: pair.publicKey,
    signer: createPrivateKey(forge.pki.privateKeyToPem(pair.privateKey)),
    verifier: createPublicKey(forge.pki.publicKeyToPem(pair.publicKey)),
    kid: base64url(md.digest().getBytes()),
  };
  cache.set(seed, key);
  return key;
}

/** RFC 4648 base64url without padding, of a binary string. */
export function base64url(binary: string): string {
  return forge.util.encode64(binary).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function fromBase64url(s: string): string {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/');
  return forge.util.decode64(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}
