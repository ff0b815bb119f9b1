import type { PodHistory } from './pod-timeline';
import { duration, esc, fit, FONT, n, svgOpen } from './svg';

/**
 * The Pods' timeline as a picture: one bar per Pod over virtual time, a segment per STATUS it
 * went through (colours as a reader expects: waiting yellow, starting blue, running green,
 * going away or failing red), and a cross where its key left etcd.
 */
const NAME_W = 230;
const PLOT_W = 640;
const ROW = 22;
const TOP = 30;
const MAX_PODS = 20;

const STEPS = [100, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000, 3_600_000];

export function statusColour(status: string): string {
  if (status === 'Running') return '#2ea44f';
  if (status === 'Pending' || status === 'SchedulingGated') return '#dbab09';
  if (status === 'ContainerCreating' || status === 'PodInitializing' || status.startsWith('Init:')) return '#79b8ff';
  if (status === 'Completed' || status === 'Succeeded') return '#6a737d';
  if (status === 'Terminating') return '#f97583';
  if (status === 'NotReady' || status === 'Unknown') return '#d1d5da';
  return '#cb2431';
}

export function timelineSvg(pods: readonly PodHistory[], opts: { title: string; t0: number; t1: number }): string {
  const shown = pods.slice(0, MAX_PODS);
  const t0 = opts.t0;
  const span = Math.max(1, opts.t1 - t0);
  const X = (t: number) => NAME_W + (Math.min(Math.max(t, t0), opts.t1) - t0) * (PLOT_W / span);
  const height = TOP + shown.length * ROW + (pods.length > shown.length ? ROW : 0) + 30;
  const width = NAME_W + PLOT_W + 20;
  const out: string[] = [svgOpen(width, height, opts.title), `<g ${FONT}>\n`];
  // The axis: a tick every step of a round size, 4 to 10 of them.
  const step = STEPS.find((s) => span / s <= 8) ?? STEPS[STEPS.length - 1];
  const bottom = TOP + shown.length * ROW;
  for (let k = 0; k * step <= span; k++) {
    const x = X(t0 + k * step);
    out.push(`<line x1="${n(x)}" y1="${TOP - 6}" x2="${n(x)}" y2="${n(bottom)}" stroke="#e1e4e8"/><text x="${n(x)}" y="${TOP - 10}" text-anchor="middle" fill="#6a737d">${k === 0 ? "0" : "+" + esc(duration(k * step))}</text>\n`);
  }
  shown.forEach((p, i) => {
    const y = TOP + i * ROW;
    out.push(`<g class="pod"><text x="4" y="${n(y + 15)}">${esc(fit(p.name, NAME_W - 10))}</text>`);
    p.states.forEach((s, j) => {
      const end = j + 1 < p.states.length ? p.states[j + 1].t : p.deleted ?? opts.t1;
      const x1 = X(s.t);
      const w = Math.max(2, X(end) - x1);
      out.push(`<rect x="${n(x1)}" y="${n(y + 3)}" width="${n(w)}" height="16" fill="${statusColour(s.status)}"><title>${esc(`${p.name} ${s.ready} ${s.status} at +${duration(s.t - t0)}`)}</title></rect>`);
      if (w > s.status.length * 6.6 + 6) out.push(`<text x="${n(x1 + 3)}" y="${n(y + 15)}" fill="#ffffff">${esc(s.status)}</text>`);
    });
    if (p.deleted !== undefined) {
      const x = X(p.deleted);
      out.push(`<path d="M${n(x - 4)} ${n(y + 7)} l8 8 m0 -8 l-8 8" stroke="#24292e" stroke-width="1.5"><title>${esc(`${p.name} deleted at +${duration(p.deleted - t0)}`)}</title></path>`);
    }
    out.push('</g>\n');
  });
  if (pods.length > shown.length) out.push(`<text x="4" y="${n(bottom + 15)}" fill="#6a737d">… and ${pods.length - shown.length} more Pods</text>\n`);
  // The legend: each status that appears, in the order first seen.
  const seen: string[] = [];
  for (const p of shown) for (const s of p.states) if (!seen.includes(s.status)) seen.push(s.status);
  let lx = 4;
  const ly = height - 12;
  for (const s of seen) {
    out.push(`<rect x="${n(lx)}" y="${n(ly - 9)}" width="10" height="10" fill="${statusColour(s)}"/><text x="${n(lx + 14)}" y="${n(ly)}">${esc(s)}</text>`);
    lx += 24 + s.length * 6.6;
  }
  out.push('\n</g>\n</svg>\n');
  return out.join('');
}
