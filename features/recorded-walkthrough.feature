Feature: The walkthrough, recorded from its terminal session
  Recorded by `kubespec play --record-feature features/recorded-walkthrough.feature
  examples/walkthrough.play` and kept as recorded: each command of the walkthrough's script a
  step, its output checked as printed, with generated name suffixes, ages, timestamps and
  container IDs matched by pattern. docs/authoring.md shows how to record one and what to keep.

  @D31
  Scenario: examples/walkthrough.play plays as recorded
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
    # The walkthrough of seed 000: what happens after `kubectl apply -f nginx.yaml`.
    # Time moves only with `sleep` and `timeout`; the same seed prints the same transcript.
    # The lab: one control-plane node and two workers (kind).
    When I run `kubectl get nodes -o wide`
    Then the output lines match:
      """
      NAME +STATUS +ROLES +AGE +VERSION +INTERNAL-IP +EXTERNAL-IP +OS-IMAGE +KERNEL-VERSION +CONTAINER-RUNTIME
      k8s-master +Ready +control-plane +\S.*? +v1\.32\.2 +172\.18\.0\.2 +<none> +Debian GNU/Linux 12 \(bookworm\) +6\.8\.0-49-generic +containerd://1\.7\.24
      k8s-worker-1 +Ready +<none> +\S.*? +v1\.32\.2 +172\.18\.0\.3 +<none> +Debian GNU/Linux 12 \(bookworm\) +6\.8\.0-49-generic +containerd://1\.7\.24
      k8s-worker-2 +Ready +<none> +\S.*? +v1\.32\.2 +172\.18\.0\.4 +<none> +Debian GNU/Linux 12 \(bookworm\) +6\.8\.0-49-generic +containerd://1\.7\.24
      """
    # kubectl sends the Deployment to kube-apiserver, which validates it and stores it in etcd.
    When I run `kubectl apply -f nginx.yaml`
    Then the output is:
      """
      deployment.apps/nginx created
      """
    # A successful apply only means the API server accepted the object: no Pod exists yet.
    When I run `kubectl get pods`
    Then the output is:
      """
      """
    And the error output is:
      """
      No resources found in default namespace.
      """
    # Watch the controllers, the scheduler and the kubelets do their part.
    When I run `timeout 30s kubectl get pods -o wide -w`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +<none> +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +<none> +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +<none> +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +k8s-worker-1 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +<none> +k8s-worker-1 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +Pending +0 +\S.*? +<none> +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +<none> +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +<none> +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +10\.244\.2\.2 +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +10\.244\.1\.2 +k8s-worker-1 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +0/1 +ContainerCreating +0 +\S.*? +10\.244\.2\.3 +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.1\.2 +k8s-worker-1 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.2 +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.3 +k8s-worker-2 +<none> +<none>
      """
    When I run `kubectl get deployments,replicasets,pods -o wide`
    Then the output lines match:
      """
      NAME +READY +UP-TO-DATE +AVAILABLE +AGE +CONTAINERS +IMAGES +SELECTOR
      deployment\.apps/nginx +3/3 +3 +3 +\S.*? +nginx +nginx +app=nginx

      NAME +DESIRED +CURRENT +READY +AGE +CONTAINERS +IMAGES +SELECTOR
      replicaset\.apps/nginx-[a-z0-9]+ +3 +3 +3 +\S.*? +nginx +nginx +app=nginx,pod-template-hash=[a-z0-9]+

      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      pod/nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.3 +k8s-worker-2 +<none> +<none>
      pod/nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.1\.2 +k8s-worker-1 +<none> +<none>
      pod/nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.2 +k8s-worker-2 +<none> +<none>
      """
    When I run `kubectl describe deployment nginx`
    Then the output lines match:
      """
      Name: +nginx
      Namespace: +default
      CreationTimestamp: +\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}
      Labels: +<none>
      Annotations: +deployment\.kubernetes\.io/revision: 1
      Selector: +app=nginx
      Replicas: +3 desired \| 3 updated \| 3 total \| 3 available \| 0 unavailable
      StrategyType: +RollingUpdate
      MinReadySeconds: +0
      RollingUpdateStrategy: +25% max unavailable, 25% max surge
      Pod Template:
       +Labels: +app=nginx
       +Containers:
       +nginx:
       +Image: +nginx
       +Port: +<none>
       +Host Port: +<none>
       +Environment: +<none>
       +Mounts: +<none>
       +Volumes: +<none>
       +Node-Selectors: +<none>
       +Tolerations: +<none>
      Conditions:
       +Type +Status +Reason
       +---- +------ +------
       +Available +True +MinimumReplicasAvailable
       +Progressing +True +NewReplicaSetAvailable
      OldReplicaSets: +<none>
      NewReplicaSet: +nginx-[a-z0-9]+ \(3/3 replicas created\)
      Events:
       +Type +Reason +Age +From +Message
       +---- +------ +\S.*? +---- +-------
       +Normal +ScalingReplicaSet +\S.*? +deployment-controller +Scaled up replica set nginx-[a-z0-9]+ from 0 to 3
      """
    # The control plane keeps none of them on k8s-master; each worker's containerd runs them.
    When I run `on k8s-worker-1 crictl ps`
    Then the output lines match:
      """
      CONTAINER +IMAGE +CREATED +STATE +NAME +ATTEMPT +POD ID +POD +NAMESPACE
      [0-9a-f]{13} +[0-9a-f]{13} +\S.*? +Running +nginx +0 +[0-9a-f]{13} +nginx-[a-z0-9]+-[a-z0-9]{5} +default
      [0-9a-f]{13} +[0-9a-f]{13} +\S.*? +Running +kube-flannel +0 +[0-9a-f]{13} +kube-flannel-ds-[a-z0-9]{5} +kube-flannel
      [0-9a-f]{13} +[0-9a-f]{13} +\S.*? +Running +kube-proxy +0 +[0-9a-f]{13} +kube-proxy-[a-z0-9]{5} +kube-system
      """
    When I run `on k8s-worker-1 crictl pods`
    Then the output lines match:
      """
      POD ID +CREATED +STATE +NAME +NAMESPACE +ATTEMPT +RUNTIME
      [0-9a-f]{13} +\S.*? +Ready +nginx-[a-z0-9]+-[a-z0-9]{5} +default +0 +\(default\)
      [0-9a-f]{13} +\S.*? +Ready +kube-proxy-[a-z0-9]{5} +kube-system +0 +\(default\)
      [0-9a-f]{13} +\S.*? +Ready +kube-flannel-ds-[a-z0-9]{5} +kube-flannel +0 +\(default\)
      """
    # Delete a Pod: the ReplicaSet controller notices 2 < 3 and creates a replacement.
    When I run `kubectl delete pod -l app=nginx --wait=false --field-selector spec.nodeName=k8s-worker-1`
    Then the output lines match:
      """
      pod "nginx-[a-z0-9]+-[a-z0-9]{5}" deleted
      """
    When I run `sleep 20s`
    Then the output is:
      """
      """
    When I run `kubectl get pods -o wide`
    Then the output lines match:
      """
      NAME +READY +STATUS +RESTARTS +AGE +IP +NODE +NOMINATED NODE +READINESS GATES
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.1\.3 +k8s-worker-1 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.3 +k8s-worker-2 +<none> +<none>
      nginx-[a-z0-9]+-[a-z0-9]{5} +1/1 +Running +0 +\S.*? +10\.244\.2\.2 +k8s-worker-2 +<none> +<none>
      """
    # Applying the same file again changes nothing.
    When I run `kubectl apply -f nginx.yaml`
    Then the output is:
      """
      deployment.apps/nginx unchanged
      """
    When I run `kubectl get events --field-selector involvedObject.kind=Pod`
    Then the output lines match:
      """
      LAST SEEN +TYPE +REASON +OBJECT +MESSAGE
      \S.*? +Normal +Scheduled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-1
      \S.*? +Normal +Pulling +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Pulling image "nginx"
      \S.*? +Normal +Pulled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully pulled image "nginx" in 371ms \(371ms including waiting\)\. Image size: 72188133 bytes\.
      \S.*? +Normal +Created +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Created container nginx
      \S.*? +Normal +Started +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Started container nginx
      \S.*? +Normal +Scheduled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-2
      \S.*? +Normal +Pulling +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Pulling image "nginx"
      \S.*? +Normal +Pulled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully pulled image "nginx" in 364ms \(5\.649s including waiting\)\. Image size: 72188133 bytes\.
      \S.*? +Normal +Created +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Created container nginx
      \S.*? +Normal +Started +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Started container nginx
      \S.*? +Normal +Scheduled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-1
      \S.*? +Normal +Pulling +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Pulling image "nginx"
      \S.*? +Normal +Pulled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully pulled image "nginx" in 4\.918s \(4\.918s including waiting\)\. Image size: 72188133 bytes\.
      \S.*? +Normal +Created +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Created container nginx
      \S.*? +Normal +Started +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Started container nginx
      \S.*? +Normal +Killing +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Stopping container nginx
      \S.*? +Normal +Scheduled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully assigned default/nginx-[a-z0-9]+-[a-z0-9]{5} to k8s-worker-2
      \S.*? +Normal +Pulling +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Pulling image "nginx"
      \S.*? +Normal +Pulled +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Successfully pulled image "nginx" in 5\.335s \(5\.335s including waiting\)\. Image size: 72188133 bytes\.
      \S.*? +Normal +Created +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Created container nginx
      \S.*? +Normal +Started +pod/nginx-[a-z0-9]+-[a-z0-9]{5} +Started container nginx
      """
