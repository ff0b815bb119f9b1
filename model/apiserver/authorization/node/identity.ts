import type { Identity } from '../../request';

/** user.NodesGroup and the node user name prefix (k8s.io/apiserver pkg/authentication/user). */
export const NODES_GROUP = 'system:nodes';
export const NODE_USER_PREFIX = 'system:node:';

/**
 * nodeidentifier.NodeIdentity: a user is a node when its name starts with system:node: and it is
 * in system:nodes (no user is no node); the node's name is the rest of the user name (empty: a
 * node we cannot name).
 */
export function nodeIdentity(u: Identity | undefined): { isNode: boolean; nodeName: string } {
  if (!u?.user.startsWith(NODE_USER_PREFIX) || !u.groups.includes(NODES_GROUP)) return { isNode: false, nodeName: '' };
  return { isNode: true, nodeName: u.user.slice(NODE_USER_PREFIX.length) };
}
