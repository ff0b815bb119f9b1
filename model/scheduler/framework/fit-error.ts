import type { Status } from './interface';

/** NoNodeAvailableMsg. */
export const NO_NODE_AVAILABLE = (n: number) => `0/${n} nodes are available`;

/** ErrNoNodesAvailable: the snapshot has no nodes at all. */
export const ERR_NO_NODES_AVAILABLE = 'no nodes available to schedule pods';

/** Diagnosis, as FitError reads it. */
export interface FitDiagnosis {
  /** The nodes a filter rejected, each with its status (NodeToStatus's explicit nodes). */
  nodeToStatus: Map<string, Status>;
  /** The status of every node not in nodeToStatus (one a PreFilterResult left out). */
  absentNodesStatus?: Status;
  /** The message of the PreFilter rejection that ended the cycle before Filter. */
  preFilterMsg?: string;
}

/**
 * FitError.Error(): "0/N nodes are available: <histogram>. <PostFilter message>". The
 * histogram counts each reason over the nodes that returned it (the nodes left out by a
 * PreFilterResult count under the absent nodes' status), printed as "<count> <reason>" and
 * sorted as strings (so "1 node(s) had untolerated taint ..." sorts before "2 Insufficient cpu").
 * A PreFilter rejection prints its message once instead of the histogram.
 */
export function fitErrorMessage(numAllNodes: number, diagnosis: FitDiagnosis, postFilterMsg: string): string {
  let msg = NO_NODE_AVAILABLE(numAllNodes) + ':';
  if (diagnosis.preFilterMsg) msg += ` ${diagnosis.preFilterMsg}.`;
  else {
    const reasons = new Map<string, number>();
    for (const s of diagnosis.nodeToStatus.values()) for (const r of s.reasons) reasons.set(r, (reasons.get(r) ?? 0) + 1);
    const absent = numAllNodes - diagnosis.nodeToStatus.size;
    if (absent > 0 && diagnosis.absentNodesStatus) for (const r of diagnosis.absentNodesStatus.reasons) reasons.set(r, (reasons.get(r) ?? 0) + absent);
    const histogram = [...reasons].map(([r, n]) => `${n} ${r}`).sort(goStringLess);
    if (histogram.length) msg += ` ${histogram.join(', ')}.`;
  }
  if (postFilterMsg) msg += ` ${postFilterMsg}`;
  return msg;
}

/** sort.Strings compares bytes; JS's default sort compares UTF-16 units (the same for ASCII). */
function goStringLess(a: string, b: string): number {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return Buffer.compare(ba, bb);
}
