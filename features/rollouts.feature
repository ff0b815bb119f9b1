Feature: Rolling out a new image, looking back, rolling back
  A Deployment's Pod template is its revision: changing it (`kubectl set image`, `set env`,
  `set resources`, `rollout restart`) makes the Deployment controller create a new ReplicaSet
  and move the Pods over a few at a time; the old ReplicaSets stay, scaled to 0, as the
  history. `kubectl rollout history` reads that history, `rollout undo` puts an old template
  back (as a new revision), `rollout pause` holds changes until `rollout resume`. A rollout
  that cannot finish (an image that does not exist) is marked ProgressDeadlineExceeded once
  progressDeadlineSeconds pass. examples/rollout.play plays the same session.

  Background:
    Given a cluster
    When I run `kubectl create deployment web --image=nginx:1.25 --replicas=3`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    Then the last line of the output is:
      """
      deployment "web" successfully rolled out
      """

  @R01
  Scenario: set image rolls the Pods over to a new ReplicaSet, which rollout status waits for
    When I run `kubectl set image deployment/web nginx=nginx:1.26`
    Then the output is:
      """
      deployment.apps/web image updated
      """
    When I run `kubectl rollout status deployment/web --timeout=2m`
    Then the output has lines matching, in order:
      """
      Waiting for deployment "web" rollout to finish: 1 out of 3 new replicas have been updated...
      Waiting for deployment "web" rollout to finish: \d old replicas are pending termination...
      deployment "web" successfully rolled out
      """
    When I run `kubectl get replicasets -l app=web -o custom-columns=DESIRED:.spec.replicas,IMAGE:.spec.template.spec.containers[0].image --sort-by=.metadata.creationTimestamp`
    Then the output is:
      """
      DESIRED   IMAGE
      0         nginx:1.25
      3         nginx:1.26
      """
    And 3 pods labelled "app=web" are Running

  @R02
  Scenario: Setting the image it already has changes nothing and prints nothing
    When I note which resourceVersion the deployment "web" has
    And I run `kubectl set image deployment/web nginx=nginx:1.25`
    Then it succeeds
    And the output is:
      """
      """
    And the deployment "web" has the resourceVersion I noted

  @R03
  Scenario: rollout history lists each revision with the change-cause annotation it was made with
    When I run `kubectl annotate deployment/web kubernetes.io/change-cause="image 1.26"`
    And I run `kubectl set image deployment/web nginx=nginx:1.26`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl rollout history deployment/web`
    Then the output is:
      """
      deployment.apps/web 
      REVISION  CHANGE-CAUSE
      1         <none>
      2         image 1.26

      """
    When I run `kubectl rollout history deploy web --revision=2`
    Then the output has lines matching, in order:
      """
      ^deployment.apps/web with revision #2$
      ^Pod Template:$
      ^  Labels:\tapp=web$
      ^\tpod-template-hash=\w+$
      ^  Annotations:\tkubernetes.io/change-cause: image 1.26$
      ^  Containers:$
      ^   nginx:$
      ^    Image:\tnginx:1.26$
      """

  @R04
  Scenario: rollout undo puts the previous revision's template back, as a new revision
    When I run `kubectl set image deployment/web nginx=nginx:1.26`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl set image deployment/web nginx=nginx:1.27`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl rollout undo deployment/web`
    Then the output is:
      """
      deployment.apps/web rolled back
      """
    When I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl get deployment web -o jsonpath={.spec.template.spec.containers[0].image}`
    Then the output is:
      """
      nginx:1.26
      """
    When I run `kubectl rollout history deployment/web`
    Then the output is:
      """
      deployment.apps/web 
      REVISION  CHANGE-CAUSE
      1         <none>
      3         <none>
      4         <none>

      """
    And 3 pods labelled "app=web" are Running

  @R05
  Scenario: rollout undo --to-revision goes to the revision named; undoing to the current one is skipped
    When I run `kubectl set image deployment/web nginx=nginx:1.26`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl set image deployment/web nginx=nginx:1.27`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl rollout undo deployment/web --to-revision=1`
    Then the output is:
      """
      deployment.apps/web rolled back
      """
    When I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl get deployment web -o jsonpath={.spec.template.spec.containers[0].image}`
    Then the output is:
      """
      nginx:1.25
      """
    When I run `kubectl rollout undo deployment/web --to-revision=4`
    Then the output is:
      """
      deployment.apps/web skipped rollback (current template already matches revision 4)
      """
    When I run `kubectl rollout undo deployment/web --dry-run=client`
    Then the output has lines matching, in order:
      """
      deployment.apps/web Pod Template:
          Image:	nginx:1.27
       \(dry run\)
      """

  @R06
  Scenario: Undoing to a revision that does not exist fails in kubectl's words and changes nothing
    When I run `kubectl set image deployment/web nginx=nginx:1.26`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    And I note which resourceVersion the deployment "web" has
    And I run `kubectl rollout undo deployment/web --to-revision=9`
    Then it fails with:
      """
      error: unable to find specified revision 9 in history
      """
    When I run `kubectl rollout history deployment/web --revision=9`
    Then it fails with:
      """
      error: unable to find the specified revision
      """
    When I run `kubectl rollout history deployment/web --revision=-1`
    Then it fails with:
      """
      error: revision must be a positive integer: -1
      """
    When I run `kubectl rollout status deployment/web --revision=1`
    Then it fails with:
      """
      error: desired revision (1) is different from the running revision (2)
      """
    When I run `kubectl rollout status deployment/web --revision=2`
    Then the output is:
      """
      deployment "web" successfully rolled out
      """
    And the deployment "web" has the resourceVersion I noted

  @R07
  Scenario: A paused Deployment takes changes without rolling them out until it is resumed
    When I run `kubectl rollout pause deployment/web`
    Then the output is:
      """
      deployment.apps/web paused
      """
    When I run `kubectl rollout pause deployment/web`
    Then it fails with:
      """
      error: deployments.apps "web" is already paused
      """
    When I run `kubectl set image deployment/web nginx=nginx:1.26`
    And I run `kubectl set env deployment/web MODE=blue`
    And 30s pass
    And I run `kubectl get replicasets -l app=web -o name`
    Then the output has 1 line matching "replicaset.apps/web-"
    When I run `kubectl get deployment web -o jsonpath='{.status.conditions[?(@.type=="Progressing")].reason}'`
    Then the output is:
      """
      DeploymentPaused
      """
    When I run `kubectl rollout undo deployment/web --to-revision=1`
    Then it fails with:
      """
      error: you cannot rollback a paused deployment; resume it first with 'kubectl rollout resume' and try again
      """
    When I run `kubectl rollout restart deployment/web`
    Then it fails with:
      """
      error: deployments.apps "web" can't restart paused deployment (run rollout resume first)
      """
    When I run `kubectl rollout resume deployment/web`
    Then the output is:
      """
      deployment.apps/web resumed
      """
    When I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl rollout history deployment/web`
    Then the output is:
      """
      deployment.apps/web 
      REVISION  CHANGE-CAUSE
      1         <none>
      2         <none>

      """
    When I run `kubectl get deployment web -o jsonpath={.spec.template.spec.containers[0].image},{.spec.template.spec.containers[0].env[0].name}={.spec.template.spec.containers[0].env[0].value}`
    Then the output is:
      """
      nginx:1.26,MODE=blue
      """
    When I run `kubectl rollout resume deployment/web`
    Then it fails with:
      """
      error: deployments.apps "web" is not paused
      """

  @R08
  Scenario: rollout restart stamps the template with restartedAt, which replaces every Pod
    When I run `kubectl rollout restart deployment/web`
    Then the output is:
      """
      deployment.apps/web restarted
      """
    When I run `kubectl get deployment web -o jsonpath={.spec.template.metadata.annotations}`
    Then the output lines match:
      """
      \{"kubectl.kubernetes.io/restartedAt":"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"\}
      """
    When I run `kubectl rollout status deployment/web --timeout=2m`
    And I run `kubectl get replicasets -l app=web -o custom-columns=DESIRED:.spec.replicas --sort-by=.metadata.creationTimestamp`
    Then the output is:
      """
      DESIRED
      0
      3
      """
    And 3 pods labelled "app=web" are Running

  @R09
  Scenario: set env and set resources change the template on the server; --dry-run changes nothing
    When I run `kubectl set env deployment/web MODE=blue TIER=front`
    Then the output is:
      """
      deployment.apps/web env updated
      """
    When I run `kubectl set env deployment/web --list`
    Then the output is:
      """
      # Deployment web, container nginx
      MODE=blue
      TIER=front
      """
    When I run `kubectl set env deployment/web TIER-`
    And I run `kubectl set resources deployment/web --requests=cpu=0.1,memory=64Mi --limits=cpu=500m`
    Then the output is:
      """
      deployment.apps/web resource requirements updated
      """
    When I run `kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].env}{"\n"}{.spec.template.spec.containers[0].resources}'`
    Then the output is:
      """
      [{"name":"MODE","value":"blue"}]
      {"limits":{"cpu":"500m"},"requests":{"cpu":"100m","memory":"64Mi"}}
      """
    When I note which resourceVersion the deployment "web" has
    And I run `kubectl set image deployment/web nginx=nginx:1.27 --dry-run=client`
    Then the output is:
      """
      deployment.apps/web image updated (dry run)
      """
    When I run `kubectl set image deployment/web nginx=nginx:1.27 --dry-run=server -o jsonpath={.spec.template.spec.containers[0].image}`
    Then the output is:
      """
      nginx:1.27
      """
    And the deployment "web" has the resourceVersion I noted
    When I run `kubectl set sa deployment/web default`
    Then the output is:
      """
      deployment.apps/web serviceaccount updated
      """
    When I run `kubectl get deployment web -o jsonpath={.spec.template.spec.serviceAccountName}`
    Then the output is:
      """
      default
      """

  @R10
  Scenario Outline: Bad input is refused in kubectl's words and changes nothing
    When I note which resourceVersion the deployment "web" has
    And I run `<command>`
    Then it fails with:
      """
      <error>
      """
    And the deployment "web" has the resourceVersion I noted

    Examples:
      | command                                                 | error                                                                                                                                                                                                     |
      | kubectl rollout undo deployment/web --foo               | Error: unknown flag: --foo\nSee 'kubectl rollout undo --help' for usage.                                                                                                                                  |
      | kubectl rollout undo deployment/web -w                  | Error: unknown shorthand flag: 'w' in -w\nSee 'kubectl rollout undo --help' for usage.                                                                                                                    |
      | kubectl rollout history deployment deployment/web       | error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>' |
      | kubectl rollout undo                                    | error: required resource not specified                                                                                                                                                                    |
      | kubectl rollout pause deployment/nope                   | Error from server (NotFound): deployments.apps "nope" not found                                                                                                                                           |
      | kubectl rollout undo deployment/web --to-revision=-2    | error: unable to find specified revision -2 in history                                                                                                                                                    |
      | kubectl rollout undo replicaset/web                     | Error from server (NotFound): replicasets.apps "web" not found                                                                                                                                            |
      | kubectl set image deployment/web nope=nginx:1.26        | error: unable to find container named "nope"                                                                                                                                                              |
      | kubectl set image deployment/web                        | error: at least one image update is required                                                                                                                                                              |
      | kubectl set image deployment/web nginx-                 | error: invalid image format: nginx-                                                                                                                                                                       |
      | kubectl set env deployment/web 1X=3                     | error: "1X" is not a valid key name: a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*') |
      | kubectl set resources deployment/web --limits=cpu=2x    | error: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'                                                                                                         |
      | kubectl set resources deployment/web                    | error: you must specify an update to requests or limits (in the form of --requests/--limits)                                                                                                              |
      | kubectl set image deployment/web nginx=x --local        | error: you must specify resources by --filename when --local is set.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'                                             |

  @R11
  Scenario: A rollout that cannot finish is marked ProgressDeadlineExceeded, and rollout status says so
    When I run `kubectl patch deployment web -p '{"spec":{"progressDeadlineSeconds":30}}'`
    And I run `kubectl set image deployment/web nginx=nginx:9.99`
    And I run `kubectl rollout status deployment/web --timeout=5m`
    Then it fails with:
      """
      error: deployment "web" exceeded its progress deadline
      """
    When I run `kubectl get deployment web -o jsonpath='{.status.conditions[?(@.type=="Progressing")].status}/{.status.conditions[?(@.type=="Progressing")].reason}'`
    Then the output lines match:
      """
      False/ProgressDeadlineExceeded
      """
    When I run `kubectl get pods -l app=web`
    Then the output has 1 line matching "web-\w+-\w+ +0/1 +(ErrImagePull|ImagePullBackOff) "
    And the output has 3 lines matching "web-\w+-\w+ +1/1 +Running "
    When I run `kubectl rollout undo deployment/web`
    And I run `kubectl rollout status deployment/web --timeout=2m`
    Then the last line of the output is:
      """
      deployment "web" successfully rolled out
      """


  @R86
  Scenario: Scaling a Deployment in the middle of a rollout spreads the new replicas over its ReplicaSets in proportion
    The documentation's "proportional scaling" example: 10 replicas with maxSurge 3 and maxUnavailable 2
    roll to an image that does not exist, so the rollout stops with 8 old Pods and 5 new ones (13, the
    most maxSurge allows; 8 available, the fewest maxUnavailable allows). Scaled to 15 then, the
    Deployment controller gives the 5 extra replicas to both ReplicaSets in proportion to their size
    (getReplicaSetFraction, the biggest first): 3 to the old one, 2 to the new one.
    Given the file "nginx-deployment.yaml":
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: nginx-deployment
        labels:
          app: nginx
      spec:
        replicas: 10
        strategy:
          rollingUpdate:
            maxSurge: 3
            maxUnavailable: 2
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
              image: nginx:1.25
      """
    When I run `kubectl apply -f nginx-deployment.yaml`
    And I run `kubectl rollout status deployment/nginx-deployment --timeout=2m`
    And I run `kubectl set image deployment/nginx-deployment nginx=nginx:sometag`
    And 1m passes
    And I run `kubectl get rs -l app=nginx -o custom-columns=DESIRED:.spec.replicas,READY:.status.readyReplicas,IMAGE:.spec.template.spec.containers[0].image --sort-by=.metadata.creationTimestamp`
    Then the output is:
      """
      DESIRED   READY    IMAGE
      8         8        nginx:1.25
      5         <none>   nginx:sometag
      """
    When I run `kubectl scale deployment/nginx-deployment --replicas=15`
    And 1m passes
    And I run `kubectl get rs -l app=nginx -o custom-columns=DESIRED:.spec.replicas,READY:.status.readyReplicas,IMAGE:.spec.template.spec.containers[0].image --sort-by=.metadata.creationTimestamp`
    Then the output is:
      """
      DESIRED   READY    IMAGE
      11        11       nginx:1.25
      7         <none>   nginx:sometag
      """
    When I run `kubectl get deployment nginx-deployment`
    Then the output lines match:
      """
      NAME +READY +UP-TO-DATE +AVAILABLE +AGE
      nginx-deployment +11/15 +7 +11 +\S+
      """

  @R14
  Scenario: A StatefulSet's rollout history and undo use the ControllerRevisions its controller keeps
    Given the file "db.yaml":
      """
      apiVersion: apps/v1
      kind: StatefulSet
      metadata:
        name: db
      spec:
        serviceName: db
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
            - name: db
              image: nginx:1.25
      """
    When I run `kubectl apply -f db.yaml`
    And 1m passes
    And I run `kubectl set image statefulset/db db=nginx:1.26`
    Then the output is:
      """
      statefulset.apps/db image updated
      """
    When 1m passes
    And I run `kubectl rollout history statefulset/db`
    Then the output is:
      """
      statefulset.apps/db 
      REVISION  CHANGE-CAUSE
      1         <none>
      2         <none>

      """
    When I run `kubectl rollout undo sts/db`
    Then the output is:
      """
      statefulset.apps/db rolled back
      """
    When 1m passes
    And I run `kubectl get pods -l app=db -o jsonpath='{range .items[*]}{.spec.containers[0].image}{"\n"}{end}'`
    Then the output is:
      """
      nginx:1.25
      nginx:1.25
      """
    When I run `kubectl rollout history sts/db`
    Then the output is:
      """
      statefulset.apps/db 
      REVISION  CHANGE-CAUSE
      2         <none>
      3         <none>

      """
    When I run `kubectl rollout undo sts/db --to-revision=3`
    Then the output is:
      """
      statefulset.apps/db skipped rollback (current template already matches revision 3)
      """

  @R15
  Scenario: examples/rollout.play, the learner's session of these scenarios, plays the same twice with one seed
    When I play "examples/rollout.play" with seed 7 twice
    Then both transcripts are identical

  @R17
  Scenario: set selector replaces a Service's selector, and only a Service's
    When I run `kubectl expose deployment web --port=80`
    And I run `kubectl set selector service web app=other`
    Then the output is:
      """
      service/web selector updated
      """
    When I run `kubectl get service web -o jsonpath={.spec.selector}`
    Then the output is:
      """
      {"app":"other"}
      """
    When I run `kubectl set selector deployment web app=x`
    Then it fails with:
      """
      error: setting a selector is only supported for Services
      """
    When I run `kubectl set selector service web 'app in (a,b)'`
    Then it fails with:
      """
      error: match expression [{app In [a b]}] not supported on this object
      """
