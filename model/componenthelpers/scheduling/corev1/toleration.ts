/**
 * Taints and tolerations as k8s.io/api's core/v1 types define them, with Toleration.ToleratesTaint
 * (toleration.go): the one rule the scheduler, the DaemonSet controller and the taint eviction
 * controller all share.
 */
export interface Taint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  timeAdded?: string;
}

export interface Toleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/**
 * Toleration.ToleratesTaint: an empty effect matches every effect; an empty key (with Exists)
 * matches every key; Equal (or no operator) compares values; an unknown operator tolerates nothing.
 */
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
