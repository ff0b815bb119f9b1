/**
 * The one seeded random generator of a simulation (sfc32 seeded through splitmix32).
 * Nothing in model/ may call Math.random: every random choice comes from here, so the
 * same seed gives the same run, byte for byte.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(private readonly seed: number) {
    let s = seed >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
  }

  /**
   * An independent stream for one purpose (a ServiceAccount volume's suffix, the signing key),
   * seeded from this generator's seed and the label: drawing from it never shifts this stream's
   * draws, so adding such a purpose leaves every Pod name and transcript as it was.
   */
  derive(label: string): Rng {
    // FNV-1a over the label, mixed with the seed.
    let h = 0x811c9dc5 ^ (this.seed >>> 0);
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
    return new Rng(h >>> 0);
  }

  /** A uint32. */
  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** n characters from an alphabet. */
  string(n: number, alphabet: string): string {
    let out = '';
    for (let i = 0; i < n; i++) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}
