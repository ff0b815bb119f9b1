Feature: Service environment variables: the Services a container finds in its environment
  When the kubelet starts a container it adds, after the Pod's own env, variables for the
  `kubernetes` Service of the default namespace and for every Service with a cluster IP in the
  Pod's namespace that its Service cache holds at that moment (getServiceEnvVarMap and
  envvars.FromServices): NAME_SERVICE_HOST, NAME_SERVICE_PORT (and _PORT_<port name> for named
  ports) and the Docker-link style NAME_PORT, NAME_PORT_<port>_<PROTO> with _PROTO, _PORT and
  _ADDR. enableServiceLinks: false leaves out all but the kubernetes Service's. The real kubelet
  hands them to the runtime in Go's map order, which differs from start to start; the model's
  order is the Pod's env, then the Service variables sorted by name.

  Background:
    Given a cluster
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl expose deployment web --port=80`
    And I run `kubectl create namespace other`
    And I run `kubectl create service clusterip elsewhere -n other --tcp=80:80`
    And 5s pass

  @G60
  Scenario: The kubernetes Service and the namespace's Services as they were when the container started
    When I run `kubectl run client --image=busybox -- sleep 3600`
    And 30s pass
    And I run `kubectl exec client -- env`
    Then the output has these lines, with IP as the cluster IP of the service "kubernetes":
      """
      KUBERNETES_SERVICE_HOST=IP
      KUBERNETES_SERVICE_PORT=443
      KUBERNETES_SERVICE_PORT_HTTPS=443
      KUBERNETES_PORT=tcp://IP:443
      KUBERNETES_PORT_443_TCP=tcp://IP:443
      KUBERNETES_PORT_443_TCP_PROTO=tcp
      KUBERNETES_PORT_443_TCP_PORT=443
      KUBERNETES_PORT_443_TCP_ADDR=IP
      """
    And the output has these lines, with IP as the cluster IP of the service "web":
      """
      WEB_SERVICE_HOST=IP
      WEB_SERVICE_PORT=80
      WEB_PORT=tcp://IP:80
      WEB_PORT_80_TCP=tcp://IP:80
      WEB_PORT_80_TCP_PROTO=tcp
      WEB_PORT_80_TCP_PORT=80
      WEB_PORT_80_TCP_ADDR=IP
      """
    And the output does not contain "ELSEWHERE_"
    And the output has 15 lines matching "^(KUBERNETES|WEB)_"
    # A Service created after the container started is not in its environment.
    When I run `kubectl create service clusterip late-comer --tcp=8080:80`
    And 5s pass
    And I run `kubectl exec client -- printenv LATE_COMER_SERVICE_HOST`
    Then it fails with:
      """
      command terminated with exit code 1
      """
    When I run `kubectl delete pod client --wait=false`
    And I run `kubectl run client2 --image=busybox -- sleep 3600`
    And 20s pass
    And I run `kubectl exec client2 -- printenv LATE_COMER_SERVICE_PORT`
    Then the output is:
      """
      8080
      """

  @G61
  Scenario: enableServiceLinks false keeps only the kubernetes Service's variables
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: nolinks
      spec:
        enableServiceLinks: false
        containers:
        - name: c
          image: busybox
          command: ["sleep", "3600"]
      """
    And 30s pass
    And I run `kubectl exec nolinks -- env`
    Then the output has 8 lines matching "^KUBERNETES_"
    And the output does not contain "WEB_"

  @G62
  Scenario: Named and numbered ports, another protocol, a headless Service, and $(VAR) in the command
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: my-db
      spec:
        selector:
          app: db
        ports:
        - name: sql
          port: 5432
        - name: stats
          port: 9000
          protocol: UDP
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: headless
      spec:
        clusterIP: None
        selector:
          app: db
        ports:
        - port: 80
      """
    And 2s pass
    And I run `kubectl run show --image=busybox --restart=Never --command -- echo '$(MY_DB_SERVICE_HOST):$(MY_DB_SERVICE_PORT_SQL)'`
    And I run `kubectl run client --image=busybox -- sleep 3600`
    And 30s pass
    And I run `kubectl exec client -- env`
    Then the output has these lines, with IP as the cluster IP of the service "my-db":
      """
      MY_DB_SERVICE_HOST=IP
      MY_DB_SERVICE_PORT=5432
      MY_DB_SERVICE_PORT_SQL=5432
      MY_DB_SERVICE_PORT_STATS=9000
      MY_DB_PORT=tcp://IP:5432
      MY_DB_PORT_5432_TCP=tcp://IP:5432
      MY_DB_PORT_9000_UDP=udp://IP:9000
      MY_DB_PORT_9000_UDP_PROTO=udp
      MY_DB_PORT_9000_UDP_PORT=9000
      MY_DB_PORT_9000_UDP_ADDR=IP
      """
    And the output does not contain "HEADLESS_"
    When I run `kubectl logs show`
    Then the output has these lines, with IP as the cluster IP of the service "my-db":
      """
      IP:5432
      """
