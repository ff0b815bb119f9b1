/**
 * RBAC's table handlers (pkg/printers/internalversion printRole, printClusterRole,
 * printRoleBinding, printClusterRoleBinding): roles print NAME and CREATED AT (an RFC 3339
 * date, not an age); bindings print NAME ROLE AGE and, with -o wide, USERS GROUPS
 * SERVICEACCOUNTS.
 */
import { since } from './age';
import { AGE, NAME } from './columns';
import { defaultPrinter } from './misc';
import { column, type TableHandler } from './types';

/** Roles and ClusterRoles print as the default convertor does: NAME, CREATED AT. */
export const rolePrinter: TableHandler = defaultPrinter;

/** rbac.SubjectsStrings: users, groups and ServiceAccounts ("ns/name", or the name alone without a namespace). */
function subjectsStrings(subjects: any[] | undefined): [string[], string[], string[]] {
  const users: string[] = [];
  const groups: string[] = [];
  const sas: string[] = [];
  for (const s of subjects ?? []) {
    if (s?.kind === 'User') users.push(s.name);
    else if (s?.kind === 'Group') groups.push(s.name);
    else if (s?.kind === 'ServiceAccount') sas.push(s.namespace ? `${s.namespace}/${s.name}` : s.name);
  }
  return [users, groups, sas];
}

function bindingPrinter(roleRefDoc: string): TableHandler {
  return {
    columns: [
      NAME,
      column('Role', 'string', roleRefDoc),
      AGE,
      column('Users', 'string', 'Users in the roleBinding', { priority: 1 }),
      column('Groups', 'string', 'Groups in the roleBinding', { priority: 1 }),
      column('ServiceAccounts', 'string', 'ServiceAccounts in the roleBinding', { priority: 1 }),
    ],
    row: (b, { nowMs }) => {
      const [users, groups, sas] = subjectsStrings((b as any).subjects);
      const ref = (b as any).roleRef ?? {};
      return { cells: [b.metadata.name!, `${ref.kind ?? ''}/${ref.name ?? ''}`, since(b.metadata.creationTimestamp, nowMs), users.join(', '), groups.join(', '), sas.join(', ')] };
    },
  };
}

export const roleBindingPrinter = bindingPrinter(
  'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.',
);
export const clusterRoleBindingPrinter = bindingPrinter(
  'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error. This field is immutable.',
);
