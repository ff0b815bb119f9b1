Feature: The kube-proxy experiment: Service traffic never passes through the kube-proxy process
  Seed 003 sends kube-proxy away by patching its DaemonSet with a node selector no node has.
  The rules it wrote stay in every node's nat table, so an old Service keeps working; a Service
  created afterwards gets no rules and its traffic goes nowhere. Removing the selector brings
  kube-proxy back, and it programs what it missed.

  Background:
    Given a cluster
    When I run `kubectl create deployment nginx-deployment --image=nginx --replicas=3`
    And I run `kubectl create service nodeport nginx-deployment --tcp=8080:80 --node-port=31001`
    And 40s pass

  @C08 @C09 @C10
  Scenario: Patch kube-proxy away, watch old rules keep routing, then bring it back
    When I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"stopped":"true"}}}}}'`
    Then the output is:
      """
      daemonset.apps/kube-proxy patched
      """
    When 40s pass
    And I run `kubectl get daemonset kube-proxy -n kube-system`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +UP-TO-DATE +AVAILABLE +NODE SELECTOR +AGE
      kube-proxy +0 +0 +0 +0 +0 +kubernetes.io/os=linux,stopped=true +\S+
      """
    When I run `kubectl get pods -n kube-system -l k8s-app=kube-proxy`
    Then the error output is:
      """
      No resources found in kube-system namespace.
      """
    # The old Service: its rules are still in the kernel, so it still answers.
    When I run `on k8s-worker-1 curl -s http://172.18.0.3:31001/`
    Then the output contains "Welcome to nginx!"
    # A new Service: no kube-proxy writes rules for it.
    When I run `kubectl create service clusterip web --tcp=80:80 --clusterip=10.96.0.20`
    And I run `kubectl create deployment web --image=nginx`
    And 30s pass
    And I run `on k8s-worker-1 iptables -t nat --list KUBE-SERVICES`
    Then the output does not contain "10.96.0.20"
    When I run `on k8s-worker-1 curl -m 5 http://10.96.0.20/`
    Then it fails with an error containing "curl: (28) Connection timed out after 500"
    # Bring it back with the seed's JSON patch.
    When I run `kubectl patch daemonset kube-proxy -n kube-system --type json -p='[{"op": "remove", "path": "/spec/template/spec/nodeSelector/stopped"}]'`
    Then the output is:
      """
      daemonset.apps/kube-proxy patched
      """
    When 40s pass
    And I run `kubectl get daemonset kube-proxy -n kube-system`
    Then the output lines match:
      """
      NAME +DESIRED +CURRENT +READY +UP-TO-DATE +AVAILABLE +NODE SELECTOR +AGE
      kube-proxy +3 +3 +3 +3 +3 +kubernetes.io/os=linux +\S+
      """
    When I run `on k8s-worker-1 iptables -t nat --list KUBE-SERVICES`
    Then the output contains "/* default/web:80-80 cluster IP */"
    When I run `on k8s-worker-1 curl -s http://10.96.0.20/`
    Then the output contains "Welcome to nginx!"

  @C04 @C13
  Scenario: From inside a Pod, kubectl exec reaches the Service through the API server, the kubelet and the node's rules
    When I run `kubectl exec deploy/nginx-deployment -- curl -s http://SERVICE_IP:8080/` against the service "nginx-deployment"
    Then the output contains "Welcome to nginx!"
    And the trace shows, in order:
      | kind | actor      | verb     | target                              |
      | api  | kubectl    | create   | pods/exec/default/nginx-deployment- |
      | cri  | containerd | ExecSync | pods/default/nginx-deployment-      |
    When I run `kubectl exec deploy/nginx-deployment -- wget -q -O- http://SERVICE_IP:8080/` against the service "nginx-deployment"
    Then it fails with:
      """
      command terminated with exit code 126
      """
    And the output contains "exec: \"wget\": executable file not found in $PATH"
