import type { Message } from './interactions';

/**
 * Folding a run of messages so that a walkthrough fits on a screen: a message repeated back to
 * back becomes one row "×N", and a block of messages repeated back to back (three Pods each
 * created, stored and announced) becomes a loop "×N" around one copy. Order is kept: only
 * adjacent repeats fold, so what the picture shows still happened in that order.
 */
export interface MessageRow {
  kind: 'message';
  message: Message;
  count: number;
}
export interface LoopRow {
  kind: 'loop';
  times: number;
  body: Row[];
}
export type Row = MessageRow | LoopRow;

/** The longest block a loop may hold. */
const MAX_BLOCK = 12;

function messageKey(m: Message): string {
  return `${m.from}>${m.to}:${m.label}${m.stored ? '|' + m.stored : ''}${m.event ? '+event' : ''}`;
}

export function key(r: Row): string {
  if (r.kind === 'message') return `${messageKey(r.message)}×${r.count}`;
  return `loop×${r.times}[${r.body.map(key).join(',')}]`;
}

export function firstMessage(r: Row): Message {
  return r.kind === 'message' ? r.message : firstMessage(r.body[0]);
}

/** Rows a row takes on the page: a loop its body plus its header. */
export function height(r: Row): number {
  return r.kind === 'message' ? 1 : 1 + r.body.reduce((s, b) => s + height(b), 0);
}

function foldOnce(rows: Row[]): Row[] {
  const keys = rows.map(key);
  const same = (a: number, b: number, len: number) => {
    for (let k = 0; k < len; k++) if (keys[a + k] !== keys[b + k]) return false;
    return true;
  };
  const out: Row[] = [];
  let i = 0;
  while (i < rows.length) {
    let best = { len: 0, reps: 1 };
    for (let len = 1; len <= MAX_BLOCK && i + 2 * len <= rows.length; len++) {
      let reps = 1;
      while (i + (reps + 1) * len <= rows.length && same(i, i + reps * len, len)) reps++;
      // The fold that hides the most rows; on a tie the shorter block.
      if (reps > 1 && (reps - 1) * len > (best.reps - 1) * best.len) best = { len, reps };
    }
    if (best.reps === 1) {
      out.push(rows[i++]);
      continue;
    }
    const body = rows.slice(i, i + best.len);
    if (body.length === 1 && body[0].kind === 'message') out.push({ ...body[0], count: body[0].count * best.reps });
    else out.push({ kind: 'loop', times: best.reps, body });
    i += best.len * best.reps;
  }
  return out;
}

/**
 * Components work in bursts: three Pods are bound, announced and started within a few virtual
 * milliseconds of each other, interleaved. Within one burst (`windowMs` from a message's first
 * appearance) the same message again only adds to the first one's count, at the first one's
 * place: the picture reads "the scheduler bound 3 Pods", then what followed.
 */
export function coalesce(messages: readonly Message[], windowMs: number): MessageRow[] {
  const rows: MessageRow[] = [];
  const open = new Map<string, MessageRow>();
  for (const m of messages) {
    const k = messageKey(m);
    const row = open.get(k);
    if (row && m.t - row.message.t <= windowMs) {
      row.count++;
      continue;
    }
    const fresh: MessageRow = { kind: 'message', message: m, count: 1 };
    open.set(k, fresh);
    rows.push(fresh);
  }
  return rows;
}

/**
 * Coalesces each burst, then folds repeated blocks until nothing more folds (a loop of loops:
 * the same lease renewal every 10 s).
 */
export function fold(messages: readonly Message[], windowMs = 1000): Row[] {
  let rows: Row[] = coalesce(messages, windowMs);
  for (let pass = 0; pass < 4; pass++) {
    const next = foldOnce(rows);
    if (next.length === rows.length) break;
    rows = next;
  }
  return rows;
}
