"""pytest-bdd step definitions, split by domain (table and shoe, hands and third
cards, exhaustive deals, wagers and settlement, progressive meters).

Steps talk only to the adapter interface (:class:`baccarat_conformance.adapters.GameAdapter`)
and judge answers with the rules oracle; they never import a game or a transport.
Data flows between steps through ``target_fixture`` return values.
"""

STEP_MODULES = [
    "baccarat_conformance.steps.table",
    "baccarat_conformance.steps.hands",
    "baccarat_conformance.steps.exhaustive",
    "baccarat_conformance.steps.wagers",
]
