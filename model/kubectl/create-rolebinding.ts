/**
 * `kubectl create rolebinding NAME --clusterrole=NAME|--role=NAME` and `kubectl create
 * clusterrolebinding NAME --clusterrole=NAME`, with --user, --group and --serviceaccount=ns:name
 * subjects, in that order (pkg/cmd/create/create_rolebinding.go, create_clusterrolebinding.go).
 */
import type { FlagSpec, Parsed } from './args';
import { str } from './args';
import type { Generator } from './create-generator';
import { typedMeta } from './create-generator';
import { KubectlError } from './errors';

const RBAC = 'rbac.authorization.k8s.io';

/** --user, --group and --serviceaccount are StringArrays: repeated, never split at commas. */
const SUBJECT_FLAGS: FlagSpec[] = [
  { name: 'user', type: 'stringArray' },
  { name: 'group', type: 'stringArray' },
  { name: 'serviceaccount', type: 'stringArray' },
];

function array(p: Parsed, name: string): string[] {
  const v = p.flags.get(name);
  return Array.isArray(v) ? v : [];
}

function subjects(p: Parsed): unknown[] | undefined {
  const out: unknown[] = [];
  for (const user of array(p, 'user')) out.push({ kind: 'User', apiGroup: RBAC, name: user });
  for (const group of array(p, 'group')) out.push({ kind: 'Group', apiGroup: RBAC, name: group });
  for (const sa of array(p, 'serviceaccount')) {
    const tokens = sa.split(':');
    if (tokens.length !== 2 || tokens[0] === '' || tokens[1] === '') throw new KubectlError('serviceaccount must be <namespace>:<name>');
    out.push({ kind: 'ServiceAccount', name: tokens[1], namespace: tokens[0] });
  }
  return out.length ? out : undefined;
}

export const roleBindingGenerator: Generator = {
  names: ['rolebinding'],
  type: { group: RBAC, version: 'v1', kind: 'RoleBinding', resource: 'rolebindings', namespaced: true },
  flags: [{ name: 'clusterrole', type: 'string' }, { name: 'role', type: 'string' }, ...SUBJECT_FLAGS],
  failedTo: 'rolebinding',
  build(name, p) {
    const role = str(p, 'role') ?? '';
    const clusterRole = str(p, 'clusterrole') ?? '';
    if ((role === '') === (clusterRole === '')) throw new KubectlError('exactly one of clusterrole or role must be specified');
    const roleRef = role ? { apiGroup: RBAC, kind: 'Role', name: role } : { apiGroup: RBAC, kind: 'ClusterRole', name: clusterRole };
    return { kind: 'RoleBinding', apiVersion: `${RBAC}/v1`, metadata: typedMeta(name), subjects: subjects(p), roleRef } as any;
  },
};

export const clusterRoleBindingGenerator: Generator = {
  names: ['clusterrolebinding'],
  type: { group: RBAC, version: 'v1', kind: 'ClusterRoleBinding', resource: 'clusterrolebindings', namespaced: false },
  flags: [{ name: 'clusterrole', type: 'string' }, ...SUBJECT_FLAGS],
  required: ['clusterrole'],
  failedTo: 'clusterrolebinding',
  build(name, p) {
    const roleRef = { apiGroup: RBAC, kind: 'ClusterRole', name: str(p, 'clusterrole') ?? '' };
    return { kind: 'ClusterRoleBinding', apiVersion: `${RBAC}/v1`, metadata: typedMeta(name), subjects: subjects(p), roleRef } as any;
  },
};
