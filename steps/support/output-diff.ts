/**
 * Line-by-line comparison of what two kubectls printed, after masking what legitimately differs
 * (a client-side age computed from the wall clock, a version string). Every other difference is
 * a bug in one of the two.
 */

export interface Mask {
  /** `mask`: every match is replaced by `<masked>`; `ignore line`: lines matching are dropped. */
  kind: 'mask' | 'ignore line';
  re: RegExp;
}

/** Rows of a `| mask | regex |` / `| ignore line | regex |` table. */
export function parseMasks(rows: string[][]): Mask[] {
  return rows.map(([kind, re]) => {
    if (kind !== 'mask' && kind !== 'ignore line') throw new Error(`unknown mask row "${kind}": use "mask" or "ignore line"`);
    return { kind, re: new RegExp(re, 'g') };
  });
}

export function applyMasks(text: string, masks: readonly Mask[]): string[] {
  const lines = text.replace(/\n$/, '').split('\n');
  const out: string[] = [];
  for (let line of lines) {
    if (masks.some((m) => m.kind === 'ignore line' && new RegExp(m.re.source).test(line))) continue;
    for (const m of masks) if (m.kind === 'mask') line = line.replace(m.re, '<masked>');
    out.push(line);
  }
  return text === '' ? [] : out;
}

/**
 * The differing lines of one stream, numbered from 1, as "  12 real:  …" / "  12 model: …";
 * empty when both printed the same lines.
 */
export function diffLines(stream: string, real: string, model: string, masks: readonly Mask[]): string[] {
  const a = applyMasks(real, masks);
  const b = applyMasks(model, masks);
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] === b[i]) continue;
    const n = String(i + 1).padStart(4);
    out.push(`${n} real:  ${a[i] === undefined ? '(no line)' : JSON.stringify(a[i])}`);
    out.push(`${n} model: ${b[i] === undefined ? '(no line)' : JSON.stringify(b[i])}`);
  }
  return out.length ? [`${stream} differs (${a.length} lines from the real kubectl, ${b.length} from the model's):`, ...out] : [];
}
