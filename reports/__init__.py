"""Reports: Allure evidence and labels, and the clause-by-clause matrix."""
