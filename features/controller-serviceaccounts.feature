Feature: kube-controller-manager's controllers each get a ServiceAccount in kube-system
  With --use-service-account-credentials (as kubeadm runs it), kube-controller-manager builds each
  controller's client from a ServiceAccount in kube-system (client-go's dynamic client builder):
  it gets the account, creates it when it is missing with kube-controller-manager's own
  credentials, and authenticates the controller with tokens from the TokenRequest API, an hour
  each, requested again once 80% of that has passed, or at once after the API server answered 401.
  Before building any client it waits for the API server to answer. `kubectl get serviceaccounts
  -n kube-system` lists one account per controller beside coredns, kube-proxy and default.

  Background:
    Given a cluster

  @B31
  Scenario: kube-system holds the ServiceAccount of each controller the controller manager runs
    When I run `kubectl get serviceaccounts -n kube-system -o name`
    Then the output is:
      """
      serviceaccount/clusterrole-aggregation-controller
      serviceaccount/coredns
      serviceaccount/cronjob-controller
      serviceaccount/daemon-set-controller
      serviceaccount/default
      serviceaccount/deployment-controller
      serviceaccount/disruption-controller
      serviceaccount/endpointslice-controller
      serviceaccount/generic-garbage-collector
      serviceaccount/job-controller
      serviceaccount/kube-proxy
      serviceaccount/namespace-controller
      serviceaccount/node-controller
      serviceaccount/persistent-volume-binder
      serviceaccount/pod-garbage-collector
      serviceaccount/replicaset-controller
      serviceaccount/root-ca-cert-publisher
      serviceaccount/service-account-controller
      serviceaccount/statefulset-controller
      """
    And the trace shows, in order:
      | kind | actor                   | verb   | target                                                  |
      | api  | kube-controller-manager | get    | serviceaccounts/kube-system/replicaset-controller       |
      | api  | kube-controller-manager | create | serviceaccounts/kube-system                             |
      | api  | kube-controller-manager | create | serviceaccounts/token/kube-system/replicaset-controller |
    # The node IPAM, node lifecycle and taint eviction controllers share the node-controller account, and its token.
    And "kube-controller-manager" created 1 serviceaccounts/token/kube-system/node-controller

  @CT40
  Scenario: Controllers that share a ServiceAccount share its token: taint eviction deletes Pods with the node controller's
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl taint node k8s-worker-1 example=evict:NoExecute`
    And I run `kubectl taint node k8s-worker-2 example=evict:NoExecute`
    And 30s pass
    Then "kube-controller-manager" created 1 serviceaccounts/token/kube-system/node-controller
    When I run `kubectl get events --field-selector reason=TaintManagerEviction -o name`
    Then the output has 2 lines matching "^event/web-"

  @B31 @real-kubectl-1.28
  Scenario: The real kubectl lists the controllers' ServiceAccounts as the model's kubectl does
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl get sa -n kube-system` with the real kubectl and the model's kubectl
    Then both print the same output

  @B32
  Scenario Outline: A controller's token is requested again once 80% of its hour has passed (<wait> after the start: <tokens> token requests)
    When <wait> pass
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl get rs -l app=web`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +AGE
      web-\S+ +2 +2 +2 +\d+s
      """
    And "kube-controller-manager" created <tokens> serviceaccounts/token/kube-system/replicaset-controller

    Examples:
      | wait | tokens |
      | 40m  | 1      |
      | 50m  | 2      |
      | 3h   | 2      |

  @B33
  Scenario: A controller's ServiceAccount deleted is created again: its token is refused, the next one is requested for a new account
    When I run `kubectl delete serviceaccount replicaset-controller -n kube-system`
    And I run `kubectl create deployment web --image=nginx --replicas=2`
    And 30s pass
    And I run `kubectl get rs -l app=web`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +AGE
      web-\S+ +2 +2 +2 +\d+s
      """
    When I run `kubectl get serviceaccount replicaset-controller -n kube-system`
    Then the output lines match:
      """
      NAME +SECRETS +AGE
      replicaset-controller +0 +30s
      """
