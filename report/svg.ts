/**
 * The few SVG pieces the report's pictures share: escaping, a monospace text width estimate (no
 * font metrics without a browser, so every glyph counts as CHAR_W), and number formatting that
 * never depends on the machine's locale, so the same trace always gives the same bytes.
 */
export const FONT = 'font-family="ui-monospace,Menlo,Consolas,monospace" font-size="11"';
/** Average advance of an 11px monospace glyph. */
export const CHAR_W = 6.6;

export function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Coordinates with at most one decimal, so rounding is the same everywhere. */
export function n(x: number): string {
  return String(Math.round(x * 10) / 10);
}

export function textWidth(s: string): number {
  return s.length * CHAR_W;
}

/** Cuts a label to fit `px`, ending it with an ellipsis. */
export function fit(s: string, px: number): string {
  const max = Math.max(1, Math.floor(px / CHAR_W));
  return s.length <= max ? s : s.slice(0, Math.max(0, max - 1)) + '…';
}

/** Virtual milliseconds as kubectl prints durations, finer below a minute: 250ms, 4.8s, 1m05s. */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  if (ms < 60_000) return `${Math.round(ms / 100) / 10}s`;
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

export function svgOpen(width: number, height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${n(width)}" height="${n(height)}" viewBox="0 0 ${n(width)} ${n(height)}" role="img" aria-label="${esc(title)}">\n<title>${esc(title)}</title>\n<rect width="100%" height="100%" fill="#ffffff"/>\n`;
}
