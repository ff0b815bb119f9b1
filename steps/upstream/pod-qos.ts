/**
 * Upstream's TestComputePodQOS (kubernetes v1.32 pkg/apis/core/helper/qos/qos_test.go) and
 * TestSetDefaultRequestsPod (pkg/apis/core/v1/defaults_test.go) as tables: each row lists the
 * resources of a Pod's containers (and init containers) and the QoS class the API server gives
 * it once defaulted, as `kubectl get pod -o yaml` shows in status.qosClass.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { applyDefaults } from '../../model/apiserver/defaults';

const podWith = (containers: unknown[], initContainers: unknown[]) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'p', namespace: 'ns' },
  spec: {
    containers: containers.map((resources, i) => ({ name: `c${i}`, image: 'image', resources })),
    initContainers: initContainers.map((resources, i) => ({ name: `i${i}`, image: 'image', resources })),
  },
});

Then("each Pod's QoS class is as upstream's tests say:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const pod: any = podWith(JSON.parse(row.containers), JSON.parse(row['init containers'] || '[]'));
    applyDefaults('pods', pod);
    return { ...row, class: pod.status.qosClass };
  });
  expect(got).toEqual(rows);
});

Then("a Pod's containers are defaulted to request their limits:", function (table: DataTable) {
  const rows = table.hashes();
  const got = rows.map((row) => {
    const pod: any = podWith([JSON.parse(row.resources)], []);
    applyDefaults('pods', pod);
    return { ...row, defaulted: JSON.stringify(pod.spec.containers[0].resources) };
  });
  expect(got).toEqual(rows);
});
