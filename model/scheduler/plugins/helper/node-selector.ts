import type { KObject } from '../../../api/meta';

/**
 * Node selector terms, as component-helpers/scheduling/corev1/nodeaffinity matches them:
 * terms are ORed, a term's requirements ANDed; matchExpressions read labels, matchFields only
 * metadata.name; a term with no requirements matches nothing; a malformed requirement fails
 * its term (parse errors are ignored for compatibility, never raised).
 */
export interface NodeSelectorRequirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | string;
  values?: string[];
}

export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

function matchesLabelRequirement(r: NodeSelectorRequirement, labels: Record<string, string>): boolean {
  const has = Object.prototype.hasOwnProperty.call(labels, r.key);
  const v = labels[r.key];
  const values = r.values ?? [];
  switch (r.operator) {
    case 'In':
      return has && values.includes(v);
    case 'NotIn':
      return !has || !values.includes(v);
    case 'Exists':
      return has;
    case 'DoesNotExist':
      return !has;
    case 'Gt':
    case 'Lt': {
      if (!has || values.length !== 1 || !/^-?\d+$/.test(values[0]) || !/^-?\d+$/.test(v)) return false;
      const a = BigInt(v);
      const b = BigInt(values[0]);
      return r.operator === 'Gt' ? a > b : a < b;
    }
    default:
      return false;
  }
}

function matchesFieldRequirement(r: NodeSelectorRequirement, node: KObject): boolean {
  if (r.key !== 'metadata.name') return false;
  const values = r.values ?? [];
  if (values.length !== 1 && (r.operator === 'In' || r.operator === 'NotIn')) return false;
  if (r.operator === 'In') return node.metadata.name === values[0];
  if (r.operator === 'NotIn') return node.metadata.name !== values[0];
  return false;
}

export function matchesNodeSelectorTerm(term: NodeSelectorTerm | null | undefined, node: KObject): boolean {
  const exprs = term?.matchExpressions ?? [];
  const fields = term?.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  return exprs.every((r) => matchesLabelRequirement(r, labels)) && fields.every((r) => matchesFieldRequirement(r, node));
}

export function matchesNodeSelectorTerms(terms: NodeSelectorTerm[] | undefined, node: KObject): boolean {
  return (terms ?? []).some((t) => matchesNodeSelectorTerm(t, node));
}

/** spec.nodeSelector: every label must be present with exactly that value. */
export function matchesNodeSelector(selector: Record<string, string> | undefined, node: KObject): boolean {
  const labels = node.metadata.labels ?? {};
  for (const [k, v] of Object.entries(selector ?? {})) if (labels[k] !== v) return false;
  return true;
}
