Feature: The model's kubectl prints what the real kubectl 1.32 prints on its own side

  Everything kubectl does without a server (generators with --dry-run=client, printers,
  --local edits, flag and usage errors) is compared byte for byte, stdout, stderr and exit code,
  over the corpus in test/kubectl-corpus/lines.txt. The real kubectl's answers are recorded in
  test/kubectl-corpus/recorded-1.32.json (`npm run kubectl-diff -- --record`); the lines where
  the model still differs are listed in test/kubectl-corpus/known-differences.json, each with
  its reason. Any other difference fails, and so does a listed line that now agrees, so the list
  only shrinks. The full report is `npm run kubectl-diff` (reports/kubectl-diff.md).

  The lines the real kubectl cannot answer without an API server (discovery to map a file's kind,
  a role's resources) are listed in test/kubectl-corpus/server-lines.txt and recorded with the
  real kubectl against `kubespec up` (seed 1): the server is the model on both sides, so what is
  compared is still kubectl's own work.

  @K01
  Scenario: kubectl create <kind> --dry-run=client generates what the real kubectl generates
    When the model's kubectl runs the corpus group "generators"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @K02
  Scenario: the printers (yaml, json, name, jsonpath, custom-columns, go-template) print local files as the real kubectl does
    When the model's kubectl runs the corpus group "printers"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @K03
  Scenario: label, annotate, set and patch with --local edit files as the real kubectl does
    When the model's kubectl runs the corpus group "local-edits"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @K04
  Scenario: flag and usage errors read and exit as the real kubectl's
    When the model's kubectl runs the corpus group "errors"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @K05
  Scenario: the known differences name only corpus lines, each with a reason
    Then every known difference is a line of the corpus with a one-line reason

  @K06
  Scenario: the recording is what the real kubectl 1.32 prints today
    Given the real kubectl on the PATH is 1.32
    When the real kubectl runs 30 lines sampled across the corpus
    Then it prints what was recorded for each of them

  @K44
  Scenario: the server lines are what the real kubectl 1.32 prints against kubespec up
    Given the real kubectl on the PATH is 1.32
    When the real kubectl runs 12 server lines against kubespec up
    Then it prints what was recorded for each of them

  @K42 @K43 @K47 @K48
  Scenario: -o go-template and -o jsonpath print a local file, and fail, as the real kubectl does
    When the model's kubectl runs the corpus group "templates"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences

  @K40 @K41 @K45 @K46
  Scenario: the quota, priorityclass, binding and ingress generators, kubectl version and usage errors read as the real kubectl's
    When the model's kubectl runs the corpus group "more-generators"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences
