Feature: The report draws what the model did
  `npm run spec` runs every feature and writes the Cucumber report (reports/cucumber.html), with,
  for each scenario that drove the model, a sequence diagram of the component interactions it
  caused and a timeline of its Pods, both drawn from the model's trace; and a page of the claims
  (reports/claims.html) with the scenarios that check each one. A reader opens them in a browser.

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

  @D02 @D03 @D04
  Scenario: The walkthrough's sequence diagram: the seed's participants, folded to fit a screen
    When I run `kubectl apply -f nginx.yaml`
    And 1m passes
    Then the scenario's sequence diagram shows the participants, in this order:
      | kubectl                 |
      | kube-apiserver          |
      | etcd                    |
      | kube-controller-manager |
      | kube-scheduler          |
      | kubelet                 |
      | containerd              |
      | shim                    |
      | runc                    |
    And the scenario's sequence diagram begins with "get deployments → 404" from kubectl to kube-apiserver
    And the scenario's sequence diagram shows "create deployments" from kubectl to kube-apiserver
    And the scenario's sequence diagram shows "create pods + event ×3" from kube-controller-manager to kube-apiserver
    And the scenario's sequence diagram shows "create pods/binding + event ×3" from kube-scheduler to kube-apiserver
    And the scenario's sequence diagram shows "RunPodSandbox ×3" from kubelet to containerd
    And the scenario's sequence diagram shows "runc create ×3" from shim to runc
    And the scenario's sequence diagram has at most 70 rows
    And the scenario's sequence diagram folds a repeated block into a loop

  @D05
  Scenario: The Pod timeline shows what kubectl get pods -w shows, Pod by Pod
    When I run `kubectl apply -f nginx.yaml`
    And I run `timeout 40s kubectl get pods -w`
    Then the Pod timeline shows each Pod going through the READY and STATUS columns that command printed
    When I delete one pod labelled "app=nginx"
    Then it succeeds
    When 1m passes
    Then the Pod timeline shows 4 Pods, 1 of them deleted

  @D07
  Scenario: Same seed, same pictures, byte for byte
    Then the walkthrough drawn twice on clusters of seed 7 gives the same bytes, and seed 8 another timeline

  @D01 @D06 @D08
  Scenario: A run's report: the claims page, a failure's evidence, and both pages in a browser
    When this feature runs with the report:
      """
      Feature: A report of two scenarios

        Background:
          Given a cluster
          And the file "nginx.yaml":
            ```
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
            ```

        @W03
        Scenario: The Deployment keeps its 3 replicas
          When I run `kubectl apply -f nginx.yaml`
          And I run `kubectl get deployment nginx -o jsonpath='{.spec.replicas}'`
          Then the output is:
            ```
            3
            ```

        @W03
        Scenario: A reader expects 4 replicas
          When I run `kubectl apply -f nginx.yaml`
          And I run `kubectl get deployment nginx -o jsonpath='{.spec.replicas}'`
          Then the output is:
            ```
            4
            ```
      """
    Then the run's claims page lists W03 as "failing", with each of its scenarios linked into the report:
      | The Deployment keeps its 3 replicas | passed | report-fixture.feature |
      | A reader expects 4 replicas         | failed | report-fixture.feature |
    And the run's claim summary begins "claims: 0 passing, 1 failing, "
    And the scenario "The Deployment keeps its 3 replicas" carries:
      | sequence-diagram.svg |
    And the scenario "A reader expects 4 replicas" carries:
      | sequence-diagram.svg     |
      | expected-and-actual.txt  |
      | trace-at-failure.txt     |
      | sequence-at-failure.svg  |
    And the scenario "A reader expects 4 replicas"'s "expected-and-actual.txt" contains:
      """
      Step: the output is:
      Expected: "4"
      Received: "3"
      """
    And the scenario "A reader expects 4 replicas"'s "trace-at-failure.txt" contains:
      """
      api       kubectl get deployments/default/nginx (200)
      --- the output is: ---
      """
    And the run's report passes the check in headless Chromium

  @D09
  Scenario: docs/architecture.md is the walkthrough's diagram as the model draws it
    Then the architecture page drawn from the walkthrough shows, in this order, the first time each:
      | kubectl                 | kube-apiserver          | create deployments  |
      | kube-apiserver          | kube-controller-manager | ADDED deployments   |
      | kube-controller-manager | kube-apiserver          | create replicasets  |
      | kube-controller-manager | kube-apiserver          | create pods         |
      | kube-apiserver          | kube-scheduler          | ADDED pods          |
      | kube-scheduler          | kube-apiserver          | create pods/binding |
      | kube-apiserver          | kubelet                 | ADDED pods          |
      | kubelet                 | containerd              | RunPodSandbox       |
      | containerd              | shim                    | task create         |
      | shim                    | runc                    | runc create         |
      | kubelet                 | containerd              | StartContainer      |
    And the architecture page in docs/ is what the model draws now
