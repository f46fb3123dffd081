// Allure 3 configuration of the conformance report (Allure 3 ignores categories.json in
// the results folder: categories are declared here).
export default {
  // the run's clause verdict in the name, the home page's title (reports/allure_verdict.py sets it)
  name: process.env.BACCARAT_CONFORMANCE_REPORT_NAME || "Baccarat conformance (58 Pa. Code)",
  // The tree reads chapter → section → clause, in regulation order: the labels the
  // harness sets (reports/allure_labels.py, tree_labels) lead with numbers that sort as text.
  plugins: {
    awesome: {
      options: {
        groupBy: ["parentSuite", "suite", "subSuite"],
        // by name, so that the numbered labels read in regulation order (the default sorts by start time)
        defaultSortBy: "name,asc",
      },
    },
  },
  categories: {
    rules: [
      {
        name: "Rule nonconformance",
        matchers: { statuses: ["failed"], message: /58 Pa\. Code §/ },
        groupBy: [{ label: "epic" }, { label: "feature" }],
        expand: true,
      },
      {
        name: "Protocol errors (the game answered outside the protocol)",
        matchers: { statuses: ["failed", "broken"], message: /\[protocol error\]/ },
        groupByMessage: true,
      },
      {
        name: "Adapter errors (timeout, dropped connection, crash)",
        matchers: { statuses: ["failed", "broken"], message: /\[adapter error\]/ },
        groupByMessage: true,
      },
      {
        name: "Blocked: the game broke a rule the scenario relies on (not verified)",
        matchers: { statuses: ["skipped"], message: /blocked: the game broke/ },
      },
      {
        name: "Not verified (the game lacks a capability the scenario needs)",
        matchers: { statuses: ["skipped"], message: /not verified/ },
        groupByMessage: true,
      },
      {
        name: "Not offered (by the Rules Submission, or an optional declaration the game does not make)",
        matchers: { statuses: ["skipped"], message: /not offered/ },
      },
      {
        name: "Expired temporary regulations",
        matchers: { statuses: ["skipped"], message: /expired on/ },
      },
      {
        name: "Harness errors",
        matchers: { statuses: ["broken"] },
      },
    ],
  },
};
