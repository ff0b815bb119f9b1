/**
 * A rolling update's bounds as upstream resolves them, written again here so the checker does
 * not share the controllers' code: a percentage of the replicas, maxSurge rounded up and
 * maxUnavailable down for a Deployment (deploymentutil.ResolveFenceposts, with one unavailable
 * allowed when both are 0), and rounded up for a DaemonSet (util.UnavailableCount).
 */
export function scaled(v: unknown, total: number, roundUp: boolean): number {
  if (typeof v === 'number') return v;
  const m = String(v ?? '0').match(/^(\d+)%$/);
  if (!m) return Number(v ?? 0);
  const x = (Number(m[1]) * total) / 100;
  return roundUp ? Math.ceil(x) : Math.floor(x);
}

export function deploymentBounds(d: any): { surge: number; unavailable: number } {
  const replicas = d.spec?.replicas ?? 1;
  const ru = d.spec?.strategy?.rollingUpdate ?? {};
  const surge = scaled(ru.maxSurge ?? '25%', replicas, true);
  let unavailable = scaled(ru.maxUnavailable ?? '25%', replicas, false);
  if (surge === 0 && unavailable === 0) unavailable = 1;
  return { surge, unavailable };
}

export function daemonSetMaxUnavailable(ds: any, desired: number): number {
  const ru = ds.spec?.updateStrategy?.rollingUpdate ?? {};
  const unavailable = scaled(ru.maxUnavailable ?? 1, desired, true);
  // Both 0 (a surge that rounds to 0): one node at a time, as util.UnavailableCount's callers allow.
  return unavailable === 0 && scaled(ru.maxSurge ?? 0, desired, true) === 0 ? 1 : unavailable;
}
