Feature: A process in a Pod calls the API with its ServiceAccount token
  Every Pod finds the API server at the `kubernetes` Service (kubernetes.default.svc,
  10.96.0.1:443), which kube-proxy sends on to kube-apiserver's secure port on the control-plane
  node (172.18.0.2:6443). kube-apiserver serves TLS with the certificate kubeadm signed with the
  cluster CA, for the Service's names and addresses; the projected volume at
  /var/run/secrets/kubernetes.io/serviceaccount carries that CA (ca.crt), the Pod's namespace and
  a token bound to the Pod. A process that verifies the server with ca.crt and sends the token as
  a bearer token is the Pod's ServiceAccount to the API server: authenticated, then authorized by
  RBAC like any other user. The API server writes indented JSON to curl and wget (their
  User-Agent), compact JSON to everyone else.

  Background:
    Given a cluster
    When I run `kubectl run curl --image=curlimages/curl -- sleep infinity`
    And 20s pass

  # The commands of kubernetes.io's "Accessing the Kubernetes API from a Pod", given to the
  # Pod's shell on stdin. /api names the address the API server advertises.
  @V30
  Scenario: The documentation's example prints the APIVersions the API server answers
    When I run `kubectl exec -i curl -- sh` with this input:
      """
      # Point to the internal API server hostname
      APISERVER=https://kubernetes.default.svc

      # Path to ServiceAccount token
      SERVICEACCOUNT=/var/run/secrets/kubernetes.io/serviceaccount

      # Read this Pod's namespace
      NAMESPACE=$(cat ${SERVICEACCOUNT}/namespace)

      # Read the ServiceAccount bearer token
      TOKEN=$(cat ${SERVICEACCOUNT}/token)

      # Reference the internal certificate authority (CA)
      CACERT=${SERVICEACCOUNT}/ca.crt

      # Explore the API with TOKEN
      curl --cacert ${CACERT} --header "Authorization: Bearer ${TOKEN}" -X GET ${APISERVER}/api
      """
    Then the output is:
      """
      {
        "kind": "APIVersions",
        "versions": [
          "v1"
        ],
        "serverAddressByClientCIDRs": [
          {
            "clientCIDR": "0.0.0.0/0",
            "serverAddress": "172.18.0.2:6443"
          }
        ]
      }
      """

  @V31
  Scenario: The default ServiceAccount may not list Pods until a RoleBinding grants it view
    When I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods'`
    Then the output is:
      """
      {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "pods is forbidden: User \"system:serviceaccount:default:default\" cannot list resource \"pods\" in API group \"\" in the namespace \"default\"",
        "reason": "Forbidden",
        "details": {
          "kind": "pods"
        },
        "code": 403
      }
      """
    When I run `kubectl create rolebinding default-view --clusterrole=view --serviceaccount=default:default`
    And I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc/api/v1/namespaces/default/pods'`
    Then the output contains "\"kind\": \"PodList\""
    And the output contains "\"name\": \"curl\""
    # The grant is for default's Pods only.
    When I run `kubectl exec curl -- sh -c 'curl -sS -o /dev/null -w "%{http_code}\n" --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc/api/v1/namespaces/kube-system/pods'`
    Then the output is:
      """
      403
      """

  @V32
  Scenario: The Pod's token is refused once the Pod is gone, and no token at all is system:anonymous
    When I run `kubectl run other --image=curlimages/curl -- sleep infinity`
    And 20s pass
    And I run `kubectl exec curl -- cat /var/run/secrets/kubernetes.io/serviceaccount/token`
    And I note the output
    And I run `kubectl exec other -- curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer TOKEN" https://kubernetes.default.svc/version -o /dev/null -w %{http_code}` with TOKEN replaced by the noted output
    Then the output is:
      """
      200
      """
    When I run `kubectl delete pod curl`
    And I run `kubectl exec other -- curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer TOKEN" https://kubernetes.default.svc/api` with TOKEN replaced by the noted output
    Then the output is:
      """
      {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "Unauthorized",
        "reason": "Unauthorized",
        "code": 401
      }
      """
    # Without a token the request is anonymous: discovery is for authenticated users only.
    When I run `kubectl exec other -- curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt https://kubernetes.default.svc/api`
    Then the output is:
      """
      {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "forbidden: User \"system:anonymous\" cannot get path \"/api\"",
        "reason": "Forbidden",
        "details": {},
        "code": 403
      }
      """

  @V33
  Scenario: curl refuses a server it cannot verify: an unknown CA, or a name the certificate does not carry
    # The image's CA bundle holds public CAs only, not the cluster's.
    When I run `kubectl exec curl -- curl -sS https://kubernetes.default.svc/api`
    Then it fails with:
      """
      curl: (60) SSL certificate problem: unable to get local issuer certificate
      More details here: https://curl.se/docs/sslcerts.html

      curl failed to verify the legitimacy of the server and therefore could not
      establish a secure connection to it. To learn more about this situation and
      how to fix it, please visit the webpage mentioned above.
      command terminated with exit code 60
      """
    # Without -s, curl writes its progress meter to stderr first: the body would not go to a terminal.
    When I run `kubectl exec curl -- curl https://kubernetes.default.svc/api`
    Then it fails
    And the error output contains "  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current"
    And the error output contains "--:--:-- --:--:-- --:--:--     0"
    And the error output contains "curl: (60) SSL certificate problem: unable to get local issuer certificate"
    # -s alone keeps curl quiet: only the exit code tells.
    When I run `kubectl exec curl -- curl -s https://kubernetes.default.svc/api`
    Then it fails with:
      """
      command terminated with exit code 60
      """
    When I run `kubectl exec curl -- curl -sS --cacert /etc/ssl/nothing.pem https://kubernetes.default.svc/api`
    Then it fails with:
      """
      curl: (77) error setting certificate file: /etc/ssl/nothing.pem
      command terminated with exit code 77
      """
    # A Service of one's own in front of kube-apiserver: its name is not in the certificate.
    When I run `kubectl create service clusterip apiserver --tcp=443:6443`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: discovery.k8s.io/v1
      kind: EndpointSlice
      metadata:
        name: apiserver-1
        labels:
          kubernetes.io/service-name: apiserver
      addressType: IPv4
      endpoints:
      - addresses: ["172.18.0.2"]
      ports:
      - name: 443-6443
        port: 6443
        protocol: TCP
      """
    And 2s pass
    And I run `kubectl exec curl -- curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt https://apiserver/version`
    Then it fails with:
      """
      curl: (60) SSL: no alternative certificate subject name matches target host name 'apiserver'
      More details here: https://curl.se/docs/sslcerts.html

      curl failed to verify the legitimacy of the server and therefore could not
      establish a secure connection to it. To learn more about this situation and
      how to fix it, please visit the webpage mentioned above.
      command terminated with exit code 60
      """
    # -k skips the verification; the request then goes through.
    When I run `kubectl exec curl -- curl -sSk https://apiserver/healthz`
    Then the output is:
      """
      ok
      """
    # The cluster IP and the node's address are in the certificate.
    When I run `kubectl exec curl -- curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt https://10.96.0.1/healthz`
    Then the output is:
      """
      ok
      """

  @V34
  Scenario: The Pod's shell runs what the example needs: assignments, $(…) and backquotes, pipes into head and grep
    When I run `kubectl exec curl -- sh -c 'NS=$(cat /var/run/secrets/kubernetes.io/serviceaccount/namespace); echo "namespace: ${NS}, host: `hostname`"'`
    Then the output is:
      """
      namespace: default, host: curl
      """
    When I run `kubectl exec curl -- sh -c 'X=$(exit 3); echo $?'`
    Then the output is:
      """
      3
      """
    # A long answer, cut short; each stage of a pipe reads what the one before wrote.
    When I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" https://kubernetes.default.svc/api | head -n 4'`
    Then the output is:
      """
      {
        "kind": "APIVersions",
        "versions": [
          "v1"
      """
    When I run `kubectl exec curl -- sh -c 'curl -sSk https://kubernetes.default.svc/version | grep -i GITVERSION'`
    Then the output is:
      """
        "gitVersion": "v1.32.2",
      """
    # grep's status is the pipeline's: 1 when no line matched.
    When I run `kubectl exec curl -- sh -c 'curl -sSk https://kubernetes.default.svc/version | grep -q nothing'`
    Then it fails with:
      """
      command terminated with exit code 1
      """

  @V35
  Scenario: A Pod whose ServiceAccount may edit creates a ConfigMap with a POST; a form body is refused
    When I run `kubectl create rolebinding default-edit --clusterrole=edit --serviceaccount=default:default`
    And I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" -H "Content-Type: application/json" -d "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"from-pod\"},\"data\":{\"written\":\"inside\"}}" -o /dev/null -w "%{http_code}\n" https://kubernetes.default.svc/api/v1/namespaces/default/configmaps'`
    Then the output is:
      """
      201
      """
    When I run `kubectl get configmap from-pod -o jsonpath={.data.written}`
    Then the output is:
      """
      inside
      """
    # curl -d alone sends application/x-www-form-urlencoded, which kube-apiserver does not decode.
    When I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" -d "{}" https://kubernetes.default.svc/api/v1/namespaces/default/configmaps'`
    Then the output is:
      """
      {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "the body of the request was in an unknown format - accepted media types include: application/json, application/yaml, application/vnd.kubernetes.protobuf",
        "reason": "UnsupportedMediaType",
        "code": 415
      }
      """
    # Without the binding the same POST is denied before anything is decoded or stored.
    When I run `kubectl delete rolebinding default-edit`
    And I run `kubectl exec curl -- sh -c 'curl -sS --cacert /var/run/secrets/kubernetes.io/serviceaccount/ca.crt -H "Authorization: Bearer $(cat /var/run/secrets/kubernetes.io/serviceaccount/token)" -H "Content-Type: application/json" -d "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"again\"}}" https://kubernetes.default.svc/api/v1/namespaces/default/configmaps'`
    Then the output is:
      """
      {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": "configmaps is forbidden: User \"system:serviceaccount:default:default\" cannot create resource \"configmaps\" in API group \"\" in the namespace \"default\"",
        "reason": "Forbidden",
        "details": {
          "kind": "configmaps"
        },
        "code": 403
      }
      """
