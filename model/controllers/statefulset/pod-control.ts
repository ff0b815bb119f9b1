/**
 * StatefulPodControl (pkg/controller/statefulset/stateful_pod_control.go): creates a Pod's
 * claims before the Pod, creates, updates and deletes Pods, and records each as the real
 * controller words it ("create Pod web-0 in StatefulSet web successful", "create Claim
 * www-web-0 Pod web-0 in StatefulSet web success"). The claims' owner references follow
 * persistentVolumeClaimRetentionPolicy: the set owns them when whenDeleted is Delete, a
 * scaled-down Pod owns them when whenScaled is Delete, so the garbage collector removes them.
 */
import type { KObject, OwnerReference } from '../../api/meta';
import { StatusError } from '../../api/status';
import type { ApiClient } from '../../client/client';
import type { EventRecorder } from '../../client/events';
import { reasonOf, withKind } from '../util/objects';
import { claimsFor, inOrdinalRange, ordinalOf } from './identity';

export class StatefulPodControl {
  constructor(
    private readonly client: ApiClient,
    private readonly recorder: EventRecorder,
  ) {}

  private podEvent(verb: string, set: KObject, pod: KObject, err?: unknown): void {
    const ref = withKind(set, 'apps/v1', 'StatefulSet');
    const Verb = verb[0].toUpperCase() + verb.slice(1);
    if (!err) this.recorder.event(ref, 'Normal', `Successful${Verb}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} successful`);
    else this.recorder.event(ref, 'Warning', `Failed${Verb}`, `${verb} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${(err as Error).message}`);
  }

  private claimEvent(verb: string, set: KObject, pod: KObject, claim: KObject, err?: unknown): void {
    const ref = withKind(set, 'apps/v1', 'StatefulSet');
    const Verb = verb[0].toUpperCase() + verb.slice(1);
    if (!err) this.recorder.event(ref, 'Normal', `Successful${Verb}`, `${verb} Claim ${claim.metadata.name} Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} success`);
    else
      this.recorder.event(ref, 'Warning', `Failed${Verb}`, `${verb} Claim ${claim.metadata.name} for Pod ${pod.metadata.name} in StatefulSet ${set.metadata.name} failed error: ${(err as Error).message}`);
  }

  /** updateClaimOwnerRefForSetAndPod: the references the retention policy wants on a claim of this Pod. */
  private wantedRefs(set: KObject, pod: KObject, existing: OwnerReference[] | undefined): OwnerReference[] {
    const policy = set.spec?.persistentVolumeClaimRetentionPolicy ?? {};
    const others = (existing ?? []).filter((r) => r.uid !== set.metadata.uid && r.uid !== pod.metadata.uid);
    const setRef: OwnerReference = { apiVersion: 'apps/v1', kind: 'StatefulSet', name: set.metadata.name!, uid: set.metadata.uid!, controller: true, blockOwnerDeletion: true };
    const podRef: OwnerReference = { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name!, uid: pod.metadata.uid ?? '' };
    const scaledDown = !inOrdinalRange(pod, set);
    if (policy.whenScaled === 'Delete' && scaledDown && pod.metadata.uid) return [...others, podRef];
    if (policy.whenDeleted === 'Delete') return [...others, setRef];
    return others;
  }

  /** createPersistentVolumeClaims: each missing claim created; an existing one is left as it is. */
  createMissingClaims(set: KObject, pod: KObject): void {
    let firstError: unknown;
    for (const claim of claimsFor(set, ordinalOf(pod)).values()) {
      if (this.client.tryGet('persistentvolumeclaims', claim.metadata.namespace, claim.metadata.name!)) continue;
      const refs = this.wantedRefs(set, pod, undefined);
      if (refs.length) claim.metadata.ownerReferences = refs;
      delete (claim as any).status;
      try {
        this.client.create('persistentvolumeclaims', claim.metadata.namespace, { ...claim, apiVersion: 'v1', kind: 'PersistentVolumeClaim' });
        this.claimEvent('create', set, pod, claim);
      } catch (e) {
        if (reasonOf(e) === 'AlreadyExists') continue;
        if (!(e instanceof StatusError)) throw e;
        this.claimEvent('create', set, pod, claim, e);
        firstError ??= e;
      }
    }
    if (firstError) throw firstError;
  }

  /** CreateStatefulPod: claims first, then the Pod. */
  createPod(set: KObject, pod: KObject): void {
    try {
      this.createMissingClaims(set, pod);
    } catch (e) {
      this.podEvent('create', set, pod, e);
      throw e;
    }
    try {
      this.client.create('pods', set.metadata.namespace, pod);
    } catch (e) {
      if (reasonOf(e) === 'AlreadyExists') throw e;
      if (!(e instanceof StatusError)) throw e;
      this.podEvent('create', set, pod, e);
      throw e;
    }
    this.podEvent('create', set, pod);
  }

  deletePod(set: KObject, pod: KObject): void {
    try {
      this.client.delete('pods', pod.metadata.namespace, pod.metadata.name!);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.podEvent('delete', set, pod, e);
      throw e;
    }
    this.podEvent('delete', set, pod);
  }

  /** UpdateStatefulPod: puts the identity labels and storage back. */
  updatePod(set: KObject, pod: KObject): void {
    try {
      this.client.update('pods', pod.metadata.namespace, pod);
    } catch (e) {
      if (!(e instanceof StatusError)) throw e;
      this.podEvent('update', set, pod, e);
      throw e;
    }
    this.podEvent('update', set, pod);
  }

  /** ClaimsMatchRetentionPolicy + UpdatePodClaimForRetentionPolicy: the claims' owner references as the policy wants. */
  fixClaimRefs(set: KObject, pod: KObject): void {
    for (const claim of claimsFor(set, ordinalOf(pod)).values()) {
      const live = this.client.tryGet('persistentvolumeclaims', claim.metadata.namespace, claim.metadata.name!);
      if (!live) continue;
      const want = this.wantedRefs(set, pod, live.metadata.ownerReferences);
      const key = (rs: OwnerReference[] | undefined) => (rs ?? []).map((r) => `${r.uid}/${r.controller ? 1 : 0}`).sort().join(',');
      if (key(want) === key(live.metadata.ownerReferences)) continue;
      this.client.update('persistentvolumeclaims', live.metadata.namespace, { ...live, apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { ...live.metadata, ownerReferences: want } });
    }
  }
}
