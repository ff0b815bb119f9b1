Feature: Same seed, same run
  The model runs on virtual time and one seeded random generator, so a script played twice
  with the same seed prints the same transcript, byte for byte; another seed changes the
  random parts (names, placement) but not the outcome.

  @E08
  Scenario: The walkthrough plays identically twice with the same seed
    When I play "examples/walkthrough.play" with seed 7 twice
    Then both transcripts are identical

  @E09
  Scenario: Another seed gives other names but the same outcome
    When I play "examples/walkthrough.play" with seed 7 and with seed 8
    Then the transcripts differ
    And both transcripts end with 3 Running nginx Pods
