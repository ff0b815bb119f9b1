import { parseFieldSelector } from '../../../api/fields/selector';
import type { Attributes, Authorization, Authorizer } from '../attributes';
import { NO_OPINION } from '../attributes';
import type { Graph, VertexType } from './graph';
import { nodeIdentity } from './identity';
import { NODE_RULES, rulesAllow, type PolicyRule } from './rules';
import type { RuleResolver, RulesForResult } from '../rbac/rules';
import type { Identity } from '../../request';

/** The namespace of the nodes' heartbeat Leases (api.NamespaceNodeLease). */
const NODE_LEASE_NAMESPACE = 'kube-node-lease';

/** What a kubelet may do to its own Lease or CSINode. */
const OWN_OBJECT_VERBS = ['get', 'create', 'update', 'patch', 'delete'];

const ALLOW: Authorization = { decision: 'allow', reason: '' };
const deny = (reason: string): Authorization => ({ decision: 'no-opinion', reason });

/**
 * The Node authorizer (plugin/pkg/auth/authorizer/node/node_authorizer.go), first in
 * --authorization-mode=Node,RBAC. It has an opinion only on kubelets (system:node:<name> in
 * system:nodes): Secrets, ConfigMaps, claims, volumes, VolumeAttachments and ServiceAccount
 * tokens only when its graph relates them to that node; Leases only its own in kube-node-lease,
 * CSINodes only its own (ResourceSlices, DRA, are not modelled: the static rules refuse them); with
 * AuthorizeNodeWithSelectors (beta, on in 1.32) only its own Node and the Pods selected by
 * spec.nodeName=<it>; anything else by the static node rules. It never denies outright: a
 * refusal is "no opinion" with a reason, which the Forbidden message carries.
 */
export class NodeAuthorizer implements Authorizer, RuleResolver {
  constructor(
    private readonly graph: Graph,
    private readonly rules: PolicyRule[] = NODE_RULES,
  ) {}

  /**
   * RulesFor: a node's rights depend on its graph, so they are not enumerated; for a node the
   * answer is "incomplete" with upstream's error (kubectl auth can-i --list warns with it).
   */
  rulesFor(user: Identity): RulesForResult {
    if (!nodeIdentity(user).isNode) return { resourceRules: [], nonResourceRules: [], incomplete: false };
    return { resourceRules: [], nonResourceRules: [], incomplete: true, evaluationError: 'node authorizer does not support user rule resolution' };
  }

  authorize(attrs: Attributes): Authorization {
    const { isNode, nodeName } = nodeIdentity(attrs.user);
    if (!isNode) return NO_OPINION;
    if (!nodeName) return deny(`unknown node for user "${attrs.user.user}"`);
    // Access to some resources is subdivided, by schema.GroupResource: "resource" in the core
    // group, "resource.group" elsewhere (a non-resource request names none: no case matches it).
    switch (attrs.apiGroup ? `${attrs.resource}.${attrs.apiGroup}` : attrs.resource) {
      case 'secrets':
        return this.readNamespacedObject(nodeName, 'secret', attrs);
      case 'configmaps':
        return this.readNamespacedObject(nodeName, 'configmap', attrs);
      case 'persistentvolumeclaims':
        return attrs.subresource === 'status' ? this.statusUpdate(nodeName, 'pvc', attrs) : this.get(nodeName, 'pvc', attrs);
      case 'persistentvolumes':
        return this.get(nodeName, 'pv', attrs);
      case 'resourceclaims.resource.k8s.io':
        return this.get(nodeName, 'resourceclaim', attrs);
      case 'volumeattachments.storage.k8s.io':
        return this.get(nodeName, 'volumeattachment', attrs);
      case 'serviceaccounts':
        return this.createToken(nodeName, attrs);
      case 'leases.coordination.k8s.io':
        return this.lease(nodeName, attrs);
      case 'csinodes.storage.k8s.io':
        return this.csiNode(nodeName, attrs);
      case 'nodes':
        return this.node(nodeName, attrs);
      case 'pods':
        return this.pod(nodeName, attrs);
    }
    // Everything else is not subdivided: the static node rules decide.
    return rulesAllow(attrs, this.rules) ? ALLOW : NO_OPINION;
  }

  /** authorizeStatusUpdate (whose check of the status subresource cannot fail: it is only asked about that one). */
  private statusUpdate(nodeName: string, type: VertexType, attrs: Attributes): Authorization {
    if (attrs.verb !== 'update' && attrs.verb !== 'patch') return deny('can only get/update/patch this type');
    return this.related(nodeName, type, attrs);
  }

  private get(nodeName: string, type: VertexType, attrs: Attributes): Authorization {
    if (attrs.verb !== 'get') return deny('can only get individual resources of this type');
    if (attrs.subresource) return deny('cannot get subresource');
    return this.related(nodeName, type, attrs);
  }

  private readNamespacedObject(nodeName: string, type: VertexType, attrs: Attributes): Authorization {
    if (!['get', 'list', 'watch'].includes(attrs.verb)) return deny('can only read resources of this type');
    if (attrs.subresource) return deny('cannot read subresource');
    if (!attrs.namespace) return deny('can only read namespaced object of this type');
    return this.related(nodeName, type, attrs);
  }

  /** authorize (and authorizeCreateToken's end): a named object with a path to the node in the graph. */
  private related(nodeName: string, type: VertexType, attrs: Attributes): Authorization {
    if (!attrs.name) return deny('No Object name found');
    if (!this.graph.hasPathFrom(nodeName, type, attrs.namespace ?? '', attrs.name)) return deny(`no relationship found between node '${nodeName}' and this object`);
    return ALLOW;
  }

  private createToken(nodeName: string, attrs: Attributes): Authorization {
    if (attrs.verb !== 'create' || !attrs.name) return deny('can only create tokens for individual service accounts');
    if (attrs.subresource !== 'token') return deny('can only create token subresource of serviceaccount');
    return this.related(nodeName, 'serviceAccount', attrs);
  }

  private lease(nodeName: string, attrs: Attributes): Authorization {
    if (!OWN_OBJECT_VERBS.includes(attrs.verb)) return deny('can only get, create, update, patch, or delete a node lease');
    if (attrs.namespace !== NODE_LEASE_NAMESPACE) return deny(`can only access leases in the "${NODE_LEASE_NAMESPACE}" system namespace`);
    // The name of a create is not known here; NodeRestriction checks it.
    if (attrs.verb !== 'create' && attrs.name !== nodeName) return deny('can only access node lease with the same name as the requesting node');
    return ALLOW;
  }

  /** authorizeCSINode: only the CSINode named after the node (a create's name is NodeRestriction's to check). */
  private csiNode(nodeName: string, attrs: Attributes): Authorization {
    if (!OWN_OBJECT_VERBS.includes(attrs.verb)) return deny('can only get, create, update, patch, or delete a CSINode');
    if (attrs.subresource) return deny('cannot authorize CSINode subresources');
    if (attrs.verb !== 'create' && attrs.name !== nodeName) return deny('can only access CSINode with the same name as the requesting node');
    return ALLOW;
  }

  /** authorizeNode: create and update are NodeRestriction's to narrow; reads only of its own Node. */
  private node(nodeName: string, attrs: Attributes): Authorization {
    if (!attrs.subresource) {
      if (['create', 'update', 'patch'].includes(attrs.verb)) return ALLOW;
      if (['get', 'list', 'watch'].includes(attrs.verb)) {
        if (attrs.name === nodeName) return ALLOW;
        if (!attrs.name) return deny(`node '${nodeName}' cannot read all nodes, only its own Node object`);
        return deny(`node '${nodeName}' cannot read '${attrs.name}', only its own Node object`);
      }
    } else if (attrs.subresource === 'status' && (attrs.verb === 'update' || attrs.verb === 'patch')) return ALLOW;
    return NO_OPINION;
  }

  /** authorizePod: reads of its Pods (a list or watch only with spec.nodeName=<node>); writes narrowed by NodeRestriction. */
  private pod(nodeName: string, attrs: Attributes): Authorization {
    const verb = attrs.verb;
    switch (attrs.subresource ?? '') {
      case '':
        if (verb === 'get') return this.get(nodeName, 'pod', attrs);
        if (verb === 'list' || verb === 'watch') {
          if (selectsNode(attrs.fieldSelector, nodeName)) return ALLOW;
          if (attrs.name) return this.related(nodeName, 'pod', attrs);
          return deny('can only list/watch pods with spec.nodeName field selector');
        }
        if (verb === 'create' || verb === 'delete') return ALLOW;
        break;
      case 'status':
        if (verb === 'update' || verb === 'patch') return ALLOW;
        break;
      case 'eviction':
        if (verb === 'create') return ALLOW;
        break;
    }
    return NO_OPINION;
  }
}

/**
 * Whether a list or watch's field selector (parsed as the API server parses it for
 * authorization: fields.ParseSelector, nothing trimmed) requires spec.nodeName=<node> ("=" or
 * "=="); one that does not parse requires nothing.
 */
function selectsNode(selector: string | undefined, nodeName: string): boolean {
  try {
    // Stryker disable next-line StringLiteral: no selector and one without spec.nodeName=<node> select nothing alike
    const text = selector ?? '';
    return parseFieldSelector(text).some((r) => r.field === 'spec.nodeName' && r.op === '=' && r.value === nodeName);
    // Stryker disable next-line BlockStatement: an empty catch returns undefined, as falsy as false
  } catch {
    return false;
  }
}
