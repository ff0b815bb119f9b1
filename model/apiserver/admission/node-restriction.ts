import { canonicalJSON, type KObject } from '../../api/meta';
import { semanticallyEqual } from '../validation/semantic';
import { resourceByName } from '../../api/registry';
import { errors, type StatusError } from '../../api/status';
import { mutant } from '../../sim/mutants';
import { nodeIdentity } from '../authorization/node/identity';
import { podReferences } from '../authorization/node/graph';
import type { AdmissionAttributes, AdmissionLookup } from './attributes';

/** The mirror Pod annotation (api.MirrorPodAnnotationKey). */
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/**
 * NodeRestriction (plugin/pkg/admission/noderestriction): what the Node authorizer lets every
 * kubelet do, narrowed to its own node. A kubelet may create only mirror Pods bound to itself,
 * delete, evict and update the status of only its own Pods, change only its own Node (not its
 * taints, nor labels outside the kubelet's set, node-restriction.kubernetes.io/ ones least of
 * all), its own Lease, and request tokens only for Pods bound to it. Refusals are 403 Forbidden
 * in upstream's words.
 */
export function admitNodeRestriction(a: AdmissionAttributes, lookup: AdmissionLookup): void {
  const { isNode, nodeName } = nodeIdentity(a.user);
  if (!isNode) return;
  const forbid = (why: string) => errors.forbiddenBecause(a.resource, a.name, why);
  if (!nodeName) throw forbid(`could not determine node from user "${a.user.user}"`);
  // schema.GroupResource, as "resource" in the core group and "resource.group" elsewhere.
  switch (a.resource.group ? `${a.resource.resource}.${a.resource.group}` : a.resource.resource) {
    case 'pods':
      switch (a.subresource ?? '') {
        case '':
          return admitPod(nodeName, a, lookup, forbid);
        case 'status':
          return admitPodStatus(nodeName, a, forbid);
        case 'eviction':
          return admitPodEviction(nodeName, a, lookup, forbid);
        default:
          throw forbid(`unexpected pod subresource "${a.subresource}", only 'status' and 'eviction' are allowed`);
      }
    case 'nodes':
      return admitNode(nodeName, a, forbid);
    case 'persistentvolumeclaims':
      if (a.subresource !== 'status') throw forbid('may only update PVC status');
      return admitPVCStatus(nodeName, a, forbid);
    case 'serviceaccounts':
      return admitServiceAccount(nodeName, a, lookup, forbid);
    case 'leases.coordination.k8s.io':
      return admitLease(nodeName, a, forbid);
  }
}

/** admitLease: only its own Lease in kube-node-lease (a create's name is the object's). */
function admitLease(nodeName: string, a: AdmissionAttributes, forbid: Forbid): void {
  if (a.namespace !== NODE_LEASE_NAMESPACE) throw forbid(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
  const name = a.operation === 'CREATE' ? a.object.metadata.name : a.name;
  if (name !== nodeName) throw forbid('can only access node lease with the same name as the requesting node');
}

type Forbid = (why: string) => StatusError;
const resourceOf = (name: string) => resourceByName(name)!;

function admitPod(nodeName: string, a: AdmissionAttributes, lookup: AdmissionLookup, forbid: Forbid): void {
  if (a.operation === 'CREATE') return admitMirrorPodCreate(nodeName, a.object as KObject, lookup, forbid);
  if (a.operation === 'DELETE') {
    const pod = a.oldObject ?? lookup.get('pods', a.namespace, a.name);
    if (!pod) throw errors.notFound(a.resource, a.name);
    if (pod.spec.nodeName !== nodeName) throw forbid(`node "${nodeName}" can only delete pods with spec.nodeName set to itself`);
    return;
  }
  throw forbid(`unexpected operation "${a.operation}", node "${nodeName}" can only create and delete mirror pods`);
}

function admitMirrorPodCreate(nodeName: string, pod: KObject, lookup: AdmissionLookup, forbid: Forbid): void {
  if (!(MIRROR_ANNOTATION in (pod.metadata.annotations ?? {}))) throw forbid(`pod does not have "${MIRROR_ANNOTATION}" annotation, node "${nodeName}" can only create mirror pods`);
  if (pod.spec?.nodeName !== nodeName) throw forbid(`node "${nodeName}" can only create pods with spec.nodeName set to itself`);
  // Stryker disable next-line ArrayDeclaration: a string for an owner has neither apiVersion, kind nor name: refused as no owner is
  const owners = pod.metadata.ownerReferences ?? [];
  if (owners.length > 1) throw forbid(`node "${nodeName}" can only create pods with a single owner reference set to itself`);
  if (owners.length === 0) throw forbid(`node "${nodeName}" can only create pods with an owner reference set to itself`);
  const owner = owners[0];
  if (owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== nodeName) throw forbid(`node "${nodeName}" can only create pods with an owner reference set to itself`);
  if (owner.controller !== true) throw forbid(`node "${nodeName}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) throw forbid(`node "${nodeName}" must not set blockOwnerDeletion on an owner reference`);
  const node = lookup.get('nodes', undefined, nodeName);
  if (!node) throw errors.notFound(resourceOf('nodes'), nodeName);
  if (owner.uid !== node.metadata.uid) throw forbid(`node ${nodeName} UID mismatch: expected ${owner.uid} got ${node.metadata.uid}`);
  // A mirror Pod may reference no other API object.
  if (pod.spec.serviceAccountName) throw forbid(`node "${nodeName}" can not create pods that reference a service account`);
  const refs = podReferences(pod);
  if (refs.secrets.size) throw forbid(`node "${nodeName}" can not create pods that reference secrets`);
  if (refs.configMaps.size) throw forbid(`node "${nodeName}" can not create pods that reference configmaps`);
  // Stryker disable next-line ArrayDeclaration: a string for a volume has no fields: it references nothing, as no volume does
  const volumes: any[] = pod.spec.volumes ?? [];
  if (volumes.some((v) => v.projected?.sources?.some((s: any) => s.clusterTrustBundle))) throw forbid(`node "${nodeName}" can not create pods that reference clustertrustbundles`);
  if (volumes.some((v) => v.persistentVolumeClaim)) throw forbid(`node "${nodeName}" can not create pods that reference persistentvolumeclaims`);
}

function admitPodStatus(nodeName: string, a: AdmissionAttributes, forbid: Forbid): void {
  if (a.operation !== 'UPDATE') throw forbid(`unexpected operation "${a.operation}"`);
  const old = a.oldObject!;
  if (old.spec.nodeName !== nodeName && !mutant('noderestriction-allows-any-pod'))
    throw forbid(`node "${nodeName}" can only update pod status for pods with spec.nodeName set to itself`);
  if (canonicalJSON(old.metadata.labels ?? {}) !== canonicalJSON(a.object.metadata.labels ?? {})) throw forbid(`node "${nodeName}" cannot update labels through pod status`);
  if (canonicalJSON(claimStatuses(old)) !== canonicalJSON(claimStatuses(a.object))) throw forbid(`node "${nodeName}" cannot update resource claim statues`);
}

/** resourceClaimStatusesEqual compares these: each entry's name and claim name (set or not), in order. */
const claimStatuses = (pod: any) => (pod.status?.resourceClaimStatuses ?? []).map((s: any) => [s.name, s.resourceClaimName ?? null]);

function admitPodEviction(nodeName: string, a: AdmissionAttributes, lookup: AdmissionLookup, forbid: Forbid): void {
  // Only an Eviction's create (upstream prints this operation with %s, unquoted).
  if (a.operation !== 'CREATE') throw forbid(`unexpected operation ${a.operation}`);
  const podName = a.name || a.object.metadata?.name;
  if (!podName) throw forbid('could not determine pod from request data');
  const pod = lookup.get('pods', a.namespace, podName);
  if (!pod) throw errors.notFound(a.resource, podName);
  if (pod.spec.nodeName !== nodeName) throw forbid(`node ${nodeName} can only evict pods with spec.nodeName set to itself`);
}

function admitNode(nodeName: string, a: AdmissionAttributes, forbid: Forbid): void {
  if (a.name !== nodeName) throw forbid(`node "${nodeName}" is not allowed to modify node "${a.name}"`);
  const node = a.object as KObject;
  if (a.operation === 'CREATE') {
    if (node.spec?.configSource) throw forbid(`node "${nodeName}" is not allowed to create pods with a non-nil configSource`);
    const bad = forbiddenLabels(getModifiedLabels(node.metadata.labels, undefined));
    if (bad.length) throw forbid(`node "${nodeName}" is not allowed to set the following labels: ${bad.join(', ')}`);
  }
  if (a.operation === 'UPDATE') {
    const old = a.oldObject!;
    // apiequality.Semantic.DeepEqual: an empty list and none are the same.
    if (node.spec?.configSource && !semanticallyEqual(node.spec.configSource, old.spec?.configSource))
      throw forbid(`node "${nodeName}" is not allowed to update configSource to a new non-nil configSource`);
    if (!semanticallyEqual(node.spec?.taints, old.spec?.taints)) throw forbid(`node "${nodeName}" is not allowed to modify taints`);
    const bad = forbiddenLabels(getModifiedLabels(node.metadata.labels, old.metadata.labels));
    if (bad.length) throw forbid(`is not allowed to modify labels: ${bad.join(', ')}`);
  }
}

/**
 * admitPVCStatus: a kubelet may change a claim's status capacity and conditions, and (with
 * RecoverVolumeExpansionFailure, on in 1.32) its allocated resources and their statuses, nothing
 * else: not its metadata (the resourceVersion and managed fields aside), spec or other status.
 * Upstream appends cmp.Diff of the two claims to the refusal; the model names the parts that differ.
 */
function admitPVCStatus(nodeName: string, a: AdmissionAttributes, forbid: Forbid): void {
  if (a.operation !== 'UPDATE') throw forbid(`unexpected operation "${a.operation}"`);
  const compared = (pvc: any): Record<string, unknown> => {
    const { resourceVersion: _rv, managedFields: _mf, ...metadata } = pvc.metadata ?? {};
    const { capacity: _c, conditions: _cd, allocatedResources: _ar, allocatedResourceStatuses: _ars, ...status } = pvc.status ?? {};
    return { metadata, spec: pvc.spec ?? {}, status };
  };
  const [old, now] = [compared(a.oldObject), compared(a.object)];
  const changed = Object.keys(old).filter((k) => !semanticallyEqual(old[k], now[k]));
  if (changed.length) throw forbid(`node "${nodeName}" is not allowed to update fields other than status.quantity and status.conditions: ${changed.join(', ')} changed`);
}

/** admitServiceAccount: a node's TokenRequest must be bound to a Pod scheduled on it. */
function admitServiceAccount(nodeName: string, a: AdmissionAttributes, lookup: AdmissionLookup, forbid: Forbid): void {
  if (a.operation !== 'CREATE' || a.subresource !== 'token') return;
  const ref = a.object.spec?.boundObjectRef;
  if (!ref || ref.apiVersion !== 'v1' || ref.kind !== 'Pod' || !ref.name) throw forbid('node requested token not bound to a pod');
  if (!ref.uid) throw forbid('node requested token with a pod binding without a uid');
  const pod = lookup.get('pods', a.namespace, ref.name);
  if (!pod) throw errors.notFound(resourceOf('pods'), ref.name);
  if (ref.uid !== pod.metadata.uid) throw forbid(`the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`);
  if (pod.spec.nodeName !== nodeName) throw forbid('node requested token bound to a pod scheduled on a different node');
}

/** getModifiedLabels: the keys added, removed or changed, each once (a set; forbiddenLabels sorts what it prints). */
export function getModifiedLabels(a: Record<string, string> | undefined, b: Record<string, string> | undefined): string[] {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(a ?? {})) if (!(b && k in b) || b[k] !== v) out.add(k);
  for (const [k, v] of Object.entries(b ?? {})) if (!(a && k in a) || a[k] !== v) out.add(k);
  return [...out];
}

const labelNamespace = (key: string) => (key.includes('/') ? key.slice(0, key.indexOf('/')) : '');
const inNamespace = (ns: string, domain: string) => ns === domain || ns.endsWith('.' + domain);

/** kubeletapis.IsKubeletLabel: the labels a kubelet may set on its own Node. */
const KUBELET_LABELS = new Set([
  'kubernetes.io/hostname',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'beta.kubernetes.io/instance-type',
  // Stryker disable next-line StringLiteral: in upstream's list, though its namespace, node.kubernetes.io, lets it through anyway
  'node.kubernetes.io/instance-type',
  'kubernetes.io/os',
  'kubernetes.io/arch',
  'beta.kubernetes.io/os',
  'beta.kubernetes.io/arch',
]);

export function isKubeletLabel(key: string): boolean {
  if (KUBELET_LABELS.has(key)) return true;
  const ns = labelNamespace(key);
  return inNamespace(ns, 'kubelet.kubernetes.io') || inNamespace(ns, 'node.kubernetes.io');
}

/** Whether NodeRestriction lets a kubelet set this label: node-restriction.kubernetes.io/ never, other kubernetes.io and k8s.io ones only the kubelet's. */
export function kubeletMaySetLabel(key: string): boolean {
  const ns = labelNamespace(key);
  // Stryker disable next-line ConditionalExpression: as in upstream, said twice: such a label is a kubernetes.io one no kubelet may set either
  if (inNamespace(ns, 'node-restriction.kubernetes.io')) return false;
  const kubernetes = inNamespace(ns, 'kubernetes.io') || inNamespace(ns, 'k8s.io');
  return !kubernetes || isKubeletLabel(key);
}

function forbiddenLabels(modified: string[]): string[] {
  return modified.filter((k) => !kubeletMaySetLabel(k)).sort();
}
