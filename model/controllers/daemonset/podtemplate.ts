/**
 * How the DaemonSet controller makes and judges its Pods (pkg/controller/daemon/util and
 * daemon_controller.go's NodeShouldRunDaemonPod): the Pod template with the controller's
 * default tolerations, the `controller-revision-hash` and `pod-template-generation` labels, and
 * a node affinity on `metadata.name` that pins the Pod to its node while the default scheduler
 * still binds it; and whether a node should run (or keep running) the daemon Pod.
 */
import { canonicalJSON, deepCopy, type KObject } from '../../api/meta';
import { computeHash } from '../deployment/hash';
import { findMatchingUntoleratedTaint, type Toleration } from '../../componenthelpers/scheduling/corev1/helpers';
import { getRequiredNodeAffinity } from '../../componenthelpers/scheduling/corev1/nodeaffinity';

/** apps.DefaultDaemonSetUniqueLabelKey. */
export const CONTROLLER_REVISION_HASH = 'controller-revision-hash';
/** extensions.DaemonSetTemplateGenerationKey. */
export const POD_TEMPLATE_GENERATION = 'pod-template-generation';

/**
 * The hash of a DaemonSet's template as its controller names a new ControllerRevision
 * (snapshot: controller.ComputeHash over the template and the status' collisionCount). The
 * controller puts the stored revision's label on its Pods (history.ts); this computes what a
 * fresh revision of the template would be called.
 */
export function revisionHash(ds: KObject): string {
  return computeHash(ds.spec?.template ?? {}, ds.status?.collisionCount ?? undefined);
}

/**
 * AddOrUpdateDaemonPodTolerations: what a daemon Pod tolerates beyond its template. Each default
 * goes through AddOrUpdateTolerationInPodSpec: a toleration of the template with the same key,
 * operator, effect and value (MatchToleration) is replaced in place by the default (so a
 * tolerationSeconds on it is dropped: the daemon Pod tolerates the taint for ever); with none,
 * the default is appended.
 */
export function addDaemonPodTolerations(spec: any): void {
  const add = (key: string, effect: string) => {
    const list: Toleration[] = Array.isArray(spec.tolerations) ? spec.tolerations : [];
    const t = { key, operator: 'Exists', effect } as Toleration;
    let matched = false;
    spec.tolerations = list.map((x) => {
      if ((x.key ?? '') !== key || (x.operator ?? '') !== 'Exists' || (x.effect ?? '') !== effect || (x.value ?? '') !== '') return x;
      matched = true;
      return { ...t };
    });
    if (!matched) spec.tolerations.push(t);
  };
  add('node.kubernetes.io/not-ready', 'NoExecute');
  add('node.kubernetes.io/unreachable', 'NoExecute');
  add('node.kubernetes.io/disk-pressure', 'NoSchedule');
  add('node.kubernetes.io/memory-pressure', 'NoSchedule');
  add('node.kubernetes.io/pid-pressure', 'NoSchedule');
  add('node.kubernetes.io/unschedulable', 'NoSchedule');
  if (spec.hostNetwork) add('node.kubernetes.io/network-unavailable', 'NoSchedule');
}

/** The DaemonSet's template generation (the deprecated.daemonset.template.generation annotation). */
export function templateGeneration(ds: KObject): string {
  return ds.metadata.annotations?.['deprecated.daemonset.template.generation'] ?? String(ds.metadata.generation ?? 1);
}

/**
 * util.CreatePodTemplate: the template with the daemon tolerations, the template generation label
 * and the hash label (left off for an empty hash).
 */
export function createPodTemplate(ds: KObject, hash: string): any {
  const t = deepCopy(ds.spec?.template ?? {});
  t.metadata = t.metadata ?? {};
  t.spec = t.spec ?? {};
  addDaemonPodTolerations(t.spec);
  t.metadata.labels = { ...(t.metadata.labels ?? {}), [POD_TEMPLATE_GENERATION]: templateGeneration(ds) };
  if (hash) t.metadata.labels[CONTROLLER_REVISION_HASH] = hash;
  return t;
}

/**
 * ReplaceDaemonSetPodNodeNameNodeAffinity: the required node affinity becomes one term with one
 * field requirement, metadata.name In [node]; whatever required terms there were go (the
 * controller has matched them already), the preferred ones stay.
 */
export function pinToNode(affinity: any, nodeName: string): any {
  const a = deepCopy(affinity ?? {});
  a.nodeAffinity = a.nodeAffinity ?? {};
  a.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution = {
    ...(a.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution ?? {}),
    nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }],
  };
  return a;
}

/**
 * util.GetTargetNodeName: the node a daemon Pod is bound to, or pinned to by its affinity (the
 * first metadata.name In requirement; one naming more or fewer than one node pins to none).
 */
export function targetNodeName(pod: KObject): string | undefined {
  if (pod.spec?.nodeName) return pod.spec.nodeName;
  for (const t of pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [])
    for (const f of t?.matchFields ?? []) if (f?.key === 'metadata.name' && f.operator === 'In') return f.values?.length === 1 ? f.values[0] : undefined;
  return undefined;
}

export interface ShouldRun {
  shouldRun: boolean;
  shouldContinueRunning: boolean;
}

/**
 * NodeShouldRunDaemonPod: shouldRun when the node matches the template's node selector and
 * required affinity and every NoSchedule/NoExecute taint is tolerated; shouldContinueRunning
 * unless the affinity no longer matches or a NoExecute taint is not tolerated.
 */
export function nodeShouldRunDaemonPod(node: KObject, ds: KObject): ShouldRun {
  return daemonPodPredicate(ds)(node);
}

const NEVER: ShouldRun = Object.freeze({ shouldRun: false, shouldContinueRunning: false });
const ALWAYS: ShouldRun = Object.freeze({ shouldRun: true, shouldContinueRunning: true });
const TAINTED: ShouldRun = Object.freeze({ shouldRun: false, shouldContinueRunning: true });

/**
 * Answers already given, per node object (the informer's objects are shared and replaced, never
 * changed, on update) and per template: a sync asks about every node, and most nodes and the
 * template have not changed since the last sync.
 */
const answered = new WeakMap<KObject, Map<string, ShouldRun>>();

/** The parts of the template the answer of NodeShouldRunDaemonPod depends on. */
export function predicateBasis(ds: KObject): string {
  const spec = ds.spec?.template?.spec ?? {};
  return canonicalJSON([spec.nodeName ?? null, spec.nodeSelector ?? null, spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? null, spec.tolerations ?? null, spec.hostNetwork ?? null]);
}

/**
 * NodeShouldRunDaemonPod for one DaemonSet over many nodes: the template's affinity and its
 * tolerations with the daemon defaults are worked out once (as upstream builds the new Pod once
 * per call), then each node is matched, or its earlier answer for the same template reused.
 */
export function daemonPodPredicate(ds: KObject): (node: KObject) => ShouldRun {
  const spec = ds.spec?.template?.spec ?? {};
  const basis = predicateBasis(ds);
  // predicates(): nodeaffinity.GetRequiredNodeAffinity(pod).Match(node), parse errors ignored.
  const affinity = getRequiredNodeAffinity({ metadata: {}, spec } as KObject);
  const withDefaults = { tolerations: deepCopy(spec.tolerations ?? []), hostNetwork: spec.hostNetwork };
  addDaemonPodTolerations(withDefaults);
  const judge = (node: KObject): ShouldRun => {
    if (spec.nodeName && spec.nodeName !== node.metadata.name) return NEVER;
    if (!affinity.match(node).matches) return NEVER;
    const taints = node.spec?.taints;
    if (findMatchingUntoleratedTaint(taints, withDefaults.tolerations, (t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')) {
      const noExecute = findMatchingUntoleratedTaint(taints, withDefaults.tolerations, (t) => t.effect === 'NoExecute');
      return noExecute ? NEVER : TAINTED;
    }
    return ALWAYS;
  };
  return (node) => {
    let byBasis = answered.get(node);
    if (!byBasis) answered.set(node, (byBasis = new Map()));
    let r = byBasis.get(basis);
    if (!r) byBasis.set(basis, (r = judge(node)));
    return r;
  };
}

/** util.IsPodUpdated: the Pod carries the current hash (a non-empty one) or template generation. */
export function isPodUpdated(pod: KObject, hash: string, generation: string): boolean {
  const labels = pod.metadata.labels ?? {};
  return (hash !== '' && labels[CONTROLLER_REVISION_HASH] === hash) || labels[POD_TEMPLATE_GENERATION] === generation;
}
