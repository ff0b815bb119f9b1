/**
 * Taints and tolerations, as k8s.io/api's Toleration.ToleratesTaint and
 * v1helper.FindMatchingUntoleratedTaint decide them.
 */
export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** An empty effect matches every effect; an empty key with Exists matches every key. */
export function toleratesTaint(t: Toleration, taint: Taint): boolean {
  if (t.effect && t.effect !== taint.effect) return false;
  if (t.key && t.key !== taint.key) return false;
  switch (t.operator ?? '') {
    case '':
    case 'Equal':
      return (t.value ?? '') === (taint.value ?? '');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

export function tolerationsTolerateTaint(tolerations: Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/** The first taint (in the node's order) that passes `filter` and that no toleration tolerates. */
export function findMatchingUntoleratedTaint(taints: Taint[] | undefined, tolerations: Toleration[] | undefined, filter: (t: Taint) => boolean): Taint | undefined {
  for (const taint of taints ?? []) {
    if (!filter(taint)) continue;
    if (!tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return undefined;
}

/** helper.DoNotScheduleTaintsFilterFunc: the effects that keep new Pods off a node. */
export const doNotScheduleTaints = (t: Taint): boolean => t.effect === 'NoSchedule' || t.effect === 'NoExecute';
