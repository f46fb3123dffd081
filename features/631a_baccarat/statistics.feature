@statistics
Feature: Statistical verification of the game's own shuffle and payouts (lab practice)
  A certification lab verifies the game's mathematics beyond its rules: it plays many
  shoes of the game's own shuffle (seeded chunks with capability seeded_shuffle) and
  compares what it sees with theory, scipy.stats tests at 1% family-wise (Holm) per
  scenario. Each test reports its statistic, p-value and power (the smallest bias it
  detects at the rounds played) in the results log, in Allure and, with the pictures,
  beside the clause matrix. --depth sets the shoes: smoke a few seconds, standard under
  a minute, lab more than 10^6 rounds (docs/statistics.md). Statistical verification is
  lab practice beyond the text: interpretation 631a.5-a-statistical-verification.

  Background:
    Given a table opened under the Rules Submission

  @631a.5.a @capability.shoe_disclosure
  Scenario: The game's own shuffle shows no bias by position, between successive cards or from shoe to shoe
    § 631a.5(a): "each of the dealers shall shuffle the stack of cards independently."
    Interpretation: 631a.5-a-statistical-verification
    When the game shuffles many dealing shoes of its own
    Then the shuffle passes every statistical test at 1% family-wise

  @631a.5.a
  Scenario: The outcomes of rounds dealt from the game's own shoes occur as often as the par sheet says
    § 631a.5(a): "each of the dealers shall shuffle the stack of cards independently."
    Interpretation: 631a.5-a-statistical-verification
    When the game deals many rounds from shoes of its own with every offered wager placed
    Then the outcomes occur as often as the par sheet says, at 1% family-wise

  @631a.13 @capability.offered_wagers
  Scenario: Every offered wager returns what the par sheet says over many rounds and is paid as its paytable requires
    § 631a.13: "Payout odds; vigorish."
    When the game deals many rounds from shoes of its own with every offered wager placed
    Then every offered wager returns what the par sheet says and is paid as its paytable requires
