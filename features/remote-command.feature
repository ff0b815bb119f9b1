Feature: kubectl exec and kubectl logs -f over HTTP: the remote-command protocol and a followed log
  `kubectl exec` (1.30 and later) upgrades its POST of `pods/NAME/exec` to a WebSocket and asks
  for the subprotocol v5.channel.k8s.io. Each binary message starts with its channel: 0 stdin,
  1 stdout, 2 stderr, 3 the error channel, where the stream ends with a Status (Success, or
  NonZeroExitCode with the exit code as its ExitCode cause, which kubectl prints as "command
  terminated with exit code N" and exits with), 4 terminal resizes, and, new in v5, 255 to
  close one direction (the client's end of stdin). kube-apiserver checks the request (the Pod,
  the container, the user's rights) before it upgrades anything, so those errors are plain HTTP
  answers carrying a Status, which kubectl prints as "Error from server (Reason): …".
  `kubectl logs -f` is a GET of `pods/NAME/log?follow=true`: one chunked text answer that
  carries the log so far, then each line as the container writes it, until the container stops.

  Background:
    Given a cluster
    And the walkthrough's nginx Deployment is running
    And the exec and log endpoints on a loopback port

  @H30
  Scenario: A command's output on stdout and Success on the error channel, over v5.channel.k8s.io
    When a WebSocket client offering "v5.channel.k8s.io" execs `hostname` in an nginx Pod with "stdout=true&stderr=true"
    Then the server chose the subprotocol "v5.channel.k8s.io"
    And the first message was an empty one on channel 1
    And stdout carried the name of the Pod
    And stderr carried nothing
    And the error channel carried, and the WebSocket closed normally:
      """
      {"metadata":{},"status":"Success"}
      """

  @H31
  Scenario: A non-zero exit code travels on the error channel as a NonZeroExitCode Status
    When a WebSocket client offering "v5.channel.k8s.io" execs `false` in an nginx Pod with "stdout=true&stderr=true"
    Then the error channel carried, and the WebSocket closed normally:
      """
      {"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: command terminated with exit code 1","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"1"}]}}
      """
    When a WebSocket client offering "v5.channel.k8s.io" execs `wget -q -O- http://localhost/` in an nginx Pod with "stdout=true&stderr=true"
    Then stdout carried a line containing "exec: \"wget\": executable file not found in $PATH"
    And the error channel carried, and the WebSocket closed normally:
      """
      {"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: command terminated with exit code 126","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"126"}]}}
      """

  @H32
  Scenario: What the API server rejects is answered before any upgrade, as a Status
    When a WebSocket client offering "v5.channel.k8s.io" execs `hostname` in an nginx Pod with "stdout=true&container=sidecar"
    Then there was no upgrade: the answer was HTTP 400 with:
      """
      {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"container sidecar is not valid for pod POD","reason":"BadRequest","code":400}
      """
    When a WebSocket client offering "v5.channel.k8s.io" execs `` in an nginx Pod with "stdout=true"
    Then there was no upgrade: the answer was HTTP 400 with:
      """
      {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"you must specify at least 1 command","reason":"BadRequest","code":400}
      """

  @H33
  Scenario: stdin is read until the client closes it on channel 255, then the command runs on it
    When a v5 client execs `cat` in an nginx Pod, sending "hello\nworld\n" on stdin and then closing it
    Then the server chose the subprotocol "v5.channel.k8s.io"
    And stdout carried "hello\nworld\n"
    And the error channel carried, and the WebSocket closed normally:
      """
      {"metadata":{},"status":"Success"}
      """

  @H34
  Scenario: The older protocols: v4 over a WebSocket is served, SPDY is refused at the handshake
    When a WebSocket client offering "v4.channel.k8s.io" execs `false` in an nginx Pod with "stdout=true&stderr=true"
    Then the server chose the subprotocol "v4.channel.k8s.io"
    And the error channel carried, and the WebSocket closed normally:
      """
      {"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: command 'false' exited with 1","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"1"}]}}
      """
    When a WebSocket client offering "base64.channel.k8s.io" execs `hostname` in an nginx Pod with "stdout=true"
    Then there was no upgrade: the answer was HTTP 403 with:
      """
      """
    When an SPDY client asks to exec `hostname` in an nginx Pod
    Then there was no upgrade: the answer was HTTP 403 with:
      """
      unable to upgrade: unable to negotiate protocol: client supports [v4.channel.k8s.io v3.channel.k8s.io v2.channel.k8s.io channel.k8s.io], server accepts []

      """

  @H35
  Scenario: logs -f sends the log so far at once, then what the container writes until it stops
    When a client follows the log of the first nginx Pod
    Then the log stream is open and has carried lines matching, in order:
      """
      ^/docker-entrypoint.sh: Configuration complete; ready for start up$
      \[notice\] 1#1: start worker processes$
      """
    When 5s of virtual time pass for the streams
    Then the log stream is open and has carried lines matching, in order:
      """
      \[notice\] 1#1: start worker processes$
      """
    When the followed Pod is deleted
    And 40s of virtual time pass for the streams
    Then the log stream has ended after lines matching, in order:
      """
      \[notice\] 1#1: start worker processes$
      \[notice\] 1#1: signal 3 \(SIGQUIT\) received, shutting down$
      \[notice\] 1#1: exit$
      """
