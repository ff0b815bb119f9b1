import type { Identity } from '../request';

/** authentication/v1 UserInfo as JSON: uid and extra only when set (omitempty). */
export function userInfo(id: Identity): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (id.groups.length) out.groups = [...id.groups];
  if (id.uid) out.uid = id.uid;
  if (id.extra && Object.keys(id.extra).length) out.extra = Object.fromEntries(Object.keys(id.extra).sort().map((k) => [k, [...id.extra![k]]]));
  out.username = id.user;
  return sortKeys(out);
}

/** Go's encoding/json writes a struct's fields in declaration order: username, uid, groups, extra. */
function sortKeys(u: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of ['username', 'uid', 'groups', 'extra']) if (u[k] !== undefined) out[k] = u[k];
  return out;
}
