Feature: kube-scheduler's Event recorder: names, series, heartbeats and the end of a series
  kube-scheduler records Events through client-go's events.k8s.io/v1 recorder (tools/events). An
  Event is named after its object and the time in nanoseconds, in hex ("foo.<hex>"); the same
  event again (same object, type, reason, action and note) is a series: the second occurrence
  patches series.count 2 at once, later ones are only counted, until the heartbeat every 30
  minutes writes the count, or the series ends (nothing new for 6 minutes, checked every 6
  minutes) and its last count is written. An Event seen once is forgotten after 6 minutes too.
  A write that fails is not retried, and a series whose Event is gone creates it again. These
  are the cases of client-go's tools/events eventseries_test.go (v1.32: TestEventSeriesf,
  TestFinishSeries, TestRefreshExistingEventSeries), on the model's recorder on a fake API server.

  @SC09
  Scenario: The second occurrence is written at once, later ones at the 30-minute heartbeat, the last when the series ends
    Given kube-scheduler's event recorder runs on a fake API server
    When at these times:
      | at  | do     | regarding       | type    | reason           | action     | note    |
      | 0s  | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 1s  | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 2s  | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 5m  | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 10m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 15m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 20m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 25m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 28m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 40m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
    And the recorder's clock reaches 50m
    Then the recorder wrote:
      | at        | verb   | event                | series count | last observed               |
      | 0:00.000  | create | foo.1886930fd5304000 |              |                             |
      | 0:01.000  | patch  | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 30:00.000 | patch  | foo.1886930fd5304000 | 9            | 2026-01-01T10:28:00.000000Z |
      | 36:00.000 | patch  | foo.1886930fd5304000 | 9            | 2026-01-01T10:28:00.000000Z |
      | 40:00.000 | create | foo.1886953ea0560000 |              |                             |
    And the stored Events are:
      | name                 | regarding          | type, reason, action                | note     | reporting                                      | eventTime                   | series count |
      | foo.1886930fd5304000 | v1 Pod default/foo | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z | 9            |
      | foo.1886953ea0560000 | v1 Pod default/foo | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:40:00.000000Z |              |

  @SC09
  Scenario: Events at the same instant get distinct names; an Event seen once is forgotten after 6 minutes; the same object, type, reason, action and note make a series, whatever the object's reference leaves out
    Given kube-scheduler's event recorder runs on a fake API server
    When at these times:
      | at  | do     | regarding       | type    | reason           | action     | note      |
      | 0s  | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room   |
      | 0s  | record | Pod default/foo | Normal  | Scheduled        | Binding    | assigned  |
      | 0s  | record | Pod foo         | Normal  | Scheduled        | Binding    | no ns     |
      | 0s  | record | - default/bar   | Normal  | Scheduled        | Binding    | no kind   |
      | 5m  | record | Pod default/foo | Normal  | Scheduled        | Binding    | assigned  |
      | 5m  | record | Pod default/bar | Normal  | Scheduled        | Binding    | no kind   |
      | 5m  | record | Pod default/bar | Normal  | Schedule         | dBinding   | no kind   |
      | 13m | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room   |
    And the recorder's clock reaches 30m
    Then the recorder wrote:
      | at        | verb   | event                | series count | last observed               |
      | 0:00.000  | create | foo.1886930fd5304000 |              |                             |
      | 0:00.000  | create | foo.1886930fd5304001 |              |                             |
      | 0:00.000  | create | foo.1886930fd5304002 |              |                             |
      | 0:00.000  | create | bar.1886930fd5304003 |              |                             |
      | 5:00.000  | patch  | foo.1886930fd5304001 | 2            | 2026-01-01T10:05:00.000000Z |
      | 5:00.000  | patch  | bar.1886930fd5304003 | 2            | 2026-01-01T10:05:00.000000Z |
      | 5:00.000  | create | bar.18869355ae94f800 |              |                             |
      | 12:00.000 | patch  | foo.1886930fd5304001 | 2            | 2026-01-01T10:05:00.000000Z |
      | 12:00.000 | patch  | bar.1886930fd5304003 | 2            | 2026-01-01T10:05:00.000000Z |
      | 13:00.000 | create | foo.188693c570cfb800 |              |                             |
    And the stored Events are:
      | name                 | regarding          | type, reason, action                | note     | reporting                                      | eventTime                   | series count |
      | bar.1886930fd5304003 | v1 Pod default/bar | Normal Scheduled Binding            | no kind  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z | 2            |
      | bar.18869355ae94f800 | v1 Pod default/bar | Normal Schedule dBinding            | no kind  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:05:00.000000Z |              |
      | foo.1886930fd5304000 | v1 Pod default/foo | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z |              |
      | foo.1886930fd5304001 | v1 Pod default/foo | Normal Scheduled Binding            | assigned | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z | 2            |
      | foo.1886930fd5304002 | v1 Pod -/foo       | Normal Scheduled Binding            | no ns    | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z |              |
      | foo.188693c570cfb800 | v1 Pod default/foo | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:13:00.000000Z |              |

  @SC09
  Scenario: A failed create is not retried; a series whose Event is gone creates it again
    Given kube-scheduler's event recorder runs on a fake API server
    When at these times:
      | at  | do                | regarding       | type    | reason           | action     | note    |
      | 0s  | fail next create  |                 |         |                  |            |         |
      | 0s  | record            | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 1s  | record            | Pod default/foo | Warning | FailedScheduling | Scheduling | no room |
      | 2s  | record            | Pod default/bar | Warning | FailedScheduling | Scheduling | no room |
      | 3s  | delete all events |                 |         |                  |            |         |
      | 4s  | record            | Pod default/bar | Warning | FailedScheduling | Scheduling | no room |
    And the recorder's clock reaches 20m
    Then the recorder wrote:
      | at        | verb                   | event                | series count | last observed               |
      | 0:00.000  | create (InternalError) | foo.1886930fd5304000 |              |                             |
      | 0:01.000  | patch (NotFound)       | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 0:01.000  | create                 | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 0:02.000  | create                 | bar.188693104c65d400 |              |                             |
      | 0:04.000  | patch (NotFound)       | bar.188693104c65d400 | 2            | 2026-01-01T10:00:04.000000Z |
      | 0:04.000  | create                 | bar.188693104c65d400 | 2            | 2026-01-01T10:00:04.000000Z |
      | 12:00.000 | patch (NotFound)       | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 12:00.000 | create                 | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 12:00.000 | patch                  | bar.188693104c65d400 | 2            | 2026-01-01T10:00:04.000000Z |
    And the stored Events are:
      | name                 | regarding          | type, reason, action                | note     | reporting                                      | eventTime                   | series count |
      | bar.188693104c65d400 | v1 Pod default/bar | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:02.000000Z | 2            |
      | foo.1886930fd5304000 | v1 Pod default/foo | Warning FailedScheduling Scheduling | no room  | default-scheduler default-scheduler-k8s-master | 2026-01-01T10:00:00.000000Z | 2            |

  @SC09
  Scenario: Every open series is written at each 30-minute heartbeat, once, and only series are
    Given kube-scheduler's event recorder runs on a fake API server
    When at these times:
      | at      | do     | regarding       | type    | reason           | action     | note     |
      | 0s      | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 1s      | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 5m      | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 10m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 10m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 601s    | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 15m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 15m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 20m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 20m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 25m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 25m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 29m     | record | Pod default/baz | Normal  | Scheduled        | Binding    | assigned |
      | 30m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 30m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 35m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 35m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 40m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 40m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 45m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 45m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 50m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 50m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 55m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 55m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
      | 60m     | record | Pod default/foo | Warning | FailedScheduling | Scheduling | no room  |
      | 60m     | record | Pod default/bar | Warning | FailedScheduling | Scheduling | no room  |
    And the recorder's clock reaches 80m
    # The 30m and 60m rows come after the heartbeat of the same instant; bar's is written once per heartbeat too.
    Then the recorder wrote:
      | at        | verb   | event                | series count | last observed               |
      | 0:00.000  | create | foo.1886930fd5304000 |              |                             |
      | 0:01.000  | patch  | foo.1886930fd5304000 | 2            | 2026-01-01T10:00:01.000000Z |
      | 10:00.000 | create | bar.1886939b87f9b000 |              |                             |
      | 10:01.000 | patch  | bar.1886939b87f9b000 | 2            | 2026-01-01T10:10:01.000000Z |
      | 29:00.000 | create | baz.188694a4f5453800 |              |                             |
      | 30:00.000 | patch  | foo.1886930fd5304000 | 7            | 2026-01-01T10:25:00.000000Z |
      | 30:00.000 | patch  | bar.1886939b87f9b000 | 5            | 2026-01-01T10:25:00.000000Z |
      | 60:00.000 | patch  | foo.1886930fd5304000 | 13           | 2026-01-01T10:55:00.000000Z |
      | 60:00.000 | patch  | bar.1886939b87f9b000 | 11           | 2026-01-01T10:55:00.000000Z |
      | 72:00.000 | patch  | foo.1886930fd5304000 | 14           | 2026-01-01T11:00:00.000000Z |
      | 72:00.000 | patch  | bar.1886939b87f9b000 | 12           | 2026-01-01T11:00:00.000000Z |
