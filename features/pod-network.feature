Feature: Pod networking: names, Services and the way a connection takes from a container
  A process in a container reaches others by name. The kubelet writes the Pod's
  /etc/resolv.conf (search <ns>.svc.cluster.local svc.cluster.local cluster.local, nameserver
  10.96.0.10, ndots:5); the question goes to the kube-dns Service, which kube-proxy's rules send
  to a CoreDNS Pod, and CoreDNS answers from the Services and EndpointSlices in the API server.
  The connection to a Service's cluster IP is rewritten by the source node's nat table to one
  endpoint, routed by Flannel (cni0 on the same node, flannel.1 to another), and accepted by the
  process listening in the target Pod. busybox's wget, nc and nslookup and curl print what they
  print on a real cluster.

  Background:
    Given a cluster
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And I run `kubectl expose deployment web --port=80`
    And I run `kubectl run client --image=busybox -- sleep 3600`
    And 40s pass

  @G50
  Scenario: wget in a Pod reaches a Service by its short name, and one of its Pods answers
    When I run `kubectl exec client -- wget -qO- http://web`
    Then the output contains "<title>Welcome to nginx!</title>"
    And exactly 1 pod labelled "app=web" logged a request from the pod "client" by "Wget"
    When I run `kubectl exec client -- wget -O- http://web`
    Then the output contains "<h1>Welcome to nginx!</h1>"
    And the error output lines match:
      """
      Connecting to web \(10\.\d+\.\d+\.\d+:80\)
      writing to stdout
      -                    100% \|\*{32}\|   615  0:00:00 ETA
      written to stdout
      """
    When I run `kubectl exec client -- wget -S --spider http://web`
    Then the error output lines match:
      """
      Connecting to web \(10\.\d+\.\d+\.\d+:80\)
        HTTP/1.1 200 OK
        Server: nginx/1.27.3
        Date: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT
        Content-Type: text/html
        Content-Length: 615
        Connection: close
      remote file exists
      """
    When I run `kubectl exec client -- wget -q -O- http://web/missing`
    Then it fails with:
      """
      wget: server returned error: HTTP/1.1 404 Not Found
      command terminated with exit code 1
      """

  @G51
  Scenario: busybox's nslookup asks under every search domain, A and AAAA, and says so for each
    When I run `kubectl exec client -- nslookup web`
    Then it fails
    And the output lines match:
      """
      Server:		10\.96\.0\.10
      Address:	10\.96\.0\.10:53

      Name:	web\.default\.svc\.cluster\.local
      Address: 10\.\d+\.\d+\.\d+

      \*\* server can't find web\.svc\.cluster\.local: NXDOMAIN

      \*\* server can't find web\.cluster\.local: NXDOMAIN

      \*\*\* Can't find web\.default\.svc\.cluster\.local: No answer

      \*\* server can't find web\.svc\.cluster\.local: NXDOMAIN

      \*\* server can't find web\.cluster\.local: NXDOMAIN
      """
    And the output lists the cluster IP of the service "web"
    # A dotted name is asked as it is by nslookup, while the C library's ndots:5 still searches.
    When I run `kubectl exec client -- nslookup web.default`
    Then it fails
    And the output contains "** server can't find web.default: NXDOMAIN"
    When I run `kubectl exec client -- wget -qO- http://web.default`
    Then the output contains "<title>Welcome to nginx!</title>"
    When I run `kubectl exec client -- nslookup web.default.svc.cluster.local`
    Then the output lists the cluster IP of the service "web"

  @G52
  Scenario: A headless Service's name lists the addresses of its ready Pods, and of no other
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: db
      spec:
        clusterIP: None
        selector:
          app: db
        ports:
        - port: 80
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: db
      spec:
        replicas: 2
        selector:
          matchLabels:
            app: db
        template:
          metadata:
            labels:
              app: db
          spec:
            containers:
            - name: nginx
              image: nginx
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: db-unready
        labels:
          app: db
      spec:
        containers:
        - name: db
          image: busybox
          command: ["sleep", "3600"]
          readinessProbe:
            exec:
              command: ["false"]
      """
    And 40s pass
    And I run `kubectl get pod db-unready`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      db-unready +0/1 +Running +0 +\d+s
      """
    When I run `kubectl exec client -- nslookup db.default.svc.cluster.local`
    Then the output has an Address line for each ready pod labelled "app=db" and no other
    And the output contains "*** Can't find db.default.svc.cluster.local: No answer"

  @G53
  Scenario: A name no one knows is a bad address, after every search domain was asked
    When I run `kubectl exec client -- wget -qO- http://nope`
    Then it fails with:
      """
      wget: bad address 'nope'
      command terminated with exit code 1
      """
    When I run `kubectl exec client -- nc -z -v -w 1 nope 80`
    Then it fails with:
      """
      nc: bad address 'nope'
      command terminated with exit code 1
      """
    When I run `kubectl exec client -- nslookup nope`
    Then it fails
    And the output has 6 lines matching "^\*\* server can't find nope\.(default\.svc\.|svc\.)?cluster\.local: NXDOMAIN$"

  @G54
  Scenario: A Service without endpoints is rejected by kube-proxy's rule: connection refused
    When I run `kubectl create service clusterip empty --tcp=80:80`
    And 2s pass
    And I run `kubectl exec client -- wget -qO- http://empty`
    Then it fails
    And the error output lines match:
      """
      wget: can't connect to remote host \(10\.\d+\.\d+\.\d+\): Connection refused
      command terminated with exit code 1
      """
    # One -v: nc keeps quiet about a refused port, and says so only with its exit status.
    When I run `kubectl exec client -- nc -z -v -w 1 empty 80`
    Then it fails with:
      """
      command terminated with exit code 1
      """
    When I run `kubectl exec client -- nc -z -v -w 1 web 80`
    Then the error output lines match:
      """
      web \(10\.\d+\.\d+\.\d+:80\) open
      """

  @G55
  Scenario: Straight to Pod IPs: the Pod DNS name, a closed port, an address no Pod has
    When I run `kubectl exec client -- nslookup POD_IP_DASHED.default.pod.cluster.local` with POD_IP as the IP of the pod "client"
    Then the output contains "Name:	POD_IP_DASHED.default.pod.cluster.local" with POD_IP as the IP of the pod "client"
    When I run `kubectl exec client -- nc -z -v -w 1 POD_IP 81` with POD_IP as the IP of the pod "client"
    Then it fails with:
      """
      command terminated with exit code 1
      """
    When I run `kubectl exec client -- wget -q -T 5 -O- http://10.244.250.7/`
    Then it fails with:
      """
      wget: download timed out
      command terminated with exit code 1
      """

  @G56
  Scenario: Flushing the nat table of one node breaks Service names for that node's Pods only
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: c1
      spec:
        nodeName: k8s-worker-1
        containers:
        - name: c
          image: busybox
          command: ["sleep", "3600"]
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: c2
      spec:
        nodeName: k8s-worker-2
        containers:
        - name: c
          image: busybox
          command: ["sleep", "3600"]
      """
    And 20s pass
    And I run `on k8s-worker-1 iptables -t nat -F`
    And I run `on k8s-worker-1 iptables -t nat -S KUBE-SERVICES`
    Then the output is:
      """
      -N KUBE-SERVICES
      """
    # The question to 10.96.0.10 is no longer rewritten to a CoreDNS Pod: no answer, a bad address.
    When I run `kubectl exec c1 -- wget -qO- -T 3 http://web`
    Then it fails with:
      """
      wget: bad address 'web'
      command terminated with exit code 1
      """
    When I run `kubectl exec c2 -- wget -qO- -T 3 http://web`
    Then the output contains "<title>Welcome to nginx!</title>"

  @G57
  Scenario: With kube-proxy gone, its rules still carry an old Service; a new one resolves but leads nowhere
    When I run `kubectl patch daemonset kube-proxy -n kube-system -p '{"spec":{"template":{"spec":{"nodeSelector":{"stopped":"true"}}}}}'`
    And 40s pass
    And I run `kubectl get pods -n kube-system -l k8s-app=kube-proxy`
    Then the error output is:
      """
      No resources found in kube-system namespace.
      """
    When I run `kubectl exec client -- wget -qO- http://web`
    Then the output contains "<title>Welcome to nginx!</title>"
    When I run `kubectl create deployment late --image=nginx`
    And I run `kubectl expose deployment late --port=80`
    And 30s pass
    And I run `kubectl exec client -- nslookup late.default.svc.cluster.local`
    Then the output lists the cluster IP of the service "late"
    When I run `kubectl exec client -- wget -qO- -T 5 http://late`
    Then it fails with:
      """
      wget: download timed out
      command terminated with exit code 1
      """

  @G58
  Scenario: A container's own command talks to a Service: its output is the Pod's log, its status the Pod's
    When I run `kubectl run once --image=busybox --restart=Never -- wget -qO- http://web`
    And I run `kubectl run curler --image=curlimages/curl --restart=Never -- -s -o /dev/null -w '%{http_code}' http://web`
    And I run `kubectl run lost --image=curlimages/curl --restart=Never -- -sS http://nope`
    And 20s pass
    And I run `kubectl get pods once curler lost`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      once +0/1 +Completed +0 +\d+s
      curler +0/1 +Completed +0 +\d+s
      lost +0/1 +Error +0 +\d+s
      """
    When I run `kubectl logs once`
    Then the output contains "<h1>Welcome to nginx!</h1>"
    When I run `kubectl logs curler`
    Then the output is:
      """
      200
      """
    When I run `kubectl logs lost`
    Then the output is:
      """
      curl: (6) Could not resolve host: nope
      """
    When I run `kubectl get pod lost -o jsonpath={.status.containerStatuses[0].state.terminated.exitCode}`
    Then the output is:
      """
      6
      """
