Feature: Failures: the kubelet brings back what dies, and nothing in the API is lost
  The seed's experiment: kill kube-apiserver on the control-plane node. kubectl cannot connect
  until the kubelet, which runs kube-apiserver as a static Pod, notices the exit and starts the
  container again. Components lose their watches meanwhile and list again when it is back;
  the objects in the API are exactly those from before.

  Background:
    Given a cluster
    And the file "nginx.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx
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
      """

  @C15 @C13
  Scenario: Killing kube-apiserver: kubectl is refused, then the kubelet restarts it
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    And I note the objects in the API
    And I run `on k8s-master pkill -f kube-apiserver`
    Then it succeeds
    And the kube-apiserver process on "k8s-master" is gone
    When I run `kubectl get pods`
    Then it fails with:
      """
      The connection to the server 127.0.0.1:6443 was refused - did you specify the right host or port?
      """
    When 10s pass
    And I run `kubectl get pods -n kube-system kube-apiserver-k8s-master`
    Then it succeeds
    And the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      kube-apiserver-k8s-master +1/1 +Running +1 \(\d+s ago\) +\d+s
      """
    When I run `on k8s-master ps aux`
    Then the output contains "kube-apiserver --advertise-address=172.18.0.2"
    And 3 pods labelled "app=nginx" are Running
    And the API holds the same objects as noted, none lost or duplicated

  @C15 @C24
  Scenario: Components lose their watches while kube-apiserver is down, and list again when it is back
    When I run `on k8s-master pkill -f kube-apiserver`
    And 10s pass
    And I run `kubectl apply -f nginx.yaml`
    Then it succeeds
    When 1m passes
    Then 3 pods labelled "app=nginx" are Running
    And the trace shows, in order:
      | kind    | actor          | verb  | target                 |
      | process | container      | exit  | k8s-master             |
      | api     | kube-scheduler | list  | pods                   |
      | api     | kubectl        | create | deployments/default   |

  @C03 @W18
  Scenario Outline: A control-plane component killed at any moment comes back and the work resumes
    When I run `kubectl apply -f nginx.yaml`
    And I run `on k8s-master pkill -f <component>`
    And 1m passes
    Then 3 pods labelled "app=nginx" are Running
    And 3 pods labelled "app=nginx" exist
    When I run `kubectl get pod <component>-k8s-master -n kube-system -o jsonpath='{.status.containerStatuses[0].restartCount}'`
    Then the output is:
      """
      1
      """

    Examples:
      | component               |
      | kube-controller-manager |
      | kube-scheduler          |
      | etcd                    |

  @C03 @W17
  Scenario: A container that keeps exiting is restarted with back-off: CrashLoopBackOff
    When I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: crash
        labels:
          app: crash
      spec:
        containers:
          - name: app
            image: busybox
            command: ["sh", "-c", "echo starting; exit 1"]
      """
    And 2m passes
    And I run `kubectl get pod crash`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE
      crash +0/1 +CrashLoopBackOff +\d \(\d+s ago\) +2m
      """
    When I run `kubectl describe pod crash`
    Then the output contains "Back-off restarting failed container app in pod crash_default"
