Feature: Services get cluster IPs and node ports; EndpointSlices list the Pods behind them
  kube-apiserver allocates each Service a cluster IP from the service range 10.96.0.0/12
  (`kubernetes` has 10.96.0.1, kube-dns 10.96.0.10) and, for a NodePort Service, a node port in
  30000-32767, honouring the ones asked for when they are free. The EndpointSlice controller
  keeps one EndpointSlice per Service listing the selected Pods' addresses and target ports.

  Background:
    Given a cluster
    And the file "nginx.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx-deployment
        labels:
          app: nginx
      spec:
        replicas: 3
        selector:
          matchLabels:
            app: nginx
        template:
          metadata:
            labels:
              app: nginx
          spec:
            containers:
              - name: nginx
                image: nginx
                ports:
                  - containerPort: 80
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: nginx-deployment
      spec:
        type: NodePort
        selector:
          app: nginx
        ports:
          - port: 8080
            targetPort: 80
            nodePort: 31001
      """

  @C25
  Scenario: Cluster IPs come from the service range; kubernetes and kube-dns have the well-known ones
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I run `kubectl get services -A`
    Then the output lines match:
      """
      NAMESPACE +NAME +TYPE +CLUSTER-IP +EXTERNAL-IP +PORT\(S\) +AGE
      default +kubernetes +ClusterIP +10\.96\.0\.1 +<none> +443/TCP +\d+s
      default +nginx-deployment +NodePort +10\.(9[6-9]|10[0-9]|11[01])\.\d{1,3}\.\d{1,3} +<none> +8080:31001/TCP +\d+s
      kube-system +kube-dns +ClusterIP +10\.96\.0\.10 +<none> +53/UDP,53/TCP,9153/TCP +\d+s
      """
    When I run `kubectl get pods -l app=nginx`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      nginx-deployment-[a-z0-9]{9,10}-[bcdfghjklmnpqrstvwxz2456789]{5} +1/1 +Running +0 +\d+s
      nginx-deployment-[a-z0-9]{9,10}-[bcdfghjklmnpqrstvwxz2456789]{5} +1/1 +Running +0 +\d+s
      nginx-deployment-[a-z0-9]{9,10}-[bcdfghjklmnpqrstvwxz2456789]{5} +1/1 +Running +0 +\d+s
      """
    And every running pod labelled "app=nginx" has an IP from its node's Pod CIDR

  @C06 @portable @kubectl-1.30
  Scenario: The NodePort Service's EndpointSlice lists the three nginx Pods on port 80
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then the EndpointSlice of the service "nginx-deployment" lists the IPs of the pods labelled "app=nginx" on port 80
    When I run `kubectl get endpointslices -l kubernetes.io/service-name=nginx-deployment`
    Then the output lines match:
      """
      NAME +ADDRESSTYPE +PORTS +ENDPOINTS +AGE
      nginx-deployment-[bcdfghjklmnpqrstvwxz2456789]{5} +IPv4 +80 +10\.244\.\d+\.\d+,10\.244\.\d+\.\d+,10\.244\.\d+\.\d+ +\d+s
      """
    When I run `kubectl describe service nginx-deployment`
    Then the output lines match:
      """
      Name: +nginx-deployment
      Namespace: +default
      Labels: +<none>
      Annotations: +<none>
      Selector: +app=nginx
      Type: +NodePort
      IP Family Policy: +SingleStack
      IP Families: +IPv4
      IP: +10\.\d+\.\d+\.\d+
      IPs: +10\.\d+\.\d+\.\d+
      Port: +<unset>  8080/TCP
      TargetPort: +80/TCP
      NodePort: +<unset>  31001/TCP
      Endpoints: +10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80,10\.244\.\d+\.\d+:80
      Session Affinity: +None
      External Traffic Policy: +Cluster
      Internal Traffic Policy: +Cluster
      Events: +<none>
      """

  @E18
  Scenario: A Pod with an address that is not ready yet is listed, marked not ready
    When I run `kubectl apply -f nginx.yaml`
    And 3s pass
    And I run `kubectl get endpointslices -l kubernetes.io/service-name=nginx-deployment -o jsonpath='{range .items[*].endpoints[*]}{.conditions.ready} {.conditions.serving} {.conditions.terminating} {.targetRef.kind}{"\n"}{end}'`
    Then the output is:
      """
      false false false Pod
      false false false Pod
      false false false Pod
      """
    When 1m passes
    Then the EndpointSlice of the service "nginx-deployment" lists the IPs of the pods labelled "app=nginx" on port 80

  @portable
  Scenario: kubectl expose and kubectl create service make Services over a Deployment's Pods
    When I run `kubectl create deployment web --image=nginx --port=80 --replicas=2`
    And I run `kubectl expose deployment web --port=8080 --target-port=80 --type=NodePort`
    Then the output is:
      """
      service/web exposed
      """
    When I run `kubectl create service clusterip web-internal --tcp=8080:80`
    Then the output is:
      """
      service/web-internal created
      """
    When 1m passes
    And I run `kubectl get service web web-internal -o wide`
    Then the output lines match:
      """
      NAME +TYPE +CLUSTER-IP +EXTERNAL-IP +PORT\(S\) +AGE +SELECTOR
      web +NodePort +10\.\d+\.\d+\.\d+ +<none> +8080:3\d{4}/TCP +\d+s +app=web
      web-internal +ClusterIP +10\.\d+\.\d+\.\d+ +<none> +8080/TCP +\d+s +app=web-internal
      """
    When I run `kubectl get service web-internal -o jsonpath='{.spec.ports[0].name} {.spec.ports[0].targetPort} {.spec.ipFamilyPolicy} {.spec.internalTrafficPolicy}'`
    Then the output is:
      """
      8080-80 80 SingleStack Cluster
      """

  @portable
  Scenario: Deleting a Service gives its cluster IP and node port back
    When I run `kubectl apply -f nginx.yaml`
    And I run `kubectl delete service nginx-deployment`
    And I run `kubectl create service nodeport again --tcp=8080:80 --node-port=31001`
    Then the output is:
      """
      service/again created
      """

  @E19
  Scenario Outline: A Service that asks for what it cannot have is rejected and nothing is stored
    `kubectl create service` wraps the server's error in its own words, as kubectl 1.32 does.
    When I run `kubectl apply -f nginx.yaml`
    And I run `<command>`
    Then it fails with:
      """
      <error>
      """
    And etcd holds no key under "/registry/services/specs/default/<name>"

    Examples:
      | name   | command                                                                   | error                                                                                                                                                                                          |
      | dup    | kubectl create service nodeport dup --tcp=80 --node-port=31001            | error: failed to create NodePort service: Service "dup" is invalid: spec.ports[0].nodePort: Invalid value: 31001: provided port is already allocated                                                                               |
      | low    | kubectl create service nodeport low --tcp=80 --node-port=80               | error: failed to create NodePort service: Service "low" is invalid: spec.ports[0].nodePort: Invalid value: 80: provided port is not in the valid range. The range of valid ports is 30000-32767                                    |
      | dns    | kubectl create service clusterip dns --tcp=53 --clusterip=10.96.0.10      | error: failed to create ClusterIP service: Service "dns" is invalid: spec.clusterIPs: Invalid value: []string{"10.96.0.10"}: failed to allocate IP 10.96.0.10: provided IP is already allocated                                     |
      | far    | kubectl create service clusterip far --tcp=80 --clusterip=192.168.1.10    | error: failed to create ClusterIP service: Service "far" is invalid: spec.clusterIPs: Invalid value: []string{"192.168.1.10"}: failed to allocate IP 192.168.1.10: the provided IP (192.168.1.10) is not in the valid range. The range of valid IPs is 10.96.0.0/12 |

  # trigger_time_tracker.go and addTriggerTimeAnnotation: the slices a sync changes carry the Service's
  # creation on its first sync, then the earliest readiness change since the last sync; a change with
  # none behind it (a Pod gone) clears the annotation.
  @E21
  Scenario: An EndpointSlice's last-change-trigger-time follows the Service's creation, then its Pods' readiness
    Given the file "web.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        replicas: 1
        selector:
          matchLabels:
            app: web
        template:
          metadata:
            labels:
              app: web
          spec:
            containers:
            - name: nginx
              image: nginx
              readinessProbe:
                httpGet:
                  path: /
                  port: 80
                initialDelaySeconds: 5
      """
    When I run `kubectl apply -f web.yaml`
    And 30s pass
    And I run `kubectl expose deployment web --port=80`
    And 2s pass
    And I run `kubectl get service web -o jsonpath={.metadata.creationTimestamp}`
    And I note the output
    And I run `kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{.items[0].metadata.annotations.endpoints\.kubernetes\.io/last-change-trigger-time}'`
    Then the output is the noted output
    When I run `kubectl scale deployment web --replicas=2`
    And 30s pass
    And I run `kubectl get pods -l app=web --sort-by=.metadata.creationTimestamp -o jsonpath='{.items[1].status.conditions[?(@.type=="Ready")].lastTransitionTime}'`
    And I note the output
    And I run `kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{.items[0].metadata.annotations.endpoints\.kubernetes\.io/last-change-trigger-time}'`
    Then the output is the noted output
    When I run `kubectl scale deployment web --replicas=1`
    And 40s pass
    And I run `kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{.items[0].metadata.annotations} {range .items[0].endpoints[*]}{.conditions.ready} {end}'`
    Then the output is:
      """
      {} true
      """
