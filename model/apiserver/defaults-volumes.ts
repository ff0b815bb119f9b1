/**
 * The defaults pkg/apis/core/v1/defaults.go gives a Pod's volumes and downward API references:
 * configMap, secret, projected and downwardAPI
 * volumes get defaultMode 0644 (420); a projected ServiceAccount token expires in an hour; a
 * hostPath's type is ""; a fieldRef's apiVersion is v1.
 */
const isObj = (v: unknown): v is Record<string, any> => !!v && typeof v === 'object' && !Array.isArray(v);

function defaultFieldRef(ref: unknown): void {
  if (isObj(ref) && !ref.apiVersion) ref.apiVersion = 'v1';
}

function defaultDownwardItems(items: unknown): void {
  for (const it of Array.isArray(items) ? items : []) if (isObj(it)) defaultFieldRef(it.fieldRef);
}

export function defaultPodVolumes(spec: any): void {
  for (const v of Array.isArray(spec?.volumes) ? spec.volumes : []) {
    if (!isObj(v)) continue;
    if (isObj(v.configMap)) v.configMap.defaultMode ??= 420;
    if (isObj(v.secret)) v.secret.defaultMode ??= 420;
    if (isObj(v.hostPath)) v.hostPath.type ??= '';
    if (isObj(v.downwardAPI)) {
      v.downwardAPI.defaultMode ??= 420;
      defaultDownwardItems(v.downwardAPI.items);
    }
    if (isObj(v.projected)) {
      v.projected.defaultMode ??= 420;
      for (const s of Array.isArray(v.projected.sources) ? v.projected.sources : []) {
        if (!isObj(s)) continue;
        if (isObj(s.serviceAccountToken)) s.serviceAccountToken.expirationSeconds ??= 3600;
        if (isObj(s.downwardAPI)) defaultDownwardItems(s.downwardAPI.items);
      }
    }
  }
  for (const c of [...(Array.isArray(spec?.containers) ? spec.containers : []), ...(Array.isArray(spec?.initContainers) ? spec.initContainers : [])])
    for (const e of Array.isArray(c?.env) ? c.env : []) if (isObj(e?.valueFrom)) defaultFieldRef(e.valueFrom.fieldRef);
}
