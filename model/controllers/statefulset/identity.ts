/**
 * A StatefulSet Pod's stable identity and storage (pkg/controller/statefulset
 * stateful_set_utils.go): the name `<set>-<ordinal>`, the hostname and the subdomain of the
 * governing Service, the `statefulset.kubernetes.io/pod-name` and `apps.kubernetes.io/pod-index`
 * labels, and one claim per volumeClaimTemplate named `<template>-<set>-<ordinal>` mounted in
 * place of the template's volume of that name.
 */
import { deepCopy, type KObject } from '../../api/meta';
import { newControllerRef } from '../util/objects';
import { isPodAvailable, isPodReady } from '../util/podutil';

/** apps.StatefulSetPodNameLabel. */
export const POD_NAME_LABEL = 'statefulset.kubernetes.io/pod-name';
/** apps.PodIndexLabel (the PodIndexLabel gate is on in 1.32). */
export const POD_INDEX_LABEL = 'apps.kubernetes.io/pod-index';
/** apps.StatefulSetRevisionLabel: the ControllerRevision name the Pod was made from. */
export const REVISION_LABEL = 'controller-revision-hash';

const PARENT_AND_ORDINAL = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal: "web-2" is ("web", 2); a name without a numeric suffix has ordinal -1. */
export function parentAndOrdinal(pod: KObject): { parent: string; ordinal: number } {
  const m = PARENT_AND_ORDINAL.exec(pod.metadata.name ?? '');
  if (!m) return { parent: '', ordinal: -1 };
  const n = Number(m[2]);
  return Number.isSafeInteger(n) && n <= 2147483647 ? { parent: m[1], ordinal: n } : { parent: '', ordinal: -1 };
}

export const ordinalOf = (pod: KObject): number => parentAndOrdinal(pod).ordinal;

/** getStartOrdinal: spec.ordinals.start (StatefulSetStartOrdinal is on in 1.32), else 0. */
export const startOrdinal = (set: KObject): number => (typeof set.spec?.ordinals?.start === 'number' ? set.spec.ordinals.start : 0);
export const endOrdinal = (set: KObject): number => startOrdinal(set) + (set.spec?.replicas ?? 1) - 1;

export function inOrdinalRange(pod: KObject, set: KObject): boolean {
  const o = ordinalOf(pod);
  return o >= startOrdinal(set) && o <= endOrdinal(set);
}

export const podName = (set: KObject, ordinal: number): string => `${set.metadata.name}-${ordinal}`;
export const claimName = (set: KObject, template: any, ordinal: number): string => `${template?.metadata?.name ?? ''}-${set.metadata.name}-${ordinal}`;

/** isMemberOf: the Pod's name says it belongs to this set. */
export const isMemberOf = (set: KObject, pod: KObject): boolean => parentAndOrdinal(pod).parent === set.metadata.name;

export const podRevision = (pod: KObject): string => pod.metadata.labels?.[REVISION_LABEL] ?? '';

/** isCreated: the API server has given the Pod a phase (a Pod only built here has none). */
export const isCreated = (pod: KObject): boolean => !!pod.status?.phase;
export const isPending = (pod: KObject): boolean => pod.status?.phase === 'Pending';
export const isFailed = (pod: KObject): boolean => pod.status?.phase === 'Failed';
export const isSucceeded = (pod: KObject): boolean => pod.status?.phase === 'Succeeded';
export const isTerminating = (pod: KObject): boolean => !!pod.metadata.deletionTimestamp;
export const isRunningAndReady = (pod: KObject): boolean => pod.status?.phase === 'Running' && isPodReady(pod);
export const isRunningAndAvailable = (pod: KObject, minReadySeconds: number, nowMs: number): boolean =>
  pod.status?.phase === 'Running' && isPodAvailable(pod, minReadySeconds, nowMs);
export const isHealthy = (pod: KObject): boolean => isRunningAndReady(pod) && !isTerminating(pod);

/** getPersistentVolumeClaims: each template's claim for this ordinal, labelled with the selector's matchLabels. */
export function claimsFor(set: KObject, ordinal: number): Map<string, KObject> {
  const out = new Map<string, KObject>();
  for (const t of Array.isArray(set.spec?.volumeClaimTemplates) ? set.spec.volumeClaimTemplates : []) {
    const claim = deepCopy(t ?? {});
    claim.metadata = { ...(claim.metadata ?? {}) };
    claim.metadata.name = claimName(set, t, ordinal);
    claim.metadata.namespace = set.metadata.namespace;
    claim.metadata.labels = { ...(claim.metadata.labels ?? {}), ...(set.spec?.selector?.matchLabels ?? {}) };
    delete claim.metadata.creationTimestamp;
    out.set(t?.metadata?.name ?? '', claim);
  }
  return out;
}

/** updateIdentity: name, namespace and the two identity labels. */
function updateIdentity(set: KObject, pod: KObject, ordinal: number): void {
  pod.metadata.name = podName(set, ordinal);
  pod.metadata.namespace = set.metadata.namespace;
  pod.metadata.labels = { ...(pod.metadata.labels ?? {}), [POD_NAME_LABEL]: pod.metadata.name, [POD_INDEX_LABEL]: String(ordinal) };
}

/** updateStorage: a volume per claim template, replacing the template's volume of the same name. */
function updateStorage(set: KObject, pod: KObject, ordinal: number): void {
  const claims = claimsFor(set, ordinal);
  const volumes: any[] = [];
  for (const [name, claim] of claims) volumes.push({ name, persistentVolumeClaim: { claimName: claim.metadata.name } });
  for (const v of Array.isArray(pod.spec?.volumes) ? pod.spec.volumes : []) if (!claims.has(v?.name)) volumes.push(v);
  if (volumes.length) pod.spec.volumes = volumes;
}

/** identityMatches: the Pod still carries the identity its ordinal gives it. */
export function identityMatches(set: KObject, pod: KObject): boolean {
  const { parent, ordinal } = parentAndOrdinal(pod);
  return (
    ordinal >= 0 &&
    parent === set.metadata.name &&
    pod.metadata.name === podName(set, ordinal) &&
    pod.metadata.namespace === set.metadata.namespace &&
    pod.metadata.labels?.[POD_NAME_LABEL] === pod.metadata.name &&
    pod.metadata.labels?.[POD_INDEX_LABEL] === String(ordinal)
  );
}

/** storageMatches: every claim template is mounted from this ordinal's claim. */
export function storageMatches(set: KObject, pod: KObject): boolean {
  const ordinal = ordinalOf(pod);
  if (ordinal < 0) return false;
  const volumes = new Map<string, any>((pod.spec?.volumes ?? []).map((v: any) => [v?.name, v]));
  for (const [name, claim] of claimsFor(set, ordinal)) {
    const v = volumes.get(name);
    if (!v?.persistentVolumeClaim || v.persistentVolumeClaim.claimName !== claim.metadata.name) return false;
  }
  return true;
}

/**
 * newStatefulSetPod: controller.GetPodFromTemplate (template labels, annotations and spec, the
 * controller reference, generateName `<set>-`), then the identity, the hostname and subdomain
 * (set once, at creation) and the storage.
 */
export function newStatefulSetPod(set: KObject, ordinal: number, revision: string): KObject {
  const t = set.spec?.template ?? {};
  const metadata: any = { generateName: `${set.metadata.name}-` };
  if (t.metadata?.labels) metadata.labels = { ...t.metadata.labels };
  if (t.metadata?.annotations) metadata.annotations = { ...t.metadata.annotations };
  if (t.metadata?.finalizers) metadata.finalizers = [...t.metadata.finalizers];
  metadata.ownerReferences = [newControllerRef(set, 'apps/v1', 'StatefulSet')];
  const pod: KObject = { apiVersion: 'v1', kind: 'Pod', metadata, spec: deepCopy(t.spec ?? {}) };
  updateIdentity(set, pod, ordinal);
  pod.spec.hostname = pod.metadata.name;
  if (set.spec?.serviceName) pod.spec.subdomain = set.spec.serviceName;
  updateStorage(set, pod, ordinal);
  pod.metadata.labels![REVISION_LABEL] = revision;
  return pod;
}

/** The Pod with its identity and storage put back (UpdateStatefulPod's fix-ups). */
export function withIdentityAndStorage(set: KObject, pod: KObject): KObject {
  const p = deepCopy(pod);
  const ordinal = ordinalOf(p);
  updateIdentity(set, p, ordinal);
  updateStorage(set, p, ordinal);
  return p;
}
