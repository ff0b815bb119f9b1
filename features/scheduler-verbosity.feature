Feature: kube-scheduler's log verbosity
  kube-scheduler logs through klog: a `V(n)` line is printed only when the process runs with
  --v=n or more (klog takes -v as well as --v, with "=" or a space before the number); errors are
  always printed, their error first as err="...". kubeadm, and so kind, starts kube-scheduler
  without --v: verbosity 0.

  @SC10
  Scenario: The verbosity is read from kube-scheduler's command line as klog reads its -v flag
    Then kube-scheduler's command line gives the verbosity:
      | command line                                              | verbosity |
      | kube-scheduler --leader-elect=true                        | 0         |
      | kube-scheduler --leader-elect=true --v=5                  | 5         |
      | kube-scheduler -v=3 --leader-elect=true                   | 3         |
      | kube-scheduler --v 4 --leader-elect=true                  | 4         |
      | kube-scheduler --v  2                                     | 2         |
      | --v=10 kube-scheduler                                     | 10        |
      | kube-scheduler --v=5x                                     | 0         |
      | kube-scheduler --vmodule=schedule_one=4                   | 0         |
      | kube-scheduler --kube-api-v=5                             | 0         |

  @SC10
  Scenario: A V(n) line is printed at --v=n and above; an error always, its error first
    Then kube-scheduler's log at each verbosity prints:
      | verbosity | line                                             | printed                                                    |
      | 0         | V(0) "Pod doesn't exist in informer cache"      | I schedule_one.go:1] "Pod doesn't exist in informer cache" |
      | 0         | V(2) "Successfully bound pod to node"           |                                                            |
      | 2         | V(2) "Successfully bound pod to node"           | I schedule_one.go:1] "Successfully bound pod to node"      |
      | 2         | V(3) "Attempting to bind pod to node"           |                                                            |
      | 0         | error(Error "binder") "Plugin Failed"           | E schedule_one.go:1] "Plugin Failed" err="binder"          |
      | 0         | error("no fit") "Error scheduling pod"           | E schedule_one.go:1] "Error scheduling pod" err="no fit"   |
      | 0         | error(-) "Scheduler cache RemoveNode failed"     | E schedule_one.go:1] "Scheduler cache RemoveNode failed"   |
