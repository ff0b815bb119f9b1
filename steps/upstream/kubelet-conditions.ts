/**
 * Upstream's generate_test.go (fixtures/upstream/kubelet-conditions.json) on the model's
 * ContainersReady and Ready conditions (model/node/kubelet/pod-conditions.ts).
 */
import { generateContainersReadyCondition, generatePodReadyCondition, type PodCondition } from '../../model/node/kubelet/pod-conditions';
import { failuresOf, same, upstreamTable } from './fixtures';

const FILE = 'kubelet-conditions';

function podOf(c: any): any {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { ...(c.containers.length ? { containers: c.containers.map((name: string) => ({ name })) } : {}), ...(c.readinessGates ? { readinessGates: c.readinessGates.map((conditionType: string) => ({ conditionType })) } : {}) } };
}

const verdict = (got: PodCondition, type: string, want: any) => same(got, { type, ...want });

export const KUBELET_CONDITIONS_TABLES: Record<string, () => string[]> = {
  containersReadyCondition: () =>
    failuresOf(upstreamTable(FILE, 'containersReadyCondition'), (c) => verdict(generateContainersReadyCondition(podOf(c), c.statuses ?? undefined, c.phase), 'ContainersReady', c.want)),
  podReadyCondition: () => failuresOf(upstreamTable(FILE, 'podReadyCondition'), (c) => verdict(generatePodReadyCondition(podOf(c), c.conditions ?? [], c.statuses ?? undefined, c.phase), 'Ready', c.want)),
};
