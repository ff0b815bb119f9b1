import type { Status } from './interface';

/** NoNodeAvailableMsg. */
export const NO_NODE_AVAILABLE = (n: number) => `0/${n} nodes are available`;

/** ErrNoNodesAvailable: the snapshot has no nodes at all. */
export const ERR_NO_NODES_AVAILABLE = 'no nodes available to schedule pods';

/**
 * FitError.Error(): "0/N nodes are available: <histogram>. <PostFilter message>". The
 * histogram counts each reason over the nodes that returned it, printed as "<count> <reason>"
 * and sorted as strings (so "1 node(s) had untolerated taint ..." sorts before "2 Insufficient cpu").
 */
export function fitErrorMessage(numAllNodes: number, nodeToStatus: Map<string, Status>, postFilterMsg: string): string {
  let msg = NO_NODE_AVAILABLE(numAllNodes) + ':';
  const reasons = new Map<string, number>();
  for (const s of nodeToStatus.values()) for (const r of s.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  const histogram = [...reasons].map(([r, n]) => `${n} ${r}`).sort(goStringLess);
  if (histogram.length) msg += ` ${histogram.join(', ')}.`;
  if (postFilterMsg) msg += ` ${postFilterMsg}`;
  return msg;
}

/** sort.Strings compares bytes; JS's default sort compares UTF-16 units (the same for ASCII). */
function goStringLess(a: string, b: string): number {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return Buffer.compare(ba, bb);
}
