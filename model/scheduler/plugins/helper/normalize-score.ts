import { MAX_NODE_SCORE, type NodeScore } from '../../framework/interface';

/**
 * helper.DefaultNormalizeScore: scales scores to 0..100 by the highest one (integer
 * arithmetic, as int64 in Go); `reverse` turns "fewer is better" counts into scores.
 */
export function defaultNormalizeScore(reverse: boolean, scores: NodeScore[]): void {
  let max = 0;
  // Stryker disable next-line EqualityOperator: taking an equal score as the maximum leaves it the same
  for (const s of scores) if (s.score > max) max = s.score;
  if (max === 0) {
    if (reverse) for (const s of scores) s.score = MAX_NODE_SCORE;
    return;
  }
  for (const s of scores) {
    let score = Math.trunc((MAX_NODE_SCORE * s.score) / max);
    if (reverse) score = MAX_NODE_SCORE - score;
    s.score = score;
  }
}
