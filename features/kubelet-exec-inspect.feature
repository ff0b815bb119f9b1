Feature: What kubectl exec's cat, ls, printenv and env show of a container, in coreutils' words
  The kubelet runs `kubectl exec`'s command in the container: cat prints files (and its standard
  input for no argument or `-`), says a directory "Is a directory" and a missing path "No such file
  or directory" with exit code 1; ls lists one directory's entries without a heading, several
  with "dir:" headings and a blank line between, prints a file's own path, skips its options, and
  says "cannot access" with exit code 2; printenv prints the values asked for (exit code 1 when one
  is not set) or every variable, one NAME=value a line, as env does. These are GNU coreutils' messages and exit codes
  without a terminal.

  Background:
    Given a cluster
    When I run `kubectl create configmap app --from-literal=mode=debug --from-literal=level=3`
    And I run `kubectl apply -f -` with this input:
      """
      apiVersion: v1
      kind: Pod
      metadata:
        name: web
      spec:
        enableServiceLinks: false
        containers:
        - name: nginx
          image: nginx:1.27
          env:
          - {name: MODE, value: debug}
          volumeMounts:
          - {name: config, mountPath: /etc/config}
        volumes:
        - name: config
          configMap: {name: app}
      """
    And 30s passes

  @G08
  Scenario: ls of one directory, of a file, with an option, of several and of a missing path
    When I run `kubectl exec web -- ls /etc/config`
    Then the output is:
      """
      level
      mode
      """
    When I run `kubectl exec web -- ls -1 /etc/config/mode`
    Then the output is:
      """
      /etc/config/mode
      """
    When I run `kubectl exec web -- ls /etc/config /etc/config/mode /etc/config/level`
    Then the output is:
      """
      /etc/config/level
      /etc/config/mode

      /etc/config:
      level
      mode
      """
    When I run `kubectl exec web -- ls /etc/nope`
    Then it fails with:
      """
      ls: cannot access '/etc/nope': No such file or directory
      command terminated with exit code 2
      """

  @G08
  Scenario: cat of files, of a directory, and of its standard input
    When I run `kubectl exec web -- cat /etc/config`
    Then it fails with:
      """
      cat: /etc/config: Is a directory
      command terminated with exit code 1
      """
    When I run `kubectl exec -i web -- cat - /etc/config/level` with this input:
      """
      piped
      """
    Then the output is:
      """
      piped
      3
      """

  @G06
  Scenario: printenv of a variable, of one not set, and of them all as env prints them
    When I run `kubectl exec web -- printenv MODE`
    Then the output is:
      """
      debug
      """
    When I run `kubectl exec web -- printenv MODE NOPE`
    Then it fails with:
      """
      command terminated with exit code 1
      """
    And the output is:
      """
      debug
      """
    When I run `kubectl exec web -- printenv`
    Then the output contains "MODE=debug"
    And the output contains "HOSTNAME=web"
    When I run `kubectl exec web -- env`
    Then the output contains "MODE=debug"
    And the output contains "HOSTNAME=web"

  @H67
  Scenario: hostname, echo, true and false, and a command the image does not have
    When I run `kubectl exec web -- hostname`
    Then the output is:
      """
      web
      """
    When I run `kubectl exec web -- echo a  b`
    Then the output is:
      """
      a b
      """
    When I run `kubectl exec web -- true`
    Then the output is:
      """
      """
    When I run `kubectl exec web -- false`
    Then it fails with:
      """
      command terminated with exit code 1
      """
    When I run `kubectl exec web -- nope`
    Then it fails with:
      """
      command terminated with exit code 126
      """
    And the output is:
      """
      OCI runtime exec failed: exec failed: unable to start container process: exec: "nope": executable file not found in $PATH: unknown
      """

  @C12
  Scenario: curl in a container reaches the Pod itself over localhost and by its own hostname (the kubelet's /etc/hosts)
    When I run `kubectl exec web -- curl -s http://localhost/`
    Then the output contains "<title>Welcome to nginx!</title>"
    When I run `kubectl exec web -- curl -s web:80`
    Then the output contains "<title>Welcome to nginx!</title>"
