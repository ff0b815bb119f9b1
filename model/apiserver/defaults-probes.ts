/**
 * SetDefaults_Probe and SetDefaults_HTTPGetAction (pkg/apis/core/v1/defaults.go): a probe's
 * timeoutSeconds 1, periodSeconds 10, successThreshold 1, failureThreshold 3; an httpGet's
 * path "/" and scheme HTTP.
 */
export function defaultProbes(c: any): void {
  for (const field of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    const p = c?.[field];
    if (!p || typeof p !== 'object' || Array.isArray(p)) continue;
    p.timeoutSeconds = p.timeoutSeconds || 1;
    p.periodSeconds = p.periodSeconds || 10;
    p.successThreshold = p.successThreshold || 1;
    p.failureThreshold = p.failureThreshold || 3;
    if (p.httpGet && typeof p.httpGet === 'object') {
      p.httpGet.path = p.httpGet.path || '/';
      p.httpGet.scheme = p.httpGet.scheme || 'HTTP';
    }
  }
}
