Feature: The Node authorizer, its graph and NodeRestriction as upstream's own tests have them
  kube-apiserver runs with --authorization-mode=Node,RBAC and the NodeRestriction admission
  plugin. The Node authorizer has an opinion only on kubelets (system:node:<name> in
  system:nodes): it keeps a graph of each node's Pods and of the Secrets, ConfigMaps, claims,
  volumes, ServiceAccounts and attachments they lead to, lets a kubelet read an object only when
  a path leads from it to its node, its own Node, Lease and CSINode only, and Pods by a
  spec.nodeName=<node> field selector; anything else by the static node rules. The union of
  authorizers asks each in turn until one allows or denies. NodeRestriction narrows what every
  kubelet may write to its own node: mirror Pods bound to it referencing nothing, its Pods'
  status and evictions, its Node (not its taints, nor labels outside the kubelet's set), its
  Lease, claim status, tokens bound to its Pods.
  These are the tables of kubernetes v1.32.0's plugin/pkg/auth/authorizer/node
  (node_authorizer_test.go, graph_test.go), pkg/auth/nodeidentifier/default_test.go,
  k8s.io/apiserver v0.32.0's pkg/authorization/union/union_test.go and
  plugin/pkg/admission/noderestriction/admission_test.go, in steps/fixtures/upstream/
  node-authorizer.json, node-graph.json and node-restriction.json (each "source" says what is
  left out and why: the gates the model does not run as 1.32 defaults them, DRA's
  ResourceSlices, the kinds the model does not have), run on the model's NodeAuthorizer, Graph,
  GraphPopulator, nodeIdentity, AuthorizerChain and admitNodeRestriction
  (steps/upstream/node-authorizer.ts, node-graph.ts, node-restriction.ts). The rows named
  (kubespec) are the project's own, following upstream's code where its tables have no row.

  @AP35
  Scenario Outline: The Node authorizer decides as upstream's tables say: <table>
    Then every case of upstream's Node authorizer test <table> holds on the model

    Examples:
      | table                  |
      | nodeAuthorizer         |
      | benchmarkAuthorization |
      | kubespecNodeAuthorizer |

  @AP35
  Scenario: What the authorizer does not subdivide goes by the static rules (rbac.RulesAllow)
    Then every case of the Node authorizer's static rules table holds on the model

  @AP35
  Scenario: A node's rules are not enumerated (RulesFor)
    Then every case of the Node authorizer's RulesFor table holds on the model

  @AP35
  Scenario: A secret shared by Pods on several nodes, and the node that loses it (TestNodeAuthorizerSharedResources)
    Then every case of upstream's TestNodeAuthorizerSharedResources holds on the model, and node3 loses shared-all with pod3's volumes

  @AP35
  Scenario: Who is a node (TestDefaultNodeIdentifier_NodeIdentity)
    Then every case of upstream's TestDefaultNodeIdentifier_NodeIdentity holds on the model

  @AP35
  Scenario Outline: The union of authorizers: <table>
    Then every case of upstream's union authorizer test <table> holds on the model

    Examples:
      | table          |
      | unionAuthorize |
      | unionRulesFor  |

  @AP36
  Scenario: The graph as Pods come and go (TestIndex)
    Then every step of upstream's TestIndex holds on the model's graph

  @AP36
  Scenario Outline: The graph's vertices and edges: <table>
    Then every case of upstream's graph test <table> holds on the model

    Examples:
      | table         |
      | index2        |
      | kubespecGraph |

  @AP36
  Scenario: The graph populator puts a Pod in once it is bound, and again only when its node, uid or claims change
    Then every case of the graph populator's table holds on the model

  @AP36
  Scenario: The graph follows the Pods and PersistentVolumes stored in etcd, from those already there
    Then every case of the graph populator's table over etcd holds on the model

  @AP37
  Scenario: NodeRestriction admits or refuses each request as upstream's table says (Test_nodePlugin_Admit)
    Then every case of upstream's Test_nodePlugin_Admit holds on the model

  @AP37
  Scenario: A mirror Pod's owner must be its own Node (Test_nodePlugin_Admit_OwnerReference)
    Then every case of upstream's Test_nodePlugin_Admit_OwnerReference holds on the model

  @AP37
  Scenario: The labels an update adds, removes or changes (Test_getModifiedLabels)
    Then every case of upstream's Test_getModifiedLabels holds on the model

  @AP37
  Scenario: A kubelet may change only a claim's capacity, conditions and allocation in its status (TestAdmitPVCStatus)
    Then every case of upstream's TestAdmitPVCStatus holds on the model
