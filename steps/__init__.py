"""pytest-bdd step definitions, split by domain (table and shoe, hands and third
cards, exhaustive deals, wagers and settlement, progressive meters, ...).

Every public module of this package is a step module, loaded by the plugin
(:data:`STEP_MODULES`), so a new domain is a new file and nothing else. Modules
whose name starts with "_" are the helpers the step modules share and import
normally (a step module never imports another): the phrase vocabulary
(``_vocabulary``: cards, hands, seats, money), the typed step parameters
(``_types``: ``phrase("... {amount:Money} on {target:Wager}")``), the wager phrase
grammar (``_wager_targets``), the placed wagers and their settlement
(``_results``), the round's events (``_events``), the table handle (``_support``),
and the property runner and hypothesis strategies (``_property_runner``,
``_strategies``).

Steps talk only to the adapter interface (:class:`baccarat_conformance.adapters.GameAdapter`)
and judge answers with the rules oracle; they never import a game or a transport.
Data flows between steps through ``target_fixture`` return values.
"""

import pkgutil

STEP_MODULES = sorted(
    f"{__name__}.{m.name}" for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")
)
