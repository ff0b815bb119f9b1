import { describeTabWriter, type TabWriter } from '../printers/tabwriter';

/**
 * describe's PrefixWriter over tabbedString's tabwriter (minwidth 0, padding 2): each write is
 * prefixed by two spaces per level; tab-less lines flush the tabwriter, so alignment restarts.
 */
export class PrefixWriter {
  private readonly tw: TabWriter = describeTabWriter();
  private buf = '';

  write(level: number, text: string): void {
    this.tw.write('  '.repeat(level) + text);
  }

  writeLine(text: string): void {
    this.tw.write(text + '\n');
  }

  flush(): void {
    this.tw.flush();
    this.buf += this.tw.take();
  }

  /** Flushes and returns everything written. */
  toString(): string {
    this.flush();
    return this.buf;
  }
}

/** The annotations describe hides. */
const SKIP_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const MAX_ANNOTATION_LEN = 140;

/** printLabelsMultiline(WithIndent): "Labels:  a=b" then one label per line, sorted. */
export function printLabels(w: PrefixWriter, title: string, labels: Record<string, string> | undefined | null, initialIndent = ''): void {
  w.write(0, `${initialIndent}${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort();
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, `${initialIndent}\t`);
    w.write(0, `${k}=${labels![k]}\n`);
  });
}

/** printAnnotationsMultiline: "key: value", long or multi-line values on their own lines. */
export function printAnnotations(w: PrefixWriter, title: string, annotations: Record<string, string> | undefined | null): void {
  w.write(0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIP_ANNOTATIONS.has(k))
    .sort();
  if (keys.length === 0) {
    w.writeLine('<none>');
    return;
  }
  keys.forEach((k, i) => {
    if (i !== 0) w.write(0, '\t');
    const value = annotations![k].replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(0, `${k}:\n`);
      for (const s of value.split('\n')) w.write(0, `\t  ${s.length > MAX_ANNOTATION_LEN - 2 ? s.slice(0, MAX_ANNOTATION_LEN - 2) + '...' : s}\n`);
    } else w.write(0, `${k}: ${value}\n`);
  });
}

/** printTolerationsMultilineWithIndent: "key=value:Effect op=Exists for 300s", sorted by key. */
export function printTolerations(w: PrefixWriter, title: string, tolerations: any[] | undefined, initialIndent = ''): void {
  w.write(0, `${initialIndent}${title}:\t`);
  const ts = [...(tolerations ?? [])].sort((a, b) => ((a.key ?? '') < (b.key ?? '') ? -1 : (a.key ?? '') > (b.key ?? '') ? 1 : 0));
  if (ts.length === 0) {
    w.writeLine('<none>');
    return;
  }
  ts.forEach((t, i) => {
    if (i !== 0) w.write(0, `${initialIndent}\t`);
    let s = t.key ?? '';
    if (t.value) s += `=${t.value}`;
    if (t.effect) s += `:${t.effect}`;
    if (t.operator === 'Exists' && !t.value) s += t.key || t.effect ? ' op=Exists' : 'op=Exists';
    if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) s += ` for ${t.tolerationSeconds}s`;
    w.write(0, s + '\n');
  });
}

/** printNodeTaintsMultiline: "key=value:Effect", sorted by effect then key. */
export function printTaints(w: PrefixWriter, title: string, taints: any[] | undefined): void {
  w.write(0, `${title}:\t`);
  const ts = [...(taints ?? [])].sort((a, b) => {
    const ka = `${a.effect},${a.key}`;
    const kb = `${b.effect},${b.key}`;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  if (ts.length === 0) {
    w.writeLine('<none>');
    return;
  }
  ts.forEach((t, i) => {
    if (i !== 0) w.write(0, '\t');
    w.write(0, `${t.key}${t.value ? '=' + t.value : ''}${t.effect ? ':' + t.effect : ''}\n`);
  });
}
