Feature: Deleting a namespace: Terminating until the namespace controller has emptied it
  `kubectl delete namespace` does not remove a Namespace at once. The API server marks it
  (deletionTimestamp, status.phase Terminating) and keeps it while spec.finalizers holds
  "kubernetes"; meanwhile the NamespaceLifecycle admission plugin refuses anything new in it.
  The namespace controller in kube-controller-manager deletes every namespaced collection in it,
  reports what is left in the Namespace's conditions, and once nothing is left removes its
  finalizer through the finalize subresource, which removes the Namespace.

  Background:
    Given a cluster

  @N40
  Scenario: A new Namespace is Active with the "kubernetes" finalizer
    When I run `kubectl create namespace shop`
    And I run `kubectl get namespace shop -o jsonpath='{.status.phase} {.spec.finalizers}'`
    Then the output is:
      """
      Active ["kubernetes"]
      """

  @N41 @N42 @N43
  Scenario: A namespace with running Pods stays Terminating, refuses new content, and goes once its Pods are gone
    When I run `kubectl create namespace shop`
    And I run `kubectl create deployment web --image=nginx --replicas=2 -n shop`
    And 30s pass
    And I run `kubectl delete namespace shop --wait=false`
    Then the output is:
      """
      namespace "shop" deleted
      """
    When I run `kubectl get namespace shop`
    Then the output lines match:
      """
      NAME   STATUS        AGE
      shop   Terminating   \d+s
      """
    When I run `kubectl create deployment api --image=nginx -n shop`
    Then it fails with:
      """
      error: failed to create deployment: deployments.apps "api" is forbidden: unable to create new content in namespace shop because it is being terminated
      """
    When I run `kubectl create configmap settings -n shop`
    Then it fails with:
      """
      error: failed to create configmap: configmaps "settings" is forbidden: unable to create new content in namespace shop because it is being terminated
      """
    When 6s pass
    And I run `kubectl get namespace shop -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'`
    Then the output is:
      """
      NamespaceDeletionDiscoveryFailure False ResourcesDiscovered: All resources successfully discovered
      NamespaceDeletionGroupVersionParsingFailure False ParsedGroupVersions: All legacy kube types successfully parsed
      NamespaceDeletionContentFailure False ContentDeleted: All content successfully deleted, may be waiting on finalization
      NamespaceContentRemaining True SomeResourcesRemain: Some resources are remaining: pods. has 2 resource instances
      NamespaceFinalizersRemaining False ContentHasNoFinalizers: All content-preserving finalizers finished
      """
    When 40s pass
    And I run `kubectl get namespace shop`
    Then it fails with:
      """
      Error from server (NotFound): namespaces "shop" not found
      """
    When I run `kubectl get deployments,replicasets,pods -n shop`
    Then it succeeds

  # namespace_controller.go: the controller takes a deleted Namespace up 5 s after each of its events
  # (namespaceDeletionGracePeriod). While Pods may still be in their grace period the deleter answers
  # with an estimate (the longest grace period of the Pods not yet terminal) and the controller looks
  # again after half of it and a second (here 31 s); but its own condition write is an event too, so
  # it looks again 5 s later, finds the Pod gone, and finalizes the Namespace.
  @N43
  Scenario: A Terminating namespace is emptied 5 s after the delete, and finalized 5 s after its conditions were written
    Given the file "slow.yaml":
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: slow
      spec:
        terminationGracePeriodSeconds: 60
        containers:
        - name: web
          image: nginx
      """
    When I run `kubectl create namespace team`
    And 3s pass
    And I run `kubectl apply -f slow.yaml -n team`
    And 30s pass
    And I run `kubectl delete namespace team --wait=false`
    And 4s pass
    And I run `kubectl get pods -n team -o name`
    Then the output is:
      """
      pod/slow
      """
    When 3s pass
    And I run `kubectl get pods -n team -o name`
    Then the output is:
      """
      """
    When I run `kubectl get namespace team -o jsonpath={.status.phase}`
    Then the output is:
      """
      Terminating
      """
    When 4s pass
    And I run `kubectl get namespace team`
    Then it fails with:
      """
      Error from server (NotFound): namespaces "team" not found
      """

  @N44
  Scenario: kubectl delete namespace waits until the namespace controller is done
    When I run `kubectl create namespace empty`
    And I run `kubectl delete namespace empty`
    Then the output is:
      """
      namespace "empty" deleted
      """
    When I run `kubectl get namespaces -o name`
    Then the output does not contain "namespace/empty"

  @N45
  Scenario: The system namespaces may not be deleted, and a second delete of a Terminating one changes nothing
    When I run `kubectl delete namespace kube-system`
    Then it fails with:
      """
      Error from server (Forbidden): namespaces "kube-system" is forbidden: this namespace may not be deleted
      """
    When I run `kubectl create namespace shop`
    And I run `kubectl create deployment web --image=nginx -n shop`
    And 20s pass
    And I run `kubectl delete namespace shop --wait=false`
    And I run `kubectl get namespace shop -o jsonpath='{.metadata.deletionTimestamp}'`
    And I note the output
    And I run `kubectl delete namespace shop --wait=false`
    And I run `kubectl get namespace shop -o jsonpath='{.metadata.deletionTimestamp}'`
    Then the output is the noted output

  @N50 @real-kubectl-1.32
  Scenario: kubectl get all and kubectl api-resources list what the API server serves now, alike for the real kubectl
    Given the real kubectl talks to the cluster over HTTPS
    When I run `kubectl create namespace shop` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create deployment web --image=nginx --replicas=2 -n shop` with the real kubectl and the model's kubectl
    Then both print the same output
    When I run `kubectl create pdb web --selector=app=web --min-available=1 -n shop` with the real kubectl and the model's kubectl
    Then both print the same output
    When 30s pass
    And I run `kubectl get all -n shop` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output does not contain "poddisruptionbudget"
    When I run `kubectl api-resources --api-group=policy -o wide` with the real kubectl and the model's kubectl
    Then both print the same output
    And the output lines match:
      """
      NAME +SHORTNAMES +APIVERSION +NAMESPACED +KIND +VERBS +CATEGORIES
      poddisruptionbudgets +pdb +policy/v1 +true +PodDisruptionBudget +create,delete,deletecollection,get,list,patch,update,watch
      """
