/**
 * The objects upstream's Deployment controller tests build, built the same way:
 * deployment_util_test.go's generateDeployment/generateRS/generatePodTemplateSpec and
 * deployment_controller_test.go's newDeployment/rs/newRSWithStatus/newReplicaSet.
 */
import { deepCopy, type KObject } from '../../model/api/meta';

type IntOrString = number | string;

/** generateDeployment(image): one replica, labels {name: image}, a full Pod template. */
export function generateDeployment(image: string): KObject {
  const podLabels = { name: image };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: image, annotations: {} },
    spec: {
      replicas: 1,
      selector: { matchLabels: { ...podLabels } },
      template: {
        metadata: { labels: { ...podLabels } },
        spec: {
          containers: [{ name: image, image, imagePullPolicy: 'Always', terminationMessagePath: '/dev/termination-log' }],
          dnsPolicy: 'ClusterFirst',
          terminationGracePeriodSeconds: 30,
          restartPolicy: 'Always',
          securityContext: {},
          enableServiceLinks: true,
        },
      },
    },
  };
}

/** generateRS(deployment): the Deployment's template, no replicas, controlled by it. */
export function generateRS(d: KObject, name: string, uid: string): KObject {
  const template = deepCopy(d.spec.template);
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, uid, labels: template.metadata.labels, ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: d.metadata.name!, uid: d.metadata.uid ?? '', controller: true }] },
    spec: { replicas: 0, template, selector: { matchLabels: template.metadata.labels } },
  };
}

/** generatePodTemplateSpec(name, nodeName, annotations, labels). */
export function generatePodTemplateSpec(t: { name: string; nodeName: string; annotations: Record<string, string>; labels: Record<string, string> }): any {
  return { metadata: { name: t.name, annotations: t.annotations, labels: t.labels }, spec: { nodeName: t.nodeName } };
}

/**
 * newDeployment(name, replicas, revisionHistoryLimit, maxSurge, maxUnavailable, selector): a
 * RollingUpdate Deployment whose maxSurge and maxUnavailable are 0 unless given.
 */
export function newDeployment(name: string, replicas: number, revisionHistoryLimit: number | null, maxSurge: IntOrString | null, maxUnavailable: IntOrString | null, selector: Record<string, string> | null): KObject {
  const d: KObject = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { uid: `uid-${name}`, name, namespace: 'default', annotations: {} },
    spec: {
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: maxUnavailable ?? 0, maxSurge: maxSurge ?? 0 } },
      replicas,
      selector: { matchLabels: selector ?? undefined },
      template: { metadata: { labels: selector ? { ...selector } : undefined }, spec: { containers: [{ image: 'foo/bar' }] } },
    },
  };
  if (revisionHistoryLimit !== null) d.spec.revisionHistoryLimit = revisionHistoryLimit;
  return d;
}

/** rs(name, replicas, selector, timestamp): an empty template, no status. */
export function rs(name: string, replicas: number, selector: Record<string, string> | null, creationTimestamp?: string): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: { name, uid: `uid-${name}`, namespace: 'default', creationTimestamp },
    spec: { replicas, selector: { matchLabels: selector ?? undefined }, template: {} },
  };
}

/** newRSWithStatus(name, specReplicas, statusReplicas, selector). */
export function newRSWithStatus(name: string, specReplicas: number, statusReplicas: number): KObject {
  const r = rs(name, specReplicas, null);
  r.status = { replicas: statusReplicas };
  return r;
}

/** A time `offset` (e.g. "+1m", "-1M", "-2h") from `now`, as RFC 3339. */
export function timeFrom(now: string, offset: string): string {
  const m = /^([+-])(\d+)([smhM])$/.exec(offset);
  if (!m) throw new Error(`bad offset ${offset}`);
  const d = new Date(now);
  const n = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  if (m[3] === 'M') d.setUTCMonth(d.getUTCMonth() + n);
  else d.setTime(d.getTime() + n * { s: 1000, m: 60_000, h: 3_600_000 }[m[3] as 's' | 'm' | 'h']);
  return d.toISOString().replace('.000Z', 'Z');
}
