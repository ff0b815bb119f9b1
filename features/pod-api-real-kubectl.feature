Feature: The real kubectl's exec sees the same API calls from a Pod
  The real kubectl 1.32, over HTTPS, runs the same commands in the same Pod as the model's
  kubectl: the Pod's curl reaches kube-apiserver through the `kubernetes` Service in the network
  model, and both print what the Pod printed, byte for byte.

  Background:
    Given a cluster
    And the real kubectl talks to the cluster over HTTPS
    And the real kubectl is 1.30 or newer (exec over WebSocket)
    When I run `kubectl run curl --image=curlimages/curl -- sleep infinity` with the real kubectl and the model's kubectl
    Then both print the same output
    When 20s pass

  @V30
  Scenario: The documentation's example, on the Pod's shell's stdin, prints the same APIVersions
    When I run `kubectl exec -i curl -- sh` with the real kubectl and the model's kubectl, with this input:
      """
      SERVICEACCOUNT=/var/run/secrets/kubernetes.io/serviceaccount
      TOKEN=$(cat ${SERVICEACCOUNT}/token)
      curl --cacert ${SERVICEACCOUNT}/ca.crt --header "Authorization: Bearer ${TOKEN}" -X GET https://kubernetes.default.svc/api
      """
    Then both print the same output
    And the output contains "\"serverAddress\": \"172.18.0.2:6443\""

  @V33
  Scenario: curl's verification error and its exit code come back alike
    When I run `kubectl exec curl -- curl -sS https://kubernetes.default.svc/api` with the real kubectl and the model's kubectl
    Then both fail with the same error
