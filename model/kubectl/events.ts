/**
 * `kubectl events` (pkg/cmd/events, 1.32): the events of a namespace (or all, -A), optionally
 * only those of one object (--for TYPE/NAME) or of some types (--types), sorted by when they
 * last happened, in the table LAST SEEN, TYPE, REASON, OBJECT, MESSAGE; -w streams new ones.
 */
import type { KObject } from '../api/meta';
import { groupVersion } from '../api/registry';
import { humanDuration } from '../apiserver/printers/age';
import { bool, F, str, strs } from './args';
import { KubectlError } from './errors';
import type { Command, Ctx } from './kubectl';
import { parseOutput, PRINT_FLAGS, printObjects } from './output';
import { kubectlTabWriter, TabWriter } from './printers/tabwriter';
import { resolveType } from './resources';

const ms = (t: string | null | undefined): number | undefined => (t ? Date.parse(t) : undefined);

/** eventTime: the series' last observation, else lastTimestamp, else eventTime (for sorting). */
function eventTime(e: KObject): number {
  return ms(e.series?.lastObservedTime) ?? ms(e.lastTimestamp) ?? ms(e.eventTime) ?? 0;
}

/** getInterval: "5s", or "5s (x3 over 2m)" for a repeated event. */
function interval(e: KObject, now: number): string {
  const since = (t: string | null | undefined) => (ms(t) === undefined ? '<unknown>' : humanDuration(now - ms(t)!));
  const first = e.eventTime ? since(e.eventTime) : since(e.firstTimestamp);
  if (e.series) return `${since(e.series.lastObservedTime)} (x${e.series.count} over ${first})`;
  if ((e.count ?? 0) > 1) return `${since(e.lastTimestamp)} (x${e.count} over ${first})`;
  return first;
}

/** printers.EscapeTerminal: ESC and CR shown, not obeyed. */
function escapeTerminal(s: string | undefined): string {
  return (s ?? '').replace(/\x1b/g, '^[').replace(/\r/g, '\\r');
}

/** EventPrinter: the header once, then one row per event. */
class EventPrinter {
  private headersPrinted = false;
  constructor(
    private readonly noHeaders: boolean,
    private readonly allNamespaces: boolean,
  ) {}

  print(w: TabWriter, events: KObject[], now: number): void {
    if (!this.noHeaders && !this.headersPrinted) {
      w.write(`${this.allNamespaces ? 'NAMESPACE\t' : ''}LAST SEEN\tTYPE\tREASON\tOBJECT\tMESSAGE\n`);
      this.headersPrinted = true;
    }
    for (const e of events) {
      const io = e.involvedObject ?? {};
      w.write(
        `${this.allNamespaces ? `${e.metadata.namespace}\t` : ''}${interval(e, now)}\t${escapeTerminal(e.type)}\t${escapeTerminal(e.reason)}\t${escapeTerminal(io.kind)}/${escapeTerminal(io.name)}\t${escapeTerminal((e.message ?? '').trim())}\n`,
      );
    }
  }
}

export const eventsCommand: Command = {
  flags: [
    F.output,
    F.allNamespaces,
    { name: 'watch', short: 'w', type: 'bool' },
    { name: 'for', type: 'string' },
    { name: 'types', type: 'strings' },
    { name: 'no-headers', type: 'bool' },
    { name: 'chunk-size', type: 'int64' },
    ...PRINT_FLAGS,
  ],
  run(ctx, _args, p) {
    const allNamespaces = bool(p, 'all-namespaces');
    // ToOptions: --for through the REST mapper, then the printer; Validate: --types.
    let fieldSelector: string | undefined;
    const forObject = str(p, 'for') ?? '';
    if (forObject) {
      if (!forObject.includes('/')) throw new KubectlError('--for must be in resource/name form');
      const seg = forObject.split('/');
      if (seg.length !== 2) throw new KubectlError('arguments in resource/name form may not have more than one slash');
      const r = resolveType(seg[0].toLowerCase());
      fieldSelector = `involvedObject.kind=${r.kind},involvedObject.apiVersion=${groupVersion(r)},involvedObject.name=${seg[1]}`;
    }
    const types = [...new Set(strs(p, 'types'))].sort();
    const fmt = parseOutput(str(p, 'output'), false);
    if (types.some((t) => t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning')) throw new KubectlError('valid --types are Normal or Warning');
    const wanted = (e: KObject) => types.length === 0 || types.some((t) => t.toLowerCase() === String(e.type ?? '').toLowerCase());
    const ns = allNamespaces ? undefined : ctx.namespace;
    const printer = new EventPrinter(bool(p, 'no-headers'), allNamespaces);
    if (bool(p, 'watch')) return watchEvents(ctx, ns, fieldSelector, wanted, printer, fmt);
    const items = ctx.client.list('events', ns, { fieldSelector }).items.filter(wanted);
    if (items.length === 0) {
      ctx.err += allNamespaces ? 'No events found.\n' : `No events found in ${ctx.namespace} namespace.\n`;
      return 0;
    }
    items.sort((a, b) => eventTime(a) - eventTime(b));
    if (fmt?.kind === 'name') {
      // The name printer prints each item of a list: event/<name>.
      ctx.out += printObjects(items.map((e) => ({ obj: e, r: resolveType('events') })), fmt, false);
      return 0;
    }
    if (fmt) {
      const list = { apiVersion: 'v1', items: items.map((e) => ({ ...e, apiVersion: 'v1', kind: 'Event' })), kind: 'EventList', metadata: {} } as unknown as KObject;
      ctx.out += printObjects([{ obj: list, r: resolveType('events') }], fmt, true);
      return 0;
    }
    const w = kubectlTabWriter();
    printer.print(w, items, ctx.now());
    w.flush();
    ctx.out += w.take();
    return 0;
  },
};

/** runWatch: a watch from now on, each event printed as it comes (deleted ones not). */
function watchEvents(ctx: Ctx, ns: string | undefined, fieldSelector: string | undefined, wanted: (e: KObject) => boolean, printer: EventPrinter, fmt: ReturnType<typeof parseOutput>): number {
  // printers.GetNewTabWriter flushed after each event: every flush aligns only what it holds.
  const w = new TabWriter(6, 3, false);
  const handle = ctx.client.watch(
    'events',
    ns,
    { fieldSelector },
    (events) => {
      for (const ev of events) {
        if (ev.type === 'DELETED' || (ev.type !== 'ADDED' && ev.type !== 'MODIFIED') || !wanted(ev.object)) continue;
        if (fmt) ctx.out += printObjects([{ obj: { ...ev.object, apiVersion: 'v1', kind: 'Event' }, r: resolveType('events') }], fmt, true);
        else {
          printer.print(w, [ev.object], ctx.now());
          w.flush();
          ctx.out += w.take();
        }
      }
    },
    () => undefined,
  );
  if (ctx.opts.watchMs && ctx.opts.watchMs > 0) ctx.sim.advance(ctx.opts.watchMs);
  handle.stop();
  return 0;
}
