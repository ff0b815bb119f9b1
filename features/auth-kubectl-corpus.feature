Feature: kubectl auth and the impersonation flags against the recorded kubectl 1.32
  The corpus group "auth" of test/kubectl-corpus/lines.txt: can-i's and whoami's refusals,
  checked without a server, and, recorded against `kubespec up`, can-i's answers and warnings,
  whoami's table and the impersonation flags. The model's kubectl must print, byte for byte,
  what the real kubectl 1.32 printed.

  @U14
  Scenario: kubectl auth can-i|whoami and --as read as the real kubectl's
    When the model's kubectl runs the corpus group "auth"
    Then it prints what the recorded kubectl 1.32 printed, except the known differences
