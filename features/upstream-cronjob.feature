Feature: CronJob schedules pass robfig/cron's and the CronJob controller's own unit tests
  A CronJob's schedule is parsed by robfig/cron v3 (the library Kubernetes vendors): five fields,
  ranges, steps, names, the @descriptors and @every, a TZ= prefix, and the error each bad field
  gets. Its Next walks month, day, hour and minute in the schedule's zone, daylight saving time
  included. The CronJob controller then asks which scheduled time is the most recent one not yet
  run, how many it missed, and how long to sleep until the next. Upstream pins all of it in tables
  that run here against the model's functions (steps/fixtures/upstream/cronjob.json says which
  upstream files and versions). One sync of the controller at a given time - which Job it
  creates or deletes, its warnings, the requeue delay - follows TestControllerV2SyncCronJob's
  rows (steps/fixtures/upstream/cronjob-sync.json). The Job it makes from the template, the order it
  trims finished Jobs in, and the whole controller - informers, work queue and event handlers on the
  fake control plane - follow utils_test.go's TestGetJobFromTemplate2 and TestByJobStartTime and
  cronjob_controllerv2_test.go's TestControllerV2CleanupFinishedJobs, TestControllerV2UpdateCronJob
  and JobAlreadyExists tests, all kubernetes v1.32 (steps/fixtures/upstream/cronjob-controller.json);
  rows named "added:" are this project's, each following the upstream code it names.

  @CT01
  Scenario Outline: A cron field parses to upstream's values and errors: <table>
    Then every case of upstream's cronjob test <table> holds on the model

    Examples:
      | table                |
      | range                |
      | field                |
      | parseErrors          |
      | standardSpecSchedule |

  @CT02
  Scenario Outline: A cron schedule fires when robfig/cron's tests say: <table>
    Then every case of upstream's cronjob test <table> holds on the model

    Examples:
      | table             |
      | activation        |
      | next              |
      | constantDelayNext |

  @CT03
  Scenario Outline: The CronJob controller's most recent and next scheduled times, as utils_test.go pins them: <table>
    Then every case of upstream's cronjob test <table> holds on the model

    Examples:
      | table                    |
      | nextScheduleTime         |
      | mostRecentScheduleTime   |
      | nextScheduleTimeDuration |

  @CT16
  Scenario: One sync of a CronJob, as TestControllerV2SyncCronJob pins it
    Then every row of upstream's TestControllerV2SyncCronJob holds for one sync of the model's CronJob controller

  @CT24
  Scenario Outline: A Job made from a CronJob's template, and the order finished Jobs are trimmed in, as utils_test.go pins them: <table>
    Then every case of upstream's CronJob Job template table <table> holds on the model

    Examples:
      | table           |
      | jobFromTemplate |
      | byJobStartTime  |

  @CT25
  Scenario: The whole CronJob controller trims finished Jobs, adopts its own Job and drops lost ones, as TestControllerV2CleanupFinishedJobs and the JobAlreadyExists tests pin it
    Then every row of upstream's CronJob controller table holds for the model's whole controller

  @CT25
  Scenario: An update queues a CronJob for its new schedule's next time, and a Job queues its CronJob, as TestControllerV2UpdateCronJob pins it
    Then every row of upstream's TestControllerV2UpdateCronJob holds for the model's CronJob controller's event handlers
