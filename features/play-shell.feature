Feature: A play's lines read as a terminal's, and the play never crashes
  A play script is what a reader types at the lab machine's terminal. Its lines pipe a
  command's output through grep, head, tail, wc and sort as bash and GNU's tools do; sleep reads
  intervals as coreutils' sleep; every other shell operator stops the play with the line's
  number instead of reaching kubectl as an argument. Failed commands are part of the
  transcript, in the tool's own words; a failure inside the model is reported as kubespec's
  bug (exit 70), never as a command's error.

  @A60
  Scenario: A command's output pipes through grep, head, tail, wc and sort
    When I play this script:
      """
      kubectl get nodes | grep -c worker
      kubectl get nodes --no-headers | sort -r | head -n 2
      kubectl get pods -A | grep -E 'etcd|coredns' | grep -v Pending | wc -l
      kubectl get nodes -o name | grep -i K8S-MASTER
      kubectl get nodes -o name | tail -n +2   # every node but the first
      kubectl get nodes -o name | grep -x 'node/k8s-worker-.'
      """
    Then the play exits with status 0
    And the play prints:
      """
      $ kubectl get nodes | grep -c worker
      2
      $ kubectl get nodes --no-headers | sort -r | head -n 2
      k8s-worker-2   Ready   <none>          35s   v1.32.2
      k8s-worker-1   Ready   <none>          35s   v1.32.2
      $ kubectl get pods -A | grep -E 'etcd|coredns' | grep -v Pending | wc -l
      3
      $ kubectl get nodes -o name | grep -i K8S-MASTER
      node/k8s-master
      $ kubectl get nodes -o name | tail -n +2   # every node but the first
      node/k8s-worker-1
      node/k8s-worker-2
      $ kubectl get nodes -o name | grep -x 'node/k8s-worker-.'
      node/k8s-worker-1
      node/k8s-worker-2
      """

  @A60
  Scenario: A pipeline's status is its last command's, and only standard output flows through it
    Given a cluster
    When I run `kubectl get deployment nope | wc -l`
    Then it succeeds
    And the output is:
      """
      0
      """
    When I run `kubectl get nodes | grep nope`
    Then it fails with exit status 1 and nothing on stderr
    When I run `kubectl get nodes | grep -q k8s-master`
    Then it succeeds

  @A60
  Scenario Outline: The filters answer bad options in their own words (<line>)
    Given a cluster
    When I run `<line>`
    Then it fails with exit status <status> and stderr:
      """
      <stderr>
      """

    Examples:
      | line                               | status | stderr                                                                                                |
      | kubectl get nodes \| grep -j x     | 2      | grep: invalid option -- 'j'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information. |
      | kubectl get nodes \| grep          | 2      | Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.                   |
      | kubectl get nodes \| grep '\\('    | 2      | grep: Unmatched ( or \\(                                                                              |
      | kubectl get nodes \| grep -E 'a('  | 2      | grep: Unmatched ( or \\(                                                                              |
      | kubectl get nodes \| grep '['      | 2      | grep: Unmatched [, [^, [:, [., or [=                                                                  |
      | kubectl get nodes \| head -n x     | 1      | head: invalid number of lines: 'x'                                                                    |
      | kubectl get nodes \| tail -n x     | 1      | tail: invalid number of lines: 'x'                                                                    |
      | kubectl get nodes \| wc -z         | 1      | wc: invalid option -- 'z'\nTry 'wc --help' for more information.                                      |
      | kubectl get nodes \| sort -x       | 2      | sort: invalid option -- 'x'\nTry 'sort --help' for more information.                                  |

  @A61
  Scenario Outline: Other shell operators stop the play at their line (<operator>)
    When I play this script:
      """
      kubectl get nodes -o name
      <line>
      kubectl get pods
      """
    Then the play stops at line 2 with:
      """
      <message>
      """

    Examples:
      | operator            | line                                       | message                                                                                                         |
      | redirection         | kubectl get pods > pods.txt                | `>`: redirections are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | append              | kubectl get pods >> pods.txt               | `>>`: redirections are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | stderr redirection  | kubectl get pods 2>&1                      | `2>&`: redirections are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | input               | kubectl apply -f - < nginx.yaml            | `<`: redirections are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | list                | kubectl get pods; kubectl get nodes        | `;`: command lists are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | and                 | kubectl get pods && sleep 1                | `&&`: conditional lists are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | or                  | kubectl get pods \|\| sleep 1              | `\|\|`: conditional lists are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | background          | sleep 10 &                                 | `&`: background jobs are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | substitution        | kubectl delete pod $(kubectl get pods -o name) | `$(`: command substitutions are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | quoted substitution | kubectl logs "$(kubectl get pods -o name)" | `$(`: command substitutions are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | backticks           | kubectl logs `kubectl get pods -o name`    | `` ` ``: command substitutions are not supported (a play line is one command, optionally piped to grep, head, tail, wc or sort) |
      | empty pipe          | kubectl get pods \| \| wc -l               | syntax error near unexpected token `\|'                                                                         |
      | trailing pipe       | kubectl get pods \|                        | syntax error: unexpected end of line after `\|`                                                                 |
      | leading pipe        | \| grep x                                  | syntax error near unexpected token `\|'                                                                         |
      | unknown command     | echo hello                                 | unknown command "echo" (expected kubectl, sleep, timeout or on, and grep, head, tail, wc or sort after a pipe)  |
      | unterminated quote  | kubectl get pods -l 'app=web               | unexpected EOF while looking for matching `''                                                                   |

  @A61
  Scenario: Quoted operators are a command's arguments, and a word starting with # begins a comment
    When I play this script:
      """
      kubectl get pods -A -o jsonpath='{range .items[?(@.metadata.namespace=="kube-system")]}{.metadata.name}{"\n"}{end}' | grep -c 'kube-proxy'
      kubectl get nodes -o name | grep 'a|b;c>d' # nothing matches: exit status 1
      kubectl get nodes -o name | grep -c k8s#master
      """
    Then the play exits with status 0
    And the play prints:
      """
      $ kubectl get pods -A -o jsonpath='{range .items[?(@.metadata.namespace=="kube-system")]}{.metadata.name}{"\n"}{end}' | grep -c 'kube-proxy'
      3
      $ kubectl get nodes -o name | grep 'a|b;c>d' # nothing matches: exit status 1
      $ kubectl get nodes -o name | grep -c k8s#master
      0
      """

  @A62
  Scenario: sleep reads what coreutils' sleep reads: suffixes, fractions, exponents, hex, and a sum
    When I play this script:
      """
      sleep 0.01d
      sleep .5s 1e3 0x10 +2m 0.1h
      kubectl get nodes k8s-master
      """
    Then the play exits with status 0
    And the play prints:
      """
      $ sleep 0.01d
      $ sleep .5s 1e3 0x10 +2m 0.1h
      $ kubectl get nodes k8s-master
      NAME         STATUS   ROLES           AGE   VERSION
      k8s-master   Ready    control-plane   39m   v1.32.2
      """

  @A62
  Scenario Outline: sleep refuses what coreutils' sleep refuses, in its words (sleep <args>)
    Given a cluster
    When I run `sleep <args>`
    Then it fails with exit status 1 and stderr:
      """
      <stderr>
      Try 'sleep --help' for more information.
      """

    Examples:
      | args        | stderr                                                             |
      | x           | sleep: invalid time interval 'x'                                   |
      | 1.5.5       | sleep: invalid time interval '1.5.5'                               |
      | 1x 2 1D     | sleep: invalid time interval '1x'\nsleep: invalid time interval '1D' |
      | nan         | sleep: invalid time interval 'nan'                                 |
      | 1e          | sleep: invalid time interval '1e'                                  |
      | ''          | sleep: invalid time interval ''                                    |
      | -- -1       | sleep: invalid time interval '-1'                                  |
      | -5s         | sleep: invalid option -- '5'                                       |
      | --forever   | sleep: unrecognized option '--forever'                             |
      |             | sleep: missing operand                                             |

  @A62
  Scenario Outline: A wait the play cannot reach its end of stops it (<line>)
    When I play this script:
      """
      <line>
      """
    Then the play stops at line 1 with:
      """
      <message>
      """

    Examples:
      | line                            | message                                                                                  |
      | sleep inf                       | sleep inf: a play cannot wait forever (its virtual time has to end): give a finite duration |
      | sleep 1 infinity                | sleep 1 infinity: a play cannot wait forever (its virtual time has to end): give a finite duration |
      | sleep 1e300                     | sleep 1e300: virtual time would pass the year 9999, where Kubernetes timestamps (RFC 3339) end |
      | timeout inf kubectl get pods -w | timeout inf: a play cannot wait forever (its virtual time has to end): give a finite duration |

  @A63
  Scenario: A runaway workload stops the play at the command that would spin, with the play's limit
    Given the play's limits are 20000 events per command and 100 Pods
    When I play this script:
      """
      kubectl create deployment web --image=nginx
      kubectl scale deployment web --replicas=2000000
      sleep 10s
      kubectl get deployment web
      """
    Then the play stops at line 3 with:
      """
      `sleep 10s` stopped: the cluster holds <N> Pods (a play allows 100: see "Limits" under kubespec play in the README)
      """

  @A63
  Scenario: A command that waits stops at the play's limit too, and an idle cluster's long sleep at its event limit
    Given the play's limits are 2000 events per command and 100 Pods
    When I play this script:
      """
      sleep 1m
      kubectl create deployment web --image=nginx --replicas=300
      kubectl rollout status deployment web --timeout=1000000h
      """
    Then the play stops at line 3 with:
      """
      `kubectl rollout status deployment web --timeout=1000000h` stopped: the cluster holds <N> Pods (a play allows 100: see "Limits" under kubespec play in the README)
      """
    When I play this script:
      """
      sleep 1d
      """
    Then the play stops at line 1 with:
      """
      `sleep 1d` stopped after <N> events of the model (a play allows 2000 per command: see "Limits" under kubespec play in the README)
      """

  @A64
  Scenario: A failure inside the model stops the play as kubespec's bug, without the command's output
    Given a component of the cluster throws "Cannot read properties of null (reading 'operator')" 5s into the play
    When I play this script:
      """
      kubectl get nodes -o name | head -1
      sleep 10s
      kubectl get nodes
      """
    Then the play prints:
      """
      $ kubectl get nodes -o name | head -1
      node/k8s-master
      $ sleep 10s
      """
    And the play exits with status 70 and its stderr starts with:
      """
      kubespec play: script.play: line 2: `sleep 10s`: kubespec's model failed in kube-scheduler: scheduleOne; this is a bug in kubespec, not in your script:
      TypeError: Cannot read properties of null (reading 'operator')
      """

  @A65
  Scenario Outline: kubespec play's own usage errors exit 2 (<case>)
    When the reader types `kubespec play <args>`
    Then the play exits with status 2 and its stderr starts with:
      """
      <stderr>
      """

    Examples:
      | case              | args                                        | stderr                                                                   |
      | a directory       | examples                                    | kubespec play: examples: is a directory                                  |
      | a missing file    | examples/nope.play                          | kubespec play: examples/nope.play: no such file or directory             |
      | a missing config  | --config nope.yaml examples/walkthrough.play | kubespec play: nope.yaml: no such file or directory                     |
      | a config dir      | --config examples examples/walkthrough.play | kubespec play: examples: is a directory                                  |
      | a seed too large  | --seed 4294967296 examples/walkthrough.play | kubespec play: invalid --seed "4294967296": want an integer from 0 to 4294967295 |
      | a negative seed   | --seed=-1 examples/walkthrough.play         | kubespec play: invalid --seed "-1": want an integer from 0 to 4294967295 |
      | a fractional seed | --seed 1.5 examples/walkthrough.play        | kubespec play: invalid --seed "1.5": want an integer from 0 to 4294967295 |
      | no script         | --seed 7                                    | kubespec play: a script is required                                      |
      | an unknown flag   | --speed 2 examples/walkthrough.play         | kubespec play: unknown flag: --speed                                     |

  @A65
  Scenario: The largest seed plays
    When the reader types `kubespec play --seed 4294967295 examples/static-pods.play`
    Then the play exits with status 0
