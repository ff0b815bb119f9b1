/**
 * k8s.io/apiserver's pkg/endpoints/request/requestinfo_test.go (Kubernetes v1.32:
 * TestGetAPIRequestInfo, TestGetNonAPIRequestInfo) on the model's RequestInfo: what a request's
 * method and URL ask for. An empty cell is an empty string, as upstream's zero value.
 */
import { Then, type DataTable } from '@cucumber/cucumber';
import { expect } from 'expect';
import { requestInfo } from '../model/apiserver/request-info';

const parse = (method: string, url: string) => {
  const u = new URL(url, 'https://kubernetes');
  return requestInfo(method, url === '' ? '' : u.pathname, u.searchParams);
};

Then('each request is read as upstream\'s RequestInfo reads it:', function (table: DataTable) {
  const got = table.hashes().map((row) => {
    const info = parse(row.method, row.url);
    if (!info.isResourceRequest) return { ...row, verb: '(not a resource request)' };
    return { ...row, verb: info.verb, group: info.apiGroup, version: info.apiVersion, namespace: info.namespace ?? '', resource: info.resource, subresource: info.subresource ?? '', name: info.name ?? '' };
  });
  expect(got).toEqual(table.hashes());
});

Then('only these URLs are resource requests:', function (table: DataTable) {
  const got = table.hashes().map((row) => ({ ...row, 'resource request': parse('GET', row.url).isResourceRequest ? 'yes' : 'no' }));
  expect(got).toEqual(table.hashes());
});
