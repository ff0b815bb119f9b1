import { fold, height, type Row } from './fold';
import { type Message, participantsOf } from './interactions';
import { duration, esc, fit, FONT, n, svgOpen, textWidth } from './svg';

/**
 * A sequence diagram of messages, drawn by hand as SVG: one lifeline per participant, one row
 * per (folded) message, loops as boxes marked ×N, and the virtual time of each row on the left.
 * Past `maxRows` rows it stops with a line saying how much it left out.
 */
export interface SequenceOptions {
  title: string;
  /** Virtual time the times on the left count from. */
  t0: number;
  maxRows?: number;
  /** A note under the picture. */
  note?: string;
  /** The virtual time column (on by default). */
  times?: boolean;
}

const ROW = 20;
const TOP = 44;
const TIME_W = 62;
const LANE_MIN = 118;

export function sequenceSvg(messages: readonly Message[], opts: SequenceOptions): string {
  const rows = fold(messages);
  const lanes = participantsOf(messages);
  const maxRows = opts.maxRows ?? 70;
  const widths = lanes.map((p) => Math.max(LANE_MIN, textWidth(p) + 20));
  const x = new Map<string, number>();
  let acc = TIME_W;
  lanes.forEach((p, i) => {
    x.set(p, acc + widths[i] / 2);
    acc += widths[i];
  });
  const width = acc + 40;

  const body: string[] = [];
  let y = TOP + 10;
  let shown = 0;
  let lastTime = '';
  let cut: { messages: number; until: number } | undefined;

  const drawMessage = (m: Message, count: number, depth: number) => {
    const time = `+${duration(Math.max(0, m.t - opts.t0))}`;
    if (time !== lastTime && opts.times !== false) body.push(`<text x="4" y="${n(y + 4)}" fill="#6a737d">${esc(time)}</text>`);
    lastTime = time;
    const x1 = x.get(m.from)!;
    const x2 = x.get(m.to)!;
    const label = `${m.label}${m.event ? ' + event' : ''}${count > 1 ? ` ×${count}` : ''}`;
    // The request's write to etcd, on the same row: kube-apiserver stored what it was asked to.
    const xa = x.get('kube-apiserver');
    const xe = x.get('etcd');
    if (m.stored && xa !== undefined && xe !== undefined)
      body.push(`<line x1="${n(xa)}" y1="${n(y + 5)}" x2="${n(xe)}" y2="${n(y + 5)}" stroke="#6f42c1" marker-end="url(#arrow)"/><text x="${n((xa + xe) / 2)}" y="${n(y + 3)}" text-anchor="middle" fill="#6f42c1" font-size="9">${esc(m.stored)}</text>`);
    if (x1 === x2) {
      body.push(`<path d="M${n(x1)} ${n(y - 4)} h24 v8 h-24" fill="none" stroke="#24292e" marker-end="url(#arrow)"/>`);
      body.push(`<text x="${n(x1 + 28)}" y="${n(y + 3)}">${esc(fit(label, 220))}</text>`);
    } else {
      const mid = (x1 + x2) / 2;
      body.push(`<line x1="${n(x1)}" y1="${n(y)}" x2="${n(x2)}" y2="${n(y)}" stroke="${m.to === 'kube-apiserver' || m.to === 'etcd' ? '#24292e' : '#0366d6'}" marker-end="url(#arrow)"/>`);
      body.push(`<text x="${n(mid)}" y="${n(y - 3)}" text-anchor="middle">${esc(fit(label, Math.max(Math.abs(x2 - x1) - 6, 150 - depth * 8)))}</text>`);
    }
    y += ROW;
    shown++;
  };

  const countMessages = (r: Row): number => (r.kind === 'message' ? r.count : r.times * r.body.reduce((s, b) => s + countMessages(b), 0));
  const lastMessage = (r: Row): Message => (r.kind === 'message' ? r.message : lastMessage(r.body[r.body.length - 1]));

  const draw = (list: Row[], depth: number) => {
    for (let i = 0; i < list.length; i++) {
      const r = list[i];
      if (!cut && shown + height(r) > maxRows) {
        const rest = list.slice(i);
        cut = { messages: rest.reduce((s, b) => s + countMessages(b), 0), until: lastMessage(rest[rest.length - 1]).t };
      }
      if (cut) {
        if (depth === 0) continue;
        return;
      }
      if (r.kind === 'message') {
        drawMessage(r.message, r.count, depth);
        continue;
      }
      const inner = lanesOf(r);
      const left = Math.min(...inner.map((p) => x.get(p)!)) - 52 + depth * 4;
      const right = Math.max(...inner.map((p) => x.get(p)!)) + 52 - depth * 4;
      const top = y - 14;
      y += ROW - 4;
      shown++;
      draw(r.body, depth + 1);
      const bottom = y - 12;
      body.push(`<rect x="${n(left)}" y="${n(top)}" width="${n(right - left)}" height="${n(bottom - top)}" fill="none" stroke="#d73a49" stroke-dasharray="4 2"/>`);
      body.push(`<path d="M${n(left)} ${n(top)} h36 v12 l-5 5 h-31 z" fill="#ffeef0" stroke="#d73a49"/><text x="${n(left + 4)}" y="${n(top + 12)}" fill="#d73a49" font-weight="bold">×${r.times}</text>`);
      y += 4;
    }
  };
  draw(rows, 0);
  const total = messages.length;
  if (cut) {
    body.push(`<text x="${n(TIME_W)}" y="${n(y + 4)}" fill="#6a737d">… ${cut.messages} more messages, until +${esc(duration(Math.max(0, cut.until - opts.t0)))}</text>`);
    y += ROW;
  }
  const footer = `${total} messages in ${shown} rows${opts.note ? '; ' + opts.note : ''}`;
  const height_ = y + 22;

  const out: string[] = [svgOpen(width, height_, opts.title)];
  out.push(`<defs><marker id="arrow" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0 L8 4 L0 8 z" fill="#24292e"/></marker></defs>\n`);
  out.push(`<g ${FONT}>\n`);
  for (const p of lanes) {
    const cx = x.get(p)!;
    const w = textWidth(p) + 12;
    out.push(`<line x1="${n(cx)}" y1="34" x2="${n(cx)}" y2="${n(y)}" stroke="#959da5" stroke-dasharray="3 3"/>`);
    out.push(`<g class="participant"><rect x="${n(cx - w / 2)}" y="8" width="${n(w)}" height="24" rx="3" fill="#f1f8ff" stroke="#0366d6"/><text x="${n(cx)}" y="24" text-anchor="middle" font-weight="bold">${esc(p)}</text></g>`);
  }
  out.push('\n' + body.join('\n') + '\n');
  out.push(`<text x="4" y="${n(y + 12)}" fill="#6a737d">${esc(footer)}</text>\n`);
  out.push('</g>\n</svg>\n');
  return out.join('');
}

function lanesOf(r: Row): string[] {
  if (r.kind === 'message') return [r.message.from, r.message.to];
  return r.body.flatMap(lanesOf);
}

