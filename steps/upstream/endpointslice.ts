/**
 * The EndpointSlice controller's utility tables (kubernetes v1.32, staging/src/k8s.io/endpointslice's
 * utils_test.go and util/controller_utils_test.go; steps/fixtures/upstream/endpointslice.json) run
 * against the model's functions.
 */
import { Then } from '@cucumber/cucumber';
import type { KObject } from '../../model/api/meta';
import {
  determineNeededServiceUpdates,
  endpointPorts,
  findPort,
  LABEL_TOPOLOGY_ZONE,
  podEndpointsChanged,
  podToEndpoint,
  shouldPodBeInEndpoints,
  shouldSetHostname,
} from '../../model/controllers/endpointslice/endpoints';
import { CONTROLLER_NAME, LABEL_MANAGED_BY, LABEL_SERVICE_NAME, setEndpointSliceLabels } from '../../model/controllers/endpointslice/labels';
import { newEndpointSlice } from '../../model/controllers/endpointslice/reconciler';
import { runCases, same } from './apps-fakes';

const FILE = 'endpointslice.json';
const NS = 'test';

/** newServiceAndEndpointMeta(name, "test"), or the basic Service of the label tests ("foo" with cluster IP 1.1.1.1). */
function service(name: string, extra: { labels?: Record<string, string>; annotations?: Record<string, string>; clusterIP?: string } = {}): KObject {
  const svc: KObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: NS, uid: `${NS}-${name}` },
    spec: { clusterIP: extra.clusterIP ?? '1.1.1.1', ports: [{ name, targetPort: 80, protocol: 'TCP' }], selector: { foo: 'bar' } },
  };
  if (extra.labels) svc.metadata.labels = { ...extra.labels };
  if (extra.annotations) svc.metadata.annotations = { ...extra.annotations };
  if (name === 'publishnotready') svc.spec.publishNotReadyAddresses = true;
  return svc;
}

/** newPod(1, "test", ready, 1, terminating), with the case's hostname, subdomain and IPs. */
function newPod(p: { ready: boolean; terminating?: boolean; hostname?: string; subdomain?: string; podIPs?: string[] }): KObject {
  const ips = p.podIPs ?? ['1.2.3.5'];
  const pod: KObject = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { namespace: NS, name: 'pod1', uid: 'pod1-uid', labels: { foo: 'bar' }, resourceVersion: '1' },
    spec: { containers: [{ name: 'container-1' }], nodeName: 'node-1' },
    status: { podIP: '1.2.3.5', podIPs: ips.map((ip) => ({ ip })), conditions: [{ type: 'Ready', status: p.ready ? 'True' : 'False' }] },
  };
  if (p.terminating) pod.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
  if (p.hostname) pod.spec.hostname = p.hostname;
  if (p.subdomain) pod.spec.subdomain = p.subdomain;
  return pod;
}

const RESERVED = { [LABEL_SERVICE_NAME]: 'foo', [LABEL_MANAGED_BY]: CONTROLLER_NAME };
const sortedKeys = (m: Record<string, string>) => Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1)));

/** Test_podChanged's modifiers: IPs, readiness, deletion, a label, the node name, the resourceVersion (and the model's rows' hostname and subdomain). */
function modify(pod: KObject, m: any = {}): void {
  if (m.podIPs) {
    pod.status.podIP = m.podIPs[0];
    pod.status.podIPs = m.podIPs.map((ip: string) => ({ ip }));
  }
  if (m.ready) pod.status.conditions[0].status = m.ready;
  if (m.deletionTimestamp) pod.metadata.deletionTimestamp = m.deletionTimestamp;
  if (m.label) pod.metadata.labels = { ...pod.metadata.labels, label: m.label };
  if (m.nodeName) pod.spec.nodeName = m.nodeName;
  if (m.hostname) pod.spec.hostname = m.hostname;
  if (m.subdomain) pod.spec.subdomain = m.subdomain;
  if (m.resourceVersion) pod.metadata.resourceVersion = m.resourceVersion;
}

const sorted = (s: Set<string>) => [...s].sort();

const CHECKS: Record<string, (c: any) => string | undefined> = {
  newEndpointSlice: (c) => {
    const svc = service('foo', c);
    const ports = [{ name: 'foo', port: 80, protocol: 'TCP' }];
    const got = newEndpointSlice(svc, ports);
    const want = {
      apiVersion: 'discovery.k8s.io/v1',
      kind: 'EndpointSlice',
      metadata: {
        generateName: 'foo-',
        namespace: NS,
        labels: sortedKeys(c.want),
        ownerReferences: [{ apiVersion: 'v1', kind: 'Service', name: 'foo', uid: `${NS}-foo`, controller: true, blockOwnerDeletion: true }],
      },
      addressType: 'IPv4',
      endpoints: [],
      ports,
    };
    return same(got, want);
  },
  podToEndpoint: (c) => {
    const node: KObject | undefined = c.node ? { apiVersion: 'v1', kind: 'Node', metadata: { name: 'node-1', labels: { [LABEL_TOPOLOGY_ZONE]: 'us-central1-a', 'topology.kubernetes.io/region': 'us-central1' } } } : undefined;
    const want = { ...c.want, targetRef: { kind: 'Pod', namespace: NS, name: 'pod1', uid: 'pod1-uid' } };
    const got = podToEndpoint(newPod(c.pod), node, service(c.svc));
    // Field order is the model's own; compare as sorted JSON objects.
    return same(sortedKeys(got as any), sortedKeys(want));
  },
  getEndpointPorts: (c) => {
    const svc: KObject = { metadata: {}, spec: { ports: c.ports } };
    const pod: KObject = { metadata: {}, spec: { containers: [{ ports: c.containerPorts }] } };
    return same(endpointPorts(svc, pod), c.want);
  },
  findPort: (c) => {
    const pod: KObject = { metadata: {}, spec: { containers: c.containers.map((ports: any[]) => (ports.length ? { ports: ports.map(([name, containerPort, protocol]) => ({ name, containerPort, protocol })) } : {})) } };
    return same(findPort(pod, { protocol: 'TCP', targetPort: c.port }) ?? null, c.want);
  },
  setEndpointSliceLabels: (c) => {
    const slice: KObject = { metadata: Object.keys(c.slice).length ? { labels: c.slice } : {} };
    const got = setEndpointSliceLabels(slice, service('foo', c));
    return same({ labels: got.labels, updated: got.updated }, { labels: sortedKeys({ ...c.want, ...RESERVED }), updated: c.updated });
  },
  determineNeededServiceUpdates: (c) =>
    same(
      { xor: sorted(determineNeededServiceUpdates(new Set(c.a), new Set(c.b), false)), union: sorted(determineNeededServiceUpdates(new Set(c.a), new Set(c.b), true)) },
      { xor: c.xor, union: c.union },
    ),
  shouldPodBeInEndpoints: (c) => {
    const pod: KObject = { metadata: {}, spec: {}, status: { phase: c.phase } };
    if (c.restartPolicy) pod.spec.restartPolicy = c.restartPolicy;
    if (c.podIP !== undefined) pod.status.podIP = c.podIP;
    if (c.podIPs) pod.status.podIPs = c.podIPs.map((ip: string) => ({ ip }));
    if (c.terminating) pod.metadata.deletionTimestamp = '2024-01-01T00:00:00Z';
    return same(shouldPodBeInEndpoints(pod, c.includeTerminating === true), c.want);
  },
  shouldSetHostname: (c) => {
    const [ns, hostname, subdomain] = c.pod;
    const pod: KObject = { metadata: { namespace: ns }, spec: { hostname, subdomain } };
    const svc: KObject = { metadata: { namespace: c.svc[0], name: c.svc[1] } };
    return same(shouldSetHostname(pod, svc), c.want);
  },
  podEndpointsChanged: (c) => {
    const old: KObject = { metadata: { namespace: NS, name: 'pod', labels: { foo: 'bar' } }, spec: {}, status: { conditions: [{ type: 'Ready', status: 'False' }] } };
    const pod: KObject = JSON.parse(JSON.stringify(old));
    modify(old, c.old);
    modify(pod, c.new);
    const [podChanged, labelsChanged] = podEndpointsChanged(old, pod);
    return same({ podChanged, labelsChanged }, { podChanged: c.podChanged, labelsChanged: c.labelsChanged });
  },
};

Then("every case of upstream's endpointslice test {word} holds on the model", function (table: string) {
  const check = CHECKS[table];
  if (!check) throw new Error(`no check for upstream endpointslice table "${table}"`);
  runCases(FILE, table, check);
});
