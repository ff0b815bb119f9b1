Feature: Steps for authors: a session recorded as a scenario, and the sentences authors reached for
  An author writes a terminal session once and records it as a scenario that passes as written
  (`kubespec play --record-feature`); then keeps the checks they mean to claim. The sentences
  below are the ones new authors looked for and did not find (docs/steps.md lists them all; how to
  write a scenario: docs/authoring.md).

  Background:
    Given a cluster

  @D30
  Scenario: The step lint finds an undefined step, a definition no feature uses, and a scenario with no tag
    When the step lint dry-runs this feature:
      """
      Feature: a draft
        Scenario: a sentence nobody defined
          Given a cluster
          When I frobnicate the cluster
      """
    Then the step lint reports:
      """
      undefined step: "I frobnicate the cluster" (linted.feature, scenario "a sentence nobody defined")
      """
    And the step lint reports the step definition "the output is:" in steps/terminal.steps.ts as unused
    And the step lint warns that these scenarios carry no tag:
      """
      linted.feature: a sentence nobody defined
      """

  @D31 @D32
  Scenario: The walkthrough's session, recorded, is a scenario that passes as written
    When I record "examples/walkthrough.play" with `kubespec play --record-feature`
    Then the recorded feature contains:
      """
          When I run `kubectl get pods -o wide`
          Then the output lines match:
            \"\"\"
            NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
            nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.
      """
    When I run the recorded feature
    Then the feature passes

  @D31 @D32
  Scenario: A heredoc, a failed command and --mask-ips, recorded
    When I record this play script with `kubespec play --record-feature --mask-ips`:
      """
      kubectl apply -f - <<EOF
      apiVersion: v1
      kind: Pod
      metadata:
        name: one
      spec:
        containers:
          - name: c
            image: nginx
      EOF
      kubectl get pod two
      sleep 30s
      kubectl get pod one -o wide
      """
    Then the recorded feature contains:
      """
          When I run `kubectl apply -f -` with this input:
            \"\"\"
            apiVersion: v1
      """
    And the recorded feature contains:
      """
          When I run `kubectl get pod two`
          Then it fails with:
            \"\"\"
            Error from server (NotFound): pods "two" not found
            \"\"\"
      """
    And the recorded feature contains:
      """
            one +1/1 +Running +0 +\S.*? +\d+\.\d+\.\d+\.\d+ +k8s-worker-2 +<none> +<none>
      """
    When I run the recorded feature
    Then the feature passes

  @D31
  Scenario: --mask-ips only means something when recording
    When the reader types `kubespec play --mask-ips examples/walkthrough.play`
    Then the play exits with status 2 and prints on stderr:
      """
      kubespec play: --mask-ips needs --record-feature
      Usage: kubespec play [--seed N] [--config kind.yaml] [--record-feature out.feature [--mask-ips]] <script.play>
             kubespec up [--port N] [--config kind.yaml] [--seed N] [--speed X] [--kubeconfig-out FILE]
             kubespec node <node> -- <command…>
             kubespec bench [--json] [--only W1,W2,…] [--scale X] [--budget SECONDS]

      Runs a script of commands against a fresh simulated cluster and prints the transcript.
      Script lines: kubectl …, kubectl apply -f - <<EOF … EOF, sleep <duration>,
      timeout <duration> kubectl get … -w, on <node> <command>, # comments.
      """

  @D33 @D34 @D36 @D37
  Scenario: What a failing check says: the command that failed unexpectedly before it, an empty output, a missed deadline, a bound broken
    When I run this feature:
      """
      Feature: an author's first tries
        Scenario: a typo in the file name
          Given a cluster
          When I run `kubectl apply -f ngnix.yaml`
          And 1m passes
          Then 3 pods labelled "app=nginx" are Running

        Scenario: nothing printed
          Given a cluster
          When I run `kubectl get pods -o name`
          Then the output has 0 lines matching "nginx"

        Scenario: too short a deadline
          Given a cluster
          When I run `kubectl apply -f examples/nginx.yaml`
          Then within 2s 3 pods labelled "app=nginx" are Running

        Scenario: a bound that does not hold
          Given a cluster
          When I run `kubectl apply -f examples/nginx.yaml`
          And I run `sleep 1m` while watching the pods labelled "app=nginx"
          Then while it ran, at least 1 of those pods were Ready and at most 3 existed
      """
    Then the feature fails, and its output contains:
      """
      An earlier command failed and no step checked it; it may be the cause:
      `kubectl apply -f ngnix.yaml` failed (exit 1) and no step checked it:
      error: the path "ngnix.yaml" does not exist
      """
    And the feature fails, and its output contains:
      """
      `kubectl get pods -o name` printed nothing on stdout, so "0 lines matching" says nothing
      """
    And the feature fails, and its output contains:
      """
      -   "running": 3,
      +   "running": 0,
      """
    And the feature fails, and its output contains:
      """
      while it ran, the pods labelled "app=nginx" were at times only 0 Ready (wanted at least 1) and up to 3 (wanted at most 3)
      """
    When I run `kubectl get namespaces -o name`
    Then the output has 0 lines matching "nginx"

  @D35 @D36
  Scenario: Pods in a namespace, and a wait that ends as soon as they run
    When I run `kubectl create namespace shop`
    And I run `kubectl create deployment web --image=nginx --replicas=2 -n shop`
    Then within 1m 2 pods labelled "app=web" in the namespace "shop" are Running
    And 2 pods labelled "app=web" in the namespace "shop" exist
    And 0 pods labelled "app=web" exist
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    Then within 1m 2 pods labelled "app=web" are Running
    And 2 pods labelled "app=web" in the namespace "shop" are Running

  @D37 @D38 @D39 @D40
  Scenario: A rollout watched while it ran, its new and old ReplicaSets and its events, without knowing a hash
    When I run `kubectl create deployment web --image=nginx:1.26 --replicas=4`
    And 1m passes
    And I run `kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}'`
    And I run `sleep 2m` while watching the pods labelled "app=web"
    Then while it ran, at least 3 of those pods were Ready and at most 5 existed
    And the new ReplicaSet of the deployment "web" has 4 ready replicas
    And the deployment "web" has 1 old ReplicaSet, scaled to 0
    And the deployment "web" has an event ScalingReplicaSet from "deployment-controller" with a message matching "Scaled down replica set web-[a-z0-9]+ from 1 to 0"
    When I run `kubectl get rs {new ReplicaSet of web} -o jsonpath={.spec.template.spec.containers[0].image}`
    Then the output is:
      """
      nginx:1.27
      """
    When I run `kubectl get rs {old ReplicaSet of web} -o jsonpath={.spec.template.spec.containers[0].image}`
    Then the output is:
      """
      nginx:1.26
      """

  @D40
  Scenario: A node's IP and a Service's node port, by name, in a command
    When I run `kubectl create deployment web --image=nginx`
    And I run `kubectl expose deployment web --type=NodePort --port=80`
    And 1m passes
    And I run `on k8s-master curl -s http://{node IP of k8s-worker-2}:{node port of web}/`
    Then it succeeds
    And the output contains "Welcome to nginx!"

  @D41
  Scenario: The trace of one component, printed from a scenario
    When I run `kubectl create deployment web --image=nginx --replicas=2`
    And 1m passes
    And I print the trace of "kube-scheduler" matching "binding/default/"
    Then the output has 2 lines matching " api +kube-scheduler create pods/binding/default/web-[a-z0-9]+-[a-z0-9]{5} \(200\)$"

  @D43
  Scenario: Every gherkin example of docs/authoring.md and of the README runs as written
    When I run the gherkin examples of the docs
    Then the feature passes, with 6 scenarios
