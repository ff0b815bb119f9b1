import type { Rng } from '../../sim/rng';

/** A 64-hex-digit id, as containerd gives sandboxes and containers (from the seeded RNG). */
export function randomId(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += rng.nextU32().toString(16).padStart(8, '0');
  return s;
}
