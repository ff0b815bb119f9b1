Feature: kube-proxy programs the nodes' nat tables
  kube-proxy runs on every node (a DaemonSet Pod on the node's network), watches Services and
  EndpointSlices through the API server and rewrites the node's nat table with iptables-restore.
  The kernel, not kube-proxy, then carries every connection: the rules printed here are the
  same rules the packets walk.

  Background:
    Given a cluster
    When I run `kubectl create deployment nginx-deployment --image=nginx --replicas=3`
    And 30s pass
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: nginx-deployment
      spec:
        type: NodePort
        selector:
          app: nginx-deployment
        ports:
        - port: 8080
          targetPort: 80
          nodePort: 31001
      """
    And 5s pass

  @C04 @C05 @C06 @W14
  Scenario: The Service chain picks one of the three Pods with the seed's probabilities
    When I run `on k8s-worker-1 iptables -t nat --list KUBE-SVC-WRNOD73BKRQH4VVX`
    Then the output lines match:
      """
      Chain KUBE-SVC-WRNOD73BKRQH4VVX \(2 references\)
      target     prot opt source               destination\s*
      KUBE-MARK-MASQ  tcp  -- !10\.244\.0\.0/16        10\.\d+\.\d+\.\d+ +/\* default/nginx-deployment cluster IP \*/ tcp dpt:http-alt
      KUBE-SEP-[A-Z2-7]{16}  all  --  anywhere             anywhere             /\* default/nginx-deployment -> 10\.244\.\d\.\d+:80 \*/ statistic mode random probability 0\.33333333349
      KUBE-SEP-[A-Z2-7]{16}  all  --  anywhere             anywhere             /\* default/nginx-deployment -> 10\.244\.\d\.\d+:80 \*/ statistic mode random probability 0\.50000000000
      KUBE-SEP-[A-Z2-7]{16}  all  --  anywhere             anywhere             /\* default/nginx-deployment -> 10\.244\.\d\.\d+:80 \*/
      """

  @C05
  Scenario: PREROUTING and OUTPUT jump to KUBE-SERVICES, which ends with KUBE-NODEPORTS
    When I run `on k8s-worker-1 iptables -t nat -L PREROUTING -n`
    Then the output is:
      """
      Chain PREROUTING (policy ACCEPT)
      target     prot opt source               destination         
      KUBE-SERVICES  0    --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service portals */
      """
    When I run `on k8s-worker-1 iptables -t nat -L -n`
    Then the output contains "KUBE-SERVICES  0    --  0.0.0.0/0            0.0.0.0/0            /* kubernetes service portals */"
    And the output contains "KUBE-SVC-NPX46M4PTMTKRN6Y  6    --  0.0.0.0/0            10.96.0.1            /* default/kubernetes:https cluster IP */ tcp dpt:443"
    And the output contains "KUBE-SVC-TCOU7JCQXEZGVUNU  17   --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:dns cluster IP */ udp dpt:53"
    And the output contains "KUBE-SVC-ERIFXISQEP7F7OF4  6    --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:dns-tcp cluster IP */ tcp dpt:53"
    And the output contains "KUBE-SVC-JD5MR3NA4I4DYORP  6    --  0.0.0.0/0            10.96.0.10           /* kube-system/kube-dns:metrics cluster IP */ tcp dpt:9153"
    When I run `on k8s-worker-1 iptables -t nat -S KUBE-SERVICES`
    Then the last line of the output is:
      """
      -A KUBE-SERVICES -m comment --comment "kubernetes service nodeports; NOTE: this must be the last rule in this chain" -m addrtype --dst-type LOCAL -j KUBE-NODEPORTS
      """

  @C05
  Scenario: iptables-save prints the probability the kernel stores, not the one kube-proxy wrote
    When I run `on k8s-worker-2 iptables-save -t nat`
    Then the output contains "-m statistic --mode random --probability 0.33333333349 -j KUBE-SEP-"
    And the output contains "-m statistic --mode random --probability 0.50000000000 -j KUBE-SEP-"
    And the output contains "-A KUBE-NODEPORTS -p tcp -m comment --comment \"default/nginx-deployment\" -m tcp --dport 31001 -j KUBE-EXT-WRNOD73BKRQH4VVX"
    And the output contains "-A KUBE-POSTROUTING -m comment --comment \"kubernetes service traffic requiring SNAT\" -j MASQUERADE --random-fully"

  @C04 @C05
  Scenario: Over many connections each Pod answers about a third of them
    When I trace 300 connections from "k8s-worker-1" to the service "nginx-deployment" port 8080
    Then each of the 3 pods labelled "app=nginx-deployment" answered between 70 and 130 of them

  @C06
  Scenario: The node port answers on every node, and curl reports what nginx sends
    When I run `on k8s-worker-2 curl -s http://172.18.0.3:31001/`
    Then the output contains "<title>Welcome to nginx!</title>"
    When I run `on k8s-master curl http://10.96.0.1:8080/` against the service "kubernetes"
    Then it fails with an error containing "curl: (28) Failed to connect to 10.96.0.1 port 8080 after 127"
    When I run `on k8s-worker-1 curl -m 5 http://SERVICE_IP:80/` against the service "nginx-deployment"
    Then it fails with an error containing "curl: (28) Connection timed out after 500"

  @C09 @C10 @W14
  Scenario: Without kube-proxy on a node, old rules still route and new Services get none
    # The seed patches the DaemonSet's nodeSelector; removing the node's label the selector
    # needs has the same effect on one node: the DaemonSet controller removes its Pod.
    When I run `kubectl label node k8s-worker-1 kubernetes.io/os-`
    And 10s pass
    And I run `kubectl get pods -n kube-system -l k8s-app=kube-proxy -o wide`
    Then the output does not contain "k8s-worker-1"
    When I run `on k8s-worker-1 curl -s http://172.18.0.3:31001/`
    Then the output contains "Welcome to nginx!"
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: web
      spec:
        type: NodePort
        selector:
          app: nginx-deployment
        ports:
        - port: 80
          nodePort: 31002
      """
    And 5s pass
    And I run `on k8s-worker-1 curl -m 5 http://SERVICE_IP:80/` against the service "web"
    Then it fails with an error containing "curl: (28) Connection timed out after 500"
    # Its node port is no better: no rule DNATs it, and nothing on the node listens there.
    When I run `on k8s-worker-1 curl http://172.18.0.3:31002/`
    Then it fails with an error containing "curl: (7) Failed to connect to 172.18.0.3 port 31002 after 0 ms: Couldn't connect to server"
    When I run `on k8s-worker-2 curl -s http://172.18.0.4:31002/`
    Then the output contains "Welcome to nginx!"
    When I run `kubectl label node k8s-worker-1 kubernetes.io/os=linux`
    And 30s pass
    And I run `on k8s-worker-1 curl -s http://172.18.0.3:31002/`
    Then the output contains "Welcome to nginx!"

  @C04 @C05
  Scenario: When a Pod leaves the Service, kube-proxy drops its KUBE-SEP rule
    When I run `kubectl scale deployment nginx-deployment --replicas=2`
    And 40s pass
    And I run `on k8s-worker-1 iptables-save -t nat`
    Then the output has 2 lines matching "^-A KUBE-SVC-WRNOD73BKRQH4VVX .* -j KUBE-SEP-"
    And the output has 2 lines matching "^-A KUBE-SEP-\S+ -p tcp .* -j DNAT --to-destination 10\.244\.\d+\.\d+:80$"
