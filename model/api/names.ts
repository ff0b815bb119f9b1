/**
 * Names as Kubernetes makes them: random suffixes from apimachinery's util/rand alphabet
 * (no vowels, no confusable characters), and the pod-template-hash encoding.
 */
import type { Rng } from '../sim/rng';

/** k8s.io/apimachinery/pkg/util/rand alphanums. */
export const ALPHANUMS = 'bcdfghjklmnpqrstvwxz2456789';

/** names.SimpleNameGenerator: generateName + 5 random characters (base truncated to 58). */
export function generateName(base: string, rng: Rng): string {
  const maxGeneratedNameLength = 63 - 5;
  const b = base.length > maxGeneratedNameLength ? base.slice(0, maxGeneratedNameLength) : base;
  return b + rng.string(5, ALPHANUMS);
}

/** rand.SafeEncodeString: each byte of s mapped onto ALPHANUMS. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += ALPHANUMS[s.charCodeAt(i) % ALPHANUMS.length];
  return out;
}

/** 32-bit FNV-1a, the hash controller.ComputeHash feeds the template into (strings as UTF-8). */
export function fnv32a(data: string | Uint8Array): number {
  let h = 0x811c9dc5;
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A random RFC 4122 version-4 UUID from the simulation's RNG. */
export function uuid(rng: Rng): string {
  const hex = (n: number) => {
    let s = '';
    for (let i = 0; i < n; i++) s += '0123456789abcdef'[rng.int(16)];
    return s;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[rng.int(4)]}${hex(3)}-${hex(12)}`;
}

/** Name checks live with the rest of apimachinery's util/validation. */
export { isDNS1123Label, isDNS1123Subdomain } from './validation';
